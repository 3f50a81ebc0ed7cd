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

// ShuffleStart reports whether p is the first position of a game of shuffle
// chess other than the standard array: each side's eight pawns on its second
// rank and its eight pieces (king, queen, two rooks, two bishops, two
// knights) filling its first rank in an order of their own. Chess960 and its
// subsets (TCEC's Chess324 and Chess18) start so, as does double Fischer
// random chess, whose two rows differ. Nothing has moved in such a position,
// so what standard chess asks of it (could a bishop have got past its
// unmoved pawns?) is no question.
func (p *Position) ShuffleStart() bool {
	if p.board == startPosition.board {
		return false
	}
	for c := White; c <= Black; c++ {
		first, second := Rank1, Rank2
		if c == Black {
			first, second = Rank8, Rank7
		}
		if p.Pieces(c, Pawn) != second || p.ByColor(c) != first|second ||
			p.Pieces(c, King).Count() != 1 || p.Pieces(c, Queen).Count() != 1 || p.Pieces(c, Rook).Count() != 2 ||
			p.Pieces(c, Bishop).Count() != 2 || p.Pieces(c, Knight).Count() != 2 {
			return false
		}
	}
	return true
}
