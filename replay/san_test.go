package replay

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sanFEN parses a FEN for a test or stops it.
func sanFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// sanMoveByUCI finds the legal move whose UCI text (standard or Chess960
// castling) is s, or stops the test.
func sanMoveByUCI(t testing.TB, p *Position, s string) Move {
	t.Helper()
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.UCI(false) == s || m.UCI(true) == s {
			return m
		}
	}
	t.Fatalf("%s is not legal in %s", s, p.FEN())
	return NoMove
}

// TestSANKnownStrings checks SAN and long algebraic output against the
// cases of testdata/san/known.txt (FEN | UCI | SAN | long algebraic),
// which cover every disambiguation, en passant, promotions with check,
// castling with mate, Chess960 castling and the check marks.
func TestSANKnownStrings(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "san", "known.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Split(text, "|")
		if len(fields) != 4 {
			t.Fatalf("known.txt:%d: want 4 fields separated by |", line)
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		p := sanFEN(t, fields[0])
		m := sanMoveByUCI(t, &p, fields[1])
		if got := p.SAN(m); got != fields[2] {
			t.Errorf("known.txt:%d: SAN(%s) = %q, want %q", line, fields[1], got, fields[2])
		}
		if got := p.LongAlgebraic(m); got != fields[3] {
			t.Errorf("known.txt:%d: LongAlgebraic(%s) = %q, want %q", line, fields[1], got, fields[3])
		}
		n, err := ParseMove([]byte(fields[2]), SAN)
		if err != nil {
			t.Fatalf("known.txt:%d: ParseMove(%q): %v", line, fields[2], err)
		}
		if r, err := p.Resolve(&n); err != nil || r != m {
			t.Errorf("known.txt:%d: Resolve(%q) = %v, %v; want %v", line, fields[2], r, err, m)
		}
		cases++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases < 20 {
		t.Fatalf("only %d cases read", cases)
	}
}

func TestSANNullAndGarbage(t *testing.T) {
	p := StartPosition()
	if got := p.SAN(NoMove); got != "--" {
		t.Errorf("SAN(NoMove) = %q, want --", got)
	}
	if got := p.LongAlgebraic(NoMove); got != "--" {
		t.Errorf("LongAlgebraic(NoMove) = %q, want --", got)
	}
	// Not legal moves: the text is meaningless but must come without a panic.
	for _, m := range []Move{NewMove(MakeSquare(4, 3), MakeSquare(4, 4)), NewCastle(MakeSquare(4, 0), MakeSquare(3, 0)), Move(0xffff)} {
		if p.SAN(m) == "" || p.LongAlgebraic(m) == "" {
			t.Errorf("empty text for %v", m)
		}
	}
}

func TestAppendSANNoAllocations(t *testing.T) {
	p := sanFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	p.LegalMoves(&ml)
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(20, func() {
		for _, m := range ml.Slice() {
			buf = p.AppendSAN(buf[:0], m)
			buf = p.AppendLongAlgebraic(buf[:0], m)
		}
	})
	if allocs != 0 {
		t.Fatalf("AppendSAN allocates %.1f times per run", allocs)
	}
}

// BenchmarkSAN writes every legal move of a middlegame position in SAN
// (ns/move).
func BenchmarkSAN(b *testing.B) {
	p := sanFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	p.LegalMoves(&ml)
	moves := ml.Slice()
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			buf = p.AppendSAN(buf[:0], m)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
}

// AppendSANBody before the move and AppendCheckMark after it write SAN, for
// every legal move of positions with checks, mates and promotions.
func TestSANBodyAndCheckMark(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", // Qh4#
		"1n1k4/P1P5/8/8/8/8/8/4K2R w K - 0 1",                           // axb8=Q+, c8=N
		"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",                             // Ra8#, O-O-O
	} {
		p := sanFEN(t, fen)
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			body := p.AppendSANBody(nil, m)
			q := p
			q.Play(m)
			if got, want := string(q.AppendCheckMark(body)), p.SAN(m); got != want {
				t.Errorf("%s: %v is %q in two steps, SAN %q", fen, m, got, want)
			}
		}
	}
}

// LongAlgebraic is m with its origin in full: "Ng1-f3", "e4xd5", "e7-e8=Q",
// "O-O", with '+' or '#' as in SAN and "--" for the null move. Only the
// tests write it, to read it back; the replay reads it and writes SAN.
func (p *Position) LongAlgebraic(m Move) string {
	var buf [16]byte
	return string(p.AppendLongAlgebraic(buf[:0], m))
}

// AppendLongAlgebraic appends LongAlgebraic(m) to dst.
func (p *Position) AppendLongAlgebraic(dst []byte, m Move) []byte {
	if m == NoMove {
		return append(dst, "--"...)
	}
	if m.IsCastle() {
		dst = appendCastleSAN(dst, m)
		return p.appendCheckMark(dst, m)
	}
	from, to := m.From(), m.To()
	if k := p.board[from].Kind(); k > Pawn {
		dst = append(dst, k.Letter())
	}
	dst = append(dst, from.String()...)
	if p.IsCapture(m) {
		dst = append(dst, 'x')
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, to.String()...)
	if pk := m.Promotion(); pk != NoKind {
		dst = append(dst, '=', pk.Letter())
	}
	return p.appendCheckMark(dst, m)
}
