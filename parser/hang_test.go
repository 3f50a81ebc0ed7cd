package parser

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestHangHunt(t *testing.T) {
	if os.Getenv("HANG") == "" {
		t.Skip()
	}
	var seeds [][]byte
	files, _ := filepath.Glob("testdata/fuzz/FuzzParse/*")
	for _, f := range files {
		b, _ := os.ReadFile(f)
		lines := strings.SplitN(string(b), "\n", 3)
		q := strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")")
		s, err := strconv.Unquote(q)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, []byte(s))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 200000; iter++ {
		in := append([]byte(nil), seeds[r.IntN(len(seeds))]...)
		for k := 0; k < 1+r.IntN(6); k++ {
			switch r.IntN(4) {
			case 0:
				if len(in) > 0 {
					in[r.IntN(len(in))] = byte(r.IntN(256))
				}
			case 1:
				o := seeds[r.IntN(len(seeds))]
				a := r.IntN(len(o) + 1)
				b := a + r.IntN(len(o)-a+1)
				p := r.IntN(len(in) + 1)
				in = append(in[:p], append(append([]byte(nil), o[a:b]...), in[p:]...)...)
			case 2:
				if len(in) > 1 {
					a := r.IntN(len(in))
					b := a + r.IntN(len(in)-a)
					in = append(in[:a], in[b:]...)
				}
			case 3:
				p := r.IntN(len(in) + 1)
				in = append(in[:p], append([]byte(string("([{}]);\n%.…-:x0½$")[r.IntN(20)%19:][:1]), in[p:]...)...)
			}
		}
		done := make(chan bool)
		go func() {
			select {
			case <-done:
			case <-time.After(3 * time.Second):
				os.WriteFile("/tmp/hang_input", in, 0o644)
				panic("hang on input " + strconv.Quote(string(in)))
			}
		}()
		games, chunks := readAll(t, in, SplitOptions{Target: 64, Max: 1 << 12}, Options{MaxDepth: 8, MaxComment: 100, MaxMoves: 200})
		checkGames(t, in, games, chunks)
		readAll(t, in, SplitOptions{Target: 64, Max: 1 << 12}, Options{NoVariations: true, NoComments: true})
		close(done)
	}
}
