package replay

// Deviation is a bit set of the ways a text that resolved to a move says
// something untrue or superfluous about it: what Resolve tolerates and a
// validator reports as non-standard notation.
type Deviation uint8

const (
	CaptureMarkNoCapture Deviation = 1 << iota // "Nxf3" with f3 empty
	CaptureUnmarked                            // "Nf3" taking on f3 (pawns: "cd4"; not "dc", not UCI)
	CheckUnmarked                              // the move checks and the text has no '+'
	MateUnmarked                               // the move mates and the text has no '#'
	CheckMarkFalse                             // '+' or '#' on a move that does not check
	MateMarkFalse                              // '#' on a check that is not mate
	OriginSuperfluous                          // SAN-style text naming more of the origin than needed ("Ngf3" with one knight)
	EnPassantMarkFalse                         // "e.p." on a capture that is no en passant ("exd5 e.p.")

	numDeviations = iota
)

var deviationNames = [numDeviations]string{
	"capture mark without a capture", "capture without a capture mark", "check not marked",
	"mate not marked", "check mark on a move that does not check", "mate mark on a check that is not mate",
	"superfluous origin", "e.p. on a capture that is not en passant",
}

// String lists the deviations in words, comma-separated ("" for none).
func (d Deviation) String() string { return string(d.AppendText(nil)) }

// AppendText appends String's words to b, for a message built in one
// buffer.
func (d Deviation) AppendText(b []byte) []byte { return appendNames(b, uint64(d), deviationNames[:]) }

// Deviations compares what n says with the legal move m it resolved to in
// p. It plays m on a copy to see check and mate; it allocates nothing. A
// replay that plays m anyway calls MarkDeviations before and
// CheckDeviations after it instead, saving the copy.
func (p *Position) Deviations(n *Notation, m Move) Deviation {
	q := *p
	q.Play(m)
	return p.MarkDeviations(n, m) | CheckDeviations(n, &q)
}

// MarkDeviations is the part of Deviations judged before m is played: the
// capture mark and the origin written.
func (p *Position) MarkDeviations(n *Notation, m Move) Deviation {
	d := EnPassantMark(n, m)
	if p.MarksAsIs(n, m) {
		return d
	}
	if !m.IsCastle() && n.Castle == NoCastle {
		capture := p.IsCapture(m)
		switch {
		case n.Capture && !capture:
			d |= CaptureMarkNoCapture
		case !n.Capture && capture && n.ToRank >= 0 && n.Style&StyleUCI == 0:
			d |= CaptureUnmarked
		}
		if (n.FromFile >= 0 || n.FromRank >= 0) && n.Style&(StyleUCI|StyleLongAlgebraic) == 0 && n.Kind > Pawn {
			rivals := p.sanRivals(n.Kind, m.From(), m.To())
			if rivals == 0 || n.FromFile >= 0 && n.FromRank >= 0 && p.sanNeedsOne(m) {
				d |= OriginSuperfluous
			}
		}
	}
	return d
}

// MarksAsIs reports that m is a plain move or a promotion, n marks its
// capture as it is and writes no origin, or a pawn's, which only the
// capture mark judges: then MarkDeviations finds nothing but a false "e.p."
// (EnPassantMark). Most moves are such; a replay loop that asks this,
// inlined, calls nothing for them. Castling (whose To is the mover's own
// rook) and en passant (whose To is empty) are left to MarkDeviations: a
// legal plain move captures whatever stands on its To, and one load of the
// board answers (5 instructions a ply fewer than the opponent's men).
func (p *Position) MarksAsIs(n *Notation, m Move) bool {
	return (n.FromFile&n.FromRank < 0 || n.Kind <= Pawn) && m < moveEnPassant && n.Capture == (p.board[m.To()&63] != NoPiece)
}

// EnPassantMark is the deviation of n's "e.p." mark on m: none unless the
// mark is there and m takes no pawn en passant. MarkDeviations includes it;
// a loop that passes MarkDeviations by on MarksAsIs asks it where the
// text's style is not plain SAN (an "e.p." makes it so).
func EnPassantMark(n *Notation, m Move) Deviation {
	if n.Style&StyleEnPassantSuffix != 0 && !m.IsEnPassant() {
		return EnPassantMarkFalse
	}
	return 0
}

