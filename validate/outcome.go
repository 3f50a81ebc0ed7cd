package validate

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// reportMainLine turns what the main-line replay found into findings and
// report facts: the move that could not be replayed, notation, the end of the
// game on the board, the draw rules, and the result against the board.
func (c *Checker) reportMainLine(recorded string) {
	r, ln := c.r, &c.line
	// With no move in the main line no letter set was read, whatever the
	// replay's default: "" (the games table's null) rather than "san".
	r.Notation = ""
	if len(c.main) > 0 {
		r.Notation = ln.letters.String()
	}
	r.Plies, r.MainMoves = ln.plies, len(c.main)
	r.Final, r.Replayed = c.pos, true

	if ln.gap {
		c.reportGap(ln.failIdx, ln.plies+1, len(c.main)-ln.plies-1, c.sideToMoveAt(ln.plies), "")
	} else if ln.failed {
		c.reportFailure()
	}
	if ln.nonSAN > 0 {
		c.reportNonSAN()
	}
	if ln.nullMoves > 0 {
		c.reportNullMoves()
	}

	// A dead position comes after captures and pawn moves (afterPly looks
	// there), and after a quiet move that leaves the other side one forced
	// reply (7k/5K1P/8/8/8/8/8/8 b: Kxh7 is all there is): the final
	// position of a game that did not end on the board is analysed too,
	// unless afterPly already did: after a capture or a pawn move (a clock
	// at 0), or at the start.
	if ln.endPly < 0 && !ln.failed && c.twoKings && c.pos.Halfmove() > 0 && ln.plies > 0 &&
		mayBeDead(&c.pos) && c.pos.ProvenDeadFast() {
		ln.endPly, ln.end = ln.plies, DeadPosition
	}
	if ln.endPly >= 0 {
		r.End = ln.end
		switch ln.end {
		case Checkmate:
			r.ComputedResult = winFor(c.sideToMoveAt(ln.endPly).Other())
		default:
			r.ComputedResult = "1/2-1/2"
		}
	}
	decisive := recorded == "1-0" || recorded == "0-1"
	c.reportDraws(decisive, recorded)

	if ln.afterEnd >= 0 {
		c.reportAfterEnd(recorded)
	}
	if ln.failed || ln.endPly < 0 || recorded == "*" {
		return
	}
	if ln.end == Checkmate && recorded != r.ComputedResult || ln.end != Checkmate && decisive {
		c.reportWrongResult(recorded)
	}
	c.judgeMismatch()
}

// judgeTermination files a wrong-termination where the Termination (or
// ICC's ICCResult, or without either the FICS games database's sentence
// after the last move) says the board ended the game in a way the replay
// contradicts: a checkmate or a stalemate that is not on the board, or of
// the other side, a repetition or 50 moves no claim could rest on. The
// result itself is judged by the board (wrong-result); this says that the
// tag is wrong. A time forfeit is judgeForfeit's.
//
//go:noinline
func (c *Checker) judgeTermination() {
	t, ln, r := &c.tags, &c.line, c.r
	text, pos, ply, move := t.Termination, t.TerminationPos, -1, ""
	if text == "" {
		// The FICS games database says how a game ended only in a comment
		// after its last move, in the server's words: read where it is
		// one of those sentences, and nothing else.
		m := &c.g.Moves[c.main[len(c.main)-1]]
		if text = serverEnd(c.g.Bytes(m.Comment)); text == "" {
			return
		}
		pos, ply, move = m.Pos, len(c.main), c.g.Str(m.Raw)
	}
	claim, matedWhite, known := terminationClaim(text, t.White, t.Black)
	if claim == claimNone || ln.failed {
		return
	}
	said := fmt.Sprintf("%s %q says ", t.TerminationTag, text)
	if ply >= 0 {
		said = fmt.Sprintf("the comment after the last move, %q, says ", text)
	}
	var msg string
	switch claim {
	case claimCheckmate, claimStalemate:
		want, what := Checkmate, "checkmate"
		if claim == claimStalemate {
			want, what = Stalemate, "stalemate"
		}
		// The claim is about the position the game ended in: a stalemate
		// there stands though a dead position came a move before (and
		// moves-after-end says so).
		end, endPly := ln.end, ln.endPly
		if c.twoKings && !c.pos.HasLegalMove() {
			end, endPly = Stalemate, ln.plies
			if c.pos.InCheck() {
				end = Checkmate
			}
		}
		switch {
		case endPly >= 0 && end != want:
			msg = fmt.Sprintf("%s%s ended the game, but %s %s ended it", said, what, c.endWords(end), c.after(endPly))
		case endPly < 0:
			msg = fmt.Sprintf("%s%s ended the game, but there is no %s on the board %s", said, what, what, c.after(ln.plies))
			if ln.plies > 0 {
				msg += ", the last move"
			}
		case known && colourFor(matedWhite) != c.sideToMoveAt(endPly):
			msg = fmt.Sprintf("%s%s was checkmated, but it is %s who is checkmated %s", said, colourName(!matedWhite),
				c.sideToMoveAt(endPly).Name(), c.after(endPly))
		}
	case claimRepetition:
		if r.AnyThreefoldPly < 0 && r.FivefoldPly < 0 {
			msg = said + c.opt.Profile.cite("the game was drawn by repetition, but no position occurred three times, nor could a move make one do so", articleThreefold)
		}
	case claimFifty:
		if r.AnyFiftyPly < 0 && r.SeventyFivePly < 0 {
			msg = said + c.opt.Profile.cite("the game was drawn by the 50-move rule, but no 50 moves passed without a capture or a pawn move", articleFifty)
		}
	}
	if msg != "" {
		r.Findings = append(r.Findings, Finding{Code: WrongTermination, Severity: DefaultSeverity(WrongTermination),
			Pos: pos, Ply: ply, Move: move, Message: msg})
	}
}

