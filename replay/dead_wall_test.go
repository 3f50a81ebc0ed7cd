package replay

import (
	"math/rand/v2"
	"testing"
)

// floodSliderAlongAttacks is the flood grown along the slider attacks of
// each square reached, as the wall analysis first computed it: the
// reference that floodSlider's step-by-step growth must match.
func floodSliderAlongAttacks(from, walls Bitboard, attacks func(Square, Bitboard) Bitboard) (reach, att Bitboard) {
	reach = from
	for frontier := from; frontier != 0; {
		var step Bitboard
		for frontier != 0 {
			step |= attacks(frontier.PopLSB(), walls)
		}
		att |= step
		frontier = step &^ walls &^ reach
		reach |= frontier
	}
	return reach, att
}

// TestFloodSlider compares floodSlider with the reference on walls of
// every density, from empty boards to closed ones, and one case worked by
// hand.
func TestFloodSlider(t *testing.T) {
	kinds := []struct {
		dirs    lineDirs
		attacks func(Square, Bitboard) Bitboard
	}{
		{diagonals, BishopAttacks}, {straights, RookAttacks}, {diagonals | straights, QueenAttacks},
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range 20000 {
		var walls, from Bitboard
		density := uint(i % 7) // 1 in 2^density squares a wall, 0: none
		for s := range Square(64) {
			switch r := rng.Uint64(); {
			case density > 0 && r%(1<<density) == 0:
				walls |= s.Bit()
			case r>>32%16 == 0:
				from |= s.Bit()
			}
		}
		for _, k := range kinds {
			gotReach, gotAtt := floodSlider(from, walls, k.dirs)
			wantReach, wantAtt := floodSliderAlongAttacks(from, walls, k.attacks)
			if gotReach != wantReach || gotAtt != wantAtt {
				t.Fatalf("from %#x walls %#x dirs %d: reach %#x att %#x, want %#x %#x",
					from, walls, k.dirs, gotReach, gotAtt, wantReach, wantAtt)
			}
		}
	}
	// A bishop on a1 behind a wall on b2 reaches nothing and attacks b2.
	a1, b2 := Square(0).Bit(), Square(9).Bit()
	if reach, att := floodSlider(a1, b2, diagonals); reach != a1 || att != b2 {
		t.Errorf("bishop a1, wall b2: reach %#x att %#x, want %#x %#x", reach, att, a1, b2)
	}
	if reach, att := floodSlider(0, b2, diagonals|straights); reach != 0 || att != 0 {
		t.Errorf("no pieces: reach %#x att %#x, want none", reach, att)
	}
}
