package replay

// Could a side still checkmate? FIDE 5.2.2 ends the game as drawn when no
// series of legal moves leads to mate (a dead position), and 6.9 draws a
// game lost on time when the opponent could not mate by any series of legal
// moves. Both are the helpmate question: can the moves of both sides,
// chosen together, end in mate? Material counts answer it only in part
// (K+N v K+R can still mate: Ka8 Ra7, Kc8, Nb6#); the analysis follows the
// layers of CHA, M. Ambrona's Chess Unwinnability Analyzer (FUN 2022), each
// cheaper than the next:
//
//  1. material rules that never err (dead_material.go);
//  2. forced moves played out and a short full-width search whose every
//     branch must end dead (dead_search.go);
//  3. a static analysis of pawn walls: which squares each piece can ever
//     reach if the blocked pawns never move (dead_wall.go);
//  4. for a side with minor pieces only, a planned mate from a few
//     patterns (dead_plan.go); then a bounded helpmate search
//     (dead_helpmate.go).
//
// Every "no" is a proof and every "yes" comes with a mating line; what the
// bounds leave open is Unknown.

// Verdict is the answer of an analysis that may not settle its question.
type Verdict uint8

const (
	// Unknown: the analysis hit its bounds before it could settle.
	Unknown Verdict = iota
	// Yes: proven true (for CanMate, a mating line was found).
	Yes
	// No: proven false.
	No
)

func (v Verdict) String() string {
	switch v {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

// CanMate says whether c could still checkmate its opponent by some series
// of legal moves of both sides: Yes (a helpmate was found, or the opponent
// is mated already), No (proven impossible: the position is dead for c, as
// after a bare king's flag fall, FIDE 6.9), or Unknown when the bounded
// search gives up. It runs every layer; the last, the helpmate search,
// gives up after about 20 ms (most answers take well under one). A side
// that is checkmated or stalemated now cannot mate.
func (p *Position) CanMate(c Color) Verdict {
	_, v := p.helpmate(c, false)
	return v
}

// Helpmate is CanMate with the mating line when the answer is Yes: the
// moves from p, both sides', that end with c mating (empty when the
// opponent is mated already).
func (p *Position) Helpmate(c Color) ([]Move, Verdict) {
	return p.helpmate(c, true)
}

// CanMateFast is CanMate with the cheap layers only (material, forced
// moves, a short search, pawn walls): microseconds, for every game end and
// every time forfeit. It answers No far more often than Yes; Unknown means
// "not shown dead", which in a real game nearly always means c can mate.
func (p *Position) CanMateFast(c Color) Verdict {
	w := getWorkspace()
	defer putWorkspace(w)
	v, _ := w.fast(p, c)
	return v
}

// IsDead says whether the position is dead (FIDE 5.2.2): neither side can
// checkmate by any series of legal moves. Yes when both sides are proven
// unable, No when a mating line exists for one of them, Unknown otherwise.
func (p *Position) IsDead() Verdict {
	w := getWorkspace()
	defer putWorkspace(w)
	var fast [2]Verdict
	for c := White; c <= Black; c++ {
		fast[c], _ = w.fast(p, c)
		if fast[c] == Yes {
			return No
		}
	}
	if fast[White] == No && fast[Black] == No {
		return Yes
	}
	// One side not shown unable: look for its mate, the other side's too
	// if it is still open.
	var v [2]Verdict
	for c := White; c <= Black; c++ {
		v[c] = fast[c]
		if v[c] == Unknown {
			v[c], _ = w.full(p, c)
		}
		if v[c] == Yes {
			return No
		}
	}
	if v[White] == No && v[Black] == No {
		return Yes
	}
	return Unknown
}

// IsDeadFast is IsDead with the cheap layers only (see CanMateFast): Yes
// when both sides are proven unable to mate, No when a mate was found on
// the way, Unknown otherwise.
func (p *Position) IsDeadFast() Verdict {
	w := getWorkspace()
	defer putWorkspace(w)
	both := true
	for c := White; c <= Black; c++ {
		switch v, _ := w.fast(p, c); v {
		case Yes:
			return No
		case Unknown:
			both = false
		}
	}
	if both {
		return Yes
	}
	return Unknown
}

// ProvenDeadFast reports whether IsDeadFast would answer Yes. It stops at
// the first side the cheap layers do not prove unable to mate, and asks the
// side with more men first, since that side is the likelier to stop it: a
// replay asking after every capture in an ending, and acting only on Yes,
// pays for one side's search where it would pay for two.
func (p *Position) ProvenDeadFast() bool {
	w := getWorkspace()
	defer putWorkspace(w)
	first := White
	if p.byColor[Black].Count() > p.byColor[White].Count() {
		first = Black
	}
	for _, c := range [2]Color{first, first.Other()} {
		if !w.fastProvesNoMate(p, c) {
			return false
		}
	}
	return true
}

func (p *Position) helpmate(c Color, wantLine bool) ([]Move, Verdict) {
	w := getWorkspace()
	defer putWorkspace(w)
	v, line := w.fast(p, c)
	if v == Unknown {
		v, line = w.full(p, c)
	}
	if v != Yes || !wantLine {
		return nil, v
	}
	return append([]Move{}, line...), v
}