// The findings reportMainLine makes are built in the methods below, never
// inlined: every game runs reportMainLine, few have any of them, and its
// usual path then stays in a few cache lines (see badTagValue).

//go:noinline
func (c *Checker) reportFailure() {
	g, r, ln := c.g, c.r, &c.line
	m := &g.Moves[ln.failIdx]
	msg := ln.failMsg
	if ln.plies == 0 && ln.failCode == IllegalMove && ln.noMatch && !c.tags.HasFEN {
		msg += diagramHint(g.FirstPly)
	}
	if rest := len(c.main) - ln.plies - 1; rest > 0 {
		msg += fmt.Sprintf("; the %s after it %s not checked", countOf(rest, "move", "moves"), isAre(rest))
	}
	r.Findings = append(r.Findings, Finding{Code: ln.failCode, Severity: DefaultSeverity(ln.failCode), Pos: m.Pos,
		Ply: ln.plies + 1, Move: g.Str(m.Raw), Message: msg, Suggestions: ln.failSugg})
}

// diagramHint is what an illegal-move message adds when the first move of
// a game without a FEN cannot be played from the start position: books and
// magazines often give a game, or its last part, from a diagram whose
// position the text does not spell out ("1. Фb1!" with a knight on b1).
// A first move numbered as Black's (firstPly 2, "1... Qxh2+") makes that
// all but certain; one numbered above 1 is a fragment, which fragment
// reports before any replay.
func diagramHint(firstPly int32) string {
	const fen = " a diagram it does not give; a FEN tag with that position lets arbiter check it"
	if firstPly == 2 {
		return "; a first move numbered 1... is Black's: the record likely starts from" + fen
	}
	return "; the record may start from" + fen
}

//go:noinline
func (c *Checker) reportNonSAN() {
	g, r, ln := c.g, c.r, &c.line
	m := &g.Moves[ln.firstOdd]
	raw := g.Str(m.Raw)
	// The message is appended to one buffer and made a string once: a game
	// in twenty has this finding, and fmt.Sprintf with its boxed arguments,
	// the words joined as strings and the move's text made twice cost 8
	// allocations and 5,700 instructions a finding (callgrind,
	// BenchmarkStreamCheck).
	var buf [256]byte
	b := strconv.AppendInt(buf[:0], int64(ln.nonSAN), 10)
	b = strconv.AppendInt(append(b, " of "...), int64(ln.plies), 10)
	b = append(append(append(b, " moves "...), isAre(ln.nonSAN)...), " not in standard SAN ("...)
	ways := len(b)
	b = ln.oddStyle.AppendText(b)
	if ln.oddDev != 0 {
		if len(b) > ways {
			b = append(b, ", "...)
		}
		b = ln.oddDev.AppendText(b)
	}
	if ln.letters != replay.SAN {
		b = c.nameLetters(b, ways)
	}
	b = strconv.AppendQuote(append(b, "); the first is "...), raw)
	r.Findings = append(r.Findings, Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation),
		Pos: m.Pos, Ply: c.plyOfMain(ln.firstOdd), Move: raw, Message: string(b)})
}

// nameLetters says which national letters the game was read in, in place
// of the first "national piece letters" of b[from:]: the set as the user
// named it, or as its letters show it when it was detected.
func (c *Checker) nameLetters(b []byte, from int) []byte {
	const national = "national piece letters"
	i := bytes.Index(b[from:], []byte(national))
	if i < 0 {
		return b
	}
	i += from
	lang := c.line.letters.Language()
	if c.opt.Letters == nil {
		lang = c.line.letters.DetectedLanguage()
	}
	rest := string(b[i+len(national):])
	return append(append(append(b[:i], lang...), " piece letters"...), rest...)
}

//go:noinline
func (c *Checker) reportNullMoves() {
	g, r, ln := c.g, c.r, &c.line
	m := &g.Moves[ln.firstNull]
	r.Findings = append(r.Findings, Finding{Code: NullMove, Severity: DefaultSeverity(NullMove), Pos: m.Pos,
		Ply: c.plyOfMain(ln.firstNull), Move: g.Str(m.Raw),
		Message: fmt.Sprintf("the main line holds %s: a pass is not a move of chess", countOf(ln.nullMoves, "a null move", "null moves"))})
}

// reportAfterEnd reports the moves played after the board ended the game.
// An error, but for a dead position scored the draw it gives: the record is
// right about the result, and the moves after it change nothing. FIDE 5.2.2
// ends such a game at once, yet a pawn wall or a last piece about to be
// taken is often played on, over the board and by engines' GUIs, before
// anyone sees that no mate is left; mate and stalemate are on the board for
// both players to see, and fivefold and 75 moves are automatic draws that
// are counted, not judged (FIDE 9.6).
//
//go:noinline
func (c *Checker) reportAfterEnd(recorded string) {
	g, r, ln := c.g, c.r, &c.line
	m := &g.Moves[ln.afterEnd]
	more := len(c.main) - ln.endPly
	sev := DefaultSeverity(MovesAfterEnd)
	msg := fmt.Sprintf("the game ended by %s %s, but %s more %s", c.endWords(ln.end), c.after(ln.endPly), countOf(more, "move", "moves"), follow(more))
	if ln.end == DeadPosition && recorded == "1/2-1/2" {
		sev = Warning
		msg += ": the game is scored 1/2-1/2, the draw the dead position gives, and the moves after it change nothing (a dead position is often played on before the players see it)"
	}
	r.Findings = append(r.Findings, Finding{Code: MovesAfterEnd, Severity: sev, Pos: m.Pos,
		Ply: ln.endPly + 1, Move: g.Str(m.Raw), Message: msg})
}

