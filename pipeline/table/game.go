package table

import (
	"strconv"
	"time"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// Game is what the rows of one game are made of. Its fields mirror
// pipeline.GameRecord, so a runner fills it without copying the report.
type Game struct {
	File     string // the input path as given
	Index    int    // 0-based index of the game in its file
	Start    parser.Pos
	End      int64 // byte offset just past the game
	Tags     []parser.Tag
	Encoding parser.Encoding
	Report   *validate.Report
}

// GameID is the game_id of every table: the input path as given, '#', and the
// 0-based index of the game in that file ("lichess.pgn.zst#41"). It is stable
// as long as the same path names the same file.
func GameID(file string, index int) string {
	return string(AppendGameID(nil, file, index))
}

// AppendGameID appends GameID(file, index) to buf.
func AppendGameID(buf []byte, file string, index int) []byte {
	buf = append(buf, file...)
	buf = append(buf, '#')
	return strconv.AppendInt(buf, int64(index), 10)
}

// tag returns the value of the named tag and whether the game has it: an
// absent tag is a null, an empty one an empty string.
func (g *Game) tag(name string) (string, bool) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value, true
		}
	}
	return "", false
}

// digits reads s[i:i+n] as a decimal number.
func digits(s string, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v := 0
	for _, c := range []byte(s[i : i+n]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// parseDate reads a complete date "YYYY.MM.DD" (or with '-' or '/') into days
// since 1970-01-01. Dates with unknown parts ("1993.??.??") or that do not
// exist (February 30) are not dates; nor is a year 0000, a placeholder that
// no calendar has and that Python's datetime.date, which pandas turns the
// column into, refuses for the whole table.
func parseDate(s string) (int32, bool) {
	if len(s) != 10 || s[4] != s[7] || (s[4] != '.' && s[4] != '-' && s[4] != '/') {
		return 0, false
	}
	y, ok1 := digits(s, 0, 4)
	m, ok2 := digits(s, 5, 2)
	d, ok3 := digits(s, 8, 2)
	if !ok1 || !ok2 || !ok3 || y < 1 || m < 1 || m > 12 || d < 1 || d > 31 {
		return 0, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d { // normalised: the day did not exist in that month
		return 0, false
	}
	return int32(t.Unix() / 86400), true
}

// parseYear reads the year of a date whose year is known, whatever its
// month and day ("1924.??.??", "1993.07.??", "1993", as archives of old
// games write them): four digits, 0001 or later, alone or before '.', '-'
// or '/'. A year of "????" or 0000 is unknown.
func parseYear(s string) (int32, bool) {
	y, ok := digits(s, 0, 4)
	if !ok || y < 1 || len(s) > 4 && s[4] != '.' && s[4] != '-' && s[4] != '/' {
		return 0, false
	}
	return int32(y), true
}

// parseClock reads "HH:MM:SS" into seconds since midnight.
func parseClock(s string) (int, bool) {
	if len(s) != 8 || s[2] != ':' || s[5] != ':' {
		return 0, false
	}
	h, ok1 := digits(s, 0, 2)
	m, ok2 := digits(s, 3, 2)
	sec, ok3 := digits(s, 6, 2)
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 59 {
		return 0, false
	}
	return h*3600 + m*60 + sec, true
}

// utcStart is the start of the game from its UTCDate and UTCTime tags, in
// milliseconds since the epoch, when both are complete.
func (g *Game) utcStart() (int64, bool) {
	ds, ok1 := g.tag("UTCDate")
	ts, ok2 := g.tag("UTCTime")
	return utcStart(ds, ok1, ts, ok2)
}

func utcStart(ds string, ok1 bool, ts string, ok2 bool) (int64, bool) {
	if !ok1 || !ok2 {
		return 0, false
	}
	days, ok1 := parseDate(ds)
	secs, ok2 := parseClock(ts)
	if !ok1 || !ok2 {
		return 0, false
	}
	return (int64(days)*86400 + int64(secs)) * 1000, true
}

// The tags the games table reads.
const (
	tEvent = iota
	tSite
	tDate
	tRound
	tWhite
	tBlack
	tResult
	tWhiteElo
	tBlackElo
	tECO
	tTimeControl
	tTermination
	tVariant
	tFEN
	tUTCDate
	tUTCTime
	nTags
)

// tagValues holds the value of each tag the games table reads, the first
// when a game repeats one, as Game.tag would find it. Filling it is one
// pass over the game's tags instead of one per column.
type tagValues struct {
	v  [nTags]string
	ok [nTags]bool
}

func (t *tagValues) read(tags []parser.Tag) {
	*t = tagValues{}
	for i := range tags {
		if k := tagSlot(tags[i].Name); k >= 0 && !t.ok[k] {
			t.v[k], t.ok[k] = tags[i].Value, true
		}
	}
}

func (t *tagValues) get(k int) (string, bool) { return t.v[k], t.ok[k] }

func tagSlot(name string) int {
	switch name {
	case "Event":
		return tEvent
	case "Site":
		return tSite
	case "Date":
		return tDate
	case "Round":
		return tRound
	case "White":
		return tWhite
	case "Black":
		return tBlack
	case "Result":
		return tResult
	case "WhiteElo":
		return tWhiteElo
	case "BlackElo":
		return tBlackElo
	case "ECO":
		return tECO
	case "TimeControl":
		return tTimeControl
	case "Termination":
		return tTermination
	case "Variant":
		return tVariant
	case "FEN":
		return tFEN
	case "UTCDate":
		return tUTCDate
	case "UTCTime":
		return tUTCTime
	}
	return -1
}
