package validate

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// Profile is a rule book: which draw rules apply and how a timeout against
// a lone king is judged (RULES.md).
type Profile uint8

const (
	FIDE     Profile = iota // FIDE Laws in force since 1 January 2023
	FIDE2009                // pre-2014 Laws: no fivefold or 75-move draws
	USSR                    // the Soviet tournament Code
)

// automaticDraws says whether the profile ends a game by itself at the
// fifth repetition and after 75 moves (FIDE 9.6, since 2014).
func (p Profile) automaticDraws() bool { return p == FIDE }

// automaticDraws says whether fivefold repetition and 75 moves end this game
// by themselves (FIDE 9.6): under a profile that has them, unless the game's
// Date says it was played before 1 July 2014, when the Laws first had them.
// A game of 1886 played on after a fifth repetition broke no rule of its
// time, and its decisive result is no wrong one.
func (c *Checker) automaticDraws() bool {
	return c.opt.Profile.automaticDraws() && !c.tags.BeforeJuly2014
}

// Options says how to check a game. The zero value checks under FIDE rules,
// reading the notation automatically, with the default severities.
type Options struct {
	Profile Profile
	// Letters forces one letter set; nil detects it per game.
	Letters *replay.LetterSet
	Rules   *Config // nil: every code on, default severities
	Moves   bool    // fill Report.Moves
	SAN     bool    // fill Report.SAN (for rewriting a game as clean PGN)
}

// Check replays one game and reports what is wrong with it. It is a pure
// function of the game and the options, so any runner may call it; a
// Checker reused across games does the same without its scratch allocations.
// It changes g in one way only: a move of g.Pairs that it reads as the two
// moves it may also be (parser.Game.SplitPair) is split, so that the game's
// moves are the ones the report counts (Report.SAN has one per move).
func Check(g *parser.Game, opt *Options) Report {
	c := checkers.Get().(*Checker)
	r := c.Check(g, opt)
	checkers.Put(c)
	return r
}

// CheckTo is Check writing the report to *r (see Checker.CheckTo).
func CheckTo(g *parser.Game, opt *Options, r *Report) {
	c := checkers.Get().(*Checker)
	c.CheckTo(g, opt, r)
	checkers.Put(c)
}

// checkers keeps Checkers between calls of Check: a Checker's repetition
// history alone is 8 KiB, too much to clear for every game.
var checkers = sync.Pool{New: func() any { return new(Checker) }}

// Checker holds the scratch space of checking games. Keep one per worker:
// it is not safe for concurrent use, and it carries nothing from one game to
// the next but buffers.
type Checker struct {
	g    *parser.Game
	opt  *Options
	tags Tags
	r    *Report // the report being written: own's, or CheckTo's caller's
	own  Report

	start replay.Position
	// twoKings is set when each side has exactly one king: without it, mate,
	// stalemate and dead positions mean nothing and are not looked for.
	twoKings bool
	pos      replay.Position
	hist     replay.History
	main     []int32
	identity int // how many of main's array's first entries hold their own index

	// Positions after each move of g.Moves and their plies, kept only when
	// the game has variations, which are replayed from their branch point.
	afterPos []replay.Position
	plyOf    []int32
	played   []bool

	line lineReplay
	side sideLines       // what findings in side lines ask of the move tree
	note replay.Notation // the move being replayed, passed by pointer (see replay.ParseMoveInto)

	// standardOnly holds the impossible-position findings of a line of a
	// list of positions that only the standard reading of its FEN gives
	// (see setUpFEN), to be put back at index standardAt of the findings;
	// empty for every other game.
	standardOnly []Finding
	standardAt   int

	// eager makes playMain apply the draw rules at every ply, quiet or not,
	// in its general loop rather than playPlain: for the tests that hold the
	// shortcuts to the same findings.
	eager bool
}

// lineReplay is what replaying the main line under one letter set found.
type lineReplay struct {
	letters replay.LetterSet
	plies   int // moves replayed

	failed   bool // stopped at a move it could not replay
	gap      bool // ... because a move is missing before it (parser.Move.Gap)
	noMatch  bool // ... because it reads as a move but no legal move matches it
	failIdx  int32
	failCode Code
	failMsg  string
	failSugg []string
	endPly   int // ply at which the game ended on the board, -1 while it goes on
	end      End
	afterEnd int32 // first move played after the end, -1 when none
	// claims[rule][side] is the first ply, before the game ended, at which
	// side could claim a draw by threefold (rule 0) or 50 moves (rule 1),
	// -1 when it never could: a decided game's missed claim is the loser's.
	claims [2][2]int32
	// threefold[side] is, for the side's first threefold claim, the SAN of
	// the move whose announcement makes it (FIDE 9.2.1.1), empty when the
	// position itself stood for the third time: for the message.
	threefold    [2][8]byte
	threefoldLen [2]uint8
	// fiftyAnnounced[side] says that the side's first 50-move claim is
	// made with a move announced, the one that completes the count.
	fiftyAnnounced [2]bool
	fiftyLong      bool // the first 50-move claim was the Soviet Code's 75-move one
	nonSAN         int
	firstOdd       int32 // first move not written in SAN
	// mateAt is the index of the last check written "+" that playPlain
	// has not tested for mate (-1: none). A check is mate only when no
	// move answers it, and the next move, resolved, is one: the test waits
	// for a move that fails to follow, or for the line's end, and a later
	// move that resolves leaves the index behind. Nearly every check is
	// answered, and the test after each took 0.6 % of BenchmarkStreamCheck;
	// kept here, not in a local, whose register playPlain's loop would
	// spill around every call (14 instructions a ply).
	mateAt    int32
	oddStyle  replay.Style
	oddDev    replay.Deviation
	nullMoves int
	firstNull int32
	// bishop is the last move read with its small с as the bishop's letter
	// (readAsBishop; -1 when none), whose style odd, asked in the same ply,
	// takes from bishopStyle.
	bishop      int32
	bishopStyle replay.Style
}

// Check replays g and reports what is wrong with it.
func (c *Checker) Check(g *parser.Game, opt *Options) Report {
	// c.own is not cleared after the copy: CheckTo resets it before the
	// next game writes to it, and clearing its 536 bytes for that cost 69
	// instructions a game (callgrind, BenchmarkStreamCheck).
	c.CheckTo(g, opt, &c.own)
	return c.own
}

