package validate

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/arbiter-chess/arbiter/parser"
)

// clockSlack absorbs rounding: most sources write clocks to the whole second,
// and a server may round before or after adding the increment.
const clockSlack = 1000

// ClockStart says where the main line begins, as the replay knows it from the
// FEN. The zero value is the standard start: White to move at move 1.
type ClockStart struct {
	BlackFirst bool // Black makes the first move
	MoveNumber int  // the full-move number of the first move; 0 means 1
}

// ClockChecker follows the [%clk]/[%emt] readings of a game's main line, one
// ply at a time, against the game's time control. It never allocates while
// stepping; findings are built only when Finish reports them.
//
// Checks (clock-inconsistent, one finding per kind and game, naming the first
// case and counting the others):
//   - a reading that grows by more than the increments since the player's
//     previous reading (plus a new period's time once its move is reached);
//   - a first reading above the first period's time plus its increment
//     twice (DGT clocks give the first move's increment at the start, then
//     add it after the move as for every move);
//   - readings present for most moves and missing for others (a few
//     readings among many moves without are occasional notes);
//   - negative readings or move times;
//   - [%clk] and [%emt] commands the parser could not read
//     (parser.Game.UnreadClocks). The checks pass over such a move as over a
//     move without a clock, but do not count it missing: its clock was
//     written, and the finding that it cannot be read says so once.
//
// A flag has certainly fallen (flag-fall-unclaimed when play went on) when a
// reading is below the increment in force (a move made in time earns its
// increment; not for a side whose first reading is half the base time, a
// lichess arena berserk, which plays without increment), when a reading is
// negative, or when the clock reads zero after a move that took longer ([%emt]) than the player had left. A zero reading
// without increment proves nothing: sources round down, so 0:00:00 may be
// 0.9 s left, and lichess exports hold many such readings in games that went
// on legally. A fall is withdrawn when the player's next reading grows out of
// it beyond what the time control gives: that is a clock glitch (reported as
// clock-inconsistent), as DGT broadcasts show.
type ClockChecker struct {
	g     *parser.Game
	tc    *TimeControl
	timed bool // growth checks apply: periods without an hourglass
	// periodic is set when a period has a move count; without one (the usual
	// "300+2") the increment is constant and the period helpers are skipped.
	periodic bool
	inc      int64
	ply      int
	black    bool       // the side of the next ply
	moveNo   int        // its full-move number
	start    ClockStart // where the main line starts: at move 1, its first readings meet the base time
	// givesTime: the server lets a player give the opponent time (lichess,
	// 15 s a press), so a clock that grows more than the control gives
	// may be a gift, not an error: reported as info, saying so.
	givesTime bool

	sides  [2]sideClock
	last   int32 // the main line's last move, its index in g.Moves; -1 before any
	clocks int
	unread int // main-line plies with no reading but a [%clk] that cannot be read

	missing, growth, overBase, negative, flag problem
	flagOpen                                  bool // the flag's side has not read its clock since
	// The latest reading that proves a fall, the first's or a later one's
	// (flag keeps the first only), for the verdict on how the game ended.
	lastFallPly   int
	lastFallBlack bool
}

type sideClock struct {
	reading     int64 // last reading, -1 none
	readingMove int   // and its own-move number, move index and ply
	readingIdx  int32
	readingPly  int
	periodsDone int  // period ends this side has reached
	bonusUsed   int  // of those, the ones whose added time a reading has shown
	berserk     bool // started on half the base time: a lichess arena berserk, which also cancels the increment
}

// problem keeps the first case of one kind of clock problem and a count.
type problem struct {
	count       int
	idx         int32 // move index of the first case
	ply, moveNo int
	black       bool
	why         uint8 // flag-fall cause; 1 for a negative move time
	span        int   // growth: own moves since the previous reading
	a, b, c, d  int64 // readings and limits of the first case, by kind
}

// Causes of a flag fall, for the message.
const (
	flagBelowIncrement = iota
	flagNegative
	flagSlowMove
)