// reportWrongResult reports a recorded result that the end on the board
// contradicts: a mate scored otherwise, or a draw scored as a win.
//
//go:noinline
func (c *Checker) reportWrongResult(recorded string) {
	r, ln := c.r, &c.line
	at := c.recordedResultPos()
	if ln.end == Checkmate {
		winner := c.sideToMoveAt(ln.endPly).Other()
		r.Findings = append(r.Findings, Finding{Code: WrongResult, Severity: DefaultSeverity(WrongResult), Pos: at, Ply: -1,
			Message: fmt.Sprintf("%s checkmated %s %s, but the game is scored %s, not %s", winner.Name(), winner.Other().Name(),
				c.after(ln.endPly), recorded, r.ComputedResult)})
		return
	}
	r.Findings = append(r.Findings, Finding{Code: WrongResult, Severity: DefaultSeverity(WrongResult), Pos: at, Ply: -1,
		Message: fmt.Sprintf("the game was drawn by %s %s, but it is scored %s, not 1/2-1/2", c.endWords(ln.end), c.after(ln.endPly), recorded)})
}

// judgeMismatch says, on a result-mismatch, which of the Result tag and the
// marker the board agrees with, where it decided the game: the one to keep.
// (wrong-result judges the tag, which the games are scored by.)
func (c *Checker) judgeMismatch() {
	r, board := c.r, c.r.ComputedResult
	marker := c.g.Result // in PGN form, "" when there is none
	if marker == "" || board == "*" || c.tags.Result == "" || marker == c.tags.Result {
		return
	}
	var which string
	switch board {
	case c.tags.Result:
		which = "the Result tag"
	case marker:
		which = "the marker"
	default:
		return
	}
	for i := range r.Findings {
		if f := &r.Findings[i]; f.Code == ResultMismatch {
			f.Message += "; the board (" + c.endWords(c.line.end) + " " + c.after(c.line.endPly) + ") agrees with " + which
		}
	}
}

// reportDraws reports the draw rules: the first claimable ply of threefold
// and 50 moves (and their missed claims when the game was then decided),
// fivefold and 75 moves as automatic draws where the profile has them.
// Most games reach none of them, and leave here.
func (c *Checker) reportDraws(decisive bool, recorded string) {
	if r := c.r; r.AnyThreefoldPly >= 0 || r.AnyFiftyPly >= 0 || r.FivefoldPly >= 0 || r.SeventyFivePly >= 0 {
		c.reportDrawRules(decisive, recorded)
	}
}

//go:noinline
func (c *Checker) reportDrawRules(decisive bool, recorded string) {
	r, ln := c.r, &c.line
	claims := [2]struct {
		ply             int
		code, missed    Code
		what            string
		automaticReason string
	}{
		{r.AnyThreefoldPly, ThreefoldClaimable, MissedThreefold, c.opt.Profile.rules().threefold, ""},
		{r.AnyFiftyPly, FiftyMoveClaimable, MissedFiftyMove, c.fiftyRule(), ""},
	}
	reported := [2]*int{&r.ThreefoldPly, &r.FiftyPly}
	// A claim is made by the side to move; the loser's is the one a decided
	// game missed, else the winner's is named (it went on to win).
	loser := replay.Black
	if recorded == "0-1" {
		loser = replay.White
	}
	for i, cl := range claims {
		if cl.ply < 0 || ln.endPly >= 0 && cl.ply >= ln.endPly {
			// No claim is open once the game has ended on the board, nor at
			// the ply that ended it: a position drawn (or won) by itself
			// needs no claim.
			continue
		}
		*reported[i] = cl.ply
		// Concatenated, not formatted: a game in ten has such a finding.
		msg, m := c.claimMessage(cl.ply, cl.what, i)
		f := Finding{Code: cl.code, Severity: DefaultSeverity(cl.code), Pos: m.pos, Ply: cl.ply, Move: m.text, Message: msg}
		r.Findings = append(r.Findings, f)
		if decisive {
			// The loser missed a draw; a winner who could have claimed
			// one and played on to win missed nothing: info, not a warning.
			f.Code, f.Severity = cl.missed, Info
			if lp := int(ln.claims[i][loser&1]); lp >= 0 && (ln.endPly < 0 || lp < ln.endPly) {
				f.Severity = DefaultSeverity(cl.missed)
				if lp != cl.ply {
					msg, m = c.claimMessage(lp, cl.what, i)
					f.Pos, f.Ply, f.Move = m.pos, lp, m.text
				}
			}
			winners := "" // one concatenation, one string
			if f.Severity == Info {
				winners = ": the winner's claim, who played on to win"
			}
			f.Message = msg + ", but the game went on and was scored " + recorded + winners
			r.Findings = append(r.Findings, f)
		}
	}
	if !c.automaticDraws() {
		return
	}
	autos := [2]struct {
		ply  int
		code Code
		what string
	}{
		{r.FivefoldPly, FivefoldRepetition, c.opt.Profile.rules().fivefold},
		{r.SeventyFivePly, SeventyFiveMoves, c.opt.Profile.rules().seventyFive},
	}
	for i, a := range autos {
		if a.ply < 0 || ln.endPly >= 0 && a.ply > ln.endPly {
			continue // the game had ended before: moves-after-end says so
		}
		if i == 1 && a.ply == autos[0].ply {
			continue // the same move ended it by both rules: one finding says so
		}
		m := c.moveAtPly(a.ply)
		wentOn := ln.plies > a.ply || ln.failed
		sev := Info
		msg := fmt.Sprintf("the game was drawn automatically by %s %s", a.what, c.after(a.ply))
		if i == 0 && a.ply == autos[1].ply {
			msg += ", and by " + autos[1].what + " with the same move"
		}
		switch {
		case wentOn:
			sev = Error
			msg += ", but play went on"
		case decisive:
			sev = Error
			msg += ", but it is scored " + recorded
		}
		r.Findings = append(r.Findings, Finding{Code: a.code, Severity: sev, Pos: m.pos, Ply: a.ply, Move: m.text, Message: msg})
	}
}

