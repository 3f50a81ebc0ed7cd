package replay

import "testing"

// TestParseSANShapes pins what the fast path decodes by the word's shape
// (two, three and four bytes) and what it must leave to parseAny: each
// accepted word with its exact fields, which parseAny must give too, and
// the near misses of every shape.
func TestParseSANShapes(t *testing.T) {
	accepted := []notationCase{
		{"e4", SAN, wantPawn("", "e4")},
		{"h1", SAN, wantPawn("", "h1")},
		{"Nf3", SAN, wantPiece(Knight, "", "f3")},
		{"Ka8#", SAN, wantPiece(King, "", "a8").mate()},
		{"Sf3", German, wantPiece(Knight, "", "f3").national()},
		{"Kf3", Russian, wantPiece(Knight, "", "f3").styles(StyleNationalLetters, StyleMixedScript)},
		{"Nxe5", SAN, wantPiece(Knight, "", "e5").x()},
		{"Nbd7+", SAN, wantPiece(Knight, "b", "d7").check()},
		{"R1e2", SAN, wantPiece(Rook, "1", "e2")},
		{"Txe2", German, wantPiece(Rook, "", "e2").x().national()},
		{"exd5#", SAN, wantPawn("e", "d5").x().mate()},
		{"hxg6", SAN, wantPawn("h", "g6").x()},
		{"axb1", SAN, wantPawn("a", "b1").x()},
		{"Nbxd7", SAN, wantPiece(Knight, "b", "d7").x()}, // five bytes: the general sequence
		{"e8=Q", SAN, wantPawn("", "e8").promo(Queen)},
	}
	for _, c := range accepted {
		var n Notation
		if !parseSAN([]byte(c.text), c.set, &n) {
			t.Errorf("parseSAN(%q, %v) declined", c.text, c.set)
			continue
		}
		if n != c.want.notation() {
			t.Errorf("parseSAN(%q, %v)\n got %+v\nwant %+v", c.text, c.set, n, c.want.notation())
		}
		if general, e := parseAny([]byte(c.text), c.set); e.code != 0 || general != n {
			t.Errorf("parseSAN(%q, %v) = %+v, parseAny %+v (%v)", c.text, c.set, n, general, e.message())
		}
	}
	declined := []struct {
		text string
		set  LetterSet
	}{
		{"e9", SAN}, {"i4", SAN}, {"E4", SAN}, {"e4++", SAN},
		{"Nf9", SAN}, {"Pe4", SAN}, {"Nf3", Russian}, {"ed5", SAN}, {"xe4", SAN}, {"Xe4", SAN},
		{"N-f3", SAN}, {"Nx-3", SAN}, {"Ni3", SAN}, {"exe5", SAN}, {"axc5", SAN}, {"e4e5", SAN},
		{"e4d5", SAN}, {"Pxd5", SAN}, {"ex5d", SAN}, {"Oe4", SAN}, {"O-O-", SAN}, {"0-0", SAN},
	}
	for _, c := range declined {
		var n Notation
		if parseSAN([]byte(c.text), c.set, &n) {
			t.Errorf("parseSAN(%q, %v) = %+v, want it left to parseAny", c.text, c.set, n)
		}
	}
}

// TestSANPieceKinds: the byte-indexed table of the shape cases names the
// same pieces as latinKinds, and nothing else; and no set names a piece O,
// which lets those cases run before the test for castling.
func TestSANPieceKinds(t *testing.T) {
	for c, k := range map[byte]Kind{'K': King, 'Q': Queen, 'R': Rook, 'B': Bishop, 'N': Knight, 'P': Pawn, 'A': NoKind} {
		if got := sanPieceKinds[SAN][c]; got != k {
			t.Errorf("sanPieceKinds[SAN][%q] = %v, want %v", c, got, k)
		}
	}
	for s := LetterSet(0); s < numLetterSets; s++ {
		for c := range 256 {
			want := NoKind
			if c >= 'A' && c <= 'Z' {
				want = latinKinds[s][c-'A']
			}
			if got := sanPieceKinds[s][c]; got != want {
				t.Errorf("%v: sanPieceKinds[%q] = %v, latinKinds says %v", s, rune(c), got, want)
			}
		}
		if k := sanPieceKinds[s]['O']; k != NoKind {
			t.Errorf("%v: O names %v", s, k)
		}
	}
}
