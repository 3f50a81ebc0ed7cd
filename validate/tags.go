package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// VariantKind sorts Variant tags by what the replay can check.
type VariantKind uint8

const (
	VariantStandard VariantKind = iota // no tag, "Standard", "From Position", ...
	VariantChess960                    // Chess960 / Fischer Random: standard rules, other castling
	VariantOther                       // Crazyhouse, Atomic, ...: not chess as the Laws define it
)

// Tags are the tag values the checks use, read once per game. Strings point
// into the game's tags; nothing is copied.
type Tags struct {
	White, Black string
	Site         string

	// Result is the Result tag as one of "1-0", "0-1", "1/2-1/2", "*" (a
	// written "½-½" reads as "1/2-1/2"); "" when absent or unreadable.
	// ResultPos is the tag's place, readable or not; zero when absent.
	Result    string
	ResultPos parser.Pos

	// Termination is how the game ended, as the Termination tag says it,
	// or, where there is none, ICC's ICCResult ("White forfeits on time",
	// "Black checkmated"): TerminationTag names the tag read, for messages.
	Termination    string
	TerminationTag string
	TerminationPos parser.Pos

	TimeControlText string      // as written, "" when absent
	TimeControl     TimeControl // Kind is TimeControlAbsent when absent or unreadable
	TimeControlPos  parser.Pos

	// FEN is used whenever present, whatever SetUp says (as every reader does).
	FEN    string
	HasFEN bool
	FENPos parser.Pos

	Variant     VariantKind
	VariantName string
	VariantPos  parser.Pos

	// PlyCount is the PlyCount tag's count of the game's plies, -1 when
	// the tag is absent or not a count; PlyCountPos is the tag's place.
	PlyCount    int
	PlyCountPos parser.Pos

	// BeforeJuly2014 is set when the Date tag says the game was played
	// before 1 July 2014, when the automatic draws of FIDE 9.6 (fivefold
	// repetition, 75 moves) came into force.
	BeforeJuly2014 bool
}

// Tag names the checks read; each has a bit for the roster and duplicates.
const (
	tagEvent = 1 << iota
	tagSite
	tagDate
	tagRound
	tagWhite
	tagBlack
	tagResult
	tagWhiteElo
	tagBlackElo
	tagTimeControl
	tagTermination
	tagSetUp
	tagFEN
	tagVariant
	tagEventDate
	tagUTCDate
	tagICCResult
	tagPlyCount

	sevenTagRoster = tagEvent | tagSite | tagDate | tagRound | tagWhite | tagBlack | tagResult
)

// SevenTagRoster is the PGN standard's Seven Tag Roster, in its export order.
var SevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

func tagBit(name string) int {
	switch name {
	case "Event":
		return tagEvent
	case "Site":
		return tagSite
	case "Date":
		return tagDate
	case "Round":
		return tagRound
	case "White":
		return tagWhite
	case "Black":
		return tagBlack
	case "Result":
		return tagResult
	case "WhiteElo":
		return tagWhiteElo
	case "BlackElo":
		return tagBlackElo
	case "TimeControl":
		return tagTimeControl
	case "Termination":
		return tagTermination
	case "SetUp":
		return tagSetUp
	case "FEN":
		return tagFEN
	case "Variant":
		return tagVariant
	case "EventDate":
		return tagEventDate
	case "UTCDate":
		return tagUTCDate
	case "ICCResult":
		return tagICCResult
	case "PlyCount":
		return tagPlyCount
	}
	return 0
}