// CheckTo is Check writing the report to *r, in the place the caller keeps
// it: a Report is 536 bytes, and each return of one by value copies it (the
// pipeline, checking into its records, spares some 1,200 instructions a
// game so).
func (c *Checker) CheckTo(g *parser.Game, opt *Options, r *Report) {
	if opt == nil {
		opt = &Options{}
	}
	c.g, c.opt, c.r = g, opt, r
	r.reset()
	if len(g.Problems) > 0 || g.Has&parser.HasColumns != 0 || len(g.UnreadEvals) > 0 || len(g.Renumbered) > 0 {
		c.parserFindings()
	}
	recorded := "*"
	if g.NotAGame() {
		// Not a game at all: the parser's syntax finding says so, and
		// missing tags and result would say it twice more.
		c.tags = Tags{}
	} else {
		r.Findings = ReadTags(g, &c.tags, r.Findings)
		if !g.EPD { // a position records no result
			recorded, r.Findings = CheckResultRecord(g, &c.tags, r.Findings)
		}
		r.Termination = c.tags.Termination
	}
	r.RecordedResult = recorded

	c.main = c.mainLine(g)
	if n := c.tags.PlyCount; n >= 0 && (n > len(c.main)+1 || n < len(c.main)-1) && len(g.Problems) == 0 && !c.tags.HasFEN {
		r.Findings = plyCountMismatch(r.Findings, &c.tags, len(c.main))
	}

	replayed := false
	if (c.tags.Variant == VariantStandard || !c.unsupportedVariant()) && c.setUp() {
		if len(g.Perft) > 0 {
			c.checkPerft()
		}
		c.replayMainLine()
		if len(g.Pairs) > 0 {
			c.splitPairs()
		}
		c.reportMainLine(recorded)
		if c.tags.Termination != "" || len(c.main) > 0 && c.g.Moves[c.main[len(c.main)-1]].Comment.Len != 0 {
			c.judgeTermination()
		}
		c.replayVariations()
		replayed = true
	}
	c.checkTime(recorded, replayed)

	if len(c.standardOnly) > 0 {
		c.readBothWays()
	}
	r.Findings = c.finish(r.Findings)
	r.tally()
	c.r = nil // the caller's now
}

// finish applies the rules to fs and puts them in source order, with their
// columns.
func (c *Checker) finish(fs []Finding) []Finding {
	fs = c.opt.Rules.Apply(fs)
	// Linters list findings in source order; the checks above run in rule
	// order. Most games' few findings are in order already: the loop that
	// says so is a few instructions where the sort is a kilobyte of code.
	for i := 1; i < len(fs); i++ {
		if fs[i].Pos.Offset < fs[i-1].Pos.Offset {
			slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(a.Pos.Offset, b.Pos.Offset) })
			break
		}
	}
	var cols parser.CharCols
	for i := range fs {
		f := &fs[i]
		f.CharCol = charCol(c.g, f, &cols)
		f.ByteCol = byteCol(c.g, f)
	}
	return fs
}

// parserFindings files the parser's problems with g, and the columns
// and renumbered findings. Every game runs Check, few have either: they are kept out of
// it (see badTagValue).
//
//go:noinline
func (c *Checker) parserFindings() {
	g, r := c.g, c.r
	for _, p := range g.Problems {
		r.Findings = append(r.Findings, Finding{Code: Syntax, Severity: DefaultSeverity(Syntax), Message: p.Message, Pos: p.Pos, Ply: -1})
	}
	if g.Has&parser.HasColumns != 0 {
		if f, ok := columnsFinding(g); ok {
			r.Findings = append(r.Findings, f)
		}
	}
	if len(g.Renumbered) > 0 {
		r.Findings = append(r.Findings, renumberedFinding(g))
	}
	if u := g.UnreadEvals; len(u) > 0 {
		// Good PGN, a comment, of which only the evaluation is lost: not
		// the movetext's syntax, but an annotation in a form the
		// convention of [%eval] does not know.
		msg := fmt.Sprintf("[%%eval %s] is no evaluation in the command's forms (pawns like 0.17 or -1.5, a mate like #-3, "+
			"either with a search depth: 0.17,23): readers of [%%eval] pass over it", clipQuote(g.Bytes(u[0].Arg)))
		if n := len(u) - 1; n > 0 {
			msg += fmt.Sprintf("; %d more such %s in the game", n, plural(n, "command", "commands"))
		}
		r.Findings = append(r.Findings, Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation),
			Message: msg, Pos: u[0].Pos, Ply: -1})
	}
}

// unsupportedVariant reports a variant the replay cannot judge, and says
// whether it did.
//
//go:noinline
func (c *Checker) unsupportedVariant() bool {
	f, bad := c.tags.UnsupportedVariant(true)
	if bad {
		c.r.Findings = append(c.r.Findings, f)
		c.r.Variant = c.tags.VariantName
	}
	return bad
}

// charCol is f's column in characters, at the game's start when f has no
// place of its own (as the formats print it), counted by cols, which the
// findings in source order share. Findings are few, so it is worked out
// here rather than for every move.
func charCol(g *parser.Game, f *Finding, cols *parser.CharCols) int64 {
	if f.Pos.Line > 0 {
		return cols.Col(g, f.Pos)
	}
	return g.CharCol(g.Start)
}

// byteCol is f's column in bytes, less a BOM, where charCol has it.
func byteCol(g *parser.Game, f *Finding) int64 {
	if f.Pos.Line > 0 {
		return g.ByteCol(f.Pos)
	}
	return g.ByteCol(g.Start)
}

// mainLine returns the indexes of the main line's moves, in c.main's
// array. Most games have no variation: their main line is 0, 1, 2, ...,
// which the array keeps from game to game (c.identity long), so that such a
// game costs nothing here.
func (c *Checker) mainLine(g *parser.Game) []int32 {
	moves := g.Moves
	if g.Has&parser.HasVariations == 0 {
		if cap(c.main) < len(moves) {
			c.main, c.identity = make([]int32, len(moves)), 0
		}
		main := c.main[:len(moves)]
		for i := c.identity; i < len(main); i++ {
			main[i] = int32(i)
		}
		c.identity = max(c.identity, len(main))
		return main
	}
	// Every index is written and only the main line's kept, without a
	// branch on the depth.
	main := grow(c.main, len(moves))
	n := 0
	for i := range moves {
		main[n] = int32(i)
		if moves[i].Depth == 0 {
			n++
		}
	}
	c.identity = 0
	return main[:n]
}

// setUp builds the start position from the FEN tag, reporting a FEN that
// cannot be read (then nothing is replayed) and every reason the position
// cannot arise (it is replayed all the same: its moves can still be judged).
func (c *Checker) setUp() bool {
	t := &c.tags
	if !t.HasFEN {
		if c.g.FirstPly > 2 && len(c.main) > 0 {
			c.fragment()
			return false
		}
		c.start = replay.StartPosition()
	} else if !c.setUpFEN() {
		return false
	}
	if t.Variant == VariantChess960 {
		c.start.SetChess960(true)
	}
	c.twoKings = c.start.Pieces(replay.White, replay.King).Count() == 1 && c.start.Pieces(replay.Black, replay.King).Count() == 1
	return true
}

// fragment reports a game without a FEN whose first move is numbered
// above 1 ("24. Лd1-d3", "4. а2—а4", "23... Кр:g8"): a page or an
// annotation that starts mid-game. Nothing says which position its first
// move was played from, and replayed from the start position it would
// fail at a move that is no error ("no rook on d1") or, worse, pass where
// its first moves happen to be legal there. Moves missing at the start
// are what a number jumping ahead is in mid-game ("1. e4 e5 3. Bc4"), a
// syntax error; here they cannot be passed over, so nothing is replayed,
// as for a FEN that cannot be read. A first move numbered "1..." is not
// taken for one: the corpus's only such game is White's "1.. e4", a dot
// too many, which the replay reads as the number after it says.
//
//go:noinline
func (c *Checker) fragment() {
	g := c.g
	m := &g.Moves[c.main[0]]
	at := strconv.AppendInt(nil, int64((g.FirstPly+1)/2), 10)
	if g.FirstPly%2 == 0 {
		at = append(at, "..."...)
	} else {
		at = append(at, '.')
	}
	n := len(c.main)
	c.r.Findings = append(c.r.Findings, Finding{Code: Syntax, Severity: DefaultSeverity(Syntax), Pos: m.Pos, Ply: -1, Move: g.Str(m.Raw),
		Message: fmt.Sprintf("a fragment from move %s with no position to start from, which a FEN tag would give: its %s not checked",
			at, countOf(n, "move is", "moves are"))})
}

