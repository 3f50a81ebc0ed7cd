package validate

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Period is one stage of a time control (PGN standard 9.6.1). Times are in
// milliseconds because real files carry fractions of seconds ("1800+5.232").
type Period struct {
	Moves     int   // moves to be made in the period; 0 for the rest of the game
	Base      int64 // time given when the period starts
	Increment int64 // time added after each move of the period
	Sandclock bool  // an hourglass holding Base ("*180")
}

// TimeControlKind says what a TimeControl tag said.
type TimeControlKind uint8

const (
	TimeControlAbsent  TimeControlKind = iota // no tag, or one that could not be read
	TimeControlUnknown                        // "?"
	TimeControlNone                           // "-": the game had no time control
	TimeControlTimed                          // one or more periods
)

// maxPeriods bounds the periods kept inline; real controls use at most three.
const maxPeriods = 6

// TimeControl is a parsed TimeControl tag. It is a value without pointers so
// that reading one per game allocates nothing.
type TimeControl struct {
	Kind    TimeControlKind
	n       uint8
	periods [maxPeriods]Period
}

// Periods are the periods in the order they are played. The standard repeats
// the last one as often as needed when it has a move count.
func (tc *TimeControl) Periods() []Period { return tc.periods[:tc.n] }

// tcError is a reason a TimeControl value is not one the standard describes.
// Being a constant string type, returning one allocates nothing.
type tcError string

func (e tcError) Error() string { return string(e) }

const (
	errTCEmpty        tcError = "it is empty"
	errTCSeconds      tcError = "a period must give a number of seconds"
	errTCMoves        tcError = "a period's move count must be at least 1"
	errTCTrailing     tcError = "unexpected text after a period"
	errTCSandclock    tcError = "a sandclock (*N) is a whole time control on its own"
	errTCSymbol       tcError = `"?" and "-" stand alone`
	errTCUnreachable  tcError = "only the last period may lack a move count: the periods after it can never start"
	errTCTooMany      tcError = "too many periods"
	errTCNoTime       tcError = `it gives no time at all (an untimed game's TimeControl is "-")`
	errTCNumberTooBig tcError = "a number is too large"
)

// ParseTimeControl reads a TimeControl tag value in the form of PGN standard
// 9.6.1: "?", "-", "300" (sudden death), "4500+60" (increment), "40/9000"
// (moves in seconds), "*180" (sandclock), periods joined by ":"
// ("40/7200:3600"). Two extensions every server and engine tool writes are
// accepted: fractional seconds ("10.931+0.109") and an increment on a period
// with a move count ("40/5400+30:1800+30").
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	switch s {
	case "":
		return tc, errTCEmpty
	case "?":
		tc.Kind = TimeControlUnknown
		return tc, nil
	case "-":
		tc.Kind = TimeControlNone
		return tc, nil
	}
	i := 0
	for {
		if tc.n == maxPeriods {
			return TimeControl{}, errTCTooMany
		}
		var p Period
		var err error
		if i < len(s) && (s[i] == '?' || s[i] == '-') {
			return TimeControl{}, errTCSymbol
		}
		if i < len(s) && s[i] == '*' {
			p.Sandclock = true
			if p.Base, i, err = readSeconds(s, i+1); err != nil {
				return TimeControl{}, err
			}
			if tc.n != 0 || i != len(s) {
				return TimeControl{}, errTCSandclock
			}
		} else {
			var first int64
			if first, i, err = readSeconds(s, i); err != nil {
				return TimeControl{}, err
			}
			if i < len(s) && s[i] == '/' {
				if first%1000 != 0 || first < 1000 || first > 1e9 {
					return TimeControl{}, errTCMoves
				}
				p.Moves = int(first / 1000)
				if p.Base, i, err = readSeconds(s, i+1); err != nil {
					return TimeControl{}, err
				}
			} else {
				p.Base = first
			}
			if i < len(s) && s[i] == '+' {
				if p.Increment, i, err = readSeconds(s, i+1); err != nil {
					return TimeControl{}, err
				}
			}
		}
		if tc.n > 0 && tc.periods[tc.n-1].Moves == 0 {
			return TimeControl{}, errTCUnreachable
		}
		tc.periods[tc.n] = p
		tc.n++
		if i == len(s) {
			break
		}
		if s[i] != ':' {
			return TimeControl{}, errTCTrailing
		}
		i++
	}
	if first := tc.periods[0]; first.Base == 0 && first.Increment == 0 {
		return TimeControl{}, errTCNoTime
	}
	tc.Kind = TimeControlTimed
	return tc, nil
}