// ReadTags fills t from g's tag pairs and appends the tag findings (tag-missing,
// tag-format, tag-duplicate) to out. When a tag appears twice the first copy
// is used. A game with no findings costs no allocation.
//
// Decisions: the Seven Tag Roster check is one finding per game listing every
// missing tag, so that a file of tagless scoresheets counts one problem per
// game, not seven; an empty value is present, not missing (it is judged by the
// tag's format where one is defined). A FEN is used whatever SetUp says (as
// every reader does), but PGN requires SetUp "1" beside it, so a FEN without
// SetUp is reported as SetUp "1" without a FEN is, and SetUp "0" with one.
func ReadTags(g *parser.Game, t *Tags, out []Finding) []Finding {
	// Cleared, then set: a literal with a field set, Tags holding strings,
	// is copied from a template, in more instructions than clearing it.
	*t = Tags{}
	t.PlyCount = -1
	r := tagReader{t: t, out: out}
	tags := g.Tags
	for i := range tags {
		tag := &tags[i]
		bit := tagBit(tag.Name)
		if bit == 0 {
			continue
		}
		if r.seen&bit != 0 {
			r.out, r.dups = tagCopy(g, i, bit, r.out, r.dups)
			continue
		}
		r.seen |= bit
		// The tags nearly every game has are read here, each with at
		// most a call to its check; read takes the rest. Through read,
		// they paid for two calls each (callgrind, BenchmarkReadTags:
		// 2,450 instructions a call, now 2,140).
		switch bit {
		case tagEvent:
			// Nothing to read: the roster asks only that it be there (seen).
		case tagSite:
			t.Site = tag.Value
		case tagWhite:
			t.White = tag.Value
		case tagBlack:
			t.Black = tag.Value
		case tagWhiteElo, tagBlackElo:
			if form := eloForm(tag.Value); form != eloGood {
				r.out = badElo(r.out, tag, form)
			}
		case tagRound:
			if msg := roundProblem(tag.Value); msg != "" {
				r.out = badTagValue(r.out, tag, msg)
			}
		case tagDate, tagEventDate:
			// The date nearly every record has, in one reading; read
			// takes any other (and EventDate's "?").
			if year, month, ok := commonDate(tag.Value); !ok {
				r.read(tag, bit)
			} else if bit == tagDate {
				t.BeforeJuly2014 = commonBeforeJuly2014(year, month)
			}
		case tagResult:
			canon, exact := parser.ReadResult(tag.Value)
			if !exact {
				r.out = badResult(r.out, tag, canon)
			}
			t.Result, t.ResultPos = canon, tag.Pos
		case tagPlyCount:
			if n, ok := plyCount(tag.Value); ok {
				t.PlyCount, t.PlyCountPos = n, tag.Pos
			} else {
				r.out = badTagValue(r.out, tag, "is not a count of plies: write digits")
			}
		default:
			r.read(tag, bit)
		}
	}
	out = r.out
	if t.HasFEN || r.hasSetUp {
		out = setUpFindings(out, t, r.setUp, r.setUpPos, r.hasSetUp)
	}
	// A line of an EPD file is a position, with no players, event or
	// result to name (its id is read as Event).
	if missing := sevenTagRoster &^ r.seen; missing != 0 && !g.EPD && !(missing == sevenTagRoster && openingLine(g)) {
		out = addRosterFinding(out, g, missing)
	}
	if r.dups != nil {
		countCopies(out, r.dups)
	}
	return out
}

// tagReader is ReadTags' state while it reads a game's tags. Reading the
// rare tags in a method of its own keeps ReadTags' loop to a few
// registers: with their work inline (a time control's reading above all),
// every tag paid for saving and reloading the state around it (callgrind,
// BenchmarkReadTags: about 600 instructions of 2,950).
type tagReader struct {
	t    *Tags
	out  []Finding
	seen int // the tags read: tagBit's bits
	// One finding a tag name, however many copies: a file of a million
	// "[Event" lines in one game made a million findings, and looking
	// back for each one's first copy took the square of that.
	dups     []tagCopies // rare: made at the first copy
	setUp    string
	setUpPos parser.Pos
	hasSetUp bool
}

// read reads the first copy of a tag ReadTags knows, whose bit is bit,
// where ReadTags' loop does not: a date not in commonDate's form, and the
// tags few games have.
func (r *tagReader) read(tag *parser.Tag, bit int) {
	t := r.t
	v := tag.Value
	switch bit {
	case tagDate, tagEventDate, tagUTCDate:
		// EventDate is outside the roster, and ChessBase writes an
		// unknown one "?", as an unknown roster value is written: a
		// third of the masters' games have it. Date keeps its own
		// unknown form, "????.??.??".
		if bit == tagEventDate && v == "?" {
			break
		}
		// The date nearly every record has is read once, for both its
		// form and its era: dateProblem and beforeJuly2014 each read it
		// again (callgrind, BenchmarkStreamCheck: the dates took 40 M
		// instructions, now 15 M).
		year, month, common := commonDate(v)
		if !common {
			if msg := dateProblem(v); msg != "" {
				r.out = badTagValue(r.out, tag, msg)
			}
		}
		if bit == tagDate {
			if common {
				t.BeforeJuly2014 = commonBeforeJuly2014(year, month)
			} else {
				t.BeforeJuly2014 = beforeJuly2014(v)
			}
		}
	case tagTimeControl:
		t.TimeControlText, t.TimeControlPos = v, tag.Pos
		tc, err := ParseTimeControl(v)
		if err != nil {
			tc, r.out = badTimeControl(r.out, tag, tc, err)
		} else if tc.movesLookSwapped() {
			tc, r.out = swappedTimeControl(r.out, tag, tc)
		}
		t.TimeControl = tc
	case tagTermination:
		t.Termination, t.TerminationTag, t.TerminationPos = v, "Termination", tag.Pos
	case tagICCResult:
		// ICC writes how the game ended here, and no Termination
		// tag; a Termination tag, wherever it stands, is read first.
		if r.seen&tagTermination == 0 {
			t.Termination, t.TerminationTag, t.TerminationPos = v, "ICCResult", tag.Pos
		}
	case tagSetUp:
		r.setUp, r.setUpPos, r.hasSetUp = v, tag.Pos, true
	case tagFEN:
		t.FEN, t.HasFEN, t.FENPos = v, true, tag.Pos
	case tagVariant:
		t.VariantName, t.VariantPos = v, tag.Pos
		t.Variant = variantKind(v)
	}
}