// claimMessage says that the side to move after ply could claim a draw by
// rule (0: repetition, what; 1: the move count, what), in one string made at
// once (a game in ten has such a finding), and how, which the position shown
// does not tell: a repetition on the position standing for the third time,
// or by announcing a move that would repeat one (FIDE 9.2.1.1), which it
// names; the move count with the move that completes it, announced (9.3.1).
// It returns the move of ply too (moveAtPly's), whose text is the
// message's own bytes, where appendAfter wrote it: one string for both.
func (c *Checker) claimMessage(ply int, what string, rule int) (string, placedMove) {
	var buf [192]byte
	side := c.sideToMoveAt(ply)
	b := append(append(append(append(buf[:0], side.Name()...), " could claim a draw by "...), what...), ' ')
	b = c.appendAfter(b, ply)
	moveEnd := len(b)
	ln := &c.line
	switch n := ln.threefoldLen[side&1]; {
	case rule == 1 && ln.fiftyAnnounced[side&1]:
		b = append(b, ", by announcing a move that neither captures nor moves a pawn, the last of the count"...)
	case rule == 1:
	case n > 0:
		b = c.appendMoveLabel(append(b, ", by announcing "...), ply+1)
		b = append(append(b, ln.threefold[side&1][:n]...), ", whose position would stand for the third time"...)
	default:
		b = append(b, ", whose position stands for the third time"...)
	}
	msg := string(b)
	if ply <= 0 || ply > len(c.main) {
		return msg, placedMove{pos: c.g.Start}
	}
	mv := &c.g.Moves[c.main[ply-1]]
	return msg, placedMove{msg[moveEnd-int(mv.Raw.Len) : moveEnd], mv.Pos}
}

// reportGap reports that the replay of a line stops at move idx, which a
// move missing before it gives to the other side than turn, the side to
// move at ply: rest moves follow it unchecked. The parser's problem about
// the gap, at the move number or the unreadable word, becomes that one
// finding; without it (past the cap on problems) a finding of its own says
// so at the move.
func (c *Checker) reportGap(idx int32, ply, rest int, turn replay.Color, variation string) {
	g, r := c.g, c.r
	m := &g.Moves[idx]
	var label []byte
	if m.Number != 0 {
		label = strconv.AppendInt(label, int64(m.Number), 10)
		if turn == replay.White {
			label = append(label, "..."...)
		} else {
			label = append(label, '.')
		}
	} else {
		label = c.appendMoveLabel(label, ply+1)
	}
	label = append(append(label, ' '), g.Str(m.Raw)...)
	what := string(label) + " is not checked"
	if rest > 0 {
		what = fmt.Sprintf("%s and the %s after it are not checked", label, countOf(rest, "move", "moves"))
	}
	if k := int(m.Gap) - 1; m.Gap != parser.GapUnlinked && k < len(g.Problems) && k < len(r.Findings) {
		f := &r.Findings[k] // Check files the parser's problems first, in order
		if m.Number != 0 {
			f.Message += "; the replay stops there: " + what
		} else {
			f.Message += ", where a move was expected: the replay stops after it, and " + what
		}
		f.Move, f.Variation = g.Str(m.Raw), variation
		return
	}
	r.Findings = append(r.Findings, Finding{Code: Syntax, Severity: DefaultSeverity(Syntax), Pos: m.Pos, Ply: -1,
		Move: g.Str(m.Raw), Variation: variation,
		Message: "a move is missing before " + string(label) + ", which cannot be replayed as written: " + what})
}

// gapPlayable says that move idx, which the parser marks as given to the other
// side by a gap (parser.Move.Gap), is legal for the side to move in pos all
// the same: then the gap is more likely a slip in its number, or a word of
// junk, than a move missing ("5. O-O 6. Be7 6. Re1"), and the move is played
// as placed, as it was before gaps were marked. A move missing shows as a
// move the side to move cannot make ("2. Nf3 nc6 3. Bb5": Bb5 for Black).
//
// Not so after an unreadable word when a number follows the move on its
// line: the parser took no turn back there, so the number counts the word
// as a move, and the move played for the side to move would put every move
// after it on the other side ("3. Qxx7 Nf3 4. d3": d3 made up for Black).
func gapPlayable(pos *replay.Position, g *parser.Game, idx int32, s replay.LetterSet) bool {
	m := &g.Moves[idx]
	if m.Number == 0 && numberedNext(g, idx) {
		return false
	}
	n, _, ok := readMove(pos, g.Bytes(m.Norm), m.Folds, s)
	return ok && !n.Null
}

// numberedNext says that the move after move idx on its line has a move
// number written before it.
func numberedNext(g *parser.Game, idx int32) bool {
	depth := g.Moves[idx].Depth
	for j := int(idx) + 1; j < len(g.Moves); j++ {
		if n := &g.Moves[j]; n.Prev == idx && n.Depth == depth {
			return n.Number != 0
		}
	}
	return false
}