// setUpFEN is setUp for a game with a FEN tag, kept out of setUp, which
// every game runs (see badTagValue).
//
//go:noinline
func (c *Checker) setUpFEN() bool {
	t := &c.tags
	p, strayEP, err := readFEN(t.FEN)
	if err != nil {
		c.r.Findings = append(c.r.Findings, Finding{Code: Syntax, Severity: DefaultSeverity(Syntax), Pos: t.FENPos, Ply: -1,
			Message: "the FEN tag cannot be read: " + err.Error() + "; the moves are not checked"})
		return false
	}
	c.start = p
	if c.g.PieceList {
		// The tags are the parser's reading of words: the reader sees
		// which position the moves were replayed from, and what castling
		// was granted (parser/pieces.go).
		c.r.Findings = append(c.r.Findings, Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation),
			Pos: t.FENPos, Ply: 0, Message: "the start position is read from a list of pieces in the text: FEN " + t.FEN +
				" (castling only where king and rook stand on their start squares)"})
	}
	if strayEP != "" {
		c.r.Findings = append(c.r.Findings, Finding{Code: ImpossiblePosition, Severity: DefaultSeverity(ImpossiblePosition),
			Pos: t.FENPos, Ply: 0, Message: "the start position cannot arise in a game: en-passant square " + strayEP +
				" is on neither the third nor the sixth rank (the moves are checked without it)"})
	}
	// The audit reads the FEN text again to see castling rights that
	// ParseFEN dropped because no king or rook stands where they say.
	fen := t.FEN
	if strayEP != "" {
		fen = strings.Replace(fen, " "+strayEP+" ", " - ", 1)
	}
	// A shuffle-chess start with its king on e and its rooks on a and h
	// (TCEC's Chess324 and Chess18) needs no Chess960 castling, and its
	// records often name no variant: it is audited as the Chess960 start
	// it is, not as a standard position whose bishops could not have got
	// past their pawns.
	shuffle := t.Variant != VariantChess960 && !p.Chess960() && p.ShuffleStart()
	as960 := t.Variant == VariantChess960 || p.Chess960() || shuffle
	// readFEN read this very text, unless it took a stray en-passant
	// square out: its position is audited rather than read again (the
	// reading cost as much as the audit).
	q, reasons, err := p, []replay.Impossibility(nil), error(nil)
	if strayEP == "" {
		reasons = replay.AuditParsed(&p, fen, as960)
	} else {
		q, reasons, err = replay.AuditFEN(fen, as960)
	}
	// Only a Variant tag naming Chess960 proper says both sides started
	// from one row: rights read as Chess960 without it, or under
	// "fischerandom", may belong to a double Fischer random game (TCEC's
	// DFRC and FRD events), whose rows differ.
	if err == nil && t.mirroredChess960() {
		reasons = append(reasons, q.AuditMirror()...)
	}
	// A line of a Chess960 list of positions (a perft suite) need not
	// write castling rights, and without them nothing on the line says
	// Chess960: its position, impossible in standard chess (a bishop
	// behind unmoved pawns), may be a Chess960 one. Which reading holds
	// is the list's, which the pipeline knows from the lines before
	// (Report.AsChess960); the checker, seeing one line, reads it both
	// ways. A game's FEN has its own Variant tag to say so, and is read
	// one way.
	impossible := &c.r.Findings
	if len(reasons) > 0 && err == nil && c.g.EPD && t.Variant == VariantStandard && !p.Chess960() && !shuffle && noCastlingField(fen) {
		if len(replay.AuditParsed(&q, fen, true)) == 0 {
			c.standardOnly, c.standardAt = c.standardOnly[:0], len(c.r.Findings)
			impossible = &c.standardOnly
		}
	}
	for _, why := range reasons {
		*impossible = append(*impossible, Finding{Code: ImpossiblePosition, Severity: DefaultSeverity(ImpossiblePosition),
			Pos: t.FENPos, Ply: 0, Message: "the start position cannot arise in a game: " + why.String()})
	}
	// Chess960 records without a Variant tag are common (chessgames.com
	// writes none), so such a FEN is read as Chess960, as it must be to
	// replay them; but a standard game given such rights would castle
	// by Chess960's rules unremarked, so the reading is said.
	if p.Chess960() && t.Variant != VariantChess960 {
		c.r.Findings = append(c.r.Findings, Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation),
			Pos: t.FENPos, Ply: 0, Message: chess960Reading})
	}
	if shuffle {
		c.r.Findings = append(c.r.Findings, Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation),
			Pos: t.FENPos, Ply: 0, Message: shuffleReading})
	}
	return true
}

// noCastlingField says that fen's castling field is "-": no right at all,
// rather than rights the position drops (a rook missing), which would
// read otherwise in Chess960.
func noCastlingField(fen string) bool {
	f := strings.Fields(fen)
	return len(f) > 2 && f[2] == "-"
}

// readBothWays finishes a line whose position only Chess960 can reach
// (see setUpFEN): its findings, the perft counts checked, become the
// Chess960 reading (Report.AsChess960), and the standard reading is them
// with the audit's findings put back and no count checked, as for any
// position that cannot arise.
//
//go:noinline
func (c *Checker) readBothWays() {
	r := c.r
	// Never nil, even with no finding: nil says there is no such reading.
	r.AsChess960 = c.finish(append(make([]Finding, 0, len(r.Findings)), r.Findings...))
	r.Findings = slices.DeleteFunc(r.Findings, func(f Finding) bool { return f.Code == PerftMismatch })
	r.Findings = slices.Insert(r.Findings, c.standardAt, c.standardOnly...)
	c.standardOnly = c.standardOnly[:0]
}

// The notes on how a FEN is read (non-standard-notation, at the FEN).
const (
	chess960Reading = "the FEN's castling rights need a king or rook off its square in standard chess, and no Variant tag names Chess960: the game is read as Chess960"
	shuffleReading  = "the FEN is the start of a game of shuffle chess (every pawn unmoved, the pieces of the first rank in another order than chess's), and no Variant tag names the variant: the position is judged as a Chess960 start"
)

// ReadingNote says which note on how a FEN is read f is: ReadingChess960
// (1) for Chess960 castling read without a Variant tag, 2 for a
// shuffle-chess start, 0 for any other finding. Each line of a list of positions is its own game, and
// a Chess960 perft suite would repeat the note on every line: the
// pipeline, which sees an input's lines in order, keeps the first of each
// kind (ReadingNoteOnce).
func ReadingNote(f *Finding) int {
	if f.Code != NonStandardNotation || f.Ply != 0 {
		return 0
	}
	switch f.Message {
	case chess960Reading:
		return ReadingChess960
	case shuffleReading:
		return 2
	}
	return 0
}

