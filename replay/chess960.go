package replay

import "fmt"

// Chess960Position returns Chess960 start position number n (0..959) in
// Scharnagl's numbering, in which 518 is the standard start position. The
// Chess960 flag is set (even for 518), castling rights are KQkq.
func Chess960Position(n int) (Position, error) {
	if n < 0 || n > 959 {
		return Position{}, fmt.Errorf("chess960 position %d is not in 0..959", n)
	}
	var rank [8]byte
	place := func(nth int, piece byte) { // the nth empty file gets piece
		for f := range rank {
			if rank[f] == 0 {
				if nth == 0 {
					rank[f] = piece
					return
				}
				nth--
			}
		}
	}
	rank[2*(n%4)+1] = 'B' // light-squared bishop on b, d, f or h
	n /= 4
	rank[2*(n%4)] = 'B' // dark-squared bishop on a, c, e or g
	n /= 4
	place(n%6, 'Q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}
	kn := knights[n]
	place(kn[1], 'N') // the later one first, so the earlier index still counts the same
	place(kn[0], 'N')
	place(0, 'R')
	place(0, 'K')
	place(0, 'R')
	white := string(rank[:])
	black := make([]byte, 8)
	for i, c := range rank {
		black[i] = c | 0x20
	}
	p, err := ParseFEN(string(black) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1")
	p.chess960 = true
	return p, err
}