// The findings ReadTags makes are built below, in functions of their own
// that are never inlined: most games have none, and every game runs
// ReadTags, whose usual path then fits in a few cache lines rather than
// being strewn between the code that formats messages (the instruction
// cache, not the instructions, is what the per-game checks cost).

// badTagValue reports tag's value as "Name "value" msg".
//
//go:noinline
func badTagValue(out []Finding, tag *parser.Tag, msg string) []Finding {
	return append(out, tagFinding(tag, tag.Name+" "+strconv.Quote(tag.Value)+" "+msg))
}

// badElo reports a rating tag whose value eloForm read as form, not eloGood.
//
//go:noinline
func badElo(out []Finding, tag *parser.Tag, form int) []Finding {
	if form == eloTooHigh {
		return badTagValue(out, tag, "is not a rating: ratings stop below 4000 (a typing error or a placeholder?); the games table has none")
	}
	return badTagValue(out, tag, `is not a rating: write digits, or "-" or "?" when there is none`)
}

// badResult reports a Result tag that is not PGN's; canon is its reading,
// "" when it has none.
//
//go:noinline
func badResult(out []Finding, tag *parser.Tag, canon string) []Finding {
	if canon == "" {
		return badTagValue(out, tag, "is not one of 1-0, 0-1, 1/2-1/2, *")
	}
	return badTagValue(out, tag, "is not PGN: write "+canon)
}

// badTimeControl reports a TimeControl tag that ParseTimeControl read as tc
// and refused with err, and returns the time control to use: a human
// form's reading, else tc.
//
//go:noinline
func badTimeControl(out []Finding, tag *parser.Tag, tc TimeControl, err error) (TimeControl, []Finding) {
	v := tag.Value
	if human, ok := readHumanTimeControl(v); ok {
		return human, append(out, tagFinding(tag, fmt.Sprintf("TimeControl %q is not in PGN form: write %s", v, human.String())))
	}
	if strings.IndexFunc(v, unicode.IsLetter) >= 0 {
		// Words arbiter could not read in full: the PGN reading's error
		// ("a period must give a number of seconds") would say little.
		return tc, append(out, tagFinding(tag, fmt.Sprintf("TimeControl %q is not a PGN time control, and its words cannot be read in full "+
			"(a delay, an increment from a later move, a move count not said?): write seconds, "+
			"as 40/5400+30:1800+30 (90 min for 40 moves, then 30 min, 30 s a move from move 1); the clocks are not checked against it", v)))
	}
	return tc, append(out, tagFinding(tag, fmt.Sprintf("TimeControl %q is not a PGN time control: %s", v, err)))
}

// swappedTimeControl reports a TimeControl whose move counts and times
// look swapped ("90/40+30": 90 moves in 40 seconds, meant as 40 moves in 90
// minutes) and returns the swapped reading, which the clocks are checked
// against, as for a tag in minutes: checked against 90 moves in 40 s, every
// clock would be reported.
//
//go:noinline
func swappedTimeControl(out []Finding, tag *parser.Tag, tc TimeControl) (TimeControl, []Finding) {
	fixed := tc.unswapped()
	return fixed, append(out, tagFinding(tag, fmt.Sprintf("TimeControl %q gives %s: the move count and the time look swapped "+
		"(PGN writes moves/seconds); write %s (a later period, if any, after a colon, as in 40/5400+30:1800+30); the clocks are checked against %s",
		tag.Value, tc.firstSwappedSays(), fixed.String(), fixed.String())))
}

// tagCopy handles g.Tags[i], a second or later copy of the tag with bit:
// the first such copy makes a tag-duplicate finding, the others are counted
// in dups.
//
//go:noinline
func tagCopy(g *parser.Game, i, bit int, out []Finding, dups []tagCopies) ([]Finding, []tagCopies) {
	k := slices.IndexFunc(dups, func(d tagCopies) bool { return d.bit == bit })
	if k < 0 {
		out = append(out, duplicateTag(g, i))
		return out, append(dups, tagCopies{bit: bit, at: len(out) - 1})
	}
	dups[k].more++
	return out, dups
}

// countCopies says in each tag-duplicate finding how many more copies
// were ignored, and how many times the tag appears in all: "appears
// twice" beside "43 more copies" would contradict itself.
//
//go:noinline
func countCopies(out []Finding, dups []tagCopies) {
	for _, d := range dups {
		if d.more > 0 {
			more := "1 more copy"
			if d.more > 1 {
				more = fmt.Sprintf("%d more copies", d.more)
			}
			msg := strings.Replace(out[d.at].Message, "appears twice", fmt.Sprintf("appears %d times", d.more+2), 1)
			out[d.at].Message = msg + "; " + more + " ignored"
		}
	}
}