// StartClocks begins checking g's clocks against tc, which must outlive the
// checker (Tags.TimeControl does).
func StartClocks(g *parser.Game, tc *TimeControl, start ClockStart) ClockChecker {
	// Small enough to be inlined, which saves copying the checker out.
	c := ClockChecker{g: g, tc: tc, black: start.BlackFirst, moveNo: max(start.MoveNumber, 1), start: start}
	c.timed = tc.Kind == TimeControlTimed && tc.n > 0 && !tc.periods[0].Sandclock
	if c.timed {
		c.periodic = tc.periods[0].Moves > 0
		c.inc = tc.periods[0].Increment
	}
	c.sides[0].reading, c.sides[1].reading = -1, -1
	c.last = -1
	return c
}

// GivenTime says that the server lets a player give the opponent time, as
// lichess does: growth beyond the control is then reported as info.
func (c *ClockChecker) GivenTime() { c.givesTime = true }

// Step takes the next main-line ply: idx is its index in g.Moves.
func (c *ClockChecker) Step(idx int32) {
	m := &c.g.Moves[idx]
	c.ply++
	c.last = idx
	side := 0
	if c.black {
		side = 1
	}
	s := &c.sides[side]
	own := c.moveNo
	if c.periodic {
		for {
			end, _, ok := c.tc.periodEnd(s.periodsDone)
			if !ok || end > own {
				break
			}
			s.periodsDone++
		}
	}

	if m.EMT < -1 {
		c.negative.note(c, idx, own, 1, m.EMT, 0, 0, 0)
	}
	if m.Clock == -1 && m.ClockUnread {
		c.unread++
	} else if m.Clock == -1 {
		c.missing.note(c, idx, own, 0, 0, 0, 0, 0)
	} else {
		c.clocks++
		if s.reading == -1 {
			s.bonusUsed = s.periodsDone // the first reading includes the periods before it
		}
		c.check(m, idx, s, own)
		s.reading, s.readingMove, s.readingIdx, s.readingPly = m.Clock, own, idx, c.ply
	}

	if c.black {
		c.moveNo++
	}
	c.black = !c.black
}

// Steps takes the next main-line plies in order, as Step does each. A ply
// with no reading at all (nor a [%clk] that cannot be read) after the first
// such, in a time control without move-counted periods, changes nothing but
// counts: those are taken here without the call, for the games that record
// no clock. idxs are the main line's indexes in g.Moves, increasing.
func (c *ClockChecker) Steps(idxs []int32) {
	moves := c.g.Moves
	// Increasing indexes as many as the moves are the moves themselves (a
	// game without variations): the runs are then scanned without them.
	identity := len(idxs) == len(moves)
	if identity {
		moves = moves[:len(idxs)]
	}
	// Without a reading in the whole game, nor a clock that cannot be read
	// (counted apart), the run of plies without one goes to the end: most
	// records have no clocks.
	none := c.g.Has&parser.HasClocks == 0 && len(c.g.UnreadClocks) == 0
	if none && !c.periodic && c.missing.count == 0 && len(idxs) > 0 && !c.g.Moves[idxs[0]].ClockUnread && c.g.Moves[idxs[0]].EMT >= -1 {
		// The game as most records are: the loop below takes all its plies
		// as one run too, in more instructions (callgrind,
		// BenchmarkStreamCheck: 116 a game against 72).
		c.missing = problem{idx: idxs[0], ply: c.ply + 1, moveNo: c.moveNo, black: c.black}
		c.skip(len(idxs))
		c.last = idxs[len(idxs)-1]
		return
	}
	for i := 0; i < len(idxs); {
		j := i
		if !c.periodic {
			if none {
				j = len(idxs)
			} else if identity {
				for j < len(idxs) && moves[j].Clock == -1 && !moves[j].ClockUnread && moves[j].EMT >= -1 {
					j++
				}
			} else {
				for j < len(idxs) && moves[idxs[j]].Clock == -1 && !moves[idxs[j]].ClockUnread && moves[idxs[j]].EMT >= -1 {
					j++
				}
			}
		}
		if m := &c.g.Moves[idxs[i]]; j == i || c.missing.count == 0 && (m.ClockUnread || m.EMT < -1) {
			c.Step(idxs[i])
			i++
			continue
		}
		if c.missing.count == 0 {
			// The first ply without a reading, noted as Step would: most
			// games have none, and Step's code is then not run at all.
			c.missing = problem{idx: idxs[i], ply: c.ply + 1, moveNo: c.moveNo, black: c.black}
		}
		c.skip(j - i)
		i = j
		c.last = idxs[j-1]
	}
}

