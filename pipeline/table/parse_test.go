package table

import (
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

func TestParseDate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int32 // days since 1970-01-01
		ok   bool
	}{
		{"1970.01.01", 0, true}, {"1970.01.02", 1, true}, {"1969.12.31", -1, true},
		{"2024.03.05", 19787, true}, {"2024-03-05", 19787, true}, {"2024/03/05", 19787, true},
		{"2000.02.29", 11016, true}, {"1851.06.21", -43293, true},
		{"1993.??.??", 0, false}, {"1993.05.??", 0, false}, {"????.??.??", 0, false}, {"", 0, false},
		{"2023.02.29", 0, false}, {"2024.02.30", 0, false}, {"2024.13.01", 0, false}, {"2024.00.10", 0, false},
		{"2024.01.00", 0, false}, {"2024.03-05", 0, false}, {"2024.3.5", 0, false}, {"2024.03.05 ", 0, false},
		{"0000.01.01", 0, false}, {"0001.01.01", -719162, true},
	} {
		if got, ok := parseDate(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("parseDate(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// The year of a date known in part is the games table's date_year; a year
// not written in four digits, or 0000, is none, and a near miss such as
// "19930" or "1993x" is no year either.
func TestParseYear(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int32
		ok   bool
	}{
		{"1924.??.??", 1924, true}, {"1993.07.??", 1993, true}, {"2024.03.05", 2024, true},
		{"2024-03-05", 2024, true}, {"2024/03/05", 2024, true}, {"1993", 1993, true}, {"0001.??.??", 1, true},
		{"????.??.??", 0, false}, {"0000.01.01", 0, false}, {"", 0, false}, {"199", 0, false},
		{"19930", 0, false}, {"1993x", 0, false}, {"93.07.01", 0, false}, {"?993.??.??", 0, false},
	} {
		if got, ok := parseYear(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("parseYear(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestUTCStart(t *testing.T) {
	for _, tc := range []struct {
		tags []parser.Tag
		want int64
		ok   bool
	}{
		{tags("UTCDate", "2024.03.05", "UTCTime", "13:14:15"), 1709644455000, true},
		{tags("UTCDate", "1970.01.01", "UTCTime", "00:00:00"), 0, true},
		{tags("UTCDate", "2024.03.05"), 0, false},
		{tags("UTCTime", "13:14:15"), 0, false},
		{tags("UTCDate", "2024.03.05", "UTCTime", "24:00:00"), 0, false},
		{tags("UTCDate", "2024.03.05", "UTCTime", "13:14"), 0, false},
		{tags("UTCDate", "2024.??.??", "UTCTime", "13:14:15"), 0, false},
		{tags("Date", "2024.03.05", "Time", "13:14:15"), 0, false},
	} {
		g := Game{Tags: tc.tags}
		if got, ok := g.utcStart(); got != tc.want || ok != tc.ok {
			t.Errorf("utcStart(%v) = %d, %v; want %d, %v", tc.tags, got, ok, tc.want, tc.ok)
		}
	}
}

func TestGameID(t *testing.T) {
	for _, tc := range []struct {
		file  string
		index int
		want  string
	}{
		{"a.pgn", 0, "a.pgn#0"}, {"-", 12, "-#12"}, {"dir/x#1.pgn", 3, "dir/x#1.pgn#3"}, {"", 7, "#7"},
	} {
		if got := GameID(tc.file, tc.index); got != tc.want {
			t.Errorf("GameID(%q, %d) = %q, want %q", tc.file, tc.index, got, tc.want)
		}
	}
	if got := string(AppendGameID([]byte("x:"), "a.pgn", 41)); got != "x:a.pgn#41" {
		t.Errorf("AppendGameID appended %q", got)
	}
}

// An absent tag is not the same as an empty one.
func TestTagPresence(t *testing.T) {
	g := Game{Tags: tags("Event", "", "Site", "x")}
	if v, ok := g.tag("Event"); !ok || v != "" {
		t.Errorf("empty Event: %q, %v", v, ok)
	}
	if v, ok := g.tag("Round"); ok || v != "" {
		t.Errorf("absent Round: %q, %v", v, ok)
	}
	if v, ok := g.tag("Site"); !ok || v != "x" {
		t.Errorf("Site: %q, %v", v, ok)
	}
}

// tagValues finds what Game.tag finds, tag by tag: the first of a repeated
// tag, an empty one as present, an absent one as absent.
func TestTagValuesAgreeWithTag(t *testing.T) {
	names := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo",
		"ECO", "TimeControl", "Termination", "Variant", "FEN", "UTCDate", "UTCTime"}
	if len(names) != nTags {
		t.Fatalf("%d names for %d slots", len(names), nTags)
	}
	games := append(sampleGames(),
		Game{Tags: tags("White", "first", "Event", "", "White", "second", "Whiteelo", "2000", "UTCTime", "12:00:00")},
		Game{})
	var tv tagValues
	tv.v[tEvent], tv.ok[tEvent] = "stale", true // read must forget the game before
	for i, g := range games {
		tv.read(g.Tags)
		for k, name := range names {
			if tagSlot(name) != k {
				t.Fatalf("tagSlot(%s) = %d, want %d", name, tagSlot(name), k)
			}
			v, ok := g.tag(name)
			if gv, gok := tv.get(k); gv != v || gok != ok {
				t.Errorf("game %d, %s: %q %v, Game.tag says %q %v", i, name, gv, gok, v, ok)
			}
		}
	}
}