// gapPlayed rewrites the parser's problem at a gap whose move was played
// (gapPlayable): no move is missing before a number that was only wrong.
func (c *Checker) gapPlayed(m *parser.Move) {
	k := int(m.Gap) - 1
	if m.Gap == parser.GapUnlinked || m.Number == 0 || k >= len(c.g.Problems) || k >= len(c.r.Findings) {
		return // an unreadable word before it: its problem says enough
	}
	f := &c.r.Findings[k]
	if cut := strings.LastIndex(f.Message, ": "); cut > 0 && strings.HasSuffix(f.Message, "missing before it") {
		f.Message = f.Message[:cut] + ": " + c.g.Str(m.Raw) + " is legal for the side to move and is replayed as its move"
	}
}

func (c *Checker) fiftyRule() string {
	if c.opt.Profile == USSR && c.line.fiftyLong {
		return "the 75-move rule of the Soviet Code for this ending"
	}
	if c.opt.Profile == USSR {
		return "the 50-move rule of the Soviet Code"
	}
	return c.opt.Profile.rules().fifty
}

// replayVariations replays every side line from its branch point under the
// main line's letter set. A move that cannot be replayed is reported with
// the variation's path, and the rest of that line is skipped.
func (c *Checker) replayVariations() {
	g := c.g
	c.side.built = false // the last game's
	if len(c.main) == len(g.Moves) {
		return
	}
	s := c.line.letters
	gaps := g.Has&parser.HasGap != 0
	for i := range g.Moves {
		m := &g.Moves[i]
		if m.Depth == 0 {
			continue
		}
		base, ply := &c.start, int32(1)
		if m.Prev >= 0 {
			if !c.played[m.Prev] {
				continue
			}
			base, ply = &c.afterPos[m.Prev], c.plyOf[m.Prev]+1
		}
		if gaps && m.Gap != 0 && gapPlayable(base, g, int32(i), s) {
			c.gapPlayed(m)
		} else if gaps && m.Gap != 0 {
			c.reportGap(int32(i), int(ply), c.movesAfter(i), base.Turn(), c.variationPath(int32(i)))
			continue // and the moves after it, which follow a move not played
		}
		n, err := replay.ParseMove(g.Bytes(m.Norm), s)
		var mv replay.Move
		how := asWritten
		if err != nil || !n.Null {
			mv, how, err = reread(base, g.Bytes(m.Norm), m.Folds, s, &n, err)
		}
		var code Code
		var msg string
		var sugg []string
		switch {
		case how == unread:
			code, msg = unreadMove(g.Str(m.Raw), err)
		case n.Null:
			c.afterPos[i] = *base
			c.afterPos[i].PlayNull()
			if c.opt.SAN {
				c.r.SAN[i] = nullSAN
			}
		case err != nil:
			code, msg, sugg = resolveFinding(err, base)
		default:
			if c.opt.SAN {
				c.r.SAN[i].fit(base.AppendSAN(c.r.SAN[i].b[:0], mv))
			}
			c.afterPos[i] = *base
			c.afterPos[i].Play(mv)
		}
		if code != "" {
			if op, n := g.LineOfPlayOf(int32(i)); n > 0 {
				// The variation names the line by its first move: which
				// move of it failed is the reader's first question.
				msg += fmt.Sprintf("; it is move %d of the %s", n, op)
			}
			if rest := c.movesAfter(i); rest > 0 {
				msg += fmt.Sprintf("; the %s after it %s not checked", countOf(rest, "move", "moves"), isAre(rest))
			}
			c.r.Findings = append(c.r.Findings, Finding{Code: code, Severity: DefaultSeverity(code), Pos: m.Pos, Ply: int(ply),
				Move: g.Str(m.Raw), Variation: c.variationPath(int32(i)), Message: msg, Suggestions: sugg})
			continue
		}
		c.plyOf[i], c.played[i] = ply, true
	}
}

// checkTime runs the clock checks over the main line and judges a game
// decided on time against what the final position allows.
func (c *Checker) checkTime(recorded string, replayed bool) {
	r, g := c.r, c.g
	// A record with no clock reading, no Termination and no comment after
	// its last move, as most are, has nothing for the clocks to find and
	// nothing that says it was lost on time (DetectForfeit reads the tag,
	// that comment and the clocks): its time facts are the tag's, and the
	// report's reset left the rest (no clock, none lost). The clock checker
	// is 640 bytes to set up and step through for nothing (callgrind,
	// BenchmarkStreamCheck: 56 M instructions of 10.5 G).
	if g.Has&parser.HasClocks == 0 && len(g.UnreadClocks) == 0 && c.tags.Termination == "" &&
		(len(c.main) == 0 || g.Moves[c.main[len(c.main)-1]].Comment.Len == 0) {
		r.TimeControl, r.TimeCategory = c.tags.TimeControlText, c.tags.TimeControl.Category()
		return
	}
	var start ClockStart
	if replayed {
		start = ClockStart{BlackFirst: c.start.Turn() == replay.Black, MoveNumber: c.start.Fullmove()}
	} else if c.tags.HasFEN {
		// Not replayed (a variant, a FEN that cannot be read): the FEN's
		// side and move number still say whose clocks the readings are.
		start = fenClockStart(c.tags.FEN)
	}
	if c.tags.TimeControl.Kind == TimeControlTimed && c.g.Has&parser.HasClocks != 0 && start.MoveNumber <= 1 {
		c.minutesTimeControl(start)
	}
	clocks := StartClocks(c.g, &c.tags.TimeControl, start)
	// The time a lichess player may give only explains a clock that grows:
	// a game with no reading (most) has its Site read for nothing.
	if c.g.Has&parser.HasClocks != 0 && fromLichess(c.tags.Site) {
		clocks.GivenTime()
	}
	clocks.Steps(c.main)
	n := len(r.Findings)
	r.Findings = clocks.Finish(r.Findings)
	// variationPath counts moves from the start position the replay set up.
	if u := c.g.UnreadClocks; replayed && len(u) > 0 && c.g.Moves[u[0].Move].Depth > 0 {
		r.Findings[n].Variation = c.variationPath(u[0].Move)
	}
	forfeit, said := DetectForfeit(&c.tags, recorded, &clocks, nil)
	if forfeit.Lost || len(said) > 0 {
		forfeit = c.judgeForfeit(forfeit, said, recorded, replayed)
	}
	FillTime(r, &c.tags, &clocks, forfeit)
}