// skip takes n plies without a reading, the first by the side c.black
// names: Black moves every other one, and each of Black's ends a move.
func (c *ClockChecker) skip(n int) {
	c.ply += n
	c.missing.count += n
	blacks := n / 2
	if c.black && n%2 == 1 {
		blacks++
	}
	c.moveNo += blacks
	c.black = c.black != (n%2 == 1)
}

// check judges one clock reading against the time control and the player's
// previous reading.
func (c *ClockChecker) check(m *parser.Move, idx int32, s *sideClock, own int) {
	r := m.Clock
	grew := false
	if r < -1 {
		c.negative.note(c, idx, own, 0, r, 0, 0, 0)
	} else if c.timed && s.reading >= 0 {
		grew = c.checkGrowth(idx, s, own, r)
	}
	// A flag this player's previous reading showed stands unless this reading
	// grows out of it: a clock that reads 0:00:00 and then 0:16:15 had a
	// glitch (DGT boards have them), not a flag fall.
	if c.flagOpen && c.flag.black == c.black {
		if grew {
			c.flag = problem{}
		}
		c.flagOpen = false
	}
	if r < -1 {
		c.flagFell(idx, own, flagNegative, r, 0)
		return
	}
	if !c.timed {
		return
	}
	if c.start.MoveNumber <= 1 && own == 1 {
		// The most move 1 can leave: the base and its increment, twice,
		// as DGT clocks give the first move's increment at the start too.
		p := c.tc.periods[0]
		if r > p.Base+2*p.Increment+clockSlack {
			c.overBase.note(c, idx, own, 0, r, p.Base, p.Increment, 0)
		}
		// Lichess arena berserk halves the side's time and cancels its
		// increment; lichess writes the time a side starts with as its
		// first reading, here half the base.
		if half := p.Base / 2; !c.periodic && p.Increment > 0 && half > clockSlack && r >= half-clockSlack && r <= half+clockSlack {
			s.berserk = true
		}
		return // the first move often earns no increment (chess.com), so no flag test
	}
	if inc := c.incrementAt(own); inc > 0 && r+clockSlack <= inc && !s.berserk && !(c.periodic && c.tc.isPeriodEnd(own)) {
		c.flagFell(idx, own, flagBelowIncrement, r, inc)
	} else if r < clockSlack && s.reading >= 0 && m.EMT > s.reading+clockSlack {
		// [%emt] alone is not trusted (DGT broadcasts disagree with their own
		// clocks by seconds, once by minutes); with the clock at zero it is.
		c.flagFell(idx, own, flagSlowMove, m.EMT, s.reading)
	}
}

// checkGrowth compares a reading with the player's previous one and reports
// whether it grew by more than the time control allows.
func (c *ClockChecker) checkGrowth(idx int32, s *sideClock, own int, r int64) bool {
	var increments int64
	for k := s.readingMove + 1; k <= own; k++ {
		increments += c.incrementAt(k)
	}
	growth := r - s.reading
	// A new period's time may show at the reading after the period's last move
	// or, on clocks that add it late, at the next one; never later.
	var bonus int64
	for growth > increments+bonus+clockSlack && s.bonusUsed < s.periodsDone {
		end, b, _ := c.tc.periodEnd(s.bonusUsed)
		if end >= s.readingMove {
			bonus += b
		}
		s.bonusUsed++
	}
	if growth <= increments+bonus+clockSlack {
		return false
	}
	c.growth.note(c, idx, own, 0, s.reading, r, increments, bonus)
	if c.growth.count == 1 {
		c.growth.span = own - s.readingMove
	}
	return true
}

func (c *ClockChecker) incrementAt(own int) int64 {
	if c.periodic {
		return c.tc.incrementAt(own)
	}
	return c.inc
}

