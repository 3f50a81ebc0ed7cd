package replay

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// reasons lists the reasons of an audit in order, for exact comparison.
func reasons(list []Impossibility) []Reason {
	var r []Reason
	for _, i := range list {
		r = append(r, i.Reason)
	}
	return r
}

func TestAuditFires(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		chess960 bool
		want     []Reason
		message  string // a fragment of the first message
	}{
		{"no black king", "8/8/8/8/8/8/8/K7 w - - 0 1", false, []Reason{NoKing}, "Black has no king"},
		{"empty board", "8/8/8/8/8/8/8/8 w - - 0 1", false, []Reason{NoKing, NoKing}, "White has no king"},
		{"two white kings", "k7/8/8/8/8/8/8/K1K5 w - - 0 1", false, []Reason{TooManyKings}, "White has 2 kings"},
		{"pawn on last rank", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", false, []Reason{PawnOnBackRank}, "White pawn on the first or last rank: a8"},
		{"pawns on first rank", "4k3/8/8/8/8/8/8/pp2K3 w - - 0 1", false, []Reason{PawnOnBackRank}, "Black pawns on the first or last rank: a1, b1"},
		{"nine pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", false, []Reason{TooManyPawns}, "White has 9 pawns"},
		{"seventeen pieces", "rnbqkbnr/pppppppp/8/8/3Q4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
			[]Reason{TooManyPieces, TooManyPromoted}, "White has 17 pieces"},
		{"three queens, one pawn missing", "4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1", false,
			[]Reason{TooManyPromoted}, "White has 2 pieces beyond the starting set but only 1 missing pawn"},
		{"two dark bishops, no pawn missing", "4k3/8/8/8/8/4B3/PPPPPPPP/2B1K3 w - - 0 1", false,
			[]Reason{TooManyPromoted}, "1 piece beyond"},
		{"three black knights, all pawns", "nnn1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", false,
			[]Reason{TooManyPromoted}, "Black has 1 piece beyond"},
		{"doubled pawn without a capture", "rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1", false,
			[]Reason{TooFewCaptures}, "White's pawns must have made at least 1 capture to stand on their files, but Black has lost only 0 pieces"},
		{"pawns on the first rank", "4k3/8/8/8/8/8/8/PPP1K3 w - - 0 1", false, []Reason{PawnOnBackRank}, "c1"},
		{"tripled pawns, one capture", "1nbqkbnr/pppppppp/8/8/P7/P7/P2PPPPP/RNBQKBNR w KQk - 0 1", false,
			[]Reason{TooFewCaptures}, "at least 3 captures to stand on their files, but Black has lost only 1 piece"},
		{"king on d1 with rights in standard chess", "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", false,
			[]Reason{BadCastlingRights, BadCastlingRights}, "White has a castling right king-side though its king is on d1, not e1"},
		{"inner rook in standard chess", "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", false,
			[]Reason{BadCastlingRights}, "king-side with the rook on g1, not h1"},
		{"rook odds with the right kept", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", false,
			[]Reason{BadCastlingRights}, "White has a castling right queen-side (Q) though it has no rook on that side of its king"},
		{"right without a king on the first rank", "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", false,
			[]Reason{BadCastlingRights, BadCastlingRights}, "(K) though it has no single king on its first rank"},
		{"shredder right with no rook", "4k3/8/8/8/8/8/8/R3K3 w B - 0 1", false,
			[]Reason{BadCastlingRights}, "queen-side (B) though it has no rook on b1"},
		{"chess960 king in the corner", "6k1/8/8/8/8/8/8/K6R w K - 0 1", true,
			[]Reason{BadCastlingRights}, "where no Chess960 king starts"},
		{"en passant without a pawn", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", false,
			[]Reason{BadEnPassant}, "en-passant square e6 does not follow a double step by a black pawn: there is no black pawn on e5"},
		{"en passant on the wrong rank", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", false,
			[]Reason{BadEnPassant}, "with White to move it must be on rank 6"},
		{"en passant with the origin occupied", "4k3/4n3/8/4pP2/8/8/8/4K3 w - e6 0 1", false,
			[]Reason{BadEnPassant}, "e7, where the pawn came from, is not empty"},
		{"en passant with the square occupied", "4k3/8/4n3/4pP2/8/8/8/4K3 w - e6 0 1", false,
			[]Reason{BadEnPassant}, "e6 is not empty"},
		{"side not to move in check", "4k3/8/8/8/8/8/8/K3R3 w - - 0 1", false,
			[]Reason{OppositeCheck}, "Black is in check but it is White to move"},
		{"adjacent kings", "8/8/8/8/8/8/8/Kk6 w - - 0 1", false,
			[]Reason{OppositeCheck}, ""},
		{"three checkers", "4k3/8/8/8/4K3/2n5/8/1b2r3 w - - 0 1", false,
			[]Reason{TooManyCheckers}, "White is in check from 3 pieces (b1, e1, c3)"},
		{"two knights", "4k3/8/5n2/8/4K3/2n5/8/8 w - - 0 1", false,
			[]Reason{ImpossibleCheck}, "a knight and a knight cannot both give check"},
		{"pawn and knight", "4k3/8/8/3p4/4K3/2n5/8/8 w - - 0 1", false,
			[]Reason{ImpossibleCheck}, "a knight and a pawn"},
		{"pawn check from its second rank", "7k/3p4/4K3/8/8/8/8/8 w - - 0 1", false,
			[]Reason{ImpossibleCheck}, "the pawn on d7 cannot have just moved there"},
		{"rooks on both sides of the king", "4r2k/8/8/8/4K3/8/8/4r3 w - - 0 1", false,
			[]Reason{ImpossibleCheck}, "both checkers stand on one line through the king"},
		{"two bishops, neither uncovered", "7k/8/8/8/4K3/8/2b3b1/8 w - - 0 1", false,
			[]Reason{ImpossibleCheck}, "neither checker can have moved from between"},
		{"knight boxed in", "3N4/1ppppp2/2p1k3/8/8/8/8/6K1 b - - 0 1", false,
			[]Reason{ImpossibleCheck}, "the knight on d8 cannot have just moved there"},
		{"check the double step cannot give", "4k3/8/8/4pP2/8/8/3n4/1K6 w - e6 0 1", false,
			[]Reason{ImpossibleCheck}, "pawn's double step e7-e5, which cannot have uncovered the knight on d2"},
		// The perft suite's position 4 is composed, not played: its pawns
		// need more captures than there are missing pieces.
		{"perft position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false,
			[]Reason{TooFewCaptures, TooFewCaptures}, "White's pawns must have made at least 5 captures"},
		{"bishop behind its pawn", "4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1", false,
			[]Reason{TrappedBishop}, "White bishop on a1 cannot have got there: the only way in is past the pawn on b2, which has never moved"},
		{"black bishop behind two pawns", "1b2k3/p1p5/8/8/8/8/8/4K3 w - - 0 1", false,
			[]Reason{TrappedBishop}, "past the pawns on a7, c7, which have never moved"},
		// A bishop shut in at home never left it: another of its colour
		// was promoted, though no pawn is missing.
		{"dark bishop out though c1's never left", "rnbqkbnr/pppppppp/8/8/5B2/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1", false,
			[]Reason{TooManyPromoted}, "White has 1 piece beyond the starting set but only 0 missing pawns to have promoted: " +
				"the white bishop of c1 never left it, shut in by the pawns on b2, d2, so the bishop on f4 was promoted"},
		{"light bishop out though f1's never left", "rnbqkbnr/pppppppp/8/8/2B5/8/PPPPPPPP/RNBQK1NR w KQkq - 0 1", false,
			[]Reason{TooManyPromoted}, "the white bishop of f1 never left it, shut in by the pawns on e2, g2, so the bishop on c4 was promoted"},
		{"black bishop out though f8's never left", "rnbqk1nr/pppppppp/8/2b5/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
			[]Reason{TooManyPromoted}, "Black has 1 piece beyond the starting set but only 0 missing pawns to have promoted: " +
				"the black bishop of f8 never left it, shut in by the pawns on e7, g7, so the bishop on c5 was promoted"},
		{"bishop taken at home by a knight", "rnbqkb1r/pppppppp/8/8/5B2/8/PPPPPPPP/RNnQKBNR w KQkq - 0 1", false,
			[]Reason{TooManyPromoted}, "the white bishop of c1 never left it, shut in by the pawns on b2, d2, so the bishop on f4 was promoted"},
		{"two bishops out, one pawn missing", "rnbqkbnr/pppppppp/8/8/5B2/4B3/PPPPPPP1/RN1QKBNR w KQkq - 0 1", false,
			[]Reason{TooManyPromoted}, "White has 2 pieces beyond the starting set but only 1 missing pawn to have promoted: " +
				"the white bishop of c1 never left it, shut in by the pawns on b2, d2, so the bishops on e3, f4 were promoted"},
		{"start array, Black to move", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", false,
			[]Reason{WrongSideToMove}, "Black is to move with every man on its starting square, where each side has made an even number of moves"},
		{"start array, Black to move, no rights", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 5 9", false,
			[]Reason{WrongSideToMove}, "so it is White's move"},
		{"Chess960 518, Black to move", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", true,
			[]Reason{WrongSideToMove}, "so it is White's move"},
		// A bishop on a1 behind b2 is reported as trapped, and not counted
		// again as promoted because c1's is shut in.
		{"trapped bishop not counted twice", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BN1QKBNR w kq - 0 1", false,
			[]Reason{TrappedBishop}, "White bishop on a1 cannot have got there"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got, err := AuditFEN(tt.fen, tt.chess960)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(reasons(got), tt.want) {
				t.Fatalf("reasons %v, want %v (%v)", reasons(got), tt.want, got)
			}
			if msg := got[0].String(); !strings.Contains(msg, tt.message) {
				t.Errorf("message %q does not contain %q", msg, tt.message)
			}
			// A caller that has read the FEN gets the same audit.
			p := mustFEN(t, tt.fen)
			if parsed := AuditParsed(&p, tt.fen, tt.chess960); !reflect.DeepEqual(parsed, got) {
				t.Errorf("AuditParsed %v, AuditFEN %v", parsed, got)
			}
		})
	}
}

