package pipeline

import (
	"bytes"
	"fmt"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// CheckOptions is everything checking a game depends on besides its bytes.
type CheckOptions struct {
	Validate validate.Options
	Encoding *parser.Encoding // the encoding forced, nil to detect it per game

	// Render, when set, appends the game's output to dst in the worker
	// (AppendPGN for convert), where the parsed game is still at hand; the
	// bytes land in GameRecord.Output, so the ordered writer only copies.
	Render func(dst []byte, g *parser.Game, r *validate.Report) []byte
}

// checkGame is validate.CheckTo; tests put a checker with known findings in
// its place, so that they do not depend on the rules of the day.
var checkGame = validate.CheckTo

// Batch holds the records of one chunk, or of a part of one (see
// Batch.check). Its storage is reused when the batch is checked into
// again, so a record must not be kept past that.
type Batch struct {
	Records []GameRecord
	tags    []parser.Tag // every record's Tags is a slice of this
	ends    []int        // scratch: the end of each record's tags in tags
	out     []byte       // every record's Output is a slice of this
	outEnds []int        // scratch: the end of each record's Output in out
	size    int64        // the records' footprint
}

// CheckChunk parses and checks every game in c and returns their records in
// order, with File and Index left for the caller to fill. It is a pure
// function of the chunk and the options, so that any runner, local or
// distributed, may call it; p is only scratch space and may be nil.
func CheckChunk(c parser.Chunk, opt *CheckOptions, p *parser.Parser) []GameRecord {
	if p == nil {
		p = NewParser(opt)
	}
	var b Batch
	b.check(c, opt, p, "", nil)
	return b.Records
}

// CheckBrokenChunk is CheckChunk for the last chunk of an input whose read
// failed with readErr part way (a truncated .gz, read through StopOnError):
// the chunk's last game, when the break came inside it, also gets the
// syntax finding that says the input breaks off there, as Run gives it.
func CheckBrokenChunk(c parser.Chunk, opt *CheckOptions, p *parser.Parser, readErr error) []GameRecord {
	if p == nil {
		p = NewParser(opt)
	}
	var b Batch
	b.check(c, opt, p, brokenOffMessage(readErr), nil)
	return b.Records
}

// checkSafely checks g; a panic in the checker becomes an internal-error
// finding of that game, so that one bad game costs a run nothing else.
func checkSafely(g *parser.Game, opt *validate.Options, r *validate.Report) {
	defer func() {
		if v := recover(); v != nil {
			*r = validate.NewReport()
			r.Add(validate.Finding{Code: validate.InternalError, Severity: validate.DefaultSeverity(validate.InternalError), Pos: g.Start,
				CharCol: g.CharCol(g.Start), ByteCol: g.ByteCol(g.Start), Ply: -1, Message: fmt.Sprintf("arbiter failed on this game (please report it with the game): %v", v)})
		}
	}()
	checkGame(g, opt, r)
}

// check fills b with the records of c, reusing b's storage, and returns
// the batch that holds the last of them.
//
// With hand set, a batch whose records reach partSize is handed to it once
// complete, and the records that follow go to the batch hand returns: a
// chunk of a megabyte of games "1. e4" alone makes 140 MiB of records,
// which a worker holding them all kept until the writer took the chunk.
//
// brokenOff is "" but for the last chunk of an input whose read failed (a
// truncated .gz): then the chunk's last game, when the break came inside it
// (it has no result marker: its end was never read), gets a syntax problem
// with that message at the end of its text, so that every output (exit
// status, findings, tables, stats) shows the game is incomplete.
func (b *Batch) check(c parser.Chunk, opt *CheckOptions, p *parser.Parser, brokenOff string, hand func(*Batch) *Batch) *Batch {
	b.reset()
	// add completes the batch's last record, whose Report the checker
	// wrote in place: a Report is 536 bytes, and handing it on by value
	// from the checker to the record copied it at every step, some 1,200
	// instructions a game (callgrind, the whole command).
	add := func(g *parser.Game) {
		// The parser reuses g, so its tags are copied; the report is the record's own.
		b.tags = append(b.tags, g.Tags...)
		b.ends = append(b.ends, len(b.tags))
		head := g.Start
		if len(g.Tags) > 0 {
			head = g.Tags[0].Pos
		}
		rec := &b.Records[len(b.Records)-1]
		r := &rec.Report
		rec.Start, rec.End, rec.Encoding, rec.EPD = g.Start, g.End.Offset, g.Encoding, g.EPD
		rec.Fragment, rec.HeadChar, rec.HeadByte = fragmentKey(g, r), g.CharCol(head), g.ByteCol(head)
		if opt.Render != nil {
			before := len(b.out)
			b.out = opt.Render(b.out, g, r)
			b.outEnds = append(b.outEnds, len(b.out))
			b.size += int64(len(b.out) - before)
			// Rendered: the records waiting for their turn to be written
			// need not hold the game's SAN as well.
			r.SAN = nil
		}
		b.size += footprint(len(g.Tags), r)
		if hand != nil && b.size >= partSize {
			b.seal(opt)
			b = hand(b)
			b.reset()
		}
	}
	p.Parse(c, func(g *parser.Game) {
		broken := brokenOff != "" && g.End.Offset == c.Start.Offset+int64(len(c.Data)) && g.Result == ""
		if broken {
			g.Problems = append(g.Problems, parser.Problem{Pos: textEnd(c, g.Start), Message: brokenOff})
		}
		b.Records = append(b.Records, GameRecord{})
		rec := &b.Records[len(b.Records)-1]
		checkSafely(g, &opt.Validate, &rec.Report)
		if !broken && g.EncodingAlt != parser.UTF8 && rec.Report.Errors > 0 {
			// Rare: the record is set aside while the other reading
			// appends its own.
			first := rec.Report
			b.Records = b.Records[:len(b.Records)-1]
			if recheckEncoding(c, g, &first, opt, b, add) {
				return
			}
			b.Records = append(b.Records, GameRecord{Report: first})
		}
		add(g)
	})
	b.seal(opt)
	return b
}

// recheckEncoding reads g's bytes again in the code page they fit next
// best, g.EncodingAlt, for a game whose first reading has an error: the
// letters alone cannot tell KOI8-R's "кf3" from Windows-1251's "Лf3", the
// replay can. When that reading is one game and its main line replays
// farther, it appends that game's record to b and hands the game to add,
// with a non-standard-notation info at its start saying which code page was
// assumed and why, and reports true; else false, and g stands.
func recheckEncoding(c parser.Chunk, g *parser.Game, first *validate.Report, opt *CheckOptions,
	b *Batch, add func(*parser.Game)) bool {
	from, to := g.Start.Offset-c.Start.Offset, g.End.Offset-c.Start.Offset
	if from < 0 || to > int64(len(c.Data)) || from >= to || g.BOM {
		return false
	}
	if parser.NoFirstPly(c.Data[from:to], g.EncodingAlt) {
		// No reading of these bytes replays a ply: the first reading's
		// plies, 0 or more, cannot be beaten. A chunk of prose is read
		// once, not twice.
		return false
	}
	guess := g.Encoding
	sub := parser.Chunk{Data: c.Data[from:to], Start: g.Start, Continued: c.Continued && from == 0, Cut: c.Cut && to == int64(len(c.Data)), ECO: c.ECO}
	// Rare (a game in doubt with an error): a parser of its own costs
	// nothing that matters.
	p := parser.NewParser(parser.Options{Encoding: g.EncodingAlt, ForceEncoding: true})
	done := false
	p.Parse(sub, func(alt *parser.Game) {
		// One game, the same bytes: anything else would lose or split one.
		if done || alt.Start != g.Start || alt.End != g.End {
			return
		}
		var report validate.Report
		checkSafely(alt, &opt.Validate, &report)
		if report.Plies <= first.Plies {
			return
		}
		f := validate.Finding{Code: validate.NonStandardNotation, Severity: validate.DefaultSeverity(validate.NonStandardNotation),
			Pos: alt.Start, Ply: -1, CharCol: alt.CharCol(alt.Start), ByteCol: alt.ByteCol(alt.Start),
			Message: fmt.Sprintf("the text is not UTF-8, and its code page is guessed from its moves: read as %s, under which %d plies replay, "+
				"not as %s, which its letters alone favour, and under which %d do", alt.Encoding, report.Plies, guess, first.Plies)}
		if kept := opt.Validate.Rules.Apply([]validate.Finding{f}); len(kept) > 0 {
			report.Add(kept[0])
		}
		b.Records = append(b.Records, GameRecord{Report: report})
		add(alt)
		done = true
	})
	return done
}

func (b *Batch) reset() {
	b.Records, b.tags, b.ends = b.Records[:0], b.tags[:0], b.ends[:0]
	b.out, b.outEnds = b.out[:0], b.outEnds[:0]
	b.size = 0
}

// seal gives each record its tags and output, once the batch is complete:
// slicing them only now keeps every record on the final arrays.
func (b *Batch) seal(opt *CheckOptions) {
	start, outStart := 0, 0
	for i := range b.Records {
		end := b.ends[i]
		b.Records[i].Tags = b.tags[start:end:end]
		start = end
		if opt.Render != nil {
			end := b.outEnds[i]
			if end > outStart { // else nothing was rendered: Output stays nil
				b.Records[i].Output = b.out[outStart:end:end]
			}
			outStart = end
		}
	}
}

// textEnd is the position just past the last byte of c that is not blank,
// from, a position in c, on: where the text of an input that breaks off
// after c ends.
func textEnd(c parser.Chunk, from parser.Pos) parser.Pos {
	data := c.Data[from.Offset-c.Start.Offset:]
	data = bytes.TrimRight(data, " \t\r\n")
	p := from
	p.Offset += int64(len(data))
	if nl := bytes.LastIndexByte(data, '\n'); nl >= 0 {
		p.Line += int64(bytes.Count(data, []byte{'\n'}))
		p.Col = int64(len(data)-nl-1) + 1
	} else {
		p.Col += int64(len(data))
	}
	return p
}
