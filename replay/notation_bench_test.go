package replay

import "testing"

// A spread of SAN as it occurs in master games: pawn moves, piece moves,
// captures, disambiguation, castling, checks and a promotion.
var notationBenchSAN = [][]byte{
	[]byte("e4"), []byte("Nf3"), []byte("exd5"), []byte("O-O"), []byte("Qxe7+"),
	[]byte("Rad1"), []byte("Nbd7"), []byte("Bb5"), []byte("c5"), []byte("Kh1"),
	[]byte("Rxf7"), []byte("e8=Q+"), []byte("gxh6"), []byte("Qd2"), []byte("O-O-O"), []byte("Re1#"),
}

var notationBenchRussian = [][]byte{
	[]byte("e2-e4"), []byte("Кg1-f3"), []byte("e5:d4"), []byte("Крg1-h1"), []byte("Сb5:c6"),
	[]byte("0—0"), []byte("Фh7х"), []byte("dc"), []byte("е7–е5"), []byte("Лd2-d6+"),
}

var sinkNotation Notation

func BenchmarkParseMoveSAN(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		n, err := ParseMove(notationBenchSAN[i%len(notationBenchSAN)], SAN)
		if err != nil {
			b.Fatal(err)
		}
		sinkNotation = n
	}
}

func BenchmarkParseMoveRussian(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		n, err := ParseMove(notationBenchRussian[i%len(notationBenchRussian)], Russian)
		if err != nil {
			b.Fatal(err)
		}
		sinkNotation = n
	}
}

var sinkMask LetterSetMask

func BenchmarkLikelySets(b *testing.B) {
	b.ReportAllocs()
	tokens := append(append([][]byte{}, notationBenchSAN...), notationBenchRussian...)
	for i := 0; b.Loop(); i++ {
		sinkMask = LikelySets(tokens[i%len(tokens)])
	}
}