func (c *ClockChecker) flagFell(idx int32, own int, why uint8, a, b int64) {
	c.lastFallPly, c.lastFallBlack = c.ply, c.black
	if c.flag.count == 0 {
		c.flag.note(c, idx, own, why, a, b, 0, 0)
		c.flagOpen = true
	}
}

func (p *problem) note(c *ClockChecker, idx int32, moveNo int, why uint8, a, b, x, d int64) {
	p.count++
	if p.count == 1 {
		*p = problem{count: 1, idx: idx, ply: c.ply, moveNo: moveNo, black: c.black, why: why, a: a, b: b, c: x, d: d}
	}
}

// Plies is the number of plies stepped.
func (c *ClockChecker) Plies() int { return c.ply }

// Clocks is the number of plies with a [%clk] reading.
func (c *ClockChecker) Clocks() int { return c.clocks }

// LastClock is the last reading of a side, -1 when it has none.
func (c *ClockChecker) LastClock(white bool) int64 {
	if white {
		return c.sides[0].reading
	}
	return c.sides[1].reading
}

// LastReadingPly is the ply of a side's last reading, 0 when it has none.
func (c *ClockChecker) LastReadingPly(white bool) int {
	if white {
		return c.sides[0].readingPly
	}
	return c.sides[1].readingPly
}

// FellAtLastReading says whether a side's last reading proves its flag fell:
// a fall it played on after, reading its clock again, does not count.
func (c *ClockChecker) FellAtLastReading(white bool) bool {
	s := &c.sides[1]
	if white {
		s = &c.sides[0]
	}
	return c.lastFallPly > 0 && c.lastFallBlack != white && c.lastFallPly == s.readingPly
}

// WhiteToMove says whose clock was running when the record ends.
func (c *ClockChecker) WhiteToMove() bool { return !c.black }

// FlagFell reports the first ply at which the clocks prove a flag fell, and
// whose; ply 0 when none did.
func (c *ClockChecker) FlagFell() (ply int, white bool) {
	if c.flag.count == 0 {
		return 0, false
	}
	return c.flag.ply, !c.flag.black
}

// Finish appends the clock findings: clock-inconsistent and flag-fall-unclaimed.
// The one on clocks that cannot be read comes first; on a move in a side line
// it does not name the line (Finding.Variation), which the checker does not
// know.
func (c *ClockChecker) Finish(out []Finding) []Finding {
	if len(c.g.UnreadClocks) > 0 || c.clocks > 0 && c.missing.count > 0 || c.overBase.count > 0 ||
		c.growth.count > 0 || c.negative.count > 0 || c.flag.count > 0 && c.ply > c.flag.ply {
		out = c.findings(out)
	}
	return out
}

