package pipeline

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
	"golang.org/x/text/encoding/charmap"
)

// cp1251Prose returns about n bytes of Russian prose in Windows-1251, no
// digit, dash or bracket in it, as the report of a 64 MB such file had.
func cp1251Prose(t testing.TB, n int) []byte {
	words := strings.Fields("Шахматы это игра для двух игроков на доске из шестидесяти четырёх клеток партия начинается")
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for b.Len() < 2*n {
		for k := range 12 {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
		}
		b.WriteByte('\n')
	}
	out, err := charmap.Windows1251.NewEncoder().Bytes([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestProseIsReadOnce: a chunk of prose in a code page that is no game
// record is decoded and read once. Its one "game" has errors (cut at the
// chunk's end) and a runner-up code page, which made recheckEncoding read
// it all again, decoded anew; its bytes hold nothing a first ply can be
// written with (parser.NoFirstPly), so the findings cannot change. The
// bound: what one reading allocates (the text decoded, about twice the
// input, and its map) and some room, well below two readings.
func TestProseIsReadOnce(t *testing.T) {
	if raceDetector {
		t.Skip("an allocation bound: -race drops pooled buffers at random")
	}
	data := cp1251Prose(t, 4<<20)
	opt := &CheckOptions{}
	p := NewParser(opt)
	var recs []GameRecord
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	recs = CheckChunk(parser.Chunk{Data: data, Start: parser.Pos{Line: 1, Col: 1}, Cut: true}, opt, p)
	runtime.ReadMemStats(&after)
	if len(recs) != 1 || recs[0].Encoding != parser.Windows1251 || recs[0].Report.Errors == 0 {
		t.Fatalf("%d records (want 1, windows-1251, with an error)", len(recs))
	}
	n := after.TotalAlloc - before.TotalAlloc
	if limit := uint64(5*len(data)/2 + 1<<20); n > limit {
		t.Errorf("checking %d bytes of prose allocated %d bytes, want %d at most (one reading)", len(data), n, limit)
	}
}

// TestNoFirstPly: texts made of any bytes but those NoFirstPly looks for,
// read in each code page it answers for, replay no ply however their words
// read: random words of the bytes of Russian piece letters, look-alike
// files and moves' signs in every code page, each checked.
func TestNoFirstPly(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	encs := []parser.Encoding{parser.Windows1252, parser.Windows1251, parser.KOI8R, parser.CP866, parser.CP850}
	for _, enc := range encs {
		// The bytes that may stand in such a text under enc, ASCII's move
		// letters and signs first.
		var allowed []byte
		for c := 0; c < 256; c++ {
			if c == '\n' || c >= ' ' && c != 0x7f {
				if parser.NoFirstPly([]byte{byte(c)}, enc) {
					allowed = append(allowed, byte(c))
				}
			}
		}
		if strings.ContainsAny(string(allowed), "0123456789[-@") {
			t.Fatalf("%v: a digit, '[', '-' or '@' allowed", enc)
		}
		moveish := []byte("KQRBNOoxabcdefgh:+#=()/. ")
		p := parser.NewParser(parser.Options{Encoding: enc, ForceEncoding: true})
		for range 20000 {
			var b []byte
			for range 1 + rng.IntN(60) {
				if rng.IntN(3) == 0 {
					b = append(b, moveish[rng.IntN(len(moveish))])
				} else {
					b = append(b, allowed[rng.IntN(len(allowed))])
				}
			}
			if !parser.NoFirstPly(b, enc) {
				t.Fatalf("%v: %q made of allowed bytes", enc, b)
			}
			p.Parse(parser.Chunk{Data: b, Start: parser.Pos{Line: 1, Col: 1}}, func(g *parser.Game) {
				if r := validate.Check(g, &validate.Options{}); r.Plies > 0 {
					t.Fatalf("%v: %q replays %d plies", enc, b, r.Plies)
				}
			})
		}
	}
}
