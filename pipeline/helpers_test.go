package pipeline

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// synthetic writes n games numbered from first; each game's Event tag is
// "G<k>" so that a test can tell games apart and put them in order.
func synthetic(first, n int) []byte {
	var b bytes.Buffer
	for k := first; k < first+n; k++ {
		fmt.Fprintf(&b, "[Event \"G%d\"]\n[Site \"Somewhere %d\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 {game %d} e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n", k, k*7919%10007, k)
	}
	return b.Bytes()
}

// gameNumber reads k back from a game's Event tag, -1 when there is none.
func gameNumber(tags []parser.Tag) int {
	for _, t := range tags {
		if t.Name == "Event" && strings.HasPrefix(t.Value, "G") {
			if k, err := strconv.Atoi(t.Value[1:]); err == nil {
				return k
			}
		}
	}
	return -1
}

// fakeCheck reports findings that depend only on the game's number, so that
// run tests do not depend on the rules engine of the day.
func fakeCheck(g *parser.Game, _ *validate.Options) validate.Report {
	k := gameNumber(g.Tags)
	r := validate.Report{Plies: max(k%50, 0), FirstErrorPly: -1}
	if k < 0 {
		return r
	}
	if k%3 == 0 {
		r.Findings = append(r.Findings, validate.Finding{Code: validate.IllegalMove, Severity: validate.Error,
			Message: fmt.Sprintf("game %d: bad move", k), Pos: parser.Pos{Offset: g.Start.Offset + 3, Line: g.Start.Line + 6, Col: 4},
			Ply: k%9 + 1, Move: "Nf3", Suggestions: []string{"Nc3"}})
	}
	if k%5 == 0 {
		r.Findings = append(r.Findings, validate.Finding{Code: validate.TagMissing, Severity: validate.Warning,
			Message: "the Round tag is missing", Ply: -1})
	}
	if k%7 == 0 {
		r.Findings = append(r.Findings, validate.Finding{Code: validate.NonStandardNotation, Severity: validate.Info,
			Message: "written with zeros", Pos: parser.Pos{Line: g.Start.Line + 6, Col: 1}, Ply: 2, Move: "0-0"})
	}
	return r
}

// useFakeCheck puts fakeCheck, or check, in validate.Check's place for one test.
func useFakeCheck(t testing.TB, check func(*parser.Game, *validate.Options) validate.Report) {
	if check == nil {
		check = fakeCheck
	}
	old := checkGame
	checkGame = func(g *parser.Game, opt *validate.Options, r *validate.Report) { *r = check(g, opt) }
	t.Cleanup(func() { checkGame = old })
}

// recordingSink notes every call, so that tests can check the order and
// the numbering of what a run hands over.
type recordingSink struct {
	events  []string
	games   int64
	files   []FileSummary
	closed  *Summary
	onGame  func(r *GameRecord) error
	numbers map[string][]int // game numbers per file, in order
}

func (s *recordingSink) BeginFile(in Input) error {
	s.events = append(s.events, "begin "+in.Path)
	return nil
}

func (s *recordingSink) Game(r *GameRecord) error {
	s.games++
	if s.numbers == nil {
		s.numbers = map[string][]int{}
	}
	s.numbers[r.File] = append(s.numbers[r.File], gameNumber(r.Tags))
	s.events = append(s.events, fmt.Sprintf("game %s#%d", r.File, r.Index))
	if s.onGame != nil {
		return s.onGame(r)
	}
	return nil
}

func (s *recordingSink) EndFile(f *FileSummary) error {
	s.events = append(s.events, fmt.Sprintf("end %s games=%d complete=%v err=%v", f.Input.Path, f.Games, f.Complete, f.Err != nil))
	s.files = append(s.files, *f)
	return nil
}

func (s *recordingSink) Close(sum *Summary) error {
	c := *sum
	s.closed = &c
	return nil
}

// smallChunks makes the splitter cut many chunks out of a test input, so
// that reordering, back-pressure and cancellation are exercised.
const smallChunks = 8 << 10