// minutesTimeControl reads the TimeControl in minutes when the first
// clock readings say it counts them (TimeControl.minutesFit, for each
// side's first reading there is), and says so once at the tag: the clocks,
// the category and the forfeit checks then follow the control the players
// had, not a clock-inconsistent per game.
//
//go:noinline
func (c *Checker) minutesTimeControl(start ClockStart) {
	tc := &c.tags.TimeControl
	if text := c.tags.TimeControlText; strings.IndexFunc(text, unicode.IsLetter) >= 0 || strings.ContainsAny(text, `'"`) {
		return // units written out ("1 min + 30 sec") mean what they say
	}
	// Each side's reading after its move 1: the first two plies, or the
	// first alone when Black moves first (White's first move is then move 2).
	first := int64(-1)
	for k, i := range c.main[:min(len(c.main), 2)] {
		if k == 1 && start.BlackFirst {
			break
		}
		r := c.g.Moves[i].Clock
		if r == -1 {
			continue
		}
		if !tc.minutesFit(r) {
			return
		}
		first = max(first, r)
	}
	if first < 0 {
		return
	}
	*tc = tc.inMinutes()
	msg := fmt.Sprintf("TimeControl %q counts minutes, as the clock after move 1 shows (%s): the PGN standard counts seconds, write %s; "+
		"the clocks are checked against %s", c.tags.TimeControlText, FormatClock(first), tc.String(), tc.String())
	// A form already reported ("90 + 30": write 90+30) gets this message
	// instead: one finding at the tag, naming the form to write.
	for i := range c.r.Findings {
		if f := &c.r.Findings[i]; f.Code == TagFormat && f.Pos == c.tags.TimeControlPos {
			f.Message = msg
			return
		}
	}
	c.r.Findings = append(c.r.Findings, Finding{Code: TagFormat, Severity: DefaultSeverity(TagFormat), Pos: c.tags.TimeControlPos, Ply: -1,
		Message: msg})
}

// fromLichess says whether a Site tag names a lichess game
// ("https://lichess.org/GBnt7SxG"), as every game of its exports does. A
// broadcast's or study's address ("https://lichess.org/broadcast/...") is
// not one: a broadcast relays an over-the-board game from DGT boards, where
// no one can give time at a press, and its clocks keep their warning.
func fromLichess(site string) bool {
	_, path, ok := strings.Cut(site, "lichess.org/")
	return ok && !strings.HasPrefix(path, "broadcast/") && !strings.HasPrefix(path, "study/")
}

// judgeForfeit files DetectForfeit's findings, said, for a game it found
// lost on time, and judges that loss against the board: it returns the
// forfeit that stands. Few games have one: kept out of checkTime, which
// every game runs (see badTagValue).
//
//go:noinline
func (c *Checker) judgeForfeit(forfeit Forfeit, said []Finding, recorded string, replayed bool) Forfeit {
	r := c.r
	if ln := &c.line; replayed && forfeit.Lost && ln.endPly >= 0 && (ln.end == Checkmate || ln.end == Stalemate) {
		// The board ended the game before any flag could: not a loss on time.
		if !forfeit.FromClock {
			r.Findings = append(r.Findings, Finding{Code: WrongTermination, Severity: DefaultSeverity(WrongTermination),
				Pos: c.tags.TerminationPos, Ply: -1, Message: fmt.Sprintf("%s %q says a flag decided the game, but %s %s ended it, "+
					"and %s", c.tags.TerminationTag, c.tags.Termination, c.endWords(ln.end), c.after(ln.endPly), c.opt.Profile.cite(c.endWords(ln.end)+" ends a game at once", endRule(ln.end)))})
		}
		forfeit = Forfeit{}
	} else {
		r.Findings = append(r.Findings, said...)
	}
	// A game the board ended (mate, stalemate, a dead position, an automatic
	// draw) was not decided by the flag: wrong-result judges its score.
	if replayed && !c.line.failed && c.line.endPly < 0 && forfeit.Lost {
		at := c.recordedResultPos()
		p := &c.pos
		fp := FinalPosition{
			CanMate: func(white bool) (bool, bool) { return canMate(p, colourFor(white), recorded) },
			BareKing: func(white bool) bool {
				col := colourFor(white)
				return p.ByColor(col) == p.Pieces(col, replay.King)
			},
		}
		if f, ok := TimeoutVerdict(c.opt.Profile, forfeit, recorded, at, fp); ok {
			if c.opt.Profile != USSR {
				f = serverScoredTimeout(f, onlineServer(c.g), p, forfeit)
			}
			r.Findings = append(r.Findings, f)
		}
	}
	return forfeit
}