// readSeconds reads a number of seconds with up to three decimals starting at
// s[i], returning milliseconds and the index after it.
func readSeconds(s string, i int) (int64, int, error) {
	start := i
	var ms int64
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if i-start >= 9 {
			return 0, i, errTCNumberTooBig
		}
		ms = ms*10 + int64(s[i]-'0')
		i++
	}
	if i == start {
		return 0, i, errTCSeconds
	}
	ms *= 1000
	if i < len(s) && s[i] == '.' {
		i++
		fracStart := i
		for scale := int64(100); i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			ms += int64(s[i]-'0') * scale // digits past the third are below a millisecond
			scale /= 10
		}
		if i == fracStart {
			return 0, i, errTCSeconds
		}
	}
	return ms, i, nil
}

// Category is the FIDE category of the game: "blitz" when the time allotted
// up to move 60 plus those moves' increments is at most 10 minutes, "rapid"
// below 60 minutes, "standard" from 60 minutes (RULES.md "Time"). Controls giving a day
// or more per period are "correspondence" (online "daily" chess), which the
// FIDE categories do not cover. "" when there is no timed control.
func (tc *TimeControl) Category() string {
	if tc.Kind != TimeControlTimed || tc.n == 0 {
		return ""
	}
	// FIDE's "time allotted plus 60 times any increment", for a control of
	// several periods: the time the periods give up to move 60 and the
	// increments of those 60 moves (40/2400:1800 is 70 minutes, standard,
	// though its first period is 40). A period that begins after move 60
	// adds nothing; the last one repeats, as the standard has it.
	n := int(tc.n)
	var total int64
	for moves, k := 0, 0; moves < 60; k++ {
		p := tc.periods[min(k, n-1)]
		span := 60 - moves
		if p.Moves > 0 && !p.Sandclock {
			span = min(span, p.Moves)
		}
		total += p.Base
		if !p.Sandclock {
			total += int64(span) * p.Increment
		}
		moves += span
	}
	switch {
	case tc.periods[0].Base >= 24*3600*1000:
		return "correspondence"
	case total <= 10*60*1000:
		return "blitz"
	case total < 60*60*1000:
		return "rapid"
	}
	return "standard"
}

// String writes the control in the PGN form, as ParseTimeControl reads it.
func (tc *TimeControl) String() string {
	switch tc.Kind {
	case TimeControlUnknown:
		return "?"
	case TimeControlNone:
		return "-"
	case TimeControlAbsent:
		return ""
	}
	var b []byte
	for i, p := range tc.Periods() {
		if i > 0 {
			b = append(b, ':')
		}
		if p.Sandclock {
			b = append(b, '*')
		}
		if p.Moves > 0 {
			b = strconv.AppendInt(b, int64(p.Moves), 10)
			b = append(b, '/')
		}
		b = appendSeconds(b, p.Base)
		if p.Increment > 0 {
			b = append(b, '+')
			b = appendSeconds(b, p.Increment)
		}
	}
	return string(b)
}

// appendSeconds writes ms as seconds, with only the decimals it needs.
func appendSeconds(b []byte, ms int64) []byte {
	if ms < 0 {
		b = append(b, '-')
		ms = -ms
	}
	b = strconv.AppendInt(b, ms/1000, 10)
	if frac := ms % 1000; frac != 0 {
		b = append(b, '.', byte('0'+frac/100))
		if frac%100 != 0 {
			b = append(b, byte('0'+frac/10%10))
			if frac%10 != 0 {
				b = append(b, byte('0'+frac%10))
			}
		}
	}
	return b
}

// A period "90/40" gives 90 moves in 40 seconds, which no one plays: typed
// for 40 moves in 90 minutes, with the standard's order (moves, then
// seconds) and unit both missed. A period is read as swapped when its time
// is a whole number of seconds that reads as a move count (10 to 100:
// controls count 15 to 60 moves) smaller than its move count, and the move
// count reads as minutes (10 to 300) or as seconds (600 to 18000, "5400/40").
// "40/7200", "1/259200" (a daily game) and "60/40"'s reverse "40/60" are
// left alone: the first two are right, the last gives more seconds than
// moves and may be minutes typed for seconds, which the clocks decide.
const (
	swapMinMoves, swapMaxMoves     = 10, 100
	swapMaxMinutes                 = 300
	swapMinSeconds, swapMaxSeconds = 600, 18000
)

