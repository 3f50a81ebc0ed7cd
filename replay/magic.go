package replay

import "math/bits"

// Sliding attacks use "fancy" magic bitboards: the blockers relevant to a
// square are hashed by a multiply and shift into that square's slice of one
// shared table. The multipliers below were found by the search in fill
// (which takes about half a second, too long for every start-up); fill
// checks each one as it builds the tables and searches again for any that
// does not fit, so they cannot silently be wrong.

type magic struct {
	mask   Bitboard
	mul    Bitboard
	shift  uint8
	offset uint32
}

var knownRookMagics = [64]uint64{
	0x1080004008801020, 0x0840092002c03000, 0x1900200010400900, 0x0880100008000480,
	0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
	0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
	0x000a001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
	0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021d00100,
	0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000a0001768104,
	0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
	0x0442000a00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040a00128541,
	0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
	0x0400802402800800, 0xc100020080800400, 0x0002000802000401, 0x0182085882000401,
	0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000a0020,
	0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
	0x0088403882010200, 0x0820400080210100, 0x0110910040a00300, 0x0801100280080480,
	0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
	0x0000209300488001, 0x04c1002414824001, 0x020020000b001041, 0x7000100004200901,
	0x8002002004100802, 0x30010002084c0007, 0x0888221800813004, 0x4000002840840112,
}

var knownBishopMagics = [64]uint64{
	0x10102002004a1420, 0x8020040400584008, 0x10510800811201c8, 0x5204042080000088,
	0x2204106880000002, 0x1401042004000000, 0x0400880410042004, 0x0028208200a02020,
	0x1500241990010e00, 0x8001200182020a40, 0x40004101030b0000, 0x8002041042000100,
	0x4010011041020038, 0x0000010421044000, 0x1500210808020a00, 0x8000088400880520,
	0x0405004010040100, 0x1005823210040108, 0x2708008102040011, 0x4048200404009100,
	0x0018104101400024, 0x0003000601190101, 0x8004803108491000, 0x8014241200820800,
	0x0006e080100c3040, 0x0501044a11041800, 0x9020300008004045, 0x0894080000220040,
	0x1001010083104000, 0x5004030040900080, 0x000400422c012400, 0x0002128698404812,
	0x1010108404900440, 0x0928021182084100, 0x2006080409020024, 0x1010202020180080,
	0xa010008200202200, 0x2098015100019004, 0x0002041440810811, 0x802a02020000b098,
	0x0009015090004060, 0x4000821082081001, 0x0100210040420800, 0x0800004010488a00,
	0x2000081104004040, 0x4c8e029015000082, 0x0420340322224842, 0x1298260043400210,
	0x0000822802400008, 0x00008a0101600000, 0x3040003412080021, 0x3040290220884800,
	0x4a1500401041004a, 0x8010200282020781, 0x0020203142209091, 0x0070300600902110,
	0x0040808800b62048, 0x0000810400c44420, 0x00080400440c0441, 0x8340080020840411,
	0x0000000104208200, 0x0000800810d00080, 0x0400530411080200, 0x4040702400932244,
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [0x19000]Bitboard // sum over squares of 2^(relevant bits)
	bishopTable  [0x1480]Bitboard
)

func (m *magic) index(occ Bitboard) uint32 {
	return m.offset + uint32(((occ&m.mask)*m.mul)>>m.shift)
}

func initMagics() {
	fill(&rookMagics, rookTable[:], &rookDirs, &knownRookMagics)
	fill(&bishopMagics, bishopTable[:], &bishopDirs, &knownBishopMagics)
}

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

// attacks is slide for the fill, which asks it for each of the 107,648
// blocker sets: each ray is cut behind its first blocker, found by one bit
// scan instead of a walk. The directions are rookDirs' or bishopDirs', whose
// first and third run towards h8 and whose second and fourth run towards
// a1; unrolled on that, it takes 41 instructions where the walk took 124,
// 10 M of the start-up (callgrind, arbiter check on a small file).
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

// fill finds a magic for every square and writes its attack sets into table.
func fill(ms *[64]magic, table []Bitboard, dirs *[4][2]int, known *[64]uint64) {
	var occs, atts [4096]Bitboard
	var epoch [4096]int
	rng := xorshift(0x9e3779b97f4a7c15)
	rays := newDirRays(dirs)
	offset := uint32(0)
	cur := 0
	for s := Square(0); s < 64; s++ {
		edges := ((Rank1 | Rank8) &^ rankOf(s)) | ((FileA | FileH) &^ fileOf(s))
		m := &ms[s]
		m.mask = slide(s, 0, dirs) &^ edges
		n := m.mask.Count()
		m.shift = uint8(64 - n)
		m.offset = offset
		// Enumerate every subset of the mask (Carry-Rippler).
		size := 0
		for sub := Bitboard(0); ; {
			occs[size], atts[size] = sub, rays.attacks(s, sub)
			size++
			if sub = (sub - m.mask) & m.mask; sub == 0 {
				break
			}
		}
		slot := table[offset : offset+uint32(size)]
		for try := 0; ; try++ {
			if try == 0 {
				m.mul = Bitboard(known[s])
			} else if m.mul = Bitboard(rng.next() & rng.next() & rng.next()); ((m.mask * m.mul) >> 56).Count() < 6 {
				continue
			}
			cur++
			ok := true
			for i := 0; i < size; i++ {
				idx := uint32(((occs[i] & m.mask) * m.mul) >> m.shift)
				if epoch[idx] < cur {
					epoch[idx] = cur
					slot[idx] = atts[i]
				} else if slot[idx] != atts[i] {
					ok = false
					break
				}
			}
			if ok {
				break
			}
		}
		offset += uint32(size)
	}
}

func rankOf(s Square) Bitboard { return Rank1 << (8 * uint(s.Rank())) }
func fileOf(s Square) Bitboard { return FileA << uint(s.File()) }

type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}
