package validate

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/arbiter-chess/arbiter/parser"
)

// Forfeit is what the record says about a flag that decided the game.
type Forfeit struct {
	Lost      bool // a flag fell and ended the game (scored as a loss, or a draw when the opponent could not mate)
	White     bool // when Lost: the side that ran out of time
	FromClock bool // found from a clock at zero, not stated by the Termination tag
	// Either is set for a game drawn on time whose side to move is named
	// (White) while the other side's clock reads 0:00:00 after the last
	// move: a zero proves no fall (sources round down), but the flag may as
	// well be that side's, and a verdict on the draw must hold for both.
	Either bool
}

// Termination tags, sorted by what they say about time.
const (
	termNone  = iota // absent or saying nothing ("", "?", "unterminated")
	termTime         // a flag decided the game
	termOther        // decided otherwise: resignation, mate, agreement, adjudication...
)

// timePhrases are the lower-case ASCII phrases of Termination tags that mean a
// flag decided the game: lichess "Time forfeit", chess.com "X won on time" and
// "Game drawn by timeout vs insufficient material", and what people type.
var timePhrases = [...]string{"time forfeit", "time-forfeit", "forfeit on time", "on time", "timeout", "time out",
	"flag fell", "flag fall", "flagged", "out of time", "zeitüberschreitung"}

// cyrillicTimePhrases are Russian ones ("по времени": on time; "просрочка":
// overstepping the time), matched with Unicode case folding.
var cyrillicTimePhrases = [...]string{"по времени", "просроч"}

// timeWords are whole Termination values, in any case, that mean a flag
// decided the game though no phrase above is in them: the bare word, and the
// status codes of the lichess and chess.com APIs that converters copy into
// the tag ("outoftime", "timevsinsufficient").
var timeWords = [...]string{"time", "outoftime", "timeforfeit", "timevsinsufficient"}

// terminationKind sorts a Termination value and, for chess.com's "X won on
// time" and "X lost on time", returns X and whether X won. players are the
// White and Black tags: chess.com starts the value with a player's name ("X
// won by resignation", "X lost ..."), and a name holding a time phrase
// ("TimeoutKing") says nothing about the clock, so the phrases are looked for
// after it.
func terminationKind(s string, players ...string) (kind int, name string, won bool) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "?", "-", "Unknown", "unknown", "unterminated", "Unterminated":
		return termNone, "", false
	case "Normal", "normal", "Abandoned", "abandoned", "Rules infraction", "adjudication":
		return termOther, "", false
	case "Time forfeit", "time forfeit":
		return termTime, "", false
	}
	for _, w := range timeWords {
		if strings.EqualFold(s, w) {
			return termTime, "", false
		}
	}
	rest := s
	for _, p := range players {
		if p != "" && len(p) < len(s) && len(s)-len(p) < len(rest) && strings.EqualFold(s[:len(p)], p) &&
			(hasPrefixFoldASCII(s[len(p):], " won") || hasPrefixFoldASCII(s[len(p):], " lost")) {
			rest = s[len(p):] // the longer name when one is the start of the other
		}
	}
	for _, p := range timePhrases {
		if containsFoldASCII(rest, p) {
			if containsFoldASCII(rest, "both ") {
				// "Both players ran out of time" (FICS, ICC): both flags
				// fell, and neither side lost on time; servers draw it.
				return termOther, "", false
			}
			if i := strings.Index(s, " won on time"); i > 0 {
				return termTime, s[:i], true
			}
			if i := strings.Index(s, " lost on time"); i > 0 {
				return termTime, s[:i], false
			}
			return termTime, "", false
		}
	}
	if hasNonASCII(rest) {
		for _, p := range cyrillicTimePhrases {
			if containsFold(rest, p) {
				return termTime, "", false
			}
		}
	}
	return termOther, "", false
}

