package replay

import "testing"

// TestDirRaysAttacks checks the ray cutting against the ray walk for every
// square and every set of the blockers that matter to it (each subset of
// its rays' squares short of the board's edge), for both sliders.
func TestDirRaysAttacks(t *testing.T) {
	for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
		rays := newDirRays(dirs)
		for s := Square(0); s < 64; s++ {
			edges := ((Rank1 | Rank8) &^ rankOf(s)) | ((FileA | FileH) &^ fileOf(s))
			mask := slide(s, 0, dirs) &^ edges
			for sub := Bitboard(0); ; {
				if got, want := rays.attacks(s, sub), slide(s, sub, dirs); got != want {
					t.Fatalf("%v square %v blockers %#x: attacks %#x, walk %#x", dirs, s, uint64(sub), uint64(got), uint64(want))
				}
				if sub = (sub - mask) & mask; sub == 0 {
					break
				}
			}
		}
	}
}

// TestDirRaysNearMiss is the near miss: a blocker on the far side of a
// nearer one changes nothing, and a blocker beside the ray neither.
func TestDirRaysNearMiss(t *testing.T) {
	rays := newDirRays(&rookDirs)
	d4 := sq("d4")
	near := sq("d6").Bit() | sq("b4").Bit()
	far := near | sq("d7").Bit() | sq("a4").Bit() | sq("e5").Bit()
	want := slide(d4, near, &rookDirs)
	if got := rays.attacks(d4, far); got != want {
		t.Fatalf("attacks %#x, want %#x", uint64(got), uint64(want))
	}
	if want.Has(sq("d7")) || !want.Has(sq("d6")) || !want.Has(sq("b4")) || want.Has(sq("a4")) || !want.Has(sq("h4")) || !want.Has(sq("d1")) {
		t.Fatalf("walk %#x: not cut at d6 and b4", uint64(want))
	}
}

func rankOf(s Square) Bitboard { return Rank1 << (8 * uint(s.Rank())) }
func fileOf(s Square) Bitboard { return FileA << uint(s.File()) }
