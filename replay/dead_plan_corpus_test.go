package replay

import (
	"strings"
	"testing"
)

// planCheck compares the planned mates with the layers without them: on
// every position where the plan answers (the winner has minor pieces only
// and the cheap layers leave the question open), CanMate without plans
// must not say No, the mating line must be legal and end in mate, and a
// label, where there is one, must say the side can mate.
type planCheck struct {
	t                       *testing.T
	seen                    map[uint64]bool
	asked, planned, wasUnk  int
	compared, maxCompared   int
	unknownToYes, unchanged int
	sampleSame, sampleAsked int
}

func newPlanCheck(t *testing.T, maxCompared int) *planCheck {
	return &planCheck{t: t, seen: map[uint64]bool{}, maxCompared: maxCompared}
}

// check asks for c's mate in p; label is 1 (can mate), 0 (cannot) or -1.
func (pc *planCheck) check(where string, p *Position, c Color, label int) {
	t := pc.t
	own := p.ByColor(c) &^ p.ByKind(King)
	if own == 0 || own&(p.ByKind(Pawn)|p.ByKind(Rook)|p.ByKind(Queen)) != 0 {
		return
	}
	key := p.Key() ^ uint64(c)*0x9e3779b97f4a7c15
	if pc.seen[key] || p.CanMateFast(c) != Unknown {
		return
	}
	pc.seen[key] = true
	pc.asked++
	w := getWorkspace()
	w.winner = c
	q := *p
	planned := w.playForced(&q) == Unknown && w.planMate(&q)
	putWorkspace(w)
	if !planned {
		// Without an answer from the plan the layers run as before; a
		// sample confirms it.
		if pc.sampleAsked < pc.maxCompared/10 {
			pc.sampleAsked++
			v1 := p.CanMate(c)
			planEnabled = false
			v0 := p.CanMate(c)
			planEnabled = true
			if v1 == v0 {
				pc.sampleSame++
			} else {
				t.Errorf("%s: %s can mate: %s with plans, %s without, and the plan did not answer", where, c, v1, v0)
			}
		}
		return
	}
	pc.planned++
	line, v1 := p.Helpmate(c)
	if v1 != Yes {
		t.Errorf("%s: %s: the plan found a mate but Helpmate says %s", where, c, v1)
		return
	}
	checkMateLine(t, where, p, c, line)
	if label == 0 {
		t.Errorf("%s: %s: a planned mate, but the label says it cannot mate", where, c)
	}
	if pc.compared >= pc.maxCompared {
		return
	}
	pc.compared++
	planEnabled = false
	v0 := p.CanMate(c)
	planEnabled = true
	switch v0 {
	case No:
		t.Errorf("%s: %s: a planned mate, but without plans CanMate says no", where, c)
	case Unknown:
		pc.unknownToYes++
	default:
		pc.unchanged++
	}
}

// checkMateLine plays line from p, every move legal, and wants c's mate.
func checkMateLine(t *testing.T, where string, p *Position, c Color, line []Move) {
	q := *p
	var ml MoveList
	for i, m := range line {
		q.LegalMoves(&ml)
		legal := false
		for _, l := range ml.Slice() {
			legal = legal || l == m
		}
		if !legal {
			t.Errorf("%s: move %d (%s) of the mating line is not legal", where, i+1, m)
			return
		}
		q.Play(m)
	}
	if q.turn == c || !q.InCheck() || q.HasLegalMove() {
		t.Errorf("%s: the line %v does not end in %s's mate", where, line, c)
	}
}

// report logs the counts and fails when fewer than minPlanned questions
// were planned: a test that compares nothing proves nothing.
func (pc *planCheck) report(name string, minPlanned int) {
	if pc.planned < minPlanned {
		pc.t.Errorf("%s: only %d planned mates, want at least %d", name, pc.planned, minPlanned)
	}
	pc.t.Logf("%s: %d open questions for a side with minor pieces, %d planned (of %d compared: %d unknown before, %d yes before); %d of %d unplanned sampled the same",
		name, pc.asked, pc.planned, pc.compared, pc.unknownToYes, pc.unchanged, pc.sampleSame, pc.sampleAsked)
}

// TestDeadPlanCorpus runs the planned mates against the full layers on the
// chasolver positions, the final position of every game of the reference
// facts (the time forfeits among them) and positions from inside the
// online games.
func TestDeadPlanCorpus(t *testing.T) {
	corpus := resolveCorpusDir(t, "ARBITER_CORPUS")
	reference := resolveCorpusDir(t, "ARBITER_REFERENCE")
	t.Run("chasolver", func(t *testing.T) {
		pc := newPlanCheck(t, 5000)
		for _, name := range []string{"chasolver_positions.txt", "chasolver_lichess.txt"} {
			for _, lp := range readLabelled(t, name) {
				p, err := ParseFEN(lp.fen)
				if err != nil {
					t.Fatalf("%s:%d: %v", name, lp.line, err)
				}
				for c, want := range [2]bool{lp.white, lp.black} {
					label := 0
					if want {
						label = 1
					}
					pc.check(name+":"+lp.fen, &p, Color(c), label)
				}
			}
		}
		pc.report("chasolver", 600)
	})
	t.Run("final", func(t *testing.T) {
		pc := newPlanCheck(t, 5000)
		type record struct {
			File     string            `json:"file"`
			Line     int               `json:"line"`
			Variant  *string           `json:"variant"`
			FinalFEN string            `json:"final_fen"`
			Headers  map[string]string `json:"headers"`
		}
		forfeits := 0
		eachReference(t, reference, func(r *record) {
			if r.Variant == nil || *r.Variant != "chess" || r.FinalFEN == "" {
				return
			}
			p, err := ParseFEN(r.FinalFEN)
			if err != nil {
				return
			}
			if strings.Contains(strings.ToLower(r.Headers["Termination"]), "time") {
				forfeits++
			}
			for c := White; c <= Black; c++ {
				pc.check(r.File+":"+r.FinalFEN, &p, c, -1)
			}
		})
		pc.report("final positions", 1200)
		t.Logf("%d of the games ended on time", forfeits)
	})
	t.Run("inside", func(t *testing.T) {
		pc := newPlanCheck(t, 3000)
		ply := 0
		visit := func(p *Position) {
			ply++
			if ply%7 == 0 {
				for c := White; c <= Black; c++ {
					pc.check(p.FEN(), p, c, -1)
				}
			}
		}
		pyChessDifferential(t, corpus, reference, "online_clk__*.jsonl.gz", func(file string) bool {
			return strings.HasPrefix(file, "online_clk/carlsen_allan-cao/")
		}, visit)
		pc.report("positions inside online games", 150)
	})
}
