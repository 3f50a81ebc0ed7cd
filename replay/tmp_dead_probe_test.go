package replay

import (
	"fmt"
	"os"
	"testing"
	"time"
)

func TestTmpProbe(t *testing.T) {
	name := os.Getenv("PROBE_FILE")
	mode := os.Getenv("PROBE_MODE")
	var yes, no, unk, wrong int
	var total time.Duration
	for i, lp := range readLabelled(t, name) {
		p, err := ParseFEN(lp.fen)
		if err != nil {
			t.Fatal(err)
		}
		for c := White; c <= Black; c++ {
			want := lp.white
			if c == Black {
				want = lp.black
			}
			st := time.Now()
			var v Verdict
			if mode == "fast" {
				v = p.CanMateFast(c)
			} else {
				v = p.CanMate(c)
			}
			d := time.Since(st)
			total += d
			if d > 50*time.Millisecond {
				fmt.Fprintf(os.Stderr, "slow %v %s %s %v\n", d, lp.fen, c, v)
			}
			switch {
			case v == Unknown:
				unk++
			case (v == Yes) != want:
				wrong++
				fmt.Fprintf(os.Stderr, "WRONG %s %s %v want %v\n", lp.fen, c, v, want)
			case v == Yes:
				yes++
			default:
				no++
			}
		}
		if i%500 == 0 {
			fmt.Fprintf(os.Stderr, "%d: yes %d no %d unk %d wrong %d  %v\n", i, yes, no, unk, wrong, total)
		}
	}
	fmt.Fprintf(os.Stderr, "END yes %d no %d unk %d wrong %d total %v\n", yes, no, unk, wrong, total)
}

func TestTmpProbeFull(t *testing.T) {
	name := os.Getenv("PROBE_FILE")
	var yes, no, unk, wrong int
	var total time.Duration
	lps := readLabelled(t, name)
	for i := 0; i < len(lps); i += 7 {
		lp := lps[i]
		p, _ := ParseFEN(lp.fen)
		for c := White; c <= Black; c++ {
			want := lp.white
			if c == Black {
				want = lp.black
			}
			if p.CanMateFast(c) != Unknown {
				continue
			}
			st := time.Now()
			v := p.CanMate(c)
			d := time.Since(st)
			total += d
			if v == Unknown {
				fmt.Fprintf(os.Stderr, "UNK %v %s %s\n", d, lp.fen, c)
			}
			switch {
			case v == Unknown:
				unk++
			case (v == Yes) != want:
				wrong++
				fmt.Fprintf(os.Stderr, "WRONG %s %s %v want %v\n", lp.fen, c, v, want)
			case v == Yes:
				yes++
			default:
				no++
			}
		}
	}
	fmt.Fprintf(os.Stderr, "END yes %d no %d unk %d wrong %d total %v\n", yes, no, unk, wrong, total)
}