// What a Termination says the board did, for judgeTermination.
const (
	claimNone       = iota
	claimCheckmate  // "White checkmated" (ICC: White was mated), "X won by checkmate" (chess.com)
	claimStalemate  // "Game drawn by stalemate"
	claimRepetition // "Game drawn by repetition"
	claimFifty      // "Game drawn by the 50 move rule"
)

// terminationClaim reads what a Termination value says ended the game on
// the board, and, for a checkmate, which side was mated where the value
// names it: ICC and FICS name the mated side ("Black checkmated"),
// chess.com the winner ("X won by checkmate"). "mate in 3", a puzzle's
// remark, claims nothing.
func terminationClaim(s, white, black string) (claim int, matedWhite, known bool) {
	switch {
	case containsFoldASCII(s, "checkmate"):
		claim = claimCheckmate
	case containsFoldASCII(s, "stalemate"):
		return claimStalemate, false, false
	case containsFoldASCII(s, "repetition"):
		return claimRepetition, false, false
	case containsFoldASCII(s, "50 move"), containsFoldASCII(s, "50-move"), containsFoldASCII(s, "fifty"):
		return claimFifty, false, false
	default:
		return claimNone, false, false
	}
	s = strings.TrimSpace(s)
	switch {
	case hasPrefixFoldASCII(s, "white checkmated"):
		return claim, true, true
	case hasPrefixFoldASCII(s, "black checkmated"):
		return claim, false, true
	}
	for i, p := range [2]string{white, black} {
		if p != "" && len(p) < len(s) && strings.EqualFold(s[:len(p)], p) && hasPrefixFoldASCII(s[len(p):], " won") {
			return claim, i == 1, true // the winner named: the other side was mated
		}
	}
	return claim, false, false
}

// serverEnds are the sentences in which the FICS games database (and ICC, in
// ICCResult) says how the board ended a game, written as the whole comment
// after the last move ("{Black checkmated} 1-0").
var serverEnds = [...]string{"white checkmated", "black checkmated", "game drawn by stalemate",
	"game drawn by repetition", "game drawn by the 50 move rule"}

// serverEnd returns comment, trimmed, when it is one of serverEnds in any
// case, else "": an annotator's words are no server's record.
func serverEnd(comment []byte) string {
	c := bytes.TrimSpace(comment)
	if len(c) > len("game drawn by the 50 move rule") {
		return ""
	}
	for _, e := range serverEnds {
		if len(c) == len(e) && hasPrefixFoldASCII(string(c), e) {
			return string(c)
		}
	}
	return ""
}