// ReadingChess960 is ReadingNote's kind for a FEN read as Chess960 by its
// castling rights.
const ReadingChess960 = 1

// ReadingNoteOnce is what the first note of its kind in a list of
// positions adds to its message: the later ones are not reported.
const ReadingNoteOnce = "; this note is not repeated for the later positions of this list read the same way"

// readFEN reads a FEN tag. An en-passant field that names a square off the
// third and sixth ranks ("f1" in a chessgames.com Chess960 record) is dropped
// and returned: RULES.md makes a bad en-passant square a reason the position
// cannot arise, and the rest of the FEN still says which position the moves
// start from, so the game is checked rather than skipped.
func readFEN(fen string) (p replay.Position, strayEP string, err error) {
	p, err = replay.ParseFEN(fen)
	var fe *replay.FENError
	if err == nil || !errors.As(err, &fe) || fe.Field != "en passant" || fe.Offset+2 > len(fen) {
		return p, "", err
	}
	sq := fen[fe.Offset : fe.Offset+2]
	if sq[0] < 'a' || sq[0] > 'h' || sq[1] < '1' || sq[1] > '8' ||
		fe.Offset+2 < len(fen) && fen[fe.Offset+2] != ' ' && fen[fe.Offset+2] != '\t' {
		return p, "", err
	}
	q, err2 := replay.ParseFEN(fen[:fe.Offset] + "-" + fen[fe.Offset+2:])
	if err2 != nil {
		return p, "", err
	}
	return q, sq, nil
}

// replayMainLine replays the main line under the letter set the options
// force or, by default, under the one the game is written in: SAN first
// (Russian for Cyrillic letters), then, when that reading stops, the set
// that reads the most of the game's words as moves and, among those, the
// one that replays it farthest. A set that cannot read a word has not
// found the game's language, however far the board takes it: "1. e4 e5
// 2. Pf3 Pc6 3. Lc5" is Dutch with an illegal bishop move, not English
// with pawn letters stopped by a word it cannot read (NOTATION.md: the
// legality engine decides between sets that read the letters).
func (c *Checker) replayMainLine() {
	if c.opt.Letters != nil {
		c.playMain(*c.opt.Letters)
		return
	}
	first := replay.SAN
	if c.g.Scripts&parser.CyrillicLetters != 0 {
		first = replay.Russian
	}
	c.playMain(first)
	// A full replay that takes a letter for a pawn's is weighed against the
	// other sets too: Dutch writes its knight P.
	if !c.line.failed && c.line.oddStyle&replay.StylePawnLetter == 0 {
		return
	}
	// A promotion to K that stopped the English reading is no evidence of
	// another language: "a8=K" is an illegal English move (a pawn cannot
	// promote to a king) and, only because K is the knight there, a legal
	// Russian one. It counts as a word of no set, and as a move the English
	// reading played, so that another set wins only by the moves after it.
	kingPromotion := int32(-1)
	if ln := &c.line; first == replay.SAN && ln.failed && !ln.gap && ln.plies < len(c.main) && c.main[ln.plies] == ln.failIdx &&
		replay.PromotesToKing(c.g.Bytes(c.g.Moves[ln.failIdx].Norm), replay.SAN) {
		kingPromotion = ln.failIdx
	}
	var words [16]int // per LetterSet: the main-line words it reads as moves
	for _, idx := range c.main {
		if idx == kingPromotion {
			continue
		}
		m := replay.LikelySets(c.g.Bytes(c.g.Moves[idx].Norm))
		for s := replay.LetterSet(0); m != 0 && replay.AllLetterSets.Has(s); s++ {
			if m.Has(s) {
				words[s]++
			}
		}
	}
	best, reach, mixed := first, c.line.plies, -1
	if kingPromotion >= 0 {
		reach++
	}
	bestMixed := func() bool {
		if mixed < 0 {
			mixed = c.mixedPawnLetters(best, reach)
		}
		return mixed != 0
	}
	latinOnly := c.g.Scripts&parser.CyrillicLetters == 0
	for s := replay.LetterSet(0); replay.AllLetterSets.Has(s); s++ {
		if s == first || words[s] == 0 || words[s] < words[best] {
			continue
		}
		n := c.reach(s)
		switch {
		case words[s] > words[best]:
		case n > reach:
			// A letter that is a pawn's only on some pawn moves is no
			// pawn letter (nobody marks some pawn moves and not others),
			// and legality won through it is no sign of another language:
			// "1. e4 d5 2. Bxd5" is an illegal English bishop move, not a
			// German pawn capture. NOTATION.md is silent on readings that
			// need such a letter; an arbiter keeps the default's.
			if best == first && !bestMixed() && c.mixedPawnLetters(s, n) != 0 {
				continue
			}
		case n < reach:
			continue
		// The Russian set reads the Latin look-alikes K and C too; a game
		// written in Latin letters alone that both sets read is transliterated.
		case latinOnly && best == replay.Russian && s == replay.RussianLatin:
		default:
			// Both read as much and replay as far: "1. e4 e5 2. Pf3 Pc6"
			// is English with pawn letters or Dutch with knights, and
			// is Dutch for the same reason.
			if !bestMixed() || c.mixedPawnLetters(s, n) != 0 {
				continue
			}
		}
		best, reach, mixed = s, n, -1
	}
	if best != first {
		c.playMain(best)
	}
}

// mixedPawnLetters reports (1, else 0) whether the first plies moves of the
// main line, read under s, take a letter for a pawn's on some pawn moves
// and write other pawn moves without one. Figurines and font glyphs read
// alike under every set and count as neither. It is asked only when the
// first reading stops or takes a letter for a pawn's: it parses the moves
// again, as reach does.
func (c *Checker) mixedPawnLetters(s replay.LetterSet, plies int) int {
	lettered, bare := false, false
	for _, idx := range c.main[:min(plies, len(c.main))] {
		n, err := replay.ParseMove(c.g.Bytes(c.g.Moves[idx].Norm), s)
		if err != nil || n.Kind != replay.Pawn || n.Style&(replay.StyleFigurine|replay.StyleFontGlyph) != 0 {
			continue
		}
		if n.Style&replay.StylePawnLetter != 0 {
			lettered = true
		} else {
			bare = true
		}
	}
	if lettered && bare {
		return 1
	}
	return 0
}

// reach counts the main-line moves that replay under letter set s.
func (c *Checker) reach(s replay.LetterSet) int {
	p := c.start
	for k, idx := range c.main {
		m := &c.g.Moves[idx]
		if m.Gap != 0 && !gapPlayable(&p, c.g, idx, s) {
			return k // playMain stops there
		}
		n, mv, ok := readMove(&p, c.g.Bytes(m.Norm), m.Folds, s)
		switch {
		case !ok:
			return k
		case n.Null:
			p.PlayNull()
		default:
			p.Play(mv)
		}
	}
	return len(c.main)
}