// fenClockStart reads where the moves start from a FEN's side-to-move and
// fullmove fields, for a game whose position was not set up; a field that
// cannot be read leaves the standard start's value.
func fenClockStart(fen string) ClockStart {
	var start ClockStart
	f := strings.Fields(fen)
	if len(f) >= 2 && (f[1] == "b" || f[1] == "B") {
		start.BlackFirst = true
	}
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			start.MoveNumber = n
		}
	}
	return start
}

// canMate answers "could c still mate" for a game decided on time: the
// cheap layers first; the bounded helpmate search only where its answer can
// change the verdict, that is for a draw on time (could the winner have
// mated?) and for a win by a side with minor pieces at most. With a pawn,
// rook or queen left, a side the cheap layers did not show unable can mate
// in every real game; the answer is then given as not sure, which reports
// nothing.
func canMate(p *replay.Position, c replay.Color, recorded string) (can, sure bool) {
	switch p.CanMateFast(c) {
	case replay.Yes:
		return true, true
	case replay.No:
		return false, true
	}
	heavy := p.Pieces(c, replay.Pawn)|p.Pieces(c, replay.Rook)|p.Pieces(c, replay.Queen) != 0
	if heavy && recorded != "1/2-1/2" {
		return true, false
	}
	v := p.CanMate(c)
	return v != replay.No, v != replay.Unknown
}

// serverTimeoutRules states, by server, the rule serverScoredTimeout
// judges a timeout by, as its messages quote it.
var serverTimeoutRules = map[string]string{
	"chess.com": "a timeout is a draw when the side with time has only a king, one bishop, one knight or two knights, whatever the other side has",
	"lichess":   "a timeout is a draw when the side with time has only a king, one knight against a king and queens, or bishops of one square colour against no knight or pawn; earlier, any single minor piece",
}

// serverScoredTimeout lowers to info a verdict on a game decided on time
// that FIDE 6.9 and the server the game was played on score differently,
// when the recorded result is the server's by its own published rule: the
// server, not a person, wrote that result, and it is right where the game
// was played. The finding stays (who rescores by FIDE needs it), and its
// message names the server's rule. Any other verdict is returned as it is.
//
// chess.com (support article "My opponent ran out of time, why was it a
// draw?"; its 2013 live-chess notes: "single minor piece or two knights")
// looks only at the material of the side with time: a lone king, one
// bishop, one knight or two knights draw, whatever the flagged side has
// (K+N against K+P is a draw there, though FIDE 6.9 gives the knight the
// win: the pawn can block its own king).
//
// lichess (scalachess InsufficientMatingMaterial(board, color)): a lone
// king draws; one knight draws only against a king and queens; bishops
// alone draw unless bishops of both square colours are on the board or the
// flagged side has a knight or a pawn. Its older rule, in force for the
// database's early years, drew any single minor piece, so a result either
// rule gives is the server's.
func serverScoredTimeout(f Finding, server string, p *replay.Position, forfeit Forfeit) Finding {
	if f.Code != WrongResult && f.Code != TimeoutInsufficientMaterial {
		return f
	}
	drawOn := func(withTime replay.Color) (draw, win bool) {
		switch server {
		case "chess.com":
			d := chesscomTimeoutDraw(p, withTime)
			return d, !d
		case "lichess":
			now, before := lichessTimeoutDraw(p, withTime), kingAndOneMinor(p, withTime)
			return now || before, !now || !before
		}
		return false, false
	}
	winner := colourFor(!forfeit.White)
	draw, win := drawOn(winner)
	if forfeit.Either {
		d, w := drawOn(winner ^ 1)
		draw, win = draw || d, win || w
	}
	rule := serverTimeoutRules[server]
	switch {
	case f.Code == WrongResult && draw:
		f.Message += fmt.Sprintf("; but the game was played on %s, whose rule scores it 1/2-1/2 as recorded (%s)", server, rule)
	case f.Code == TimeoutInsufficientMaterial && win:
		f.Message += fmt.Sprintf("; but the game was played on %s, whose rule scores it as recorded (%s)", server, rule)
	case server != "" && f.Code == WrongResult:
		// Said, so that no one looks for a server's rule behind the draw.
		f.Message += fmt.Sprintf("; %s, where the game was played, gives the win too (%s)", server, rule)
		return f
	default:
		return f
	}
	f.Severity = Info
	return f
}

// nonKings is the side's pieces other than its king.
func nonKings(p *replay.Position, c replay.Color) replay.Bitboard {
	return p.ByColor(c) &^ p.Pieces(c, replay.King)
}

// chesscomTimeoutDraw is chess.com's rule (see serverScoredTimeout).
func chesscomTimeoutDraw(p *replay.Position, withTime replay.Color) bool {
	knights := p.Pieces(withTime, replay.Knight)
	return kingAndOneMinor(p, withTime) || nonKings(p, withTime) == knights && knights.Count() == 2
}

// lichessTimeoutDraw is lichess's rule of today (see serverScoredTimeout).
func lichessTimeoutDraw(p *replay.Position, withTime replay.Color) bool {
	rest, flagged := nonKings(p, withTime), withTime^1
	switch bishops := p.Pieces(withTime, replay.Bishop); {
	case rest == 0:
		return true
	case rest == p.Pieces(withTime, replay.Knight):
		return rest.Count() == 1 && nonKings(p, flagged) == p.Pieces(flagged, replay.Queen)
	case rest == bishops:
		all := bishops | p.Pieces(flagged, replay.Bishop)
		bothColours := all&lightSquares != 0 && all&^lightSquares != 0
		return !bothColours && p.Pieces(flagged, replay.Knight)|p.Pieces(flagged, replay.Pawn) == 0
	}
	return false
}