// setUpFindings checks SetUp against FEN.
//
//go:noinline
func setUpFindings(out []Finding, t *Tags, setUp string, setUpPos parser.Pos, hasSetUp bool) []Finding {
	if t.HasFEN && !hasSetUp {
		out = append(out, Finding{Code: TagFormat, Severity: DefaultSeverity(TagFormat), Pos: t.FENPos, Ply: -1,
			Message: `a FEN tag without SetUp "1": PGN requires it beside a FEN (the game is replayed from the FEN)`})
	}
	if hasSetUp {
		switch {
		case setUp == "1" && !t.HasFEN:
			out = append(out, Finding{Code: TagFormat, Severity: DefaultSeverity(TagFormat), Pos: setUpPos, Ply: -1,
				Message: `SetUp is "1" but there is no FEN tag: the game is replayed from the standard start`})
		case setUp == "0" && t.HasFEN:
			out = append(out, Finding{Code: TagFormat, Severity: DefaultSeverity(TagFormat), Pos: setUpPos, Ply: -1,
				Message: `SetUp is "0" but there is a FEN tag: the game is replayed from the FEN`})
		case setUp != "0" && setUp != "1":
			out = append(out, Finding{Code: TagFormat, Severity: DefaultSeverity(TagFormat), Pos: setUpPos, Ply: -1,
				Message: fmt.Sprintf(`SetUp %q is neither "0" nor "1"`, setUp)})
		}
	}
	return out
}

// openingLine says that g, which has no tag of the Seven Tag Roster, is an
// opening line of a classification table (Scid's .eco, pgn-extract's
// eco.pgn, pychess's lang/*/eco.pgn): an ECO or Opening tag, and "*" or
// no marker for its result (pychess's tables write none; result-missing
// still says so). Such a line was played by no one, at no event or date: a
// roster would be made of "?", so its absence is not reported. The roster
// holds White and Black, so no player is named either.
//
//go:noinline
func openingLine(g *parser.Game) bool {
	if g.Result != "*" && g.Result != "" {
		return false
	}
	for i := range g.Tags {
		if n := g.Tags[i].Name; n == "ECO" || n == "Opening" {
			return true
		}
	}
	return false
}

//go:noinline
func addRosterFinding(out []Finding, g *parser.Game, missing int) []Finding {
	return append(out, rosterFinding(g, missing))
}

// tagCopies counts the copies of a tag after its second: one tag-duplicate
// finding (out[at]) a name.
type tagCopies struct{ bit, at, more int }

// plyCountMismatch reports a PlyCount tag that counts other than the
// main line's plies as written, legal or not: an export that lost moves
// (a cut file, a database that kept the header of a longer game) says so
// only here, as its movetext reads as a whole game. Not for a game the
// parser found problems in, whose moves it may have skipped; nor for a
// count one off, which exports write for whole games (chessgames.com's,
// a fiftieth of the masters' games, one more than their plies); nor for a
// game from a FEN, where puzzle collections keep the count of the game
// the position was taken from.
//
//go:noinline
func plyCountMismatch(out []Finding, t *Tags, plies int) []Finding {
	msg := fmt.Sprintf("PlyCount \"%d\" counts %s, but the main line holds %d: ", t.PlyCount, countOf(t.PlyCount, "ply", "plies"), plies)
	if t.PlyCount > plies {
		msg += fmt.Sprintf("%d may have been lost, or the tag is wrong", t.PlyCount-plies)
	} else {
		msg += "the tag is wrong"
	}
	return append(out, Finding{Code: TagFormat, Severity: DefaultSeverity(TagFormat), Pos: t.PlyCountPos, Ply: -1, Message: msg})
}

func tagFinding(tag *parser.Tag, msg string) Finding {
	return Finding{Code: TagFormat, Severity: DefaultSeverity(TagFormat), Message: msg, Pos: tag.Pos, Ply: -1}
}

func duplicateTag(g *parser.Game, i int) Finding {
	dup := &g.Tags[i]
	first := dup
	for j := 0; j < i; j++ {
		if g.Tags[j].Name == dup.Name {
			first = &g.Tags[j]
			break
		}
	}
	msg := fmt.Sprintf("tag %s appears twice (first at line %d)", dup.Name, first.Pos.Line)
	if first.Value != dup.Value {
		msg = fmt.Sprintf("tag %s appears twice: %q (line %d) is used, %q ignored", dup.Name, first.Value, first.Pos.Line, dup.Value)
	}
	return Finding{Code: TagDuplicate, Severity: DefaultSeverity(TagDuplicate), Message: msg, Pos: dup.Pos, Ply: -1}
}