// containsFoldASCII reports whether s contains sub, a lower-case phrase, in
// any ASCII case, without allocating.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && lowerASCII(s[i+j]) == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFoldASCII reports whether s begins with prefix, a lower-case
// phrase, in any ASCII case.
func hasPrefixFoldASCII(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lowerASCII(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// containsFold is the Unicode-folding form, for the rare non-ASCII value.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// DetectForfeit decides whether a flag decided the game and whose it was, and
// appends a time-forfeit finding when one did. result is the recorded result
// (CheckResultRecord's); c has stepped through the main line.
//
// The Termination tag decides when it says anything: a time phrase means a
// forfeit, any other text (resignation, "Normal", adjudication) means none,
// whatever the clocks show. Only without a telling tag do the clocks speak: a
// side scored as lost that made the last move and whose clock then read zero
// (or whose flag the clocks prove fell on that move) lost on time; a zero
// earlier in the game followed by play is flag-fall-unclaimed, not the end. Whose flag fell: the side named by
// chess.com's "X won on time", else the side scored as lost, else the side
// whose flag the clocks show fell on its last reading (not one it played on
// after), else the side to move at the end (its clock
// was running; a zero the other side's clock read on its last move does not
// outweigh that).
func DetectForfeit(t *Tags, result string, c *ClockChecker, out []Finding) (Forfeit, []Finding) {
	kind, name, nameWon := terminationKind(t.Termination, t.White, t.Black)
	switch kind {
	case termTime:
		f := Forfeit{Lost: true}
		named := name != "" && (strings.EqualFold(name, t.White) || strings.EqualFold(name, t.Black))
		decisive := result == "1-0" || result == "0-1"
		// ICC's "White forfeits on time" names the side that lost.
		saidWhite, said := false, false
		if name == "" {
			saidWhite, said = forfeitNamed(t.Termination, t.White, t.Black)
		}
		switch {
		case named && decisive && strings.EqualFold(name, t.White) != (nameWon == (result == "1-0")):
			// The name and the score disagree: the score is the record's,
			// the tag a remark on it that is wrong somewhere.
			f.White = result == "0-1"
			out = append(out, terminationAgainstResult(t, strings.EqualFold(name, t.White), nameWon, result))
		case name != "" && strings.EqualFold(name, t.White):
			f.White = !nameWon
		case name != "" && strings.EqualFold(name, t.Black):
			f.White = nameWon
		case said && decisive && saidWhite != (result == "0-1"):
			f.White = result == "0-1"
			out = append(out, terminationAgainstResult(t, saidWhite, false, result))
		case said:
			f.White = saidWhite
		case decisive:
			f.White = result == "0-1"
		default:
			// A flag falls on its owner's move, so the side to move at
			// the end: the other side's last reading of 0:00:00 proves
			// nothing (lichess rounds down; that move was completed).
			// A fall the clocks prove names the side only when it is
			// that side's last reading: a flag play passed over, the
			// side moving on after it, did not end the game.
			f.White = c.WhiteToMove()
			if w, b := c.FellAtLastReading(true), c.FellAtLastReading(false); w != b {
				f.White = w
			} else if mover := !f.White; c.LastClock(mover) == 0 && c.LastReadingPly(mover) == c.ply {
				f.Either = true
			}
		}
		msg := fmt.Sprintf("%s lost on time (%s %q)", colourName(!f.White), t.TerminationTag, t.Termination)
		switch {
		case result == "1/2-1/2" && f.Either:
			msg = fmt.Sprintf("%s (to move) or %s (whose clock reads 0:00:00 after the last move) ran out of time and the game was drawn (%s %q)",
				colourName(!f.White), colourName(f.White), t.TerminationTag, t.Termination)
		case result == "1/2-1/2":
			msg = fmt.Sprintf("%s ran out of time and the game was drawn (%s %q)", colourName(!f.White), t.TerminationTag, t.Termination)
		}
		out = append(out, Finding{Code: TimeForfeit, Severity: DefaultSeverity(TimeForfeit), Pos: t.TerminationPos, Ply: -1, Message: msg})
		return f, out
	case termOther:
		return Forfeit{}, out
	}
	// Most games end without a comment after the last move: no call.
	if c.last >= 0 && c.g.Moves[c.last].Comment.Len != 0 {
		if f, said, ok := commentForfeit(c, t, result); ok {
			return f, append(out, said)
		}
	}
	if result != "1-0" && result != "0-1" {
		return Forfeit{}, out
	}
	loserWhite := result == "0-1"
	s := &c.sides[1]
	if loserWhite {
		s = &c.sides[0]
	}
	if s.readingPly != c.ply || s.readingPly == 0 {
		return Forfeit{}, out // the loser did not make the last move: a zero before it was a flag that play passed over
	}
	if s.reading != 0 && !c.FellAtLastReading(loserWhite) {
		return Forfeit{}, out
	}
	m := &c.g.Moves[s.readingIdx]
	out = append(out, Finding{Code: TimeForfeit, Severity: DefaultSeverity(TimeForfeit), Pos: m.Pos, Ply: s.readingPly,
		Move: c.g.Str(m.Raw), Message: fmt.Sprintf("%s lost on time: the clock reads %s after move %d, the last move, and the game is scored %s",
			colourName(!loserWhite), FormatClock(s.reading), s.readingMove, result)})
	return Forfeit{Lost: true, White: loserWhite, FromClock: true}, out
}

// terminationAgainstResult is the wrong-termination of a Termination that
// names, as the winner on time (won) or the loser, the side result scores
// as the loser or the winner (namedWhite: that side is White). Rare: kept
// out of DetectForfeit, which every game runs.
//
//go:noinline
func terminationAgainstResult(t *Tags, namedWhite, won bool, result string) Finding {
	verb := "lost"
	if won {
		verb = "won"
	}
	return Finding{Code: WrongTermination, Severity: DefaultSeverity(WrongTermination), Pos: t.TerminationPos, Ply: -1,
		Message: fmt.Sprintf("%s %q says %s %s on time, but the game is scored %s", t.TerminationTag, t.Termination,
			colourName(!namedWhite), verb, result)}
}

// forfeitNamed reads whose flag a server's sentence says fell: "White
// forfeits on time" and "Black ran out of time and White has no material to
// mate", as the FICS and ICC databases write it (in a comment after the last
// move, or ICC's ICCResult tag), or with the player's name for the side
// ("aldobaral forfeits on time", a FICS server's log). ok is false when it
// names neither side, or both.
func forfeitNamed(s, white, black string) (loserWhite, ok bool) {
	var w, b bool
	for _, p := range [...]string{" forfeits on time", " ran out of time"} {
		if !containsFoldASCII(s, p[1:]) {
			continue
		}
		w = w || containsFoldASCII(s, "white"+p) || white != "" && containsFold(s, white+p)
		b = b || containsFoldASCII(s, "black"+p) || black != "" && containsFold(s, black+p)
	}
	// A Russian scoresheet's words, which the parser also reads as the result.
	w = w || containsFold(s, "белые просрочили время")
	b = b || containsFold(s, "черные просрочили время") || containsFold(s, "чёрные просрочили время")
	return w, w != b
}

// commentForfeit reads a flag fall from the comment after the main line's
// last move, where servers without a Termination tag say it: the FICS and
// ICC databases write "{White forfeits on time} 0-1" and "{Black ran out of
// time and White has no material to mate} 1/2-1/2", a FICS server's log the
// player's name ("{Game 457 (szesze vs. aldobaral) aldobaral forfeits on
// time} 1-0"). Only that comment, only
// a phrase naming one side, and only with a result it fits (the named side
// lost, or a draw): a comment on an earlier move, or "Both players ran out
// of time", says nothing. A Russian scoresheet's "Черные просрочили время"
// ("Black overstepped the time"), which the parser reads as the result,
// says it too.
//
//go:noinline
func commentForfeit(c *ClockChecker, t *Tags, result string) (Forfeit, Finding, bool) {
	m := &c.g.Moves[c.last]
	text := c.g.Bytes(m.Comment)
	if !bytes.Contains(text, []byte(" time")) && !bytes.Contains(text, []byte(" время")) {
		return Forfeit{}, Finding{}, false
	}
	comment := string(text)
	white, ok := forfeitNamed(comment, t.White, t.Black)
	if !ok || result == "1-0" && white || result == "0-1" && !white || result != "1/2-1/2" && result != "1-0" && result != "0-1" {
		return Forfeit{}, Finding{}, false
	}
	msg := fmt.Sprintf("%s lost on time (the comment after the last move: %q)", colourName(!white), comment)
	if result == "1/2-1/2" {
		msg = fmt.Sprintf("%s ran out of time and the game was drawn (the comment after the last move: %q)", colourName(!white), comment)
	}
	return Forfeit{Lost: true, White: white}, Finding{Code: TimeForfeit, Severity: DefaultSeverity(TimeForfeit), Pos: m.Pos, Ply: c.ply,
		Move: c.g.Str(m.Raw), Message: msg}, true
}

// FinalPosition answers the board questions a verdict on a flag needs about the
// position the game ended in. The replay provides it; either may be nil when
// the position is unknown (an illegal move stopped the replay).
type FinalPosition struct {
	// CanMate says whether the side could still checkmate by some legal series
	// of moves (FIDE 6.9); sure is false when the answer is only probable.
	CanMate func(white bool) (can, sure bool)
	// BareKing says whether the side has nothing but its king (Soviet Code).
	BareKing func(white bool) bool
}

// TimeoutVerdict judges a game decided on time against the rule profile:
// under fide and fide2009 a flag loses unless the opponent could not mate by
// any legal series of moves (then it is a draw, FIDE 6.9); under ussr it is a
// draw only when the opponent has a bare king. It returns
// timeout-insufficient-material for a win that must be a draw (a warning when
// the board answer is only probable), or wrong-result for a draw that must be
// a win, and false when the record is right or cannot be judged. at is where
// the result is written.
func TimeoutVerdict(p Profile, f Forfeit, result string, at parser.Pos, fp FinalPosition) (Finding, bool) {
	if !f.Lost {
		return Finding{}, false
	}
	winnerWhite := !f.White
	can, sure := true, true
	rule := p.article(articleTimeout)
	switch p {
	case USSR:
		if fp.BareKing == nil {
			return Finding{}, false
		}
		can = !fp.BareKing(winnerWhite)
		rule = "Soviet Code: a flag loses unless the opponent has a bare king"
	default:
		if fp.CanMate == nil {
			return Finding{}, false
		}
		can, sure = fp.CanMate(winnerWhite)
	}
	flagged, winner := colourName(!f.White), colourName(!winnerWhite)
	win := "1-0"
	if !winnerWhite {
		win = "0-1"
	}
	switch {
	case result == win && !can:
		fd := Finding{Code: TimeoutInsufficientMaterial, Severity: Error, Pos: at, Ply: -1}
		if p == USSR {
			fd.Message = fmt.Sprintf("%s lost on time but %s has a bare king (%s): the result must be 1/2-1/2, not %s", flagged, winner, rule, result)
		} else if sure {
			fd.Message = fmt.Sprintf("%s lost on time but %s could not mate by any legal series of moves (%s): the result must be 1/2-1/2, not %s", flagged, winner, rule, result)
		} else {
			fd.Severity = Warning
			fd.Message = fmt.Sprintf("%s lost on time but %s could probably not mate by any legal series of moves (%s): the result should likely be 1/2-1/2, not %s", flagged, winner, rule, result)
		}
		return fd, true
	case result == "1/2-1/2" && can && sure && !(f.Either && !otherCanMate(p, !winnerWhite, fp)):
		// The Soviet Code asks about material, not mate: a knight against
		// a queen wins on time there though it could never mate.
		could := "could still mate"
		if p == USSR {
			could = "has more than a bare king"
		}
		return Finding{Code: WrongResult, Severity: DefaultSeverity(WrongResult), Pos: at, Ply: -1,
			Message: fmt.Sprintf("%s ran out of time while %s %s (%s): the result is %s, not 1/2-1/2", flagged, winner, could, rule, win)}, true
	}
	return Finding{}, false
}

// otherCanMate says whether a side could mate under the profile's rule, for
// the other reading of a draw on time (Forfeit.Either); "probably not" counts
// as not, since it is the draw this reading would make right.
func otherCanMate(p Profile, white bool, fp FinalPosition) bool {
	if p == USSR {
		return fp.BareKing == nil || !fp.BareKing(white)
	}
	if fp.CanMate == nil {
		return true
	}
	can, _ := fp.CanMate(white)
	return can
}

// FillTime writes the time facts of a game into its report.
func FillTime(r *Report, t *Tags, c *ClockChecker, f Forfeit) {
	r.TimeControl = t.TimeControlText
	r.TimeCategory = t.TimeControl.Category()
	r.ClockCount = c.Clocks()
	r.LastClockWhite = c.LastClock(true)
	r.LastClockBlack = c.LastClock(false)
	r.TimeForfeit = f.Lost
}