// swappedPeriod returns p with its move count and time swapped, when they
// look swapped (see above).
func swappedPeriod(p Period) (Period, bool) {
	if p.Moves == 0 || p.Sandclock || p.Base%1000 != 0 {
		return p, false
	}
	secs := p.Base / 1000
	if secs < swapMinMoves || secs > swapMaxMoves || int64(p.Moves) <= secs {
		return p, false
	}
	q := p
	q.Moves = int(secs)
	switch {
	case p.Moves <= swapMaxMinutes:
		q.Base = int64(p.Moves) * 60000
	case p.Moves >= swapMinSeconds && p.Moves <= swapMaxSeconds:
		q.Base = int64(p.Moves) * 1000
	default:
		return p, false
	}
	return q, true
}

// movesLookSwapped says whether some period's move count and time look
// swapped. Cheap: most tags have no move count, and the loop stops there.
func (tc *TimeControl) movesLookSwapped() bool {
	for _, p := range tc.Periods() {
		if p.Moves == 0 {
			return false
		}
		if _, ok := swappedPeriod(p); ok {
			return true
		}
	}
	return false
}

// unswapped is tc with every period that looks swapped swapped back.
func (tc TimeControl) unswapped() TimeControl {
	for k := range tc.n {
		tc.periods[k], _ = swappedPeriod(tc.periods[k])
	}
	return tc
}

// firstSwappedSays says what the first swapped-looking period gives as
// written: "90 moves in 40 s".
func (tc *TimeControl) firstSwappedSays() string {
	for _, p := range tc.Periods() {
		if _, ok := swappedPeriod(p); ok {
			return strconv.Itoa(p.Moves) + " moves in " + strconv.FormatInt(p.Base/1000, 10) + " s"
		}
	}
	return ""
}

// periodEnd returns the own-move number after which the k-th period (0-based)
// ends and the time the next period then adds, following the standard's rule
// that the last period repeats. ok is false when the k-th period never ends.
func (tc *TimeControl) periodEnd(k int) (endMove int, bonus int64, ok bool) {
	if tc.Kind != TimeControlTimed || tc.n == 0 {
		return 0, 0, false
	}
	n := int(tc.n)
	for i := 0; i < n && i <= k; i++ {
		p := tc.periods[i]
		if p.Moves == 0 || p.Sandclock {
			return 0, 0, false
		}
		endMove += p.Moves
	}
	if k >= n {
		endMove += (k - n + 1) * tc.periods[n-1].Moves
	}
	return endMove, tc.periods[min(k+1, n-1)].Base, true
}

// periodOf returns the 0-based period an own move number m falls in, and
// whether m is the move that completes it.
func (tc *TimeControl) periodOf(m int) (k int, last bool) {
	n := int(tc.n)
	end := 0
	for i := 0; i < n; i++ {
		p := tc.periods[i]
		if p.Moves == 0 || p.Sandclock {
			return i, false
		}
		end += p.Moves
		if m <= end {
			return i, m == end
		}
	}
	rep := tc.periods[n-1].Moves
	over := m - end // moves into the repetitions of the last period
	return n - 1 + (over+rep-1)/rep, over%rep == 0
}

// incrementAt is the increment in force for a player's own move number m.
func (tc *TimeControl) incrementAt(m int) int64 {
	if tc.Kind != TimeControlTimed || tc.n == 0 {
		return 0
	}
	k, _ := tc.periodOf(m)
	return tc.periods[min(k, int(tc.n)-1)].Increment
}

// minutesFit says whether tc, read in seconds as the PGN standard has it,
// cannot give r, the clock after a player's first move, while read with
// its bases in minutes it gives about that: "90+30" typed for 90 minutes
// and 30 seconds, as tournament uploads do. About: at least three quarters
// of the first period's minutes left, so that a blitz clock that glitched
// (5:00 after move 1 of a 180+2) is no three-hour game. Only bases of
// whole seconds up to 180 (three hours, read as minutes) qualify, and never
// an hourglass. Lichess's real "90+30" (a minute and a half) leaves first
// readings the seconds fit.
func (tc *TimeControl) minutesFit(r int64) bool {
	if tc.Kind != TimeControlTimed || tc.n == 0 {
		return false
	}
	for _, p := range tc.Periods() {
		if p.Sandclock || p.Base <= 0 || p.Base > 180_000 || p.Base%1000 != 0 {
			return false
		}
	}
	p := tc.periods[0]
	return r > p.Base+2*p.Increment+clockSlack && r >= 45*p.Base && r <= 60*p.Base+2*p.Increment+clockSlack
}