func rosterFinding(g *parser.Game, missing int) Finding {
	// At the tag section, which a comment before a file's first game
	// (read with that game) does not hold.
	// A list of pieces in the text is no tag section: its FEN and SetUp
	// are the parser's, and the game has no tags of its own.
	written := len(g.Tags) > 0 && !g.PieceList
	pos := g.Start
	if written {
		pos = g.Tags[0].Pos
	}
	f := Finding{Code: TagMissing, Severity: DefaultSeverity(TagMissing), Pos: pos, Ply: -1}
	if missing == sevenTagRoster {
		f.Message = "the game has no Seven Tag Roster (Event, Site, Date, Round, White, Black, Result)" + rosterHints(g, missing)
		if !written {
			f.Message = "the game has no tags; the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing"
		}
		return f
	}
	var names []string
	for i, n := range SevenTagRoster {
		if missing&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	f.Message = fmt.Sprintf("Seven Tag Roster incomplete: %s %s missing", joinAnd(names), verb) + rosterHints(g, missing)
	if missing == tagRound {
		if server := onlineServer(g); server != "" {
			// A server pairs players game by game: there is no round to
			// name, and its exports leave the tag out (lichess's API, the
			// FICS games database). The PGN standard's "-" is what a
			// converter would write; one warning a game of a dump of
			// millions would say nothing about any of them.
			f.Severity = Info
			f.Message += fmt.Sprintf(" (a game of %s, which has no rounds: PGN writes Round \"-\" there)", server)
		}
	}
	return f
}

// onlineServer names the online server a game was played on, as its export
// says it (the Site tag, or a tag only that server writes), "" for any other
// game. An over-the-board game relayed by a server (a lichess broadcast) has
// rounds, and is no server's game.
func onlineServer(g *parser.Game) string {
	for i := range g.Tags {
		tag := &g.Tags[i]
		switch tag.Name {
		case "Site":
			v := tag.Value
			switch {
			case fromLichess(v):
				return "lichess"
			case containsFoldASCII(v, "chess.com"):
				return "chess.com"
			case containsFoldASCII(v, "freechess.org"), containsFoldASCII(v, "fics "), strings.EqualFold(v, "FICS"):
				return "FICS"
			case containsFoldASCII(v, "internet chess club"), containsFoldASCII(v, "chessclub.com"):
				return "ICC"
			}
		case "FICSGamesDBGameNo":
			return "FICS"
		case "ICCResult":
			return "ICC"
		}
	}
	return ""
}

// rosterHints points at the tags that were likely meant as the missing
// roster tags ("Whtie", "white"): without it the report says only that White
// is missing, and the reader looks for a tag that is there, misspelt.
// Returns "" or " (line 5 has \"Whtie\": misspelt?; ...)".
func rosterHints(g *parser.Game, missing int) string {
	var hints []string
	for i, n := range SevenTagRoster {
		if missing&(1<<i) == 0 {
			continue
		}
		for k := range g.Tags {
			tag := &g.Tags[k]
			if tagBit(tag.Name) != 0 {
				continue // a tag of its own, spelt right
			}
			switch {
			case strings.EqualFold(tag.Name, n):
				hints = append(hints, fmt.Sprintf("line %d has %q: tag names are case-sensitive", tag.Pos.Line, tag.Name))
			case nearName(tag.Name, n):
				hints = append(hints, fmt.Sprintf("line %d has %q: misspelt?", tag.Pos.Line, tag.Name))
			default:
				continue
			}
			break
		}
	}
	if len(hints) == 0 {
		return ""
	}
	return " (" + strings.Join(hints, "; ") + ")"
}

// nearName says that a is b with one letter wrong, added, left out, or two
// neighbours swapped, whatever the case: "Whtie", "Whit", "Evnet", "Rounds".
func nearName(a, b string) bool {
	if len(a)-len(b) > 1 || len(b)-len(a) > 1 {
		return false
	}
	return replay.EditDistance(strings.ToLower(a), strings.ToLower(b)) <= 1
}

// joinAnd writes "A", "A and B", "A, B and C".
func joinAnd(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

var monthNames = [...]string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// dateProblem says what is wrong with a PGN date "YYYY.MM.DD", "" when
// nothing. A field of question marks is unknown; the year may also end in
// question marks ("19??") for a known century or decade.
func dateProblem(v string) string {
	// The dates nearly every record has, answered without the general
	// reading: a whole date whose day every month has, a year alone, none.
	if len(v) == 10 && v[4] == '.' && v[7] == '.' {
		if v[5:] == "??.??" && (v[:4] == "????" || isDigits(v[:4])) {
			return ""
		}
		if isDigits(v[:4]) && isDigits(v[5:7]) && isDigits(v[8:]) {
			month, day := (v[5]-'0')*10+v[6]-'0', (v[8]-'0')*10+v[9]-'0'
			if month >= 1 && month <= 12 && day >= 1 && day <= 28 {
				return ""
			}
		}
	}
	return dateProblemSlow(v)
}

// commonDate reads v when it is a PGN date in a form nearly every record
// writes: a year in digits, then a known month and day ("1960.03.15"), a
// known month alone ("1960.03.??") or neither ("1960.??.??"). It returns
// the year, the month (0 when unknown) and ok; such a date is well formed
// (dateProblem says nothing), and is read here in one pass, where
// dateProblem and beforeJuly2014 each read it again. Any other date is not
// ok, to be read by them.
func commonDate(v string) (year, month int, ok bool) {
	if len(v) != 10 || v[4] != '.' || v[7] != '.' {
		return 0, 0, false
	}
	y0, y1, y2, y3 := v[0]-'0', v[1]-'0', v[2]-'0', v[3]-'0'
	if y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9 { // a byte below '0' wraps above 9
		return 0, 0, false
	}
	year = int(y0)*1000 + int(y1)*100 + int(y2)*10 + int(y3)
	if v[5:] == "??.??" {
		return year, 0, true
	}
	m0, m1 := v[5]-'0', v[6]-'0'
	if m0 > 9 || m1 > 9 {
		return 0, 0, false
	}
	if month = int(m0)*10 + int(m1); month < 1 || month > 12 {
		return 0, 0, false
	}
	if v[8:] == "??" {
		return year, month, true
	}
	d0, d1 := v[8]-'0', v[9]-'0'
	if d0 > 9 || d1 > 9 {
		return 0, 0, false
	}
	if day := int(d0)*10 + int(d1); day < 1 || day > 28 && day > daysIn(month, year, true) {
		return 0, 0, false
	}
	return year, month, true
}

// commonBeforeJuly2014 is beforeJuly2014 for a date commonDate read as
// year and month: a year written with a leading zero says nothing.
func commonBeforeJuly2014(year, month int) bool {
	return year >= 1000 && (year < 2014 || year == 2014 && month >= 1 && month < 7)
}

// beforeJuly2014 says whether a Date value is known to fall before 1 July
// 2014: a year before 2014, or a month of 2014 before July. An unknown year,
// or one written with a leading zero ("0000.00.00", a database's blank), says
// nothing; a date in another form than PGN's ("1962-05-04") still names its
// year and month.
func beforeJuly2014(v string) bool {
	if len(v) < 4 || !isDigits(v[:4]) || v[0] == '0' {
		return false
	}
	if y := v[:4]; y != "2014" {
		return y < "2014"
	}
	return len(v) >= 7 && strings.IndexByte(".-/", v[4]) >= 0 && isDigits(v[5:7]) && v[5:7] >= "01" && v[5:7] < "07"
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// dateProblemSlow is dateProblem's general reading.
func dateProblemSlow(v string) string {
	if len(v) != 10 || v[4] != '.' || v[7] != '.' {
		if w := datePGNForm(v); w != "" {
			return "is not in the form YYYY.MM.DD (?? for unknown parts): write " + w
		}
		return "is not in the form YYYY.MM.DD (?? for unknown parts)"
	}
	year, yearKnown, ok := dateField(v[0:4], true)
	if !ok {
		return "is not in the form YYYY.MM.DD (?? for unknown parts)"
	}
	month, monthKnown, ok := dateField(v[5:7], false)
	if !ok {
		return "is not in the form YYYY.MM.DD (?? for unknown parts)"
	}
	day, dayKnown, ok := dateField(v[8:10], false)
	if !ok {
		return "is not in the form YYYY.MM.DD (?? for unknown parts)"
	}
	if monthKnown && (month < 1 || month > 12) {
		if month == 0 {
			return "has no month 00: write " + v[:5] + "??.??" + " when the month is unknown"
		}
		if w := dayMonthSwapped(v); w != "" {
			return fmt.Sprintf("has no month %02d: write %s (PGN writes the month before the day)", month, w)
		}
		return fmt.Sprintf("has no month %02d", month)
	}
	if dayKnown && (day < 1 || day > 31) {
		if day == 0 {
			return "has no day 00: write " + v[:8] + "??" + " when the day is unknown"
		}
		return fmt.Sprintf("has no day %02d", day)
	}
	if dayKnown && monthKnown {
		if n := daysIn(month, year, yearKnown); day > n {
			if month == 2 && yearKnown {
				return fmt.Sprintf("is not a day: February %d has %d days", year, n)
			}
			return fmt.Sprintf("is not a day: %s has %d days", monthNames[month-1], n)
		}
	}
	return ""
}

// datePGNForm is the PGN form of a date written year first with other
// separators or unpadded fields ("2022-07-17", "2019.1.12", "2024/05/01"),
// or of a year alone ("1875"), "" when v is not one: day-first dates
// ("01.05.2024") are left alone, as their order cannot be told from the
// month-first.
func datePGNForm(v string) string {
	if len(v) == 4 && isDigits(v) {
		return v + ".??.??"
	}
	if v == "?" {
		// The unknown value of the other roster tags: PGN writes an
		// unknown date with a field of question marks for each part.
		return "????.??.??"
	}
	sep := strings.IndexAny(v, ".-/")
	if sep != 4 {
		return ""
	}
	parts := strings.Split(v, v[4:5])
	if len(parts) != 3 {
		return ""
	}
	for i, p := range parts[1:] {
		switch {
		case p == "?" || p == "??":
			p = "??"
		case len(p) == 1 && isDigits(p):
			p = "0" + p
		case len(p) != 2 || !isDigits(p):
			return ""
		}
		parts[i+1] = p
	}
	w := parts[0] + "." + parts[1] + "." + parts[2]
	if len(w) != 10 {
		return ""
	}
	if dateProblemSlow(w) != "" {
		return dayMonthSwapped(w)
	}
	return w
}

// dayMonthSwapped is w, a date of PGN's shape, with its month and day
// exchanged when its month can only be a day (13 to 31) and its day is a
// month: "2012.21.10" can only mean 2012.10.21. "" otherwise: a date whose
// fields both read as months is not guessed.
func dayMonthSwapped(w string) string {
	if len(w) != 10 || w[4] != '.' || w[7] != '.' || !isDigits(w[5:7]) || !isDigits(w[8:10]) {
		return ""
	}
	month, day := w[5:7], w[8:10]
	if month <= "12" || month > "31" || day < "01" || day > "12" {
		return ""
	}
	// The swapped month is 01 to 12, so this reading does not come back here.
	swapped := w[:5] + day + "." + month
	if dateProblemSlow(swapped) != "" {
		return ""
	}
	return swapped
}

// dateField reads digits or question marks. A year may be digits followed by
// question marks; a month or day is all one or the other.
func dateField(s string, isYear bool) (n int, known, ok bool) {
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		n = n*10 + int(s[digits]-'0')
		digits++
	}
	for i := digits; i < len(s); i++ {
		if s[i] != '?' {
			return 0, false, false
		}
	}
	if digits != 0 && digits != len(s) && !isYear {
		return 0, false, false
	}
	return n, digits == len(s), true
}

func daysIn(month, year int, yearKnown bool) int {
	switch month {
	case 2:
		if !yearKnown || year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// roundProblem says what is wrong with a Round value, "" when nothing: "?"
// (unknown), "-" (not applicable), or dot-separated numbers ("3", "3.1",
// "2.1.4"), where any part may be "?" ("?.2": board 2 of an unknown round).
func roundProblem(v string) string {
	if v == "" {
		return `is empty: write "?" when the round is unknown`
	}
	if v == "-" || v == "?" {
		return ""
	}
	partLen := 0
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == '.' {
			if partLen == 0 {
				return `is not a round such as 3, 3.1, "?" (unknown) or "-" (none)`
			}
			partLen = 0
			continue
		}
		c := v[i]
		if c == '?' {
			if partLen != 0 || (i+1 < len(v) && v[i+1] != '.') {
				return `is not a round such as 3, 3.1, "?" (unknown) or "-" (none)`
			}
		} else if c < '0' || c > '9' {
			return `is not a round such as 3, 3.1, "?" (unknown) or "-" (none)`
		}
		partLen++
	}
	return ""
}

// MaxElo bounds the ratings taken as real: anything from 4000 up is a typing
// error or a placeholder.
const MaxElo = 4000

// ParseElo reads a WhiteElo or BlackElo value as the games table and the
// statistics use it: a rating of 1 to 3999 written in digits, a trailing "?"
// (a provisional rating, as pychess writes) allowed. "", "-", "?", "0" and
// anything else are no rating; which of them are well-formed is tag-format's
// question (eloForm).
func ParseElo(v string) (int, bool) {
	v = strings.TrimSuffix(v, "?")
	if len(v) == 0 || len(v) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, false
		}
		n = n*10 + int(v[i]-'0')
	}
	return n, IsRating(n)
}

// IsRating says whether n is taken as a real rating (1 to MaxElo-1): the one
// range for the games table, read from tags, and the statistics, read from
// tables.
func IsRating(n int) bool { return n > 0 && n < MaxElo }

// Readings of a rating tag's value by eloForm.
const (
	eloGood      = iota // a rating of 1 to 3999, or none written as PGN allows
	eloNotDigits        // not up to four digits, a trailing "?" allowed, nor "", "-", "?"
	eloTooHigh          // that form, but 4000 or more
)

// eloForm says whether v is a rating PGN allows (up to four digits, a
// trailing "?" for a provisional one, as pychess writes it, or "", "-", "?"
// for none) and whether it stays below MaxElo, in one pass over v: every
// game has two rating tags.
func eloForm(v string) int {
	n := len(v)
	if n > 0 && v[n-1] == '?' {
		n-- // a provisional rating, or "?" alone: none
	}
	if n == 4 {
		// The rating nearly every tag holds, read without the loop's
		// bounds check and branches at each digit.
		w := v[:4] // one bounds check for the four
		d0, d1, d2, d3 := w[0]-'0', w[1]-'0', w[2]-'0', w[3]-'0'
		if d0 > 9 || d1 > 9 || d2 > 9 || d3 > 9 {
			return eloNotDigits
		}
		if int(d0)*1000+int(d1)*100+int(d2)*10+int(d3) >= MaxElo {
			return eloTooHigh
		}
		return eloGood
	}
	if n > 4 {
		return eloNotDigits
	}
	rating := 0
	for i := 0; i < n; i++ {
		d := v[i] - '0'
		if d > 9 {
			if v == "-" {
				return eloGood
			}
			return eloNotDigits
		}
		rating = rating*10 + int(d)
	}
	if rating >= MaxElo {
		return eloTooHigh
	}
	return eloGood
}

// plyCount reads a PlyCount value: a count in digits, as strconv.Atoi reads
// it but for a sign ("-0" passes, as Atoi reads it; "+3" does not). The
// digits alone, the tag's every value in practice, are read without Atoi.
func plyCount(v string) (int, bool) {
	if n, ok := smallNumber(v); ok {
		return n, true
	}
	n, err := strconv.Atoi(v)
	return n, err == nil && n >= 0 && v[0] != '+'
}

// smallNumber reads v when it is 1 to 18 digits, which stay below 2^63.
func smallNumber(v string) (int, bool) {
	if len(v) == 0 || len(v) > 18 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		d := v[i] - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + int(d)
	}
	return n, true
}

