package parser

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"
)

// cyrillicProse is n bytes or a little more of Russian prose in Windows-1251,
// with no game in it: the text a chunk cut at the size cap holds.
func cyrillicProse(t testing.TB, n int) []byte {
	words := strings.Fields("шахматы партия белые чёрные король ферзь ладья жертва атака защита позиция турнир и в на не что")
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for b.Len() < 2*n { // two bytes a letter in UTF-8
		for k := range 12 {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
		}
		b.WriteString(".\n")
	}
	out, err := charmaps[Windows1251].NewEncoder().Bytes([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLegacyMapOffsets: every offset of text decoded from a code page, with
// UTF-8 kept among it or not, maps back to the input byte it came from (a
// decoded character's bytes all to its one byte), whatever order the
// offsets are asked in.
func TestLegacyMapOffsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, keep := range []bool{false, true} {
		var raw, text []byte
		var want []int // want[i]: the input offset of text offset i
		for len(raw) < 20000 {
			switch k := rng.IntN(10); {
			case k < 4: // ASCII
				raw = append(raw, "abc 1.\n"[rng.IntN(7)])
				want = append(want, len(raw)-1)
				text = append(text, raw[len(raw)-1])
			case k < 8 || !keep: // a high byte, decoded: € and the undefined 0x98 take three bytes
				c := []byte{0xC0, 0xE9, 0xFF, 0x88, 0x98, 0xB9}[rng.IntN(6)]
				raw = append(raw, c)
				text = utf8.AppendRune(text, decodeTable[Windows1251][c])
				for len(want) < len(text) {
					want = append(want, len(raw)-1)
				}
				if keep {
					// ASCII next, so that no two high bytes make a UTF-8
					// sequence by chance.
					raw = append(raw, 'x')
					text = append(text, 'x')
					want = append(want, len(raw)-1)
				}
			default: // a UTF-8 sequence, kept byte for byte
				s := []string{"é", "ж", "€", "♞", "𝄞"}[rng.IntN(5)]
				for i := range len(s) {
					raw = append(raw, s[i])
					want = append(want, len(raw)-1)
				}
				text = append(text, s...)
			}
		}
		want = append(want, len(raw)) // the end
		var m legacyMap
		got := decodeLegacy(nil, raw, Windows1251, keep, &m)
		if !bytes.Equal(got, text) {
			t.Fatalf("keep %v: decoded text differs", keep)
		}
		check := func(order string, i int) {
			if r := m.rawOffset(i); r != want[i] {
				t.Fatalf("keep %v, %s: text offset %d maps to %d, want %d", keep, order, i, r, want[i])
			}
		}
		for i := range want {
			check("forward", i)
		}
		for i := len(want) - 1; i >= 0; i-- {
			check("backward", i)
		}
		for range 5000 {
			check("at random", rng.IntN(len(want)))
		}
	}
}

// TestLegacyDecodeMemory: decoding costs the text and a map an eighth the
// size of the input, where a map entry for every high byte (eight bytes a
// byte of Cyrillic) and the doublings of append cost eight times the input.
func TestLegacyDecodeMemory(t *testing.T) {
	raw := cyrillicProse(t, 1<<20)
	var text []byte
	var m legacyMap
	n := allocated(func() { text = decodeLegacy(nil, raw, Windows1251, false, &m) })
	if limit := uint64(len(text) + len(raw)/8 + 64<<10); n > limit {
		t.Errorf("decoding %d bytes into %d allocated %d bytes, want %d at most", len(raw), len(text), n, limit)
	}
}

// TestLongProseMemory: a chunk of Cyrillic prose, one piece as long as the
// chunk, costs its decoded text once (the game's text is that text, not a
// copy of it), and the parser keeps no scratch of that size once the chunk
// is read: each worker kept some 60 MiB for the rest of a run after a
// 16 MiB chunk of it.
func TestLongProseMemory(t *testing.T) {
	data := cyrillicProse(t, 6<<20)
	p := NewParser(Options{})
	var games, decoded int
	n := allocated(func() {
		p.Parse(Chunk{Data: data, Start: Pos{Line: 1, Col: 1}}, func(g *Game) {
			games++
			decoded = len(g.Text)
		})
	})
	if games != 1 || decoded < len(data) {
		t.Fatalf("%d games, text of %d bytes, want one of %d bytes or more", games, decoded, len(data))
	}
	if limit := uint64(decoded + len(data)/8 + 1<<20); n > limit {
		t.Errorf("parsing %d bytes of prose allocated %d bytes, want %d at most", len(data), n, limit)
	}
	kept := cap(p.dec) + cap(p.g.Text) + cap(p.extras) + cap(p.norm) + cap(p.tagBuf)
	if kept > 8<<20 {
		t.Errorf("the parser keeps %d bytes of scratch after the chunk, want 8 MiB at most", kept)
	}
}

// TestSplitterBufferAtTheCap: a chunk cut at the size cap sits in a buffer
// of the cap and a read or so, not in the doubling past it (32 MiB for a
// 16 MiB chunk).
func TestSplitterBufferAtTheCap(t *testing.T) {
	const max = 1 << 20
	line := strings.Repeat("no game here, only words ", 3) + "\n"
	input := []byte(strings.Repeat(line, 3*max/len(line)))
	s := NewSplitter(bytes.NewReader(input), SplitOptions{Target: 64 << 10, Max: max})
	cut := 0
	for {
		c, err := s.Next()
		if err != nil {
			break
		}
		if c.Cut {
			cut++
			if limit := max + tagLookahead + s.block; cap(c.buf) > limit {
				t.Errorf("a chunk of %d bytes cut at the cap sits in a buffer of %d, want %d at most", len(c.Data), cap(c.buf), limit)
			}
		}
		c.Release()
	}
	if cut == 0 {
		t.Fatal("no chunk cut at the cap")
	}
}

// TestProseTextReused: the decoded text of a long piece, shed by the
// parser once its chunk is read, decodes the next such piece, in this
// parser or another: 64 MB of prose decoded four chunks into fresh memory
// and took the heap to the soft limit. The text is held weakly: no
// collection between the two readings here.
func TestProseTextReused(t *testing.T) {
	data := cyrillicProse(t, 6<<20)
	parse := func() {
		NewParser(Options{}).Parse(Chunk{Data: data, Start: Pos{Line: 1, Col: 1}}, func(*Game) {})
	}
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	parse()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	parse()
	runtime.ReadMemStats(&after)
	if n, limit := after.TotalAlloc-before.TotalAlloc, uint64(len(data)/8+2<<20); n > limit {
		t.Errorf("parsing %d bytes of prose a second time allocated %d bytes, want %d at most", len(data), n, limit)
	}
}