// readMove reads text, the Norm of a move with folds, under s and resolves
// it in p, as the replay of the main line does (reread included), for the
// replays that report nothing. ok is true for a null move, with no mv.
func readMove(p *replay.Position, text []byte, folds parser.Folds, s replay.LetterSet) (n replay.Notation, mv replay.Move, ok bool) {
	n, err := replay.ParseMove(text, s)
	if err == nil && n.Null {
		return n, mv, true
	}
	if err == nil && folds&parser.FoldCapitalFile == 0 {
		if mv, ok = p.TryResolve(&n); ok {
			return n, mv, true
		}
	}
	mv, _, err = reread(p, text, folds, s, &n, err)
	return n, mv, err == nil
}

// A reading says how reread read a move's text.
type reading uint8

const (
	asWritten reading = iota // under s, or in SAN's English letters (n.Style says which)
	asBishop                 // with its small с as the bishop's С (smallBishop)
	unread                   // in no way that is a move anywhere: the error is the parse's
)

// reread is the one place for the readings of a move beside its plain one
// under s, which the replays of moves call when ParseMoveInto refused text
// (perr, its error), when the move n it read resolved to no legal move in
// p, or when capitals were folded in it (the variations' replay, for every
// move but a null one, so as to have the resolve's error). With perr it
// first reads the word another way (rereadWord); then it resolves n, reads
// a move that is not legal another way (smallBishop, readsInEnglish), and
// settles a capital B (capitalB). It returns the move or the error, with n
// holding the reading taken and how it was read, which the main line's
// replay notes (lineReplay.readAsBishop).
//
//go:noinline
func reread(p *replay.Position, text []byte, folds parser.Folds, s replay.LetterSet, n *replay.Notation, perr error) (replay.Move, reading, error) {
	how := asWritten
	if perr != nil {
		if how = rereadWord(p, text, folds, s, n); how == unread {
			return replay.NoMove, unread, perr
		}
	}
	mv, err := p.Resolve(n)
	if err != nil && smallBishop(p, text, folds, s, n) {
		how = asBishop
		mv, err = p.Resolve(n)
	} else if err != nil && readsInEnglish(p, text, s, true, n) {
		mv, err = p.Resolve(n)
	}
	if folds&parser.FoldCapitalFile != 0 {
		mv, err = capitalB(p, text, s, n, mv, err)
	}
	return mv, how, err
}

// rereadWord is reread's first step, for a text that ParseMoveInto refused
// under s: it reads the word with its small с as the bishop's letter, or in
// SAN's English letters, into n, whose move is then resolved as s's would
// be. The replays of the main line call it alone, so that their usual path
// resolves the move whichever way it was read.
//
//go:noinline
func rereadWord(p *replay.Position, text []byte, folds parser.Folds, s replay.LetterSet, n *replay.Notation) reading {
	switch {
	case readsAsBishop(text, folds, s, n):
		return asBishop
	case readsInEnglish(p, text, s, false, n):
		return asWritten
	}
	return unread
}

// smallBishop reads text, the Norm of a move whose file reading under s
// names no legal move in p, again when the word opened with a lowercase
// Cyrillic с (parser.FoldLeadingC): with that letter as the bishop's С
// typed small, as "кf3" is a knight's move. A lowercase letter is a file
// first, so only then, and only when the bishop's move is legal, is it the
// move: "3. сb5" after "2. кf3 кc6" is Сb5, while "с:d5" that a c-pawn and
// a bishop could both play stays the pawn's. It fills n when it reports true.
func smallBishop(p *replay.Position, text []byte, folds parser.Folds, s replay.LetterSet, n *replay.Notation) bool {
	var b replay.Notation
	if !readsAsBishop(text, folds, s, &b) {
		return false
	}
	if _, ok := p.TryResolve(&b); !ok {
		return false
	}
	*n = b
	return true
}

// readsAsBishop is smallBishop for a text whose file reading is no move
// anywhere ("с:c6", a pawn capturing straight ahead; "сf1-b5", which the
// parser took for a move only as the bishop's): the bishop's reading is
// then the move whatever the board says, and its failure the finding.
func readsAsBishop(text []byte, folds parser.Folds, s replay.LetterSet, n *replay.Notation) bool {
	return folds&parser.FoldLeadingC != 0 && replay.ParseSmallBishop(n, text, s)
}

// readsInEnglish reads text, the Norm of a move, in SAN's English letters
// for a game read in another letter set s: a game in Russian or German
// letters with "Nc6" or "Bxc6" among its moves, as a typist who switched
// keyboards writes them. Only a legal move so read is taken, marked
// StyleEnglishAmong; it fills n when it reports true. When s read the word
// (n, as a move no legal move matches), only a pawn's move in s that English
// reads as a piece's is taken ("Bxc6": a b-pawn's in Russian, a Bauer's in
// German, the bishop's in English), never a piece's in s that English reads
// otherwise (Dutch "Pc3" is a knight's move, illegal or not).
func readsInEnglish(p *replay.Position, text []byte, s replay.LetterSet, read bool, n *replay.Notation) bool {
	if s == replay.SAN {
		return false
	}
	var b replay.Notation
	if replay.ParseMoveInto(&b, text, replay.SAN) != nil || b.Null {
		return false
	}
	if read && (n.Kind != replay.Pawn || b.Kind == replay.Pawn || b.Kind == replay.NoKind) {
		return false
	}
	if _, ok := p.TryResolve(&b); !ok {
		return false
	}
	b.Style |= replay.StyleEnglishAmong
	*n = b
	return true
}

// capitalB settles a move typed in capitals whose first letter is a B with
// a capture mark after it ("BXC5", "BXC5+"): the B is SAN's bishop or the
// file b, and the parser, which folds the square's capitals, leaves it as
// written, so that s reads it one way (the bishop in SAN, the b-pawn in
// Russian or French letters, where B is no piece; German's Bauer is a pawn
// too) and only the board can say which the writer meant. It is called with
// the resolve of n, the reading under s (mv, err, after the other readings'
// fallbacks), for a move whose folds say capitals were folded, and returns
// the move: the other reading's when it alone is legal (n then holds it),
// an ambiguous-move error naming both when both are, and when neither is,
// the first error with what the other reading says of the board.
//
//go:noinline
func capitalB(p *replay.Position, text []byte, s replay.LetterSet, n *replay.Notation, mv replay.Move, err error) (replay.Move, error) {
	if len(text) < 2 || text[0] != 'B' || text[1] != 'x' && text[1] != ':' || len(text) > 16 {
		return mv, err
	}
	var alt replay.Notation
	if n.Kind == replay.Bishop {
		var buf [16]byte
		lower := append(buf[:0], text...)
		lower[0] = 'b'
		if replay.ParseMoveInto(&alt, lower, s) != nil || alt.Kind != replay.Pawn {
			return mv, err
		}
	} else {
		if replay.ParseMoveInto(&alt, text, replay.SAN) != nil || alt.Kind != replay.Bishop {
			return mv, err
		}
		if s != replay.SAN {
			alt.Style |= replay.StyleEnglishAmong
		}
	}
	altMv, altErr := p.Resolve(&alt)
	switch {
	case altErr == nil && err != nil:
		*n = alt
		return altMv, nil
	case altErr == nil:
		return mv, &replay.ResolveError{Reason: replay.Ambiguous, Notation: *n, Candidates: []replay.Move{mv, altMv},
			Msg: fmt.Sprintf("%s: a capital B is the bishop or the b-file, and both %s and %s are legal", text, p.SAN(mv), p.SAN(altMv))}
	case err != nil:
		if re, ok := err.(*replay.ResolveError); ok {
			if are, ok := altErr.(*replay.ResolveError); ok {
				as := "the b-file"
				if alt.Kind == replay.Bishop {
					as = "the bishop"
				}
				e := *re
				e.Msg += "; nor with the capital B as " + as + ": " + are.Msg
				return mv, &e
			}
		}
	}
	return mv, err
}

