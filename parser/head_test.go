package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestInternedTagName checks the table lookup against the list it is built
// from: every name gives its own shared string, and names that differ from
// one by a byte, a case or a length give none.
func TestInternedTagName(t *testing.T) {
	for _, name := range internedNames {
		if got := internedTagName([]byte(name)); got != name {
			t.Errorf("internedTagName(%q) = %q", name, got)
		}
		for _, miss := range []string{name[:len(name)-1], name + "x", strings.ToUpper(name), "x" + name} {
			if miss == name || miss == "" || slicesContain(internedNames[:], miss) {
				continue
			}
			if got := internedTagName([]byte(miss)); got != "" {
				t.Errorf("internedTagName(%q) = %q, want none", miss, got)
			}
		}
	}
	for _, miss := range []string{"", "FICSGamesDBGameNo", "TerminationDetails", "WhiteRatingDiffX", "CurrentPositionX", "Date\x00"} {
		if got := internedTagName([]byte(miss)); got != "" {
			t.Errorf("internedTagName(%q) = %q, want none", miss, got)
		}
	}
}

func slicesContain(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestSWARFindsTheFirstByte compares bytesBelow and valueStops with a byte
// by byte search on words made to hold the bytes they look for at every
// place, alone and after others.
func TestSWARFindsTheFirstByte(t *testing.T) {
	first := func(w uint64, stop func(byte) bool) int {
		for k := 0; k < 8; k++ {
			if stop(byte(w >> (8 * k))) {
				return k
			}
		}
		return 8
	}
	flagged := func(m uint64) int { return bits.TrailingZeros64(m) / 8 }
	below0 := func(c byte) bool { return c < '0' }
	valueStop := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }
	special := []byte{0, 1, '\t', '\n', '\r', 0x1f, ' ', '!', '"', '#', '/', '0', '1', 'A', '[', '\\', ']', 'z', 0x7f, 0x80, 0xa0, 0xdf, 0xe0, 0xff}
	r := rand.New(rand.NewPCG(7, 7))
	var b [8]byte
	for n := 0; n < 200000; n++ {
		for k := range b {
			if r.IntN(3) == 0 {
				b[k] = special[r.IntN(len(special))]
			} else {
				b[k] = byte(r.IntN(256))
			}
		}
		w := binary.LittleEndian.Uint64(b[:])
		if got, want := flagged(bytesBelow(w, '0')), first(w, below0); got != want {
			t.Fatalf("bytesBelow(% x, '0') flags byte %d, want %d", b, got, want)
		}
		if got, want := flagged(valueStops(w)), first(w, valueStop); got != want {
			t.Fatalf("valueStops(% x) flags byte %d, want %d", b, got, want)
		}
	}
}

// TestHeadTagsFastLines checks, value by value, what headTags reads of tag
// lines that the eight-byte path reads and of their near misses, which it
// leaves to plainTag or the general path: names and values across the
// words' edges, blanks, escapes, control characters and line ends.
func TestHeadTagsFastLines(t *testing.T) {
	cases := []struct {
		line, name, value string
		plain             bool // headTags reads the line (else tagPair does)
	}{
		{`[Event "x"]` + "\n", "Event", "x", true},
		{`[Event "x"]` + "\r\n", "Event", "x", true},
		{`[Site ""]` + "\n", "Site", "", true},
		{`[Date "1234567"]` + "\n", "Date", "1234567", true},
		{`[Date "12345678"]` + "\n", "Date", "12345678", true},
		{`[Date "123456789012345"]` + "\n", "Date", "123456789012345", true},
		{`[Date "1234567890123456"]` + "\n", "Date", "1234567890123456", true},
		{`[WhiteElo "2500"]` + "\n", "WhiteElo", "2500", true},
		{`[EventDate "2024.01.01"]` + "\n", "EventDate", "2024.01.01", true},
		{`[CurrentPosition "8/8/8/8/8/8/8/8 w - - 0 1"]` + "\n", "CurrentPosition", "8/8/8/8/8/8/8/8 w - - 0 1", true},
		{`[FICSGamesDBGameNo "123"]` + "\n", "FICSGamesDBGameNo", "123", true},
		{`[TerminationDetails "time"]` + "\n", "TerminationDetails", "time", true},
		{`[MyTag "y"]` + "\n", "MyTag", "y", true},
		{`[Even "y"]` + "\n", "Even", "y", true},
		{`[Eventx "y"]` + "\n", "Eventx", "y", true},
		{`[EVENT "y"]` + "\n", "EVENT", "y", true},
		{`[Event  "two blanks"]` + "\n", "Event", "two blanks", true},
		{"[Event\t\"a tab\"]\n", "Event", "a tab", true},
		{`[Event"no blank"]` + "\n", "Event", "no blank", true},
		{"[Event \"a\ttab inside\"]\n", "Event", "a\ttab inside", true},
		{"[Event \"a \x01 control\"]\n", "Event", "a \x01 control", true},
		{`[Event "Müller ½"]` + "\n", "Event", "Müller ½", true},
		{`[Event "x" ]` + "\n", "Event", "x", true},
		{`[Event "x"] ` + "\n", "Event", "x", false},
		{`[Event "x"]` + "\r\r\n", "Event", "x", false},
		{`[Event "a\"b"]` + "\n", "Event", `a"b`, false},
		{`[Event "a\\b"]` + "\n", "Event", `a\b`, false},
		{`[Event "x"]]` + "\n", "Event", "x", false},
		{`[Event? "x"]` + "\n", "", "", false},
		{`[Ev?nt "x"]` + "\n", "", "", false},
		{`[ Event "x"]` + "\n", "Event", "x", false},
		// names not interned, read byte by byte: as long as a name may
		// be and one byte longer, with digits and '_', with two blanks or
		// none before the value
		{`[My_Tag2 "y"]` + "\n", "My_Tag2", "y", true},
		{`[MyTag  "y"]` + "\n", "MyTag", "y", true},
		{`[MyTag"y"]` + "\n", "MyTag", "y", true},
		{`[MyTag "a\"b"]` + "\n", "MyTag", `a"b`, false},
		{"[" + strings.Repeat("N", maxTagName) + ` "y"]` + "\n", strings.Repeat("N", maxTagName), "y", true},
		{"[" + strings.Repeat("N", maxTagName+1) + ` "y"]` + "\n", "", "", false},
	}
	for _, tc := range cases {
		for _, tail := range []string{"", "1. e4 *\n", "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"} {
			// The line first, as the second of two, and as the last
			// bytes of the input (the eight-byte path needs 16 after '[').
			for _, in := range []string{tc.line + tail, "[Round \"1\"]\n" + tc.line + tail} {
				p := NewParser(Options{})
				var tags []Tag
				p.Parse(Chunk{Data: []byte(in)}, func(g *Game) { tags = append(tags, g.Tags...) })
				k := len(tags) - 1
				if strings.HasPrefix(in, "[Round") {
					k = 1
				}
				if tc.name != "" && (k < 0 || k >= len(tags) || tags[k].Name != tc.name || tags[k].Value != tc.value) {
					t.Errorf("%q: tags %+v, want %s %q", in, tags, tc.name, tc.value)
				}
				read := p.head.to > 0 && p.head.tags == k+1
				if tail == "" && read != tc.plain {
					t.Errorf("%q: headTags read %+v, want the line read: %v", in, p.head, tc.plain)
				}
				readBothWays(t, []byte(in), Options{})
			}
		}
	}
}

