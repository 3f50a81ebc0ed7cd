package replay

import (
	"testing"
)

func deadFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVerdictString(t *testing.T) {
	for v, want := range map[Verdict]string{Unknown: "unknown", Yes: "yes", No: "no"} {
		if got := v.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", v, got, want)
		}
	}
}

// python-chess's has_insufficient_material, rule by rule, with a case on
// each side of every condition.
func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		name         string
		fen          string
		white, black bool
	}{
		{"bare kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},
		{"knight against bare king", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, true},
		{"knight against queen", "4k3/8/8/8/8/8/3q4/4KN2 w - - 0 1", true, false},
		{"knight against pawn: selfmate exception", "4k3/8/8/3p4/8/8/8/4KN2 w - - 0 1", false, false},
		{"knight against knight", "4k3/8/8/3n4/8/8/8/4KN2 w - - 0 1", false, false},
		{"knight against bishop", "4k3/8/8/3b4/8/8/8/4KN2 w - - 0 1", false, false},
		{"knight against rook", "4k3/8/8/3r4/8/8/8/4KN2 w - - 0 1", false, false},
		{"two knights", "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, true},
		{"knight and bishop", "4k3/8/8/8/8/8/8/3BKN2 w - - 0 1", false, true},
		{"bishop against bare king", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true},
		{"bishops on one colour, both sides", "4k3/8/8/8/8/3b4/8/4KB2 w - - 0 1", true, true},
		{"bishops on both colours", "4k3/8/8/8/8/2b5/8/4KB2 w - - 0 1", false, false},
		{"two white bishops on one colour", "4k3/8/8/8/8/8/8/3BKB2 w - - 0 1", true, true},
		{"bishop and a pawn on the board", "4k3/p7/8/8/8/8/8/4KB2 w - - 0 1", false, false},
		{"bishop and an enemy knight", "4k3/8/8/8/8/8/8/n3KB2 w - - 0 1", false, false},
		{"bishop against rook", "4k3/8/8/8/8/8/8/r3KB2 w - - 0 1", true, false},
		{"bishop against queen", "4k3/8/8/8/8/8/8/q3KB2 w - - 0 1", true, false},
		{"rook", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, true},
		{"queen", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", false, true},
		{"pawn", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false, true},
		{"start", StartFEN, false, false},
	}
	for _, tt := range tests {
		p := deadFEN(t, tt.fen)
		if got := p.InsufficientMaterial(White); got != tt.white {
			t.Errorf("%s: White insufficient = %v, want %v", tt.name, got, tt.white)
		}
		if got := p.InsufficientMaterial(Black); got != tt.black {
			t.Errorf("%s: Black insufficient = %v, want %v", tt.name, got, tt.black)
		}
	}
}

// Layer 1: material rules that never err, and the positions they must
// leave open.
func TestCannotMateByMaterial(t *testing.T) {
	tests := []struct {
		name         string
		fen          string
		white, black bool // cannot mate
	}{
		{"bare kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},
		{"knight against queens", "k7/8/1K6/8/8/8/8/2N2q1q w - - 0 1", true, false},
		{"knight against rook", "k3r3/8/1K6/3N4/8/8/8/8 b - - 0 1", false, false},
		{"knight against knight", "8/8/8/8/8/k7/2K5/nN6 w - - 0 1", false, false},
		{"two knights", "7k/8/8/8/8/8/2K5/2N1N3 w - - 0 1", false, true},
		{"bishops of one colour against rook and queen", "4k3/3r4/8/8/2q5/4B3/8/2B1K3 w - - 0 1", true, false},
		{"same-coloured bishops, both sides", "7k/8/6K1/8/8/8/8/1B5b w - - 0 1", true, true},
		{"opposite-coloured bishops", "7k/8/6K1/8/8/8/8/B6b w - - 0 1", false, false},
		{"the loser's knight counts", "4k3/8/8/8/8/8/8/n3KB2 w - - 0 1", false, false},
		{"a pawn anywhere counts", "4k3/p7/8/8/8/8/8/4KB2 w - - 0 1", false, false},
	}
	for _, tt := range tests {
		p := deadFEN(t, tt.fen)
		if got := p.cannotMateByMaterial(White); got != tt.white {
			t.Errorf("%s: White cannot mate = %v, want %v", tt.name, got, tt.white)
		}
		if got := p.cannotMateByMaterial(Black); got != tt.black {
			t.Errorf("%s: Black cannot mate = %v, want %v", tt.name, got, tt.black)
		}
	}
}

// checkHelpmate plays line from p and fails unless it ends with c mating.
func checkHelpmate(t *testing.T, p Position, c Color, line []Move) {
	t.Helper()
	var ml MoveList
	for i, m := range line {
		if !p.IsLegal(m) {
			t.Fatalf("move %d (%s) of the mating line is illegal in %s", i+1, m, p.FEN())
		}
		p.Play(m)
	}
	p.LegalMoves(&ml)
	if ml.Len() != 0 || !p.InCheck() || p.Turn() != c.Other() {
		t.Fatalf("the line %v does not end with %s mating: %s", line, c, p.FEN())
	}
}

// Every layer, through the public API: the verdict for each side, the fast
// verdict, and the mating line wherever the answer is Yes.
func TestCanMate(t *testing.T) {
	tests := []struct {
		name                 string
		fen                  string
		white, black         Verdict // CanMate
		whiteFast, blackFast Verdict // CanMateFast
	}{
		// Layer 1.
		{"bare kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", No, No, No, No},
		{"K+N v K+Q cannot", "8/8/8/3k4/8/8/2N5/K5q1 w - - 0 1", No, Yes, No, Unknown},
		{"K+N v K+R can: Rb8, Nc7#", "k3r3/8/1K6/3N4/8/8/8/8 b - - 0 1", Yes, Yes, Unknown, Unknown},
		// Black's mate is a planned one (dead_plan.go): the white king
		// walks to a corner, the bishop next to it, the knight checks.
		{"K+B v K+N, both can", "kn6/8/2K5/8/8/8/8/5B2 w - - 0 1", Yes, Yes, Unknown, Unknown},
		{"K+B v K+B, one colour", "7k/8/6K1/8/8/8/8/1B5b w - - 0 1", No, No, No, No},
		{"K+B v K+B, opposite colours", "7k/8/6K1/8/8/8/8/B6b w - - 0 1", Yes, Yes, Unknown, Unknown},
		{"K+R v K", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", Yes, No, Unknown, No},
		// A mate on the board, even one no move could give (two bishops of
		// one colour), comes before the material rules.
		{"mated now", "8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1", No, Yes, No, Yes},
		{"back-rank mate now", "4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 1", No, Yes, No, Yes},
		{"stalemate", "7k/7P/6K1/8/8/8/8/8 b - - 0 1", No, No, No, No},
		// Layer 2: the flagged king's one move takes the last pawn.
		{"forced capture", "7k/5K1P/8/8/8/8/8/8 b - - 0 1", No, No, No, No},
		// Layer 3: a wall neither king can pass.
		{"pawn wall", "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1", No, No, No, No},
		// Layer 4: a helpmate in one for White, in two for Black.
		{"back rank", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", Yes, Yes, Unknown, Unknown},
		{"start", StartFEN, Yes, Unknown, Unknown, Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := deadFEN(t, tt.fen)
			for c, want := range [2]Verdict{tt.white, tt.black} {
				color := Color(c)
				line, got := p.Helpmate(color)
				if got != want {
					t.Errorf("%s Helpmate verdict %s, want %s", color, got, want)
				}
				if got == Yes {
					checkHelpmate(t, p, color, line)
				}
				if v := p.CanMate(color); v != got {
					t.Errorf("%s CanMate %s but Helpmate %s", color, v, got)
				}
				fast := [2]Verdict{tt.whiteFast, tt.blackFast}[c]
				if got := p.CanMateFast(color); got != fast {
					t.Errorf("%s CanMateFast %s, want %s", color, got, fast)
				}
			}
		})
	}
}

func TestIsDead(t *testing.T) {
	tests := []struct {
		name       string
		fen        string
		dead, fast Verdict
	}{
		{"bare kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Yes, Yes},
		{"K+N v K", "4k3/8/8/8/8/8/8/4KN2 b - - 0 1", Yes, Yes},
		{"K+R v K", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", No, Unknown},
		{"forced capture", "7k/5K1P/8/8/8/8/8/8 b - - 0 1", Yes, Yes},
		{"pawn wall", "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1", Yes, Yes},
		{"the wall with a gap", "8/1k6/1p1p4/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1", No, Unknown},
		{"mated now", "4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 1", No, No},
		{"stalemate", "7k/7P/6K1/8/8/8/8/8 b - - 0 1", Yes, Yes},
		{"start", StartFEN, No, Unknown},
	}
	for _, tt := range tests {
		p := deadFEN(t, tt.fen)
		if got := p.IsDead(); got != tt.dead {
			t.Errorf("%s: IsDead %s, want %s", tt.name, got, tt.dead)
		}
		if got := p.IsDeadFast(); got != tt.fast {
			t.Errorf("%s: IsDeadFast %s, want %s", tt.name, got, tt.fast)
		}
		if got := p.ProvenDeadFast(); got != (tt.fast == Yes) {
			t.Errorf("%s: ProvenDeadFast %v, want %v", tt.name, got, tt.fast == Yes)
		}
	}
}

// Layer 2 alone: the forced moves are played out and a short full-width
// search proves every line dead, or stops at the first open one.
func TestForcedMovesAndShortSearch(t *testing.T) {
	w := getWorkspace()
	defer putWorkspace(w)

	// The black king's only move takes the pawn: bare kings after it.
	p := deadFEN(t, "7k/5K1P/8/8/8/8/8/8 b - - 0 1")
	w.winner = White
	q := p
	if v := w.playForced(&q); v != No || w.nForced != 1 || w.forced[0] != NewMove(MakeSquare(7, 7), MakeSquare(7, 6)) {
		t.Fatalf("forced playout: %s after %d moves %v", v, w.nForced, w.forced[:w.nForced])
	}

	// Black's two moves both take a knight: K+N v K after either, so every
	// line ends dead for White within one ply.
	p = deadFEN(t, "kN6/N7/2K5/8/8/8/8/8 b - - 0 1")
	w.winner, w.nodes, w.limit = White, 0, shortNodes
	if v := w.allDead(&p, 0, 2); v != No {
		t.Errorf("White in %s: %s, want no", p.FEN(), v)
	}
	if v := p.CanMateFast(White); v != No {
		t.Errorf("White in %s: CanMateFast %s, want no", p.FEN(), v)
	}
	// In a lively position the first line left open stops the search.
	p = StartPosition()
	w.nodes = 0
	if v := w.allDead(&p, 0, shortDepth); v != Unknown || w.nodes != shortDepth {
		t.Errorf("start: %s after %d nodes, want unknown after %d", v, w.nodes, shortDepth)
	}
}

// Layer 3 alone, with near misses: a wall with a gap, a wall a rook gets
// through, and a bishop shut in behind its own pawns.
func TestWallAnalysis(t *testing.T) {
	tests := []struct {
		name         string
		fen          string
		white, black bool // proven unable to mate
	}{
		{"wall", "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1", true, true},
		{"wall with a gap", "8/1k6/1p1p4/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1", false, false},
		{"wall and a rook on an open file", "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/R7 w - - 0 1", false, false},
		{"bishop shut in behind its pawns", "8/1k6/1p1p2p1/1P1Pp1Pp/1P2P2P/1P6/1P5K/B7 w - - 0 1", true, true},
		{"bishop with a way out", "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/B7 w - - 0 1", false, false},
		{"white king in check from the wall", "8/1k6/1p1p2p1/1P1Pp1Pp/4PK1P/8/8/8 w - - 0 1", true, true},
		// From lichess.org/ijyj0mHa, the example of the chasolver README
		// (see testdata/dead/README.md): Black's bishop cannot get past the
		// wall, White's can.
		{"bishops on both sides of a wall", "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1", false, true},
		{"no blocked pawn", "8/1k6/8/8/8/8/7K/8 w - - 0 1", false, false},
	}
	w := getWorkspace()
	defer putWorkspace(w)
	for _, tt := range tests {
		p := deadFEN(t, tt.fen)
		for c, want := range [2]bool{tt.white, tt.black} {
			w.winner = Color(c)
			if got := w.wallProvesNoMate(&p); got != want {
				t.Errorf("%s: %s proven unable = %v, want %v", tt.name, Color(c), got, want)
			}
		}
	}
}

// The breadth-first exhaustion: a mate is found with its line, a closed
// position is exhausted, a position dead by material is not expanded, an
// open one runs out of states.
func TestExhaust(t *testing.T) {
	w := getWorkspace()
	defer putWorkspace(w)
	p := deadFEN(t, "kn6/8/1K6/8/4B3/8/8/8 w - - 0 1")
	w.winner = White
	if v := w.exhaust(&p, exhaustStates); v != Yes || w.found != 1 {
		t.Fatalf("exhaust: %s after %d plies, want a mate in one", v, w.found)
	}
	checkHelpmate(t, p, White, w.path[:w.found])
	// Behind the wall each king has a few squares: all positions are seen.
	p = deadFEN(t, "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1")
	for c := White; c <= Black; c++ {
		w.winner = c
		if v := w.exhaust(&p, exhaustStates); v != No {
			t.Fatalf("wall, %s: %s", c, v)
		}
	}
	p = deadFEN(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if v := w.exhaust(&p, exhaustStates); v != No {
		t.Fatalf("bare kings: %s", v)
	}
	p = StartPosition()
	if v := w.exhaust(&p, 100); v != Unknown {
		t.Fatalf("start, 100 states: %s", v)
	}
}

// Bad input never panics: positions without kings or with several.
func TestCanMateOddPositions(t *testing.T) {
	for _, fen := range []string{
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"8/8/8/8/8/8/8/4K3 w - - 0 1",
		"k7/8/8/8/8/8/8/KK6 w - - 0 1",
		"8/8/8/8/8/8/pppppppp/4K3 b - - 0 1",
	} {
		p := deadFEN(t, fen)
		for c := White; c <= Black; c++ {
			p.CanMate(c)
			p.CanMateFast(c)
		}
		p.IsDead()
	}
}

// FuzzPositionAnalyses: on any position ParseFEN accepts, the audit and the
// fast dead-position layers never panic, and the fast layers never
// contradict each other: a side proven unable to mate (No) is never also
// shown able (Yes) by IsDeadFast. Seeds: the benchmark positions.
func FuzzPositionAnalyses(f *testing.F) {
	for _, fen := range gameEnds {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		for _, i := range p.Audit() {
			if i.String() == "" {
				t.Fatalf("%q: an impossibility without a message", s)
			}
		}
		p.InsufficientMaterial(White)
		w, b := p.CanMateFast(White), p.CanMateFast(Black)
		fast := p.IsDeadFast()
		if p.ProvenDeadFast() != (fast == Yes) {
			t.Fatalf("%q: ProvenDeadFast %v, IsDeadFast %s", s, p.ProvenDeadFast(), fast)
		}
		switch fast {
		case Yes:
			if w != No || b != No {
				t.Fatalf("%q: dead, but CanMateFast says %s and %s", s, w, b)
			}
		case No:
			if w != Yes && b != Yes {
				t.Fatalf("%q: not dead, but CanMateFast says %s and %s", s, w, b)
			}
		}
	})
}

// quietKingLine needs a quiet legal king move for each side in turn, and
// one more at the end of the line; anything else leaves the question to
// the search.
func TestQuietKingLine(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		plies int
		want  bool
	}{
		{"kings free to walk", "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", shortDepthPawnsBishops, true},
		{"no plies: a quiet king move left", "8/8/4k3/8/8/8/4P3/4K3 b - - 0 1", 0, true},
		{"no plies: pawn moves only", "kb6/pp6/8/8/8/8/8/4K3 b - - 0 1", 0, false},
		{"stalemate", "7k/5K2/6P1/8/8/8/8/8 b - - 0 1", 0, false},
		{"the mover's king hemmed in by its own men", "kb6/pp6/8/8/8/8/8/4K3 b - - 0 1", 1, false},
		{"the other king hemmed in, one ply later", "kb6/pp6/8/8/8/8/8/4K3 w - - 0 1", 2, false},
		{"a king that can only capture", "7k/5K1P/8/8/8/8/8/8 b - - 0 1", 1, false},
		{"in check, a quiet step out of it", "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", 4, true},
	}
	for _, tt := range tests {
		if got := quietKingLine(deadFEN(t, tt.fen), tt.plies); got != tt.want {
			t.Errorf("%s: quietKingLine(%d) = %v, want %v", tt.name, tt.plies, got, tt.want)
		}
	}
}

// fastProvesNoMate answers as fast does, No or not No, on positions where
// the king line applies and the search is spared (mobile kings, a wall that
// proves the position dead all the same), and where it does not.
func TestFastProvesNoMate(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		dead bool // ProvenDeadFast
	}{
		{"king and pawn against king", "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", false},
		{"bishops of both sides on one colour", "8/8/4k3/8/2b5/8/4B3/4K3 w - - 0 1", true},
		{"knight against knight", "8/8/4k3/3n4/8/8/4N3/4K3 b - - 0 1", false},
		{"a wall with mobile kings", "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1", true},
		{"a wall and a bishop shut in by its pawns", "8/1k6/1p1p2p1/1P1Pp1Pp/1P2P2P/1P6/1P5K/B7 w - - 0 1", true},
		{"a wall and a free pawn", "8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/P6K/8 w - - 0 1", false},
		{"kings hemmed in, pawns free", "kb6/pp6/8/8/8/8/PP6/KB6 w - - 0 1", false},
		{"a forced capture of the last pawn", "7k/5K1P/8/8/8/8/8/8 b - - 0 1", true},
	}
	for _, tt := range tests {
		p := deadFEN(t, tt.fen)
		if got := p.ProvenDeadFast(); got != tt.dead {
			t.Errorf("%s: ProvenDeadFast = %v, want %v", tt.name, got, tt.dead)
		}
		for c := White; c <= Black; c++ {
			sameAsFast(t, tt.name, &p, c)
		}
	}
	for _, fen := range gameEnds {
		p := deadFEN(t, fen)
		for c := White; c <= Black; c++ {
			sameAsFast(t, fen, &p, c)
		}
	}
}

func sameAsFast(t *testing.T, where string, p *Position, c Color) {
	t.Helper()
	w := getWorkspace()
	defer putWorkspace(w)
	v, _ := w.fast(p, c)
	if got := w.fastProvesNoMate(p, c); got != (v == No) {
		t.Errorf("%s: fastProvesNoMate(%v) = %v, fast = %s", where, c, got, v)
	}
}
