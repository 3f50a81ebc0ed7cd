package parser

import (
	"fmt"
	"math/rand"
	"testing"
)

// sanRead runs sanScan over w as fastRun does, followed by each byte that
// ends a word and by the end of the input, and checks that every ending
// gives the same answer at the same place.
func sanRead(w []byte) (accept bool, sc Scripts) {
	buf := make([]byte, len(w)+1)
	copy(buf, w)
	j, st := sanScan(w, 0) // the input ends with the word
	for c := 0; c < 256; c++ {
		if !fastEnd[c] {
			continue
		}
		buf[len(w)] = byte(c)
		j2, st2 := sanScan(buf, 0)
		if st2 != st || st != sanReject && (j2 != len(w) || j != len(w)) {
			panic(fmt.Sprintf("%q: at the end (%d, %d), before %q (%d, %d)", w, j, st, byte(c), j2, st2))
		}
	}
	switch st {
	case sanAccept, sanAcceptP:
		return true, pieceScripts[w[0]] | Scripts(st-sanAccept)
	}
	return false, 0
}

// TestSanDFAAgreesWithPlainMove checks every word of up to five bytes of
// the plain SAN alphabet, and random longer ones: the table accepts a word
// only when plainMove does, with the same scripts, and rejects only what
// fastRun leaves to the general path anyway (words that start with a digit,
// an x or a sign).
func TestSanDFAAgreesWithPlainMove(t *testing.T) {
	var alpha []byte
	for c := 0; c < 256; c++ {
		if fastSAN[c] {
			alpha = append(alpha, byte(c))
		}
	}
	check := func(w []byte) {
		got, gotSC := sanRead(w)
		wantSC, want := plainMove(w)
		if got && (!want || gotSC != wantSC) {
			t.Fatalf("%q: table accepts with %v, plainMove says %v with %v", w, gotSC, want, wantSC)
		}
		if want && !got && fastClass[w[0]] == fcMove {
			t.Fatalf("%q: plainMove accepts, the table does not", w)
		}
	}
	w := make([]byte, 0, 16)
	var gen func(int)
	gen = func(depth int) {
		if len(w) > 0 {
			check(w)
		}
		if depth == 0 {
			return
		}
		for _, c := range alpha {
			w = append(w, c)
			gen(depth - 1)
			w = w[:len(w)-1]
		}
	}
	depth := 5
	if testing.Short() {
		depth = 4
	}
	gen(depth)
	t.Logf("alphabet %d", len(alpha))
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 200000; k++ {
		w = w[:0]
		for n := 6 + rng.Intn(6); len(w) < n; {
			w = append(w, alpha[rng.Intn(len(alpha))])
		}
		check(w)
	}
	for _, s := range []string{"e4", "exd5", "Nf3", "Nbd2", "R1e2", "R1xe2", "Qh4xe1", "e8=Q+", "e8Q", "bxa1=N#", "O-O", "O-O-O+", "Kxf7"} {
		if ok, _ := sanRead([]byte(s)); !ok {
			t.Errorf("%q not accepted", s)
		}
	}
	for _, s := range []string{"e", "e9", "O-O-", "Oe4", "e8=", "xe4", "Nf3-", "e4+Q", "ee"} {
		if ok, _ := sanRead([]byte(s)); ok {
			t.Errorf("%q accepted", s)
		}
	}
}