// variantKind sorts a Variant tag value.
func variantKind(v string) VariantKind {
	v = strings.TrimSpace(v)
	switch {
	case equalFoldAny(v, "", "standard", "chess", "normal", "from position", "classical"):
		return VariantStandard
	case equalFoldAny(v, "chess960", "chess 960", "960", "fischerandom", "fischer random", "fischerrandom", "fischer random chess", "frc", "freestyle"):
		return VariantChess960
	}
	return VariantOther
}

// mirroredChess960 reports whether the Variant tag names Chess960 proper,
// whose two sides start from one row, mirrored. "fischerandom" (cutechess's
// name) is left out: TCEC writes it for its double Fischer random events
// too, where each side has a row of its own.
func (t *Tags) mirroredChess960() bool {
	return equalFoldAny(strings.TrimSpace(t.VariantName), "chess960", "chess 960", "960")
}

// UnsupportedVariant reports a game the replay cannot judge: a variant other
// than standard chess, or Chess960 when the replay does not support it.
//
// A game of a variant (Crazyhouse, Atomic, Seirawan) is no faulty record:
// arbiter only knows no rules to judge it by, which info says, once a game,
// naming the variant (a variant dump is all such games, and a warning on each
// would fail a run under --fail-on warning for nothing wrong). A name one
// letter off a name of standard chess or Chess960 ("Standart", "Chess-960")
// is likely a typing error that keeps a game of chess from being checked: a
// warning, which names the tag's value to write.
func (t *Tags) UnsupportedVariant(supports960 bool) (Finding, bool) {
	if t.Variant == VariantStandard || (t.Variant == VariantChess960 && supports960) {
		return Finding{}, false
	}
	f := Finding{Code: VariantUnsupported, Severity: Info, Pos: t.VariantPos, Ply: -1,
		Message: fmt.Sprintf("the Variant tag says %q, a game other than standard chess and Chess960: arbiter knows no rules to judge it by, so its moves were not replayed", t.VariantName)}
	switch {
	case t.Variant == VariantChess960:
		f.Severity = DefaultSeverity(VariantUnsupported)
		f.Message = fmt.Sprintf("the Variant tag says %q: only standard chess is checked, so the moves were not replayed", t.VariantName)
	default:
		if meant := misspeltVariant(t.VariantName); meant != "" {
			f.Severity = DefaultSeverity(VariantUnsupported)
			f.Message = fmt.Sprintf("the Variant tag says %q, which names no game arbiter knows, and is one letter off %q: the moves were not replayed; "+
				"write %q (or, for standard chess, no Variant tag) to have them checked", t.VariantName, meant, meant)
		}
	}
	return f, true
}

// misspeltVariant is the name of standard chess or Chess960 that v is one
// letter off ("Standart": "Standard"), "" when none.
func misspeltVariant(v string) string {
	v = strings.TrimSpace(v)
	for _, n := range [...]string{"Standard", "Chess960", "Chess 960", "Fischer Random", "fischerandom", "From Position", "normal"} {
		if nearName(v, n) {
			return n
		}
	}
	return ""
}