// inMinutes is tc with its bases read as minutes; increments stay seconds.
func (tc TimeControl) inMinutes() TimeControl {
	for i := range tc.n {
		tc.periods[i].Base *= 60
	}
	return tc
}

// isPeriodEnd says whether own move m completes a period, after which a new
// period's time is added.
func (tc *TimeControl) isPeriodEnd(m int) bool {
	if tc.Kind != TimeControlTimed || tc.n == 0 {
		return false
	}
	_, last := tc.periodOf(m)
	return last
}

// readHumanTimeControl reads the forms people type into the tag instead of
// the standard's: "15 min/game + 10 sec/move", "15 min. + 10 s. per move",
// "90' + 30 sec", "1 hour 30 minutes + 30 seconds", "90 мин + 30 сек", " 300+0 ",
// and the classical controls of several periods as broadcast operators type
// them: "90 min/40 moves + 30 min + 30 sec/move" (40/5400+30:1800+30).
// It knows periods, each but the last for a number of moves, and an
// increment from move 1, nothing else: anything it does not fully
// understand (delays, an increment from a later move, a per-move time
// inside a period) is refused rather than guessed.
func readHumanTimeControl(s string) (TimeControl, bool) {
	s = strings.TrimSpace(s)
	if tc, err := ParseTimeControl(s); err == nil {
		return tc, true
	}
	if tc, err := ParseTimeControl(tighten(s)); err == nil {
		return tc, true // "5400 + 30"
	}
	if tc, ok := readUSChessTimeControl(s); ok {
		return tc, true
	}
	if tc, ok := readClockFaceTimeControl(s); ok {
		return tc, true
	}
	var terms [maxPeriods + 1]humanTerm // the parts between the "+" signs
	n := 1
	afterMove := false // the word "move" was just read: "starting from move 1"
	// A word such as "with" after a time starts the next part, as "+" does,
	// once a time follows it: "90 min with 30 sec increment" is 5400+30,
	// not 5430, and "30 sec per move starting with move 1" adds no part.
	// Words between it and that time ("with an increment of 30 sec") are
	// the next part's.
	joined, joinedPerMove := false, false
	for i := 0; i < len(s); {
		t := &terms[n-1]
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '/' || c == ',' || c == '.' || c == '(' || c == ')' || c == ':':
			i++
		case c == '+':
			if !t.timed || n == len(terms) {
				return TimeControl{}, false
			}
			n++
			afterMove, joined, joinedPerMove = false, false, false
			i++
		case c >= '0' && c <= '9':
			ms, j, err := readSeconds(s, i)
			if err != nil {
				return TimeControl{}, false
			}
			for j < len(s) && s[j] == ' ' {
				j++
			}
			unit, k := readTimeUnit(s, j)
			if unit == 0 {
				if afterMove && ms == 1000 {
					// "from move 1" restates what an increment means.
					afterMove = false
					i = j
					continue
				}
				// "/40 moves": the moves the part's time is for, once.
				if w, k := readWord(s, j); !joined && t.moves == 0 && ms%1000 == 0 && ms >= 1000 && ms <= 1e6 &&
					equalFoldAny(w, "moves", "ходов", "хода", "züge") {
					t.moves = int(ms / 1000)
					i = k
					continue
				}
				return TimeControl{}, false
			}
			if joined {
				if n == len(terms) {
					return TimeControl{}, false
				}
				n++
				t = &terms[n-1]
				t.perMove = joinedPerMove
				joined, joinedPerMove = false, false
			}
			if t.moves != 0 {
				// "90 min/40 moves 30 min": the time after the moves
				// may be the next period's, not more of this one.
				return TimeControl{}, false
			}
			t.ms += ms * unit
			t.timed = true
			afterMove = false
			i = k
		default:
			w, j := readWord(s, i)
			if t.timed && joinsTerm(w) {
				joined = true
				i = j
				continue
			}
			if w == "" || !isFillerWord(w) {
				return TimeControl{}, false
			}
			afterMove = equalFoldAny(w, "move", "ход", "zug")
			// "30 sec/move", "10 s increment": a time given per move.
			perMove := afterMove || equalFoldAny(w, "increment", "incr", "inc", "bonus", "добавлением")
			if joined {
				joinedPerMove = joinedPerMove || perMove
			} else {
				t.perMove = t.perMove || perMove
			}
			i = j
		}
	}
	return humanPeriods(terms[:n])
}