// TestHeadTagsManyLines reads generated headers whose lines vary at every
// place the eight-byte path looks, in one piece and in chunks, and compares
// them with the general path's reading.
func TestHeadTagsManyLines(t *testing.T) {
	names := append(internedNames[:], "X", "Ab", "WhiteEloX", "FICSGamesDBGameNo", "Event_1", "TerminationDetails")
	pieces := []string{"", "a", "ab c", "Müller", "2024.01.01", "\t", "\x02", `\"`, `\\`, "\"", "]", "[", "½", "0123456789abcdef"}
	ends := []string{"\"]\n", "\"]\r\n", "\" ]\n", "\"]", "\"]\r", "\"] \n", "\"]x\n"}
	r := rand.New(rand.NewPCG(3, 9))
	var in bytes.Buffer
	for g := 0; g < 400; g++ {
		for k := r.IntN(6); k >= 0; k-- {
			in.WriteString("[" + names[r.IntN(len(names))])
			in.WriteString([]string{" \"", "\"", "  \"", "\t\""}[r.IntN(4)])
			for v := r.IntN(4); v > 0; v-- {
				in.WriteString(pieces[r.IntN(len(pieces))])
			}
			if r.IntN(8) == 0 {
				in.WriteString(ends[r.IntN(len(ends))])
			} else {
				in.WriteString(ends[r.IntN(2)])
			}
			if r.IntN(10) == 0 {
				in.WriteString("\n")
			}
		}
		in.WriteString("\n1. e4 e5 *\n\n")
	}
	data := in.Bytes()
	fast, slow := NewParser(Options{}), NewParser(Options{})
	slow.noHead = true
	var a, b []*Game
	fast.Parse(Chunk{Data: data}, func(g *Game) { a = append(a, g.Clone()) })
	slow.Parse(Chunk{Data: data}, func(g *Game) { b = append(b, g.Clone()) })
	if len(a) != len(b) {
		t.Fatalf("%d games with headTags, %d without", len(a), len(b))
	}
	for k := range a {
		if !reflect.DeepEqual(a[k], b[k]) {
			t.Fatalf("game %d differs with headTags:\n%+v\nwithout:\n%+v", k, a[k].Tags, b[k].Tags)
		}
	}
	readBothWays(t, data, Options{})
}

// TestHeadTagsLongValue checks the bound on a value's length on both
// paths: a value of maxTagValue bytes is read as it stands, one byte more
// is left to tagPair, which cuts it and says so.
func TestHeadTagsLongValue(t *testing.T) {
	for _, extra := range []int{0, 1} {
		value := strings.Repeat("a", maxTagValue+extra)
		in := "[Event \"" + value + "\"]\n[Site \"x\"]\n\n1. e4 *\n"
		p := NewParser(Options{})
		var tags []Tag
		var problems []Problem
		p.Parse(Chunk{Data: []byte(in)}, func(g *Game) {
			tags = append(tags, g.Tags...)
			problems = append(problems, g.Problems...)
		})
		if len(tags) != 2 || tags[0].Value != value[:maxTagValue] || tags[1].Value != "x" {
			t.Fatalf("extra %d: %d tags, first value %d bytes", extra, len(tags), len(tags[0].Value))
		}
		if read, want := p.head.tags, 2*(1-extra); read != want {
			t.Errorf("extra %d: headTags read %d tags, want %d", extra, read, want)
		}
		want := 0
		if extra > 0 {
			want = 1
		}
		if len(problems) != want || want > 0 && problems[0].Message != "tag value longer than 65536 bytes cut" {
			t.Errorf("extra %d: problems %+v", extra, problems)
		}
	}
}