func TestAuditNearMisses(t *testing.T) {
	fens := []struct {
		name     string
		fen      string
		chess960 bool
	}{
		{"start", StartFEN, false},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
		{"perft 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
		{"perft 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
		{"perft 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false},
		{"two queens, a pawn missing", "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1", false},
		{"doubled pawn after a capture", "rnbqkbnr/1ppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1", false},
		{"valid en passant", "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 1", false},
		{"en passant with a discovered check", "5b1k/8/8/2K1pP2/8/8/8/8 w - e6 0 1", false},
		{"en passant pawn gives check", "8/8/8/4k3/4pP2/8/8/4K3 b - f3 0 1", false},
		{"knight and bishop, discovered", "4k3/8/8/8/1b6/5n2/8/4K3 w - - 0 1", false},
		{"rook and bishop, discovered", "4r2k/8/8/8/8/8/5b2/4K3 w - - 0 1", false},
		{"pawn and rook, discovered", "4r2k/8/8/3p4/4K3/8/8/8 w - - 0 1", false},
		{"en passant uncovers two lines", "8/8/3Pk3/8/8/8/B7/4R1K1 b - - 0 1", false},
		{"knight just promoted", "3N4/1p3p2/2p1k3/8/8/8/8/6K1 b - - 0 1", false},
		{"rook check after castling", "5k2/8/8/8/8/8/8/5RK1 b - - 0 1", false},
		{"pawn check from its third rank", "7k/8/3p4/4K3/8/8/8/8 w - - 0 1", false},
		{"bishop at home behind pawns", "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1", false},
		{"bishop in the corner with a way out", "4k3/8/8/8/8/8/8/B3K3 w - - 0 1", false},
		{"a pawn missing to promote the bishop", "rnbqkbnr/pppppppp/8/8/5B2/8/PPPPPPP1/RN1QKBNR w KQkq - 0 1", false},
		{"d-pawn moved, so c1's bishop got out", "rnbqkbnr/pppppppp/8/8/5B2/3P4/PPP1PPPP/RN1QKBNR w KQkq - 0 1", false},
		{"c1's bishop taken at home, no other", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1", false},
		{"c1 empty, the bishop out light and let out by e3", "rnbqkbnr/pppppppp/8/8/2B5/4P3/PPPP1PPP/RN1QK1NR w KQkq - 0 1", false},
		{"c1's bishop at home beside a promoted one", "rnbqkbnr/pppppppp/8/8/5B2/8/PPPPPPP1/RNBQK1NR w KQkq - 0 1", false},
		{"chess960 bishops may start anywhere", "rnbqkbnr/pppppppp/8/8/5B2/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1", true},
		{"one knight out, Black to move", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", false},
		{"knights back home, White to move", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3", false},
		// Reached in TestAuditStartParityNarrow.
		{"another Chess960 array, Black to move", "rknnqrbb/pppppppp/8/8/8/8/PPPPPPPP/RKNNQRBB b KQkq - 0 1", true},
		{"chess960 start in Shredder-FEN", "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", true},
		// Double Fischer random: White and Black start from different rows.
		{"double chess960 start", "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/BRKRQNNB w KQkq - 0 1", true},
	}
	for _, tt := range fens {
		t.Run(tt.name, func(t *testing.T) {
			_, got, err := AuditFEN(tt.fen, tt.chess960)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 0 {
				t.Fatalf("audit found %v", got)
			}
		})
	}
}

// Every Chess960 starting position is possible as a Chess960 game, its
// mirror included. As a standard game, one whose king is off e1 or whose
// rooks are off the corners has impossible castling rights, and one whose
// bishops are off c1 and f1 has bishops that cannot have got past their
// pawns; number 518 is the standard start itself.
func TestAuditChess960Starts(t *testing.T) {
	for n := range 960 {
		p, err := Chess960Position(n)
		if err != nil {
			t.Fatal(err)
		}
		if got := append(p.Audit(), p.AuditMirror()...); len(got) != 0 {
			t.Fatalf("position %d (%s): %v", n, p.FEN(), got)
		}
		p.SetChess960(false)
		var want []Reason
		for side := KingSide; side <= QueenSide; side++ {
			rook := p.CastlingRook(White, side)
			if p.King(White) != MakeSquare(4, 0) {
				want = append(want, BadCastlingRights)
			}
			if rook.File() != 0 && rook.File() != 7 {
				want = append(want, BadCastlingRights)
			}
		}
		want = slices.Concat(want, want) // Black mirrors White
		for c := White; c <= Black; c++ {
			for range (p.Pieces(c, Bishop) &^ (FileA<<2 | FileA<<5)).Count() {
				want = append(want, TrappedBishop)
			}
		}
		if got := reasons(p.Audit()); !slices.Equal(got, want) {
			t.Fatalf("position %d as standard chess: %v, want %v", n, got, want)
		}
		if n == 518 && len(want) != 0 {
			t.Fatalf("the standard start is impossible: %v", want)
		}
		// Every start but the standard one is a shuffle start.
		if p.ShuffleStart() != (n != 518) {
			t.Fatalf("position %d: ShuffleStart %v", n, p.ShuffleStart())
		}
	}
	// Nor is a position once a move was made, or with a piece missing.
	for _, fen := range []string{"rnnqkbbr/pppppppp/8/8/4P3/8/PPPP1PPP/RQNNKBBR b KQkq - 0 1",
		"rnnqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RQNNKBB1 w Qkq - 0 1"} {
		if p, _ := ParseFEN(fen); p.ShuffleStart() {
			t.Errorf("%s is a shuffle start", fen)
		}
	}
}

// Playing legal moves never makes a possible position impossible: audit
// every position of a thousand random games, standard and Chess960, with a
// bias towards captures so that promotions, double checks and bare
// material show up.
func TestAuditRandomGames(t *testing.T) {
	r := rng(12345)
	var ml MoveList
	positions, checks, doubleChecks, enPassants := 0, 0, 0, 0
	for game := range 1000 {
		p := StartPosition()
		if game%3 == 0 {
			p, _ = Chess960Position(r.intn(960))
		}
		for ply := 0; ply < 300; ply++ {
			if got := append(p.Audit(), p.AuditMirror()...); len(got) != 0 {
				t.Fatalf("game %d ply %d %s: %v", game, ply, p.FENWith(FENOptions{AlwaysEnPassant: true}), got)
			}
			positions++
			if n := p.Checkers().Count(); n > 0 {
				checks++
				if n == 2 {
					doubleChecks++
				}
			}
			if p.EnPassant() != NoSquare {
				enPassants++
			}
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(r.intn(ml.Len()))
			for range 3 {
				if p.IsCapture(m) {
					break
				}
				m = ml.At(r.intn(ml.Len()))
			}
			p.Play(m)
		}
	}
	if positions < 200000 || checks < 5000 || doubleChecks < 10 || enPassants < 3000 {
		t.Fatalf("too few cases: %d positions, %d checks, %d double checks, %d en-passant squares",
			positions, checks, doubleChecks, enPassants)
	}
}

func TestPawnCapturesNeeded(t *testing.T) {
	tests := []struct {
		files []int
		want  int
	}{
		{nil, 0},
		{[]int{0, 1, 2, 3, 4, 5, 6, 7}, 0},
		{[]int{0, 0}, 1},
		{[]int{0, 0, 0}, 3},    // from a, b, c: 0 + 1 + 2
		{[]int{7, 7, 7, 7}, 6}, // from e..h: 3 + 2 + 1 + 0
		{[]int{3, 3, 4, 4}, 2}, // from c..f: 1 + 0 + 0 + 1
		{[]int{0, 0, 0, 0, 7, 7, 7, 7}, 12},
		{[]int{2, 2, 5}, 1},
	}
	for _, tt := range tests {
		var b Bitboard
		rank := make(map[int]int)
		for _, f := range tt.files {
			b |= MakeSquare(f, 1+rank[f]).Bit()
			rank[f]++
		}
		if got := pawnCapturesNeeded(b); got != tt.want || got != bruteCaptures(tt.files) {
			t.Errorf("files %v: %d captures, want %d (brute force %d)", tt.files, got, tt.want, bruteCaptures(tt.files))
		}
	}
}

// bruteCaptures tries every assignment of distinct starting files.
func bruteCaptures(files []int) int {
	best := 1 << 20
	var rec func(i int, used uint8, cost int)
	rec = func(i int, used uint8, cost int) {
		if i == len(files) {
			best = min(best, cost)
			return
		}
		for f := range 8 {
			if used&(1<<f) == 0 {
				d := files[i] - f
				if d < 0 {
					d = -d
				}
				rec(i+1, used|1<<f, cost+d)
			}
		}
	}
	rec(0, 0, 0)
	return best
}

func TestAuditReasonNames(t *testing.T) {
	seen := map[string]bool{}
	for r := NoKing; r < numReasons; r++ {
		name := r.String()
		if name == "" || seen[name] || strings.ContainsAny(name, " _") {
			t.Errorf("reason %d has name %q", r, name)
		}
		seen[name] = true
	}
	if !slices.Contains([]string{"reason(0)"}, Reason(0).String()) {
		t.Errorf("Reason(0) is %q", Reason(0).String())
	}
}

func TestAuditFENError(t *testing.T) {
	if _, _, err := AuditFEN("8/8/8 w - -", false); err == nil {
		t.Fatal("no error for a malformed FEN")
	}
}

// AuditMirror holds Chess960 proper to its mirrored start: kings with rights
// on one file, rooks with rights on one wing on one file. The castling
// letters are read first (X-FEN outermost rooks, Shredder files, inner-rook
// letters), so the test is on the rooks the rights name.
func TestAuditMirror(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want []string // the messages, in order; none for a near miss
	}{
		{"kings on d8 and e1", "r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			[]string{"Black has a castling right though its king is on d8 and White's, which has a right too, on e1; both sides start a Chess960 game mirrored"}},
		{"queen-side rooks on b8 and a1", "1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			[]string{"Black has a castling right queen-side with the rook on b8 though White's queen-side right is with the rook on a1; both sides start a Chess960 game mirrored"}},
		{"king-side rooks on g8 and h1", "4k1r1/8/8/8/8/8/8/R3K2R w KQk - 0 1",
			[]string{"Black has a castling right king-side with the rook on g8 though White's king-side right is with the rook on h1; both sides start a Chess960 game mirrored"}},
		{"kings and both wings apart", "1r1k2r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{
			"Black has a castling right though its king is on d8 and White's, which has a right too, on e1; both sides start a Chess960 game mirrored",
			"Black has a castling right king-side with the rook on g8 though White's king-side right is with the rook on h1; both sides start a Chess960 game mirrored",
			"Black has a castling right queen-side with the rook on b8 though White's queen-side right is with the rook on a1; both sides start a Chess960 game mirrored"}},
		{"Shredder letters, queen-side apart", "1r2k1r1/8/8/8/8/8/8/R3K1R1 w GAgb - 0 1",
			[]string{"Black has a castling right queen-side with the rook on b8 though White's queen-side right is with the rook on a1; both sides start a Chess960 game mirrored"}},
		{"inner-rook letter against an outer rook", "r1r1k2r/8/8/8/8/8/8/R1R1K2R w KCkq - 0 1",
			[]string{"Black has a castling right queen-side with the rook on a8 though White's queen-side right is with the rook on c1; both sides start a Chess960 game mirrored"}},
		{"rights on opposite wings, kings apart", "r2k4/8/8/8/8/8/8/4K2R w Kq - 0 1",
			[]string{"Black has a castling right though its king is on d8 and White's, which has a right too, on e1; both sides start a Chess960 game mirrored"}},

		{"mirrored X-FEN", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", nil},
		{"mirrored Shredder letters", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", nil},
		{"mirrored inner-rook letters", "r1r1k2r/8/8/8/8/8/8/R1R1K2R w KCkc - 0 1", nil},
		{"rights on opposite wings, one king file", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", nil},
		{"white has lost its rights", "1r1k2r1/8/8/8/8/8/8/R3K2R w kq - 0 1", nil},
		{"black has lost its rights", "1r1k2r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", nil},
		{"other rooks off the mirror", "rr2k2r/8/8/8/8/8/8/R3KR1R w KQkq - 0 1", nil},
		{"no rights", "1r1k2r1/8/8/8/8/8/8/R3K2R w - - 0 1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			p.SetChess960(true)
			var msgs []string
			for _, i := range p.AuditMirror() {
				if i.Reason != BadCastlingRights || i.Color != Black {
					t.Errorf("%v: reason %v for %v", i, i.Reason, i.Color)
				}
				msgs = append(msgs, i.String())
			}
			if !slices.Equal(msgs, tt.want) {
				t.Fatalf("got %q\nwant %q", msgs, tt.want)
			}
		})
	}
}

// The start-parity rule is for the standard array alone: in other Chess960
// arrays a piece can come home in an odd number of moves. Here White's queen
// goes e1-d1-c1-e1 along its emptied first rank while Black's knight goes
// out and back, and the start array stands with Black to move.
func TestAuditStartParityNarrow(t *testing.T) {
	p, err := ParseFEN("rknnqrbb/pppppppp/8/8/8/8/PPPPPPPP/RKNNQRBB w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.SetChess960(true)
	start := p
	var ml MoveList
	for _, san := range strings.Fields("Ne3 Nb6 Nb3 Nc8 Qd1 Nb6 Qc1 Nc8 Qe1 Nb6 Nd1 Nc8 Nc1") {
		p.LegalMoves(&ml)
		found := false
		for i := range ml.Len() {
			if m := ml.At(i); p.SAN(m) == san {
				p.Play(m)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s is not legal in %s", san, p.FEN())
		}
	}
	if p.board != start.board || p.Turn() != Black {
		t.Fatalf("reached %s", p.FEN())
	}
	if got := p.Audit(); len(got) != 0 {
		t.Fatalf("audit found %v", got)
	}
}