// readUSChessTimeControl reads the notation of US Chess, which American
// organisers type: "G/90;inc30", "G/90+30", "40/90, SD/30; inc30". N/M is N
// moves in M minutes, G/M and SD/M the rest of the game in M minutes, and an
// increment ("inc30", "+30", in seconds) after the periods is given for
// every move from move 1. A delay ("d5") has no PGN form and is refused,
// as are times of 1 or 2, which the notation may mean as hours ("G/2").
func readUSChessTimeControl(s string) (TimeControl, bool) {
	var tc TimeControl
	var inc int64
	seenInc := false
	i := 0
	skip := func(seps string) {
		for i < len(s) && strings.IndexByte(seps, s[i]) >= 0 {
			i++
		}
	}
	for skip(" ,;"); i < len(s); skip(" ,;") {
		if seenInc {
			return TimeControl{}, false // an increment ends the control
		}
		if s[i] == '+' || hasPrefixFoldASCII(s[i:], "inc") {
			i += 1 + 2*boolInt(s[i] != '+')
			skip(" /")
			n, j, ok := readCount(s, i)
			if !ok || tc.n == 0 {
				return TimeControl{}, false
			}
			inc, seenInc, i = int64(n)*1000, true, j
			continue
		}
		moves := 0
		switch {
		case hasPrefixFoldASCII(s[i:], "sd/"):
			i += 3
		case hasPrefixFoldASCII(s[i:], "g/"):
			i += 2
		default:
			n, j, ok := readCount(s, i)
			if !ok || j == len(s) || s[j] != '/' {
				return TimeControl{}, false
			}
			moves, i = n, j+1
		}
		minutes, j, ok := readCount(s, i)
		if !ok || minutes <= 2 || tc.n == maxPeriods || tc.n > 0 && tc.periods[tc.n-1].Moves == 0 {
			return TimeControl{}, false
		}
		tc.periods[tc.n] = Period{Moves: moves, Base: int64(minutes) * 60 * 1000}
		tc.n++
		i = j
	}
	if tc.n == 0 || tc.periods[tc.n-1].Moves != 0 {
		return TimeControl{}, false // "40/120" alone leaves open what follows
	}
	for k := range tc.n {
		tc.periods[k].Increment = inc
	}
	tc.Kind = TimeControlTimed
	return tc, true
}

// readCount reads a whole number of up to six digits at s[i].
func readCount(s string, i int) (n, end int, ok bool) {
	j := i
	for j < len(s) && j-i < 6 && s[j] >= '0' && s[j] <= '9' {
		n = n*10 + int(s[j]-'0')
		j++
	}
	if j == i || j < len(s) && s[j] >= '0' && s[j] <= '9' {
		return 0, i, false
	}
	return n, j, true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tighten drops the spaces around the signs of the PGN form ("5400 + 30",
// "40/5400+30 : 1800+30"), never those between two numbers ("90 30").
func tighten(s string) string {
	if !strings.Contains(s, " ") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			b = append(b, s[i])
			continue
		}
		next := strings.TrimLeft(s[i:], " ")
		if len(b) > 0 && strings.IndexByte("+/:", b[len(b)-1]) >= 0 || next != "" && strings.IndexByte("+/:", next[0]) >= 0 {
			continue
		}
		b = append(b, ' ')
	}
	return string(b)
}

// joinsTerm says whether a word adds a part as "+" does.
func joinsTerm(w string) bool {
	return equalFoldAny(w, "with", "plus", "плюс", "с", "mit", "followed", "then")
}

// humanTerm is one part of a typed time control between its "+" signs.
type humanTerm struct {
	ms      int64 // the time it gives
	moves   int   // the moves it is for ("90 min/40 moves"), 0 when not said
	timed   bool  // a time was read
	perMove bool  // marked as given per move ("30 sec/move")
}