// findings is Finish for a game with something to report: most have
// nothing, and every game calls Finish (see badTagValue).
//
//go:noinline
func (c *ClockChecker) findings(out []Finding) []Finding {
	if len(c.g.UnreadClocks) > 0 {
		out = append(out, c.unreadFinding())
	}
	// Clocks missing for a few moves of a record that has them are a gap;
	// a clock noted at a few moves of many (a hand-kept scoresheet's
	// occasional time notes) is no record of every move's clock.
	if p := &c.missing; c.clocks > 0 && p.count > 0 && c.clocks+c.unread >= p.count {
		f := c.finding(ClockInconsistent, p)
		total := c.clocks + c.unread + p.count
		if p.count == 1 {
			others := fmt.Sprintf("the other %d moves have one", total-1)
			if total == 2 {
				others = "the other move has one"
			}
			f.Message = fmt.Sprintf("no clock for %s's move %d (%s) though %s",
				colourName(p.black), p.moveNo, f.Move, others)
		} else {
			f.Message = fmt.Sprintf("clocks are missing for %d of %d moves, the first at %s's move %d (%s)",
				p.count, total, colourName(p.black), p.moveNo, f.Move)
		}
		out = append(out, f)
	}
	if p := &c.overBase; p.count > 0 {
		f := c.finding(ClockInconsistent, p)
		if p.c == 0 {
			f.Message = fmt.Sprintf("clock for %s reads %s after move 1, more than the %s the time control %s gives",
				colourName(p.black), FormatClock(p.a), FormatClock(p.b), c.tc.String())
		} else {
			f.Message = fmt.Sprintf("clock for %s reads %s after move 1, more than the %s the time control %s can give by then "+
				"(%s and the first move's increment twice: clocks such as DGT's also give it at the start)",
				colourName(p.black), FormatClock(p.a), FormatClock(p.b+2*p.c), c.tc.String(), FormatClock(p.b))
		}
		out = append(out, f)
	}
	if p := &c.growth; p.count > 0 {
		f := c.finding(ClockInconsistent, p)
		var limit string
		switch {
		case p.d > 0:
			limit = fmt.Sprintf("the time control %s adds only %s", c.tc.String(), FormatClock(p.c+p.d))
		case p.c == 0:
			limit = fmt.Sprintf("the time control %s has no increment", c.tc.String())
		case p.span == 1:
			limit = "the increment is " + formatSeconds(p.c)
		default:
			limit = fmt.Sprintf("the %d increments since move %d add only %s", p.span, p.moveNo-p.span, formatSeconds(p.c))
		}
		f.Message = fmt.Sprintf("clock for %s grows from %s to %s at move %d but %s",
			colourName(p.black), FormatClock(p.a), FormatClock(p.b), p.moveNo, limit) + moreTimes(p.count) + c.secondPeriodHint(p)
		if c.givesTime {
			f.Severity = Info
			f.Message += ": on lichess the opponent may give time (15 s a press), which no record shows but the clock"
		}
		out = append(out, f)
	}
	if p := &c.negative; p.count > 0 {
		f := c.finding(ClockInconsistent, p)
		what := "clock"
		if p.why == 1 {
			what = "move time"
		}
		f.Message = fmt.Sprintf("%s for %s is negative (%s) at move %d", what, colourName(p.black), FormatClock(p.a), p.moveNo) + moreTimes(p.count)
		out = append(out, f)
	}
	if p := &c.flag; p.count > 0 && c.ply > p.ply {
		f := c.finding(FlagFallUnclaimed, p)
		var fell string
		switch p.why {
		case flagBelowIncrement:
			fell = fmt.Sprintf("%s's clock reads %s after move %d, less than the %s increment a move made in time earns",
				colourName(p.black), FormatClock(p.a), p.moveNo, formatSeconds(p.b))
		case flagNegative:
			fell = fmt.Sprintf("%s's clock reads %s after move %d", colourName(p.black), FormatClock(p.a), p.moveNo)
		default:
			fell = fmt.Sprintf("%s's move %d took %s with %s left", colourName(p.black), p.moveNo, FormatClock(p.a), FormatClock(p.b))
		}
		n := c.ply - p.ply
		f.Message = fmt.Sprintf("%s: the flag fell, yet the game went on for %d more %s", fell, n, plural(n, "ply", "plies"))
		out = append(out, f)
	}
	return out
}

// secondPeriodHint explains a growth of minutes at move 40 or 41 under a
// control of one period ("5400+30"): tournaments add a second period's time
// after move 40, and a tag written without it ("90+30" for the FIDE
// classical 90 min/40 moves + 30 min + 30 s) makes every such game a
// clock-inconsistent. The hint names the form of two periods; the added
// time itself is not guessed. A lichess game's growth has its own reading
// (givesTime): lichess controls have one period.
func (c *ClockChecker) secondPeriodHint(p *problem) string {
	if c.givesTime || c.periodic || c.tc.n != 1 || p.moveNo < 40 || p.moveNo > 41 || p.b-p.a-p.c < 10*60*1000 {
		return ""
	}
	first := c.tc.periods[0]
	inc := ""
	if first.Increment > 0 {
		inc = "+" + string(appendSeconds(nil, first.Increment))
	}
	return fmt.Sprintf("; if the clocks added a second period's time after move 40, the TimeControl must say so: 40/%s%s:N%s, N the seconds added",
		appendSeconds(nil, first.Base), inc, inc)
}