// readAsBishop notes that the move at idx, m, was read by smallBishop into
// n: its с is the bishop's letter, not a Cyrillic look-alike in a square,
// and the style odd reports for it says so. Noted here, off the replay
// loops' usual path, rather than by a second move in their hands, which
// cost those loops an instruction or two at every ply.
func (ln *lineReplay) readAsBishop(idx int32, m *parser.Move, n *replay.Notation) {
	ln.bishop, ln.bishopStyle = idx, n.Style|foldStyles[(m.Folds&^parser.FoldLeadingC)&(1<<parser.NumFolds-1)]
}

// rereadWord reads the main line's move at idx (ply k+1), which
// ParseMoveInto refused under s with err, with the function rereadWord
// into c.note: it notes a bishop's small с, and fails the replay there when
// the word is no move anywhere. Out of line, so that the replay loops hold
// nothing of it but the call (playPlain's loop, fewer instructions a ply).
//
//go:noinline
func (c *Checker) rereadWord(k int, idx int32, s replay.LetterSet, err error) bool {
	ln, m := &c.line, &c.g.Moves[idx]
	switch rereadWord(&c.pos, c.g.Bytes(m.Norm), m.Folds, s, &c.note) {
	case unread:
		ln.plies = k
		code, msg := unreadMove(c.g.Str(m.Raw), err)
		ln.fail(idx, code, msg, nil)
		return false
	case asBishop:
		ln.readAsBishop(idx, m, &c.note)
	}
	return true
}

// reread resolves the main line's move at idx (ply k+1), whose reading
// c.note under s resolved to no legal move in c.pos or has capitals
// folded, with the function reread: it notes a bishop's small с, and fails
// the replay there when no reading is legal, with moves-after-end instead
// where the game had already ended on the board (no move is legal then).
//
//go:noinline
func (c *Checker) reread(k int, idx int32, s replay.LetterSet) (replay.Move, bool) {
	ln, m := &c.line, &c.g.Moves[idx]
	mv, how, err := reread(&c.pos, c.g.Bytes(m.Norm), m.Folds, s, &c.note, nil)
	if how == asBishop {
		ln.readAsBishop(idx, m, &c.note)
	}
	if err == nil {
		return mv, true
	}
	ln.plies = k
	if c.endedOnBoard(k) {
		ln.afterEnd = idx // moves-after-end says it all
	} else {
		ln.failResolve(idx, err, &c.pos)
	}
	return mv, false
}

// playMain replays the main line under letter set s, following the draw
// rules ply by ply. It records what it found in c.line and c.r.
func (c *Checker) playMain(s replay.LetterSet) {
	g, r, ln := c.g, c.r, &c.line
	*ln = lineReplay{letters: s, endPly: -1, afterEnd: -1, firstOdd: -1, mateAt: -1, firstNull: -1, failIdx: -1, bishop: -1,
		claims: [2][2]int32{{-1, -1}, {-1, -1}}}
	r.AnyThreefoldPly, r.AnyFiftyPly, r.FivefoldPly, r.SeventyFivePly = -1, -1, -1, -1
	r.Moves = r.Moves[:0]
	if c.opt.Moves && cap(r.Moves) < len(c.main) {
		// One allocation of the game's size, without pointers.
		r.Moves = make([]MoveFact, 0, len(c.main))
	}
	if c.opt.SAN {
		r.SAN = make([]MoveText, len(g.Moves))
	}
	c.pos = c.start
	c.hist.Reset(&c.pos)
	variations := len(c.main) < len(g.Moves)
	if variations {
		c.afterPos = grow(c.afterPos, len(g.Moves))
		c.plyOf = grow(c.plyOf, len(g.Moves))
		c.played = grow(c.played, len(g.Moves))
		clear(c.played)
	}
	c.afterPly(0)
	// A game with a move missing before a move takes playFrom's loop, which
	// stops there, and so does one with a capital file letter folded
	// (capitalB) or one over before its first move (a dead start position),
	// so that playPlain asks nothing more of each move.
	if !c.opt.Moves && !c.opt.SAN && !variations && !c.eager && g.Has&(parser.HasGap|parser.HasCapitalFile) == 0 && ln.endPly < 0 {
		c.playPlain(s)
		return
	}
	c.playFrom(s, 0)
}

// playFrom is playMain's general loop: it replays the main line under
// letter set s from ply from on, c.pos being the position after that ply
// and afterPly having seen it. playPlain hands it the rest of a game at
// the rare plies it leaves out: a null move, or the moves after the end.
func (c *Checker) playFrom(s replay.LetterSet, from int) {
	g, r, ln := c.g, c.r, &c.line
	ln.plies = from
	// The options, read once: most checks fill neither Moves nor SAN.
	moves, sans := c.opt.Moves, c.opt.SAN
	variations := len(c.main) < len(g.Moves)
	gaps := g.Has&parser.HasGap != 0
	facts := moves || sans
	var fact MoveFact
	for k := from; k < len(c.main); k++ {
		idx := c.main[k]
		m := &g.Moves[idx]
		if gaps && m.Gap != 0 && gapPlayable(&c.pos, g, idx, s) {
			c.gapPlayed(m)
		} else if gaps && m.Gap != 0 {
			// Played for the side to move, it would be the other side's
			// move made up as an illegal one; nothing after it can be
			// placed either.
			if c.endedOnBoard(k) {
				ln.afterEnd = idx // moves-after-end says it all
				return
			}
			if ln.endPly >= 0 && ln.afterEnd < 0 {
				ln.afterEnd = idx // a dead position, fivefold or 75 moves ended it
			}
			ln.fail(idx, Syntax, "", nil)
			ln.gap = true
			return
		}
		n := &c.note
		if err := replay.ParseMoveInto(n, g.Bytes(m.Norm), s); err != nil && !c.rereadWord(k, idx, s, err) {
			return
		}
		if ln.endPly >= 0 && ln.afterEnd < 0 {
			ln.afterEnd = idx
		}
		if n.Null {
			ln.nullMoves++
			if ln.firstNull < 0 {
				ln.firstNull = idx
			}
			if facts {
				fact = MoveFact{SAN: nullSAN, UCI: nullUCI}
			}
			c.hist.PlayNull(&c.pos)
		} else {
			mv, ok := c.pos.TryResolve(n)
			if !ok || m.Folds&parser.FoldCapitalFile != 0 {
				if mv, ok = c.reread(k, idx, s); !ok {
					return
				}
			}
			var d replay.Deviation
			if !c.pos.MarksAsIs(n, mv) {
				d = c.pos.MarkDeviations(n, mv)
			}
			// SAN is written in two steps, the move before it is played and
			// its check mark after, so that AppendSAN need not try it.
			var san []byte
			if facts {
				san = c.pos.AppendSANBody(fact.SAN.b[:0], mv)
				fact.UCI.fit(mv.AppendUCI(fact.UCI.b[:0], c.pos.Chess960()))
			}
			// Every position here was pushed (Reset, PlayNull,
			// PlayGaveCheck): the answer is InCheck's, after a set-up
			// position or a null move too.
			check := c.hist.PlayGaveCheck(&c.pos, mv)
			if facts {
				fact.SAN.fit(c.pos.AppendCheckMark(san))
			}
			st := n.Style | foldStyles[m.Folds&(1<<parser.NumFolds-1)]
			if d |= replay.CheckMarkDeviations(n, &c.pos, check); st != 0 || d != 0 {
				ln.odd(idx, st, d|replay.EnPassantMark(n, mv))
			}
		}
		if facts {
			if sans {
				r.SAN[idx] = fact.SAN
			}
			if moves {
				fact.Key, fact.Clock = c.pos.Key(), m.Clock
				r.Moves = append(r.Moves, fact)
			}
		}
		ln.plies = k + 1
		if variations {
			c.afterPos[idx], c.plyOf[idx], c.played[idx] = c.pos, int32(k+1), true
		}
		if c.eager || !c.quietPly() {
			c.afterPly(k + 1)
		}
	}
	c.endedOnBoard(len(c.main))
}