// CheckDeviations is the part of Deviations judged on the position after
// the move: the check and mate marks.
func CheckDeviations(n *Notation, after *Position) Deviation {
	return CheckMarkDeviations(n, after, after.InCheck())
}

// CheckMarkDeviations is CheckDeviations told whether after is check, for
// a caller that knows it more cheaply (GaveCheck). Only a check is searched
// for mate.
func CheckMarkDeviations(n *Notation, after *Position, check bool) Deviation {
	if !check {
		if n.Check || n.Mate {
			return CheckMarkFalse
		}
		return 0
	}
	return checkMarkDeviations(n, after)
}

// checkMarkDeviations is CheckMarkDeviations for a check. It stays a call
// of its own: inlined, its move list would be cleared at every call of
// CheckMarkDeviations, check or not.
//
//go:noinline
func checkMarkDeviations(n *Notation, after *Position) Deviation {
	mate := !after.HasLegalMove()
	switch {
	case mate && !n.Mate:
		return MateUnmarked
	case !mate && !n.Check && !n.Mate:
		return CheckUnmarked
	case !mate && n.Mate:
		return MateMarkFalse
	}
	return 0
}

// GaveCheck is InCheck for p reached by playing m from a position in which
// the side now to move was not in check: the position after any legal move
// of a game that started legal, without a null move since. Then only a
// square m touched can have given a check, by the piece that arrived or
// by a line that opened. Asked of a position that does not meet that
// condition, the answer is meaningless. This is the part of PlayGaveCheck
// for the moves it does not answer itself in a game that meets it (see
// History.askFrom): castling and en passant, which move a second man. A
// plain move, which PlayGaveCheck answers, is asked in full here.
func (p *Position) GaveCheck(m Move) bool {
	kings := p.Pieces(p.turn, King)
	if kings == 0 || kings.more() || m&moveTypeMask < moveEnPassant {
		return p.InCheck()
	}
	ksq := kings.LSB() & 63
	// En passant and castling move a second man.
	from, dest := m.From(), m.To()
	vacated := from.Bit()
	if m.IsCastle() {
		_, dest = castleTargets(from, dest) // the rook's square: a king gives no check
		vacated |= m.To().Bit()
	} else {
		vacated |= MakeSquare(dest.File(), from.Rank()).Bit()
	}
	if (vacated|dest.Bit())&kingZone[ksq] == 0 {
		return false
	}
	return p.AttackersTo(ksq, p.turn.Other(), p.Occupied()) != 0
}

// kingZone is, by square, the squares on its lines and a knight's jump
// away: a move that neither lands on nor leaves one of them can neither
// give check to a king there nor open a line to it.
var kingZone [64]Bitboard

// checkReach is, by piece and square, where that piece attacks on an empty
// board: the squares it may give check on. A king gives none. It is filled
// by the package's init, after the attack tables it is made of.
var checkReach [16][64]Bitboard

func initCheckReach() {
	for c := White; c <= Black; c++ {
		for s := range Square(64) {
			checkReach[MakePiece(c, Pawn)][s] = pawnAttacks[c][s]
			checkReach[MakePiece(c, Knight)][s] = knightAttacks[s]
			checkReach[MakePiece(c, Bishop)][s] = emptyBishopRays[s]
			checkReach[MakePiece(c, Rook)][s] = emptyRookRays[s]
			checkReach[MakePiece(c, Queen)][s] = emptyBishopRays[s] | emptyRookRays[s]
			kingZone[s] = emptyBishopRays[s] | emptyRookRays[s] | knightAttacks[s]
		}
	}
}

// sanNeedsOne reports whether SAN tells m apart by file or rank alone, so
// that a text giving both gives too much.
func (p *Position) sanNeedsOne(m Move) bool {
	from := m.From()
	rivals := p.sanRivals(p.board[from].Kind(), from, m.To())
	return rivals&(FileA<<uint(from.File())) == 0 || rivals&(Rank1<<(8*uint(from.Rank()))) == 0
}