// humanPeriods makes the time control that terms describe: the last is the
// increment when it says it is given per move, or follows a part for the
// rest of the game ("15 min + 10 sec"); the others are periods, each but
// the last for a number of moves, the last for the rest of the game.
// "90 min/40 moves" alone, which leaves open what follows move 40, is
// refused, as is a time per move among the periods.
func humanPeriods(terms []humanTerm) (TimeControl, bool) {
	var tc TimeControl
	periods := terms
	var inc int64
	if n := len(terms); n >= 2 && terms[n-1].moves == 0 && (terms[n-1].perMove || terms[n-2].moves == 0) {
		inc = terms[n-1].ms
		periods = terms[:n-1]
		if !terms[n-1].perMove && inc >= 5*60*1000 {
			// "90 min + 30 min": minutes no increment gives, more
			// likely a second period whose move count is not said.
			return TimeControl{}, false
		}
	}
	if len(periods) > maxPeriods || inc >= 1e12 {
		return TimeControl{}, false
	}
	for k, t := range periods {
		if !t.timed || t.perMove || t.ms >= 1e12 || (t.moves == 0) != (k == len(periods)-1) {
			return TimeControl{}, false
		}
		tc.periods[k] = Period{Moves: t.moves, Base: t.ms, Increment: inc}
	}
	tc.n = uint8(len(periods))
	tc.Kind = TimeControlTimed
	if first := tc.periods[0]; first.Base == 0 && first.Increment == 0 {
		return TimeControl{}, false // no time
	}
	return tc, true
}

// readClockFaceTimeControl reads a base written as a clock shows it,
// H:MM:SS, with an optional increment in seconds: "1:30:00+30" is
// 5400+30. Two colons make it a clock's time, not periods (a period joined
// by ":" has a move count, "40/5400:1800"); "1:30+30", H:MM or M:SS, is
// not guessed.
func readClockFaceTimeControl(s string) (TimeControl, bool) {
	base, inc, _ := strings.Cut(s, "+")
	f := strings.Split(base, ":")
	if len(f) != 3 || len(f[1]) != 2 || len(f[2]) != 2 || strings.Contains(s, "/") {
		return TimeControl{}, false
	}
	var total int64
	for k, part := range f {
		v, err := strconv.ParseUint(part, 10, 32)
		if err != nil || k > 0 && v > 59 || len(part) == 0 || len(part) > 2 {
			return TimeControl{}, false
		}
		total = total*60 + int64(v)
	}
	var incMS int64
	if inc != "" {
		ms, j, err := readSeconds(inc, 0)
		if err != nil || j != len(inc) {
			return TimeControl{}, false
		}
		incMS = ms
	}
	if total == 0 {
		return TimeControl{}, false
	}
	var tc TimeControl
	tc.Kind, tc.n = TimeControlTimed, 1
	tc.periods[0] = Period{Base: total * 1000, Increment: incMS}
	return tc, true
}

// readTimeUnit reads a unit of time at s[i] and returns its length in
// seconds (0 when there is none) and the index after it.
func readTimeUnit(s string, i int) (int64, int) {
	if i < len(s) && (s[i] == '\'' || s[i] == '"') {
		if s[i] == '\'' && i+1 < len(s) && s[i+1] == '\'' {
			return 1, i + 2 // 30'' is seconds
		}
		if s[i] == '"' {
			return 1, i + 1
		}
		return 60, i + 1
	}
	w, j := readWord(s, i)
	switch {
	case equalFoldAny(w, "h", "hr", "hrs", "hour", "hours", "ч", "час", "часа", "часов", "std", "stunde", "stunden"):
		return 3600, j
	case equalFoldAny(w, "m", "min", "mins", "minute", "minutes", "мин", "минут", "минуты", "minuten"):
		return 60, j
	case equalFoldAny(w, "s", "sec", "secs", "second", "seconds", "с", "сек", "секунд", "секунды", "sek", "sekunden"):
		return 1, j
	}
	return 0, i
}

// isFillerWord says whether a word adds nothing to a base and an increment.
func isFillerWord(w string) bool {
	return equalFoldAny(w, "per", "each", "every", "a", "for", "the", "all", "and", "plus", "game", "move", "moves",
		"increment", "incr", "inc", "bonus", "added", "starting", "from", "with",
		"на", "партию", "ход", "за", "каждый", "с", "добавлением", "плюс",
		"rest", "of", "остаток", "партии", // "30 min for the rest of the game"
		"first", "an", "by", // "90 minutes for the first 40 moves, followed by 30 minutes"
		"pro", "partie", "zug", "je") // "90 Min. + 30 Sek./Zug"
}

// readWord reads a run of letters at s[i] (any script).
func readWord(s string, i int) (string, int) {
	j := i
	for j < len(s) {
		r, size := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsLetter(r) {
			break
		}
		j += size
	}
	return s[i:j], j
}

// equalFoldAny says whether w is one of words, ignoring case.
func equalFoldAny(w string, words ...string) bool {
	for _, x := range words {
		if strings.EqualFold(w, x) {
			return true
		}
	}
	return false
}