// unreadMove is the finding for a move text that ParseMove refused: syntax,
// or illegal-move when the text reads but names a move no position allows
// ("a8=K", "exe5"), which README files under illegal moves.
func unreadMove(raw string, err error) (Code, string) {
	if ne, ok := err.(*replay.NotationError); ok && ne.Illegal {
		return IllegalMove, fmt.Sprintf("%q is not a legal move anywhere: %s", raw, ne.Msg)
	}
	return Syntax, fmt.Sprintf("%q cannot be read as a move: %v", raw, err)
}

// The texts of the null move.
var nullSAN, nullUCI = MakeMoveText("--"), MakeMoveText("0000")

// playPlain is playMain's loop for the usual check: no move facts to
// fill, no variation to branch from, quiet plies passed over. It does
// what that loop does in that case and nothing else, so that the few values
// it keeps across its calls stay few (every call spills them): the tests
// that hold the shortcut to the eager replay (quiet_test.go) check it too,
// since the eager replay takes the general loop.
//
// A null move and the moves after an end that afterPly finds (fivefold,
// 75 moves, a dead position) are left to playFrom, which notes them: the
// two tests they would need at every ply cost 0.5 % of BenchmarkStreamCheck.
func (c *Checker) playPlain(s replay.LetterSet) {
	g, ln := c.g, &c.line
	n, pos, hist := &c.note, &c.pos, &c.hist
	// Without variations the main line is g.Moves itself: no index to follow.
	moves := g.Moves[:len(c.main)]
	for k := range moves {
		m, idx := &moves[k], int32(k)
		if m.Parts != 0 && s == replay.SAN {
			setSAN(n, m.Parts)
		} else if err := replay.ParseMoveInto(n, g.Bytes(m.Norm), s); err != nil {
			c.mateTest(idx - 1)
			if !c.rereadWord(k, idx, s, err) {
				return
			}
		}
		// TryResolve, which builds no error, as the plain replay does;
		// reread's Resolve, which finds the same moves, has the last
		// word and explains a failure. TryResolve resolves no null move.
		mv, ok := pos.TryResolve(n)
		if !ok {
			c.mateTest(idx - 1)
			if n.Null {
				c.playFrom(s, k) // reads the move again
				return
			}
			if mv, ok = c.reread(k, idx, s); !ok {
				return
			}
		}
		var d replay.Deviation
		if !pos.MarksAsIs(n, mv) {
			d = pos.MarkDeviations(n, mv)
		}
		// As in playFrom, PlayGaveCheck's answer is InCheck's.
		check := hist.PlayGaveCheck(pos, mv)
		// Most moves have no folds and neither give nor mark a check: the
		// table is looked up and CheckMarkDeviations asked only for the
		// others (3.5 instructions a ply fewer, BenchmarkCheckHot).
		st := n.Style
		if f := m.Folds & (1<<parser.NumFolds - 1); f != 0 {
			st |= foldStyles[f]
		}
		switch {
		case !check && !n.Check && !n.Mate:
			if st != 0 || d != 0 {
				ln.odd(idx, st, d|replay.EnPassantMark(n, mv))
			}
		case check && n.Check && !n.Mate && st == 0 && d == 0:
			// Marked as it is unless mate: then MateUnmarked alone, as
			// CheckMarkDeviations would say (see lineReplay.mateAt).
			ln.mateAt = idx
		default:
			if d |= replay.CheckMarkDeviations(n, pos, check); st != 0 || d != 0 {
				ln.odd(idx, st, d|replay.EnPassantMark(n, mv))
			}
		}
		if !c.quietPly() {
			if c.afterPly(k + 1); ln.endPly >= 0 {
				// The next move, read, is the first after the end.
				c.mateTest(idx)
				c.playFrom(s, k+1)
				return
			}
		}
	}
	c.mateTest(int32(len(moves)) - 1)
	ln.plies = len(c.main)
	c.endedOnBoard(len(c.main))
}

// mateTest settles the check written "+" whose mate test playPlain put
// off (lineReplay.mateAt), when it is the move last played (last): then
// the position on the board is the one after it, and a mate there is
// MateUnmarked. An earlier check was answered by the move after it.
func (c *Checker) mateTest(last int32) {
	ln := &c.line
	if at := ln.mateAt; at >= 0 && at == last {
		ln.mateAt = -1
		if !c.pos.HasLegalMove() {
			ln.odd(at, 0, replay.MateUnmarked)
		}
	}
}

// setSAN fills n with the move the parser took apart into p, not 0: what
// ParseMoveInto gives for its word under SAN (parser.SANParts), without
// reading the word again. Only the English letters read the parser's
// letters as it does; nearly every game is read under them.
func setSAN(n *replay.Notation, p parser.SANParts) {
	n.SetSAN(p.Piece(), p.FromFile(), p.FromRank(), p.ToFile(), p.ToRank(), p.Capture(), p.Promotion(),
		p.ShortCastle(), p.LongCastle(), p.Check(), p.Mate())
}

// endedOnBoard says whether the position after ply is checkmate or
// stalemate, and records it as the end of the game when nothing ended it
// earlier. Asking only where a move failed and at the last ply, rather than
// after every ply, saves a legal-move search per ply: a position with no
// legal move cannot be followed by one.
func (c *Checker) endedOnBoard(ply int) bool {
	if !c.twoKings || c.pos.HasLegalMove() {
		return false
	}
	if ln := &c.line; ln.endPly < 0 {
		ln.endPly, ln.end = ply, Stalemate
		if c.pos.InCheck() {
			ln.end = Checkmate
		}
	}
	return true
}

// quietPly says that the position just reached can be passed over by
// afterPly: it repeats no position, the 50 moves are far, and either
// neither the material nor the pawns changed or a queen or rook is still on
// the board (mayBeDead), so no draw rule and no dead position can be new.
// Most plies are such.
func (c *Checker) quietPly() bool {
	hm := c.pos.Halfmove()
	return !c.hist.Repeats() && (uint(hm-1) < 98 || hm == 0 && c.pos.ByKind(replay.Queen)|c.pos.ByKind(replay.Rook) != 0)
}

