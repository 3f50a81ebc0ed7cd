package pipeline

import (
	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// CheckOptions is everything checking a game depends on besides its bytes.
type CheckOptions struct {
	Validate validate.Options
	Encoding string // "" or "auto" to detect per game, else an encoding name ("utf-8", "windows-1251", ...)

	// Enabled and Disabled are the --enable and --disable codes; "all"
	// stands for every code. Until the validate package takes them, the
	// pipeline drops findings itself: a finding is kept when its code is
	// enabled by name, or neither disabled by name nor by "all".
	Enabled, Disabled []validate.Code
}

// checkGame is validate.Check; tests put a checker with known findings in its
// place, so that they do not depend on the rules of the day.
var checkGame = validate.Check

// Batch holds the records of one chunk. Its storage is reused when the
// batch is checked into again, so a record must not be kept past that.
type Batch struct {
	Records []GameRecord
	tags    []parser.Tag // every record's Tags is a slice of this
	ends    []int        // scratch: the end of each record's tags in tags
}

// CheckChunk parses and checks every game in c and returns their records in
// order, with File and Index left for the caller to fill. It is a pure
// function of the chunk and the options, so that any runner, local or
// distributed, may call it; p is only scratch space and may be nil.
func CheckChunk(c Chunk, opt *CheckOptions, p *Parser) []GameRecord {
	if p == nil {
		p = NewParser(opt)
	}
	var b Batch
	b.check(c, opt, p)
	return b.Records
}

// check fills b with the records of c, reusing b's storage.
func (b *Batch) check(c Chunk, opt *CheckOptions, p *Parser) {
	b.Records, b.tags, b.ends = b.Records[:0], b.tags[:0], b.ends[:0]
	p.Parse(c, func(g *parser.Game) {
		// The parser reuses g, so its tags are copied; the report is the record's own.
		b.tags = append(b.tags, g.Tags...)
		b.ends = append(b.ends, len(b.tags))
		b.Records = append(b.Records, GameRecord{
			Start:    g.Start,
			End:      g.End.Offset,
			Encoding: g.Encoding,
			Report:   checkGame(g, &opt.Validate),
		})
		if len(opt.Disabled) > 0 {
			dropDisabled(&b.Records[len(b.Records)-1].Report, opt)
		}
	})
	// Slicing the tags only now keeps every record on the final array.
	start := 0
	for i := range b.Records {
		end := b.ends[i]
		b.Records[i].Tags = b.tags[start:end:end]
		start = end
	}
}

// AllCodes is the name --enable and --disable take for every code.
const AllCodes validate.Code = "all"

// reported says whether findings with code c are kept.
func (opt *CheckOptions) reported(c validate.Code) bool {
	if hasCode(opt.Enabled, c) {
		return true
	}
	return !hasCode(opt.Disabled, c) && !hasCode(opt.Disabled, AllCodes)
}

// dropDisabled removes the findings of disabled codes and recounts what the
// report says about its findings.
func dropDisabled(r *validate.Report, opt *CheckOptions) {
	kept := r.Findings[:0]
	for _, f := range r.Findings {
		if opt.reported(f.Code) {
			kept = append(kept, f)
		}
	}
	if len(kept) == len(r.Findings) {
		return
	}
	clear(r.Findings[len(kept):])
	r.Findings = kept
	r.Errors, r.Warnings, r.Infos = 0, 0, 0
	r.FirstError, r.FirstErrorPly = "", -1
	for _, f := range kept {
		switch f.Severity {
		case validate.Error:
			r.Errors++
			if r.FirstError == "" {
				r.FirstError, r.FirstErrorPly = f.Code, f.Ply
			}
		case validate.Warning:
			r.Warnings++
		default:
			r.Infos++
		}
	}
}

func hasCode(codes []validate.Code, c validate.Code) bool {
	for _, x := range codes {
		if x == c {
			return true
		}
	}
	return false
}
