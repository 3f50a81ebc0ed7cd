package validate

import (
	"cmp"
	"slices"

	"github.com/arbiter-chess/arbiter/replay"
)

// End is how the game ended on the board, as computed from the moves.
type End uint8

const (
	NoEnd End = iota
	Checkmate
	Stalemate
	DeadPosition
	Fivefold
	SeventyFive
)

var endNames = [...]string{"none", "checkmate", "stalemate", "dead-position", "fivefold", "seventy-five-moves"}

func (e End) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return "unknown"
}

// NewReport is the report of a game nothing is known about yet: every ply
// "never", no clock, no result from the board. Check starts from it, and so
// does whatever reports a game Check could not (a panic caught, a game left
// unchecked), so that "unknown" reads the same everywhere.
func NewReport() Report {
	var r Report
	r.reset()
	return r
}

// reset makes *r NewReport's report in place. It clears r and sets the
// fields that are not zero one by one: a Report holds pointers, and
// assigning it a literal with fields set copies the literal's 536 bytes
// from a template, in more instructions than clearing them (callgrind,
// BenchmarkStreamCheck: 119 instructions a game against 92).
func (r *Report) reset() {
	*r = Report{}
	r.FirstErrorPly, r.ThreefoldPly, r.FiftyPly, r.AnyThreefoldPly, r.AnyFiftyPly = -1, -1, -1, -1, -1
	r.FivefoldPly, r.SeventyFivePly, r.LastClockWhite, r.LastClockBlack = -1, -1, -1, -1
	r.ComputedResult = "*"
}

// Report is everything checking one game produced: its findings and the facts
// about it that the games table and the statistics are made of. Plies are
// 1-based; -1 stands for "never" or "unknown".
type Report struct {
	Findings []Finding
	// AsChess960 is, on a line of a list of positions whose position
	// cannot arise in standard chess but can in Chess960 and whose FEN
	// writes no castling right (nothing on it says which), the findings
	// the line has read as Chess960, in place of Findings: none on the
	// position, and its perft counts checked. The pipeline, which sees
	// the list's lines in order, takes them (ReadAsChess960) when an
	// earlier line was read as Chess960. nil for every other game.
	AsChess960 []Finding

	Notation string // the letter set the moves were read in ("san", "ru", "de", ...), "" when the main line has no move
	Plies    int    // main-line plies replayed (up to the first illegal move)
	// MainMoves is how many moves the main line is written with, replayed
	// or not: with Plies, what tells two records stopped at the same
	// illegal move apart.
	MainMoves int
	// Final is the position the main line's replay ended in, when Replayed
	// (it is not when the start position could not be read). It is kept as a
	// position, not as FEN: most runs never print it, and a table appends
	// its FEN (AppendFinalFEN) without making a string.
	Final    replay.Position
	Replayed bool
	// Termination is how the record says the game ended: the Termination
	// tag, or ICC's ICCResult where there is none (Tags.Termination); ""
	// when neither is there.
	Termination string
	// Variant is the Variant tag of a game of another game than chess
	// (Crazyhouse, Atomic), which was not replayed; "" for every other game.
	Variant string

	End            End
	ComputedResult string // "1-0", "0-1", "1/2-1/2", or "*" when the board decides nothing
	// RecordedResult is the result the record gives, in PGN form: the Result
	// tag when readable ("½-½" reads as "1/2-1/2"), else the marker after the
	// moves, else "*".
	RecordedResult string

	Errors, Warnings, Infos int
	FirstError              Code // "" when there is no error
	FirstErrorPly           int

	// ThreefoldPly and FiftyPly are the first ply at which a threefold or
	// 50-move claim was possible before the game ended on the board (mate,
	// stalemate, a dead position, an automatic draw): the ply of the
	// threefold-claimable and fifty-move-claimable findings, which the
	// games table and the statistics show.
	ThreefoldPly int
	FiftyPly     int
	// AnyThreefoldPly and AnyFiftyPly are the same claims wherever they
	// fall in the main line replayed, after the game's end included:
	// python-chess's facts, which the corpus test compares.
	AnyThreefoldPly int
	AnyFiftyPly     int
	FivefoldPly     int
	SeventyFivePly  int

	TimeControl    string // as in the tag
	TimeCategory   string // "blitz", "rapid", "standard", "correspondence", or "" when unknown
	ClockCount     int    // main-line moves with a [%clk]
	LastClockWhite int64  // milliseconds, -1 when none
	LastClockBlack int64
	TimeForfeit    bool

	// Moves is filled only when Options.Moves is set: one fact per
	// main-line ply replayed, in order, so that Moves[i] is ply i+1.
	Moves []MoveFact
	// SAN is filled only when Options.SAN is set: the SAN of every move of
	// the game (index as in parser.Game.Moves, variations included), empty for
	// a move that was not replayed (values, not strings: filling it
	// allocates once a game).
	SAN []MoveText
}

