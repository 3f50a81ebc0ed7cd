package replay

import "math/bits"

// Sliding attacks are cut from rays: each of a rook's or bishop's four rays
// ends behind its first blocker, found by one bit scan. Until session 27
// they were looked up in "fancy" magic bitboard tables, 860 KB filled at
// start-up: 4.3 ms and some 240 page faults of every run before main (of
// 33 ms for `arbiter --help`), to speed up what the product seldom asks
// (legal moves at a game's end, dead positions, perft). The rays are 4 KB
// and stay in the cache; the hot path never asked either (see openLines).
// What they cost, against the tables (BENCHMARKS.md, session 27): perft
// with bulk counting 8-19 % slower, legal move generation 12 %, the
// checker's benchmark over the 100k-game file no slower.

// dirRays holds, for each direction of dirs, the squares from a square to
// the board's edge that way, the square itself excluded.
type dirRays [4][64]Bitboard

func newDirRays(dirs *[4][2]int) *dirRays {
	var rays dirRays
	for i, d := range dirs {
		for s := Square(0); s < 64; s++ {
			for f, r := s.File()+d[0], s.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
				rays[i][s] |= MakeSquare(f, r).Bit()
			}
		}
	}
	return &rays
}

// attacks is what a slider on s attacks with occ occupied: slide, with
// each ray cut behind its first blocker by one bit scan instead of a walk.
// The directions are rookDirs' or bishopDirs', whose first and third run
// towards h8 and whose second and fourth run towards a1; unrolled on that,
// it takes 41 instructions where the walk took 124 (callgrind).
func (rays *dirRays) attacks(s Square, occ Bitboard) Bitboard {
	s &= 63
	return rays.upTo(0, s, occ) | rays.downTo(1, s, occ) | rays.upTo(2, s, occ) | rays.downTo(3, s, occ)
}

// upTo is ray dir from s up to its first blocker, for a ray towards h8.
func (rays *dirRays) upTo(dir int, s Square, occ Bitboard) Bitboard {
	ray := rays[dir&3][s&63]
	if blockers := ray & occ; blockers != 0 {
		ray &^= rays[dir&3][bits.TrailingZeros64(uint64(blockers))&63]
	}
	return ray
}

// downTo is upTo for a ray towards a1, whose first blocker is its highest.
func (rays *dirRays) downTo(dir int, s Square, occ Bitboard) Bitboard {
	ray := rays[dir&3][s&63]
	if blockers := ray & occ; blockers != 0 {
		ray &^= rays[dir&3][(63-bits.LeadingZeros64(uint64(blockers)))&63]
	}
	return ray
}

// rookRays and bishopRays are the rays RookAttacks and BishopAttacks cut.
var rookRays, bishopRays = newDirRays(&rookDirs), newDirRays(&bishopDirs)