// kingAndOneMinor says the side has a lone king or a king and one knight or
// bishop: lichess's earlier rule drew a timeout against that.
func kingAndOneMinor(p *replay.Position, c replay.Color) bool {
	rest := nonKings(p, c)
	return rest.Count() <= 1 && rest&^(p.Pieces(c, replay.Knight)|p.Pieces(c, replay.Bishop)) == 0
}

// lightSquares is the set of light squares (b1, a2, ...); a1 is dark.
const lightSquares replay.Bitboard = 0x55aa55aa55aa55aa

// ussrLongEnding reports the five endings in which the Soviet Code allows
// 75 moves instead of 50: K+R+B v K+R; K+N+N v K+P; K+Q+P (the pawn one step
// from promoting) v K+Q; K+Q v K+N+N; K+B+B v K+B.
func ussrLongEnding(p *replay.Position) bool {
	type material struct{ p, n, b, r, q int }
	count := func(c replay.Color) material {
		return material{p.Pieces(c, replay.Pawn).Count(), p.Pieces(c, replay.Knight).Count(),
			p.Pieces(c, replay.Bishop).Count(), p.Pieces(c, replay.Rook).Count(), p.Pieces(c, replay.Queen).Count()}
	}
	w, b := count(replay.White), count(replay.Black)
	for _, side := range [2]replay.Color{replay.White, replay.Black} {
		strong, weak := w, b
		if side == replay.Black {
			strong, weak = b, w
		}
		switch {
		case strong == material{b: 1, r: 1} && weak == material{r: 1},
			strong == material{n: 2} && weak == material{p: 1},
			strong == material{q: 1} && weak == material{n: 2},
			strong == material{b: 2} && weak == material{b: 1}:
			return true
		case strong == material{q: 1, p: 1} && weak == material{q: 1}:
			seventh := replay.Bitboard(0xFF) << 48
			if side == replay.Black {
				seventh = replay.Bitboard(0xFF) << 8
			}
			if p.Pieces(side, replay.Pawn)&seventh != 0 {
				return true
			}
		}
	}
	return false
}

// sideToMoveAt is the side to move after ply moves of the main line.
func (c *Checker) sideToMoveAt(ply int) replay.Color {
	return c.start.Turn() ^ replay.Color(ply&1)
}

// moveLabel is the move number of main-line ply ply as written before its
// move: "12." for White, "12..." for Black.
func (c *Checker) moveLabel(ply int) string { return string(c.appendMoveLabel(nil, ply)) }

func (c *Checker) appendMoveLabel(b []byte, ply int) []byte {
	half := ply - 1
	if c.start.Turn() == replay.Black {
		half++
	}
	b = strconv.AppendInt(b, int64(c.start.Fullmove()+half/2), 10)
	if half%2 == 0 {
		return append(b, '.')
	}
	return append(b, "..."...)
}

// after says "after 23...Kg7" for the position after ply, "in the start
// position" for ply 0.
func (c *Checker) after(ply int) string {
	var buf [40]byte
	return string(c.appendAfter(buf[:0], ply))
}

func (c *Checker) appendAfter(b []byte, ply int) []byte {
	if ply <= 0 {
		return append(b, "in the start position"...)
	}
	b = c.appendMoveLabel(append(b, "after "...), ply)
	if ply <= len(c.main) {
		b = append(b, c.g.Bytes(c.g.Moves[c.main[ply-1]].Raw)...)
	}
	return b
}

// placedMove is a main-line move's text and place, for messages.
type placedMove struct {
	text string
	pos  parser.Pos
}

// moveAtPly is the main-line move of ply (the game's start for ply 0).
func (c *Checker) moveAtPly(ply int) placedMove {
	if ply <= 0 || ply > len(c.main) {
		return placedMove{pos: c.g.Start}
	}
	mv := &c.g.Moves[c.main[ply-1]]
	return placedMove{c.g.Str(mv.Raw), mv.Pos}
}

// plyOfMain is the ply of the main-line move at index idx of g.Moves.
func (c *Checker) plyOfMain(idx int32) int {
	// The main line's indexes rise: one that stands at its own place has
	// every one before it there too (a game without variations, nearly
	// every one), and is found without the search.
	if int(idx) < len(c.main) && c.main[idx] == idx {
		return int(idx) + 1
	}
	for k, i := range c.main {
		if i == idx {
			return k + 1
		}
	}
	return -1
}

func winFor(c replay.Color) string {
	if c == replay.White {
		return "1-0"
	}
	return "0-1"
}

func colourFor(white bool) replay.Color {
	if white {
		return replay.White
	}
	return replay.Black
}

// recordedResultPos is where the recorded result (CheckResultRecord's) is
// written: the Result tag when it was readable, else the marker after the
// moves.
func (c *Checker) recordedResultPos() parser.Pos {
	if c.tags.Result != "" {
		return c.tags.ResultPos
	}
	return c.g.ResultPos
}

// endRule is the rule by which a checkmate or a stalemate ends the game.
func endRule(e End) article {
	if e == Checkmate {
		return articleCheckmate
	}
	return articleStalemate
}

// endWords names an end on the board, a dead position with the article of
// the profile's rule book that ends the game there.
func (c *Checker) endWords(e End) string {
	switch e {
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case DeadPosition:
		return c.opt.Profile.cite("a dead position", articleDeadPosition)
	case Fivefold:
		return "fivefold repetition"
	case SeventyFive:
		return "the 75-move rule"
	}
	return e.String()
}

// countOf writes "1 move" or "3 moves" ("a null move" when one reads better).
func countOf(n int, one, many string) string {
	if n == 1 {
		if strings.HasPrefix(one, "a ") {
			return one
		}
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func follow(n int) string {
	if n == 1 {
		return "follows"
	}
	return "follow"
}