// FinalFEN is the final position in FEN, "" when nothing was replayed.
func (r *Report) FinalFEN() string {
	if !r.Replayed {
		return ""
	}
	return r.Final.FEN()
}

// AppendFinalFEN appends FinalFEN to b.
func (r *Report) AppendFinalFEN(b []byte) []byte {
	if !r.Replayed {
		return b
	}
	return r.Final.AppendFEN(b)
}

// MoveFact is one main-line ply as the moves table stores it (its ply is
// its index in Report.Moves plus one). It holds no pointer, in 32 bytes: a
// game's facts are one allocation that the garbage collector never scans,
// and a table writer appends the texts without making a string of each.
type MoveFact struct {
	Key   uint64 // Polyglot Zobrist key of the position after the move
	Clock int64  // milliseconds, -1 when none
	SAN   MoveText
	UCI   MoveText
}

// MoveText is the text of one move, SAN or UCI, held in place: SAN has at
// most 7 bytes ("Qh4xe1+", "exd8=Q#"), UCI 5 ("e7e8q").
type MoveText struct {
	b [7]byte
	n uint8
}

// MakeMoveText holds s, which must have at most 7 bytes: it panics
// otherwise.
func MakeMoveText(s string) MoveText {
	var t MoveText
	t.fit(append(t.b[:0], s...))
	return t
}

// Bytes is the text. It aliases t: it is valid as long as t is, and it
// allocates nothing.
func (t *MoveText) Bytes() []byte { return t.b[:t.n] }

func (t MoveText) String() string { return string(t.b[:t.n]) }

// fit takes out, which an append wrote into t.b[:0], as t's text, and
// panics when it did not fit (checkSafely makes that an internal error of
// the game, rather than a text cut short in the table).
func (t *MoveText) fit(out []byte) {
	if len(out) > len(t.b) {
		panic("validate: move text longer than 7 bytes: " + string(out))
	}
	t.n = uint8(len(out))
}

// Add puts f among r's findings, in source order as Check leaves them, and
// counts it: for a finding made after Check, from more than one game (the
// pipeline's duplicate-game). The findings are copied first, since the
// reports of a batch may share their storage.
func (r *Report) Add(f Finding) {
	at, _ := slices.BinarySearchFunc(r.Findings, f.Pos.Offset, func(g Finding, off int64) int { return cmp.Compare(g.Pos.Offset, off+1) })
	r.Findings = slices.Insert(r.Findings[:len(r.Findings):len(r.Findings)], at, f)
	r.tally()
}

// ReadAsChess960 puts AsChess960 in place of the findings and counts them
// again: for a line of a list of positions that the lines before it say
// is one of Chess960 positions. It does nothing when AsChess960 is nil.
func (r *Report) ReadAsChess960() {
	if r.AsChess960 == nil {
		return
	}
	r.Findings, r.AsChess960 = r.AsChess960, nil
	r.tally()
}

// Remove takes the finding at index i out of r's findings and counts them
// again: for a finding the pipeline folds into an earlier game's. Unlike
// Add it writes nowhere past r's own findings, so nothing is copied.
func (r *Report) Remove(i int) {
	r.Findings = slices.Delete(r.Findings, i, i+1)
	r.tally()
}

// tally counts the findings by severity and names the first error, in
// source order.
func (r *Report) tally() {
	r.Errors, r.Warnings, r.Infos = 0, 0, 0
	r.FirstError, r.FirstErrorPly = "", -1
	for i := range r.Findings {
		f := &r.Findings[i]
		switch f.Severity {
		case Error:
			r.Errors++
			if r.FirstError == "" {
				r.FirstError, r.FirstErrorPly = f.Code, f.Ply
			}
		case Warning:
			r.Warnings++
		default:
			r.Infos++
		}
	}
}