// unreadFinding reports the [%clk] and [%emt] commands that cannot be read,
// once a game, at the first. A value such as 2:59 is not read as one of the
// forms it may be (H:MM or M:SS): a guess would make up the readings the
// checks judge.
func (c *ClockChecker) unreadFinding() Finding {
	g := c.g
	u := &g.UnreadClocks[0]
	m := &g.Moves[u.Move]
	ply := 1
	for p := m.Prev; p >= 0; p = g.Moves[p].Prev {
		ply++
	}
	half := ply - 1
	if c.start.BlackFirst {
		half++
	}
	where := fmt.Sprintf("%s's move %d (%s)", colourName(half%2 == 1), max(c.start.MoveNumber, 1)+half/2, g.Str(m.Raw))
	f := Finding{Code: ClockInconsistent, Severity: DefaultSeverity(ClockInconsistent), Pos: u.Pos, Ply: ply, Move: g.Str(m.Raw)}
	if m.Depth > 0 {
		where += " in a variation"
	}
	arg := g.Bytes(u.Arg)
	command, noun := "[%clk ", "clock"
	if u.EMT {
		command, noun = "[%emt ", "move time"
	}
	command += clipQuote(arg) + "]"
	form := "the form is H:MM:SS or H:MM:SS.f"
	if u.EMT {
		form += ", or seconds with a fraction (1.748)"
	}
	if twoFields(arg) {
		form += fmt.Sprintf(", and %s may be H:MM or M:SS", arg)
	}
	if len(g.UnreadClocks) == 1 {
		f.Message = fmt.Sprintf("%s %s at %s cannot be read: %s; the clock checks pass over the move, as over a missing clock",
			noun, command, where, form)
		return f
	}
	emts := 0
	for i := range g.UnreadClocks {
		if g.UnreadClocks[i].EMT {
			emts++
		}
	}
	var what string
	switch clks := len(g.UnreadClocks) - emts; {
	case emts == 0:
		what = countOf(clks, "clock", "clocks")
	case clks == 0:
		what = countOf(emts, "move time", "move times")
	default:
		what = countOf(clks, "clock", "clocks") + " and " + countOf(emts, "move time", "move times")
	}
	f.Message = fmt.Sprintf("%s cannot be read, the first %s at %s: %s; the clock checks pass over those moves, as over missing clocks",
		what, command, where, form)
	return f
}

// twoFields says that a clock value is written as two numbers, N:NN.
func twoFields(b []byte) bool {
	k := bytes.IndexByte(b, ':')
	if k < 1 || k > 2 || len(b) != k+3 {
		return false
	}
	for i, ch := range b {
		if i != k && (ch < '0' || ch > '9') {
			return false
		}
	}
	return true
}

// clipQuote shortens text quoted in a message, at a character's start.
func clipQuote(b []byte) string {
	const most = 40
	if len(b) <= most {
		return string(b)
	}
	i := most
	for i > 0 && !utf8.RuneStart(b[i]) {
		i--
	}
	return string(b[:i]) + "…"
}

func (c *ClockChecker) finding(code Code, p *problem) Finding {
	m := &c.g.Moves[p.idx]
	return Finding{Code: code, Severity: DefaultSeverity(code), Pos: m.Pos, Ply: p.ply, Move: c.g.Str(m.Raw)}
}

// colourName names the side a bool says is Black.
func colourName(black bool) string { return colourFor(!black).Name() }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func moreTimes(count int) string {
	if count <= 1 {
		return ""
	}
	return fmt.Sprintf(" (and %d more %s in this game)", count-1, plural(count-1, "time", "times"))
}

// FormatClock writes milliseconds as a clock does: H:MM:SS, with tenths (or
// finer) only when the time has them.
func FormatClock(ms int64) string {
	var buf [24]byte
	b := buf[:0]
	if ms < 0 {
		b = append(b, '-')
		ms = -ms
	}
	s := ms / 1000
	b = strconv.AppendInt(b, s/3600, 10)
	b = append(b, ':', byte('0'+s/60%60/10), byte('0'+s/60%10), ':', byte('0'+s%60/10), byte('0'+s%10))
	if frac := ms % 1000; frac != 0 {
		b = append(b, '.', byte('0'+frac/100), byte('0'+frac/10%10), byte('0'+frac%10))
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
		}
	}
	return string(b)
}

// formatSeconds writes a duration in seconds for messages: "2 s", "0.5 s".
func formatSeconds(ms int64) string {
	return string(appendSeconds(nil, ms)) + " s"
}