// afterPly applies the draw rules and the end of the game to the position
// after ply (0: the start position).
func (c *Checker) afterPly(ply int) {
	p, r, ln := &c.pos, c.r, &c.line
	// The first claim of either side is the report's (python-chess's
	// fact, wherever it falls); each side's first before the end, for the
	// missed claims.
	side := p.Turn() & 1
	open := ln.endPly < 0
	if ply > 0 && (r.AnyThreefoldPly < 0 || open && ln.claims[0][side] < 0) {
		// The move the claim announces is found with the claim: the
		// message names it.
		if m, ok := c.hist.ThreefoldMove(p); ok {
			if open {
				ln.claims[0][side] = int32(ply)
				c.threefoldHow(side, m)
			}
			if r.AnyThreefoldPly < 0 {
				r.AnyThreefoldPly = ply
			}
		}
	}
	if p.Halfmove() >= 99 && (r.AnyFiftyPly < 0 || open && ln.claims[1][side] < 0) {
		long := c.opt.Profile == USSR && ussrLongEnding(p)
		if c.fiftyClaimable(p, long) {
			if open {
				ln.claims[1][side] = int32(ply)
				// Short of the count, the claim is made with the move
				// that completes it, announced (FIDE 9.3.1).
				ln.fiftyAnnounced[side] = p.Halfmove() < 100 || long && p.Halfmove() < 150
			}
			if r.AnyFiftyPly < 0 {
				r.AnyFiftyPly, ln.fiftyLong = ply, long
			}
		}
	}
	if r.FivefoldPly < 0 && c.hist.IsFivefold() {
		r.FivefoldPly = ply
	}
	seventyFive := r.SeventyFivePly < 0 && p.Halfmove() >= 150 && p.IsSeventyFiveMoves()
	if seventyFive {
		r.SeventyFivePly = ply
	}
	if ln.endPly >= 0 {
		return
	}
	switch {
	case c.automaticDraws() && r.FivefoldPly == ply:
		ln.endPly, ln.end = ply, Fivefold
	case c.automaticDraws() && seventyFive:
		ln.endPly, ln.end = ply, SeventyFive
	case c.twoKings && (ply == 0 || p.Halfmove() == 0) && mayBeDead(p) && p.ProvenDeadFast() && !c.endedOnBoard(ply):
		// A mate or stalemate names the end more exactly than "dead" does.
		ln.endPly, ln.end = ply, DeadPosition
	}
}

// threefoldHow notes how side, to move in c.pos, may claim its first draw
// by repetition: by announcing m (its SAN), or on the position itself
// (NoMove). Once a side a game, when the claim is found: kept out of
// afterPly.
//
//go:noinline
func (c *Checker) threefoldHow(side replay.Color, m replay.Move) {
	ln := &c.line
	ln.threefoldLen[side] = 0
	if m != replay.NoMove {
		var buf [16]byte
		ln.threefoldLen[side] = uint8(copy(ln.threefold[side][:], c.pos.AppendSAN(buf[:0], m)))
	}
}

// fiftyClaimable is the 50-move claim, which the Soviet Code extends to 75
// moves in five endings.
func (c *Checker) fiftyClaimable(p *replay.Position, ussrLong bool) bool {
	if ussrLong {
		return p.CanClaimMoveRule(150) // claimed, as the 50 moves are, with the move that completes them
	}
	return p.CanClaimFiftyMoves()
}

// mayBeDead is a cheap filter before the dead-position analysis, which
// runs only after a capture or a pawn move (afterPly), since material and
// pawns are what make a position dead. With a queen or rook on the board a
// real game is alive; otherwise the analysis is worth its cost only with
// few men left, or when every pawn stands blocked (a pawn wall). The few
// exceptions are not worth the cost per ply; the final position of a game
// decided on time gets the full analysis all the same.
func mayBeDead(p *replay.Position) bool {
	if p.ByKind(replay.Queen)|p.ByKind(replay.Rook) != 0 {
		return false
	}
	occupied := p.Occupied()
	if occupied.Count() <= 6 {
		return true
	}
	white, black := p.Pieces(replay.White, replay.Pawn), p.Pieces(replay.Black, replay.Pawn)
	return (white<<8)&^occupied == 0 && (black>>8)&^occupied == 0
}

func (ln *lineReplay) fail(idx int32, code Code, msg string, sugg []string) {
	ln.failed, ln.failIdx, ln.failCode, ln.failMsg, ln.failSugg = true, idx, code, msg, sugg
}

func (ln *lineReplay) failResolve(idx int32, err error, p *replay.Position) {
	code, msg, sugg := resolveFinding(err, p)
	ln.fail(idx, code, msg, sugg)
	ln.noMatch = true
}

// resolveFinding turns a resolver error into a finding's code, message and
// suggestions (as SAN).
func resolveFinding(err error, p *replay.Position) (Code, string, []string) {
	re, ok := err.(*replay.ResolveError)
	if !ok {
		return IllegalMove, err.Error(), nil
	}
	code := IllegalMove
	moves := re.Suggestions
	if re.Reason == replay.Ambiguous {
		code, moves = AmbiguousMove, re.Candidates
	}
	sugg := make([]string, 0, len(moves))
	for _, m := range moves {
		sugg = append(sugg, p.SAN(m))
	}
	return code, re.Msg, sugg
}

func (ln *lineReplay) odd(idx int32, st replay.Style, d replay.Deviation) {
	if idx == ln.bishop {
		st = ln.bishopStyle
	}
	if ln.firstOdd < 0 {
		ln.firstOdd = idx
	}
	ln.nonSAN++
	ln.oddStyle |= st
	ln.oddDev |= d
}

// foldStyles[f] is the notation style of what the parser folded (f is a
// parser.Folds): the replay reads a move's Norm, where "0-0" is already
// "O-O" and a Cyrillic е4 is e4, so those departures from SAN come from the
// folds. 0 for plain SAN.
var foldStyles = func() (t [1 << parser.NumFolds]replay.Style) {
	names := [...]struct {
		f  parser.Folds
		st replay.Style
	}{
		{parser.FoldCastleZeros, replay.StyleCastleZeros},
		{parser.FoldCastleCyrillic, replay.StyleCastleCyrillic},
		{parser.FoldCastleLower, replay.StyleCastleLoose},
		{parser.FoldDash, replay.StyleUnicodeDash},
		{parser.FoldCaptureSign, replay.StyleCaptureSign},
		{parser.FoldCyrillicSquare, replay.StyleCyrillicSquare},
		{parser.FoldCapitalFile, replay.StyleCapitalFile},
		{parser.FoldOCR, replay.StyleOCRDamage},
		{parser.FoldSpaced, replay.StyleSpaced},
		{parser.FoldLeadingC, replay.StyleCyrillicSquare}, // the file c; readAsBishop drops it from a bishop's move
	}
	for f := range t {
		for _, n := range names {
			if parser.Folds(f)&n.f != 0 {
				t[f] |= n.st
			}
		}
	}
	return t
}()

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
