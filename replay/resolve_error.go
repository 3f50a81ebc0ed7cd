package replay

import (
	"fmt"
	"sort"
	"strings"
)

// ResolveReason says why a written move has no legal move behind it.
type ResolveReason uint8

const (
	NoReason             ResolveReason = iota
	NoSuchPiece                        // no piece of that kind can reach the square
	PathBlocked                        // one could on an empty board, but something stands in the way
	LeavesKingInCheck                  // the move exists but leaves the mover's king attacked (pin, check, king walking into check)
	DestinationOccupied                // the mover's own piece stands on the destination
	CastlingRightLost                  // the king or that rook has moved, or the rook was taken
	CastlingOutOfCheck                 // castling while in check
	CastlingThroughCheck               // castling across or onto an attacked square
	PromotionMissing                   // a pawn reaches the last rank and the text names no piece
	PromotionInvalid                   // a promotion off the last rank, by a piece, or to a king or pawn
	Ambiguous                          // several legal moves fit the text (Candidates)
	NotAMove                           // a null move, or a description with no destination

	numResolveReasons = iota
)

var resolveReasonNames = [numResolveReasons]string{
	"none", "no-such-piece", "path-blocked", "leaves-king-in-check", "destination-occupied",
	"castling-right-lost", "castling-out-of-check", "castling-through-check",
	"promotion-missing", "promotion-invalid", "ambiguous", "not-a-move",
}

// String is the reason as a short kebab-case name ("path-blocked").
func (r ResolveReason) String() string {
	if r < numResolveReasons {
		return resolveReasonNames[r]
	}
	return fmt.Sprintf("ResolveReason(%d)", uint8(r))
}

// MaxSuggestions bounds ResolveError.Suggestions.
const MaxSuggestions = 5

// ResolveError says why a written move resolves to no legal move.
type ResolveError struct {
	Reason   ResolveReason
	Notation Notation // the move as read
	// Msg explains the failure for people, naming the move as read: "Ne6:
	// no white knight can reach e6", "the bishop on c4 is pinned: Bxf7
	// leaves the king in check from the rook on c8".
	Msg string
	// Candidates are the legal moves that fit the text, when Ambiguous.
	Candidates []Move
	// Suggestions are the legal moves nearest to the text, best first, at
	// most MaxSuggestions: same destination, same piece, one-character
	// slips (a wrong file or rank, a wrong piece letter).
	Suggestions []Move

	before Position // the position the move was read in, to write SAN
}

func (e *ResolveError) Error() string {
	if len(e.Suggestions) == 0 || e.Reason == Ambiguous {
		return e.Msg
	}
	return e.Msg + " (nearest legal moves: " + strings.Join(e.SuggestionsSAN(), ", ") + ")"
}

// CandidatesSAN is Candidates in SAN.
func (e *ResolveError) CandidatesSAN() []string { return e.sans(e.Candidates) }

// SuggestionsSAN is Suggestions in SAN.
func (e *ResolveError) SuggestionsSAN() []string { return e.sans(e.Suggestions) }

func (e *ResolveError) sans(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = e.before.SAN(m)
	}
	return out
}

// failure builds the error for reason with message msg, with suggestions
// from the legal moves.
func (p *Position) failure(n *Notation, reason ResolveReason, msg string) *ResolveError {
	e := &ResolveError{Reason: reason, Notation: *n, Msg: msg, before: *p}
	if reason != NotAMove {
		var ml MoveList
		p.LegalMoves(&ml)
		e.Suggestions = p.suggest(n, &ml)
	}
	return e
}

func (p *Position) castleFailure(n *Notation, c CastleMove, reason ResolveReason, at Square) *ResolveError {
	side := "kingside"
	if c == LongCastle {
		side = "queenside"
	}
	us := p.turn
	var msg string
	switch reason {
	case CastlingRightLost:
		msg = fmt.Sprintf("%s can no longer castle %s", us, side)
	case CastlingOutOfCheck:
		msg = fmt.Sprintf("%s cannot castle out of check (%s)", us, p.attackersText(at, us.Other(), p.Occupied()))
	case PathBlocked:
		msg = fmt.Sprintf("castling %s is blocked by the %s on %s", side, pieceWords[p.board[at].Kind()], at)
	case CastlingThroughCheck:
		ksq := p.King(us)
		rook := p.castle[us][KingSide]
		if c == LongCastle {
			rook = p.castle[us][QueenSide]
		}
		verb := "pass through"
		if kto, _ := castleTargets(ksq, rook); kto == at {
			verb = "land on"
		}
		occ := p.Occupied() &^ (ksq.Bit() | rook.Bit())
		msg = fmt.Sprintf("castling %s, the king would %s %s, attacked by %s", side, verb, at,
			p.attackersText(at, us.Other(), occ))
	default:
		msg = "castling is not possible"
	}
	return p.failure(n, reason, n.String()+": "+msg)
}

// attackersText names by's pieces attacking s: "the bishop on c4", "the
// rook on e8 and the knight on f3".
func (p *Position) attackersText(s Square, by Color, occ Bitboard) string {
	if b := p.AttackersTo(s, by, occ); b != 0 {
		return p.pieceList(b)
	}
	return "nothing"
}

// pieceWords name the kinds in messages.
var pieceWords = [King + 1]string{"piece", "pawn", "knight", "bishop", "rook", "queen", "king"}

// explain finds why no single legal move fits n; ml holds the legal moves.
func (p *Position) explain(n *Notation, ml *MoveList) *ResolveError {
	written := n.String()
	us := p.turn
	last := 7
	if us == Black {
		last = 0
	}
	if n.Promotion != NoKind {
		switch {
		case n.Promotion < Knight || n.Promotion > Queen:
			return p.failure(n, PromotionInvalid, fmt.Sprintf("%s: a pawn cannot promote to a %s", written, pieceWords[n.Promotion]))
		case n.Kind > Pawn:
			return p.failure(n, PromotionInvalid, fmt.Sprintf("%s: only a pawn can promote, not a %s", written, pieceWords[n.Kind]))
		case n.ToRank >= 0 && int(n.ToRank) != last:
			return p.failure(n, PromotionInvalid, fmt.Sprintf("%s: a %s pawn promotes on rank %d, not on rank %d", written, us, last+1, n.ToRank+1))
		}
	}
	var fits, exact []Move
	for _, m := range ml.Slice() {
		if p.fitsNotation(n, m) {
			fits = append(fits, m)
			if m.Promotion() == n.Promotion {
				exact = append(exact, m)
			}
		}
	}
	switch {
	case len(exact) > 1:
		e := p.failure(n, Ambiguous, "")
		sort.Slice(exact, func(i, j int) bool { return p.SAN(exact[i]) < p.SAN(exact[j]) })
		e.Candidates = exact
		e.Suggestions = exact
		if len(e.Suggestions) > MaxSuggestions {
			e.Suggestions = e.Suggestions[:MaxSuggestions]
		}
		e.Msg = fmt.Sprintf("%s is ambiguous: it could be %s", written, strings.Join(e.CandidatesSAN(), " or "))
		return e
	case len(fits) > 0 && n.Promotion == NoKind:
		return p.failure(n, PromotionMissing, fmt.Sprintf("%s: a pawn reaching the last rank must promote (=Q, =R, =B or =N)", written))
	case len(fits) > 0:
		from := fits[0].From()
		if k := p.board[from].Kind(); k != Pawn {
			return p.failure(n, PromotionInvalid, fmt.Sprintf("%s: only a pawn can promote, not the %s on %s", written, pieceWords[k], from))
		}
		return p.failure(n, PromotionInvalid, fmt.Sprintf("%s: a %s pawn promotes on rank %d, not on rank %d", written, us, last+1, fits[0].To().Rank()+1))
	}
	if n.ToRank < 0 {
		return p.explainFileCapture(n, written)
	}
	to := MakeSquare(int(n.ToFile), int(n.ToRank))
	if pc := p.board[to]; pc != NoPiece && pc.Color() == us {
		return p.failure(n, DestinationOccupied, fmt.Sprintf("%s: %s is occupied by a %s %s", written, to, us, pieceWords[pc.Kind()]))
	}
	if movers := p.writtenMovers(n, to, p.Occupied(), true); movers != 0 {
		return p.explainIllegal(n, written, movers.LSB(), to)
	}
	if movers := p.writtenMovers(n, to, 0, false); movers != 0 {
		return p.explainBlocked(n, written, movers.LSB(), to)
	}
	return p.failure(n, NoSuchPiece, p.noSuchPieceText(n, written, to))
}

// writtenMovers is the set of the mover's pieces that fit what n says of
// the piece and its origin and move to to with blockers as the occupied
// squares; with needVictim a pawn captures only where there is something to
// take. Legality is not considered.
func (p *Position) writtenMovers(n *Notation, to Square, blockers Bitboard, needVictim bool) Bitboard {
	us := p.turn
	own := p.byColor[us] & writtenOriginMask(n)
	has := func(k Kind) bool { return n.Kind == NoKind || n.Kind == k }
	var b Bitboard
	if has(Knight) {
		b |= knightAttacks[to] & p.byKind[Knight]
	}
	if has(Bishop) || has(Queen) {
		b |= BishopAttacks(to, blockers) & (p.byKind[Bishop]&maskIf(has(Bishop)) | p.byKind[Queen]&maskIf(has(Queen)))
	}
	if has(Rook) || has(Queen) {
		b |= RookAttacks(to, blockers) & (p.byKind[Rook]&maskIf(has(Rook)) | p.byKind[Queen]&maskIf(has(Queen)))
	}
	if has(King) {
		b |= kingAttacks[to] & p.byKind[King]
	}
	if has(Pawn) {
		b |= p.pawnMovers(n, to, blockers, needVictim)
	}
	return b & own
}

func maskIf(on bool) Bitboard {
	if on {
		return ^Bitboard(0)
	}
	return 0
}

// pawnMovers is writtenMovers for pawns: pushes (single, and double from
// the start rank) when n writes no other file, captures when it does or
// when it writes a capture mark and no file ("Pxd5": either).
func (p *Position) pawnMovers(n *Notation, to Square, blockers Bitboard, needVictim bool) Bitboard {
	us := p.turn
	pawns := p.Pieces(us, Pawn)
	fwd, rel := Square(8), to.Rank()
	if us == Black {
		fwd, rel = -8, 7-rel
	}
	var b Bitboard
	pushes := n.Kind == NoKind || n.FromFile < 0 || n.FromFile == n.ToFile
	captures := n.Kind == NoKind || n.FromFile >= 0 && n.FromFile != n.ToFile || n.FromFile < 0 && n.Capture
	if pushes && rel >= 1 && !blockers.Has(to) {
		one := to - fwd
		b |= one.Bit() & pawns
		if rel == 3 && !blockers.Has(one) {
			b |= (one - fwd).Bit() & pawns
		}
	}
	if captures && (!needVictim || p.byColor[us.Other()].Has(to) || to == p.ep && p.epValid()) {
		b |= pawnAttacks[us.Other()][to] & pawns
	}
	return b
}

// explainIllegal explains why the piece on from, which can move to to,
// may not: its king would be attacked.
func (p *Position) explainIllegal(n *Notation, written string, from, to Square) *ResolveError {
	us, them := p.turn, p.turn.Other()
	occ := p.Occupied()
	kings := p.Pieces(us, King)
	pc := p.board[from]
	if kings.more() {
		return p.failure(n, LeavesKingInCheck, fmt.Sprintf("%s leaves a %s king in check", written, us))
	}
	ksq := kings.LSB()
	if from == ksq {
		return p.failure(n, LeavesKingInCheck, fmt.Sprintf("%s: the king would be in check on %s from %s",
			written, to, p.attackersText(to, them, occ^from.Bit())))
	}
	after := occ&^from.Bit() | to.Bit()
	taken := to.Bit()
	enPassant := pc.Kind() == Pawn && from.File() != to.File() && p.board[to] == NoPiece
	if enPassant {
		taken = MakeSquare(to.File(), from.Rank()).Bit()
		after &^= taken
	}
	attackers := p.AttackersTo(ksq, them, after) &^ taken
	checkers := p.Checkers()
	var msg string
	switch {
	case enPassant && attackers&^checkers != 0:
		msg = fmt.Sprintf("%s: taking en passant would expose the king to %s", written, p.pieceList(attackers&^checkers))
	case attackers&^checkers != 0:
		msg = fmt.Sprintf("the %s on %s is pinned: %s leaves the king in check from %s",
			pieceWords[pc.Kind()], from, written, p.pieceList(attackers&^checkers))
	case checkers.more():
		msg = fmt.Sprintf("%s: the %s king is in double check from %s, and only a king move parries that", written, us, p.pieceList(checkers))
	default:
		msg = fmt.Sprintf("%s: the %s king is in check from %s, and this move does not parry it", written, us, p.pieceList(checkers))
	}
	return p.failure(n, LeavesKingInCheck, msg)
}

// pieceList names the pieces on b: "the rook on a1 and the bishop on b4".
func (p *Position) pieceList(b Bitboard) string {
	var parts []string
	for b != 0 {
		s := b.PopLSB()
		parts = append(parts, "the "+pieceWords[p.board[s].Kind()]+" on "+s.String())
	}
	return strings.Join(parts, " and ")
}

// explainBlocked explains why the piece on from, which would reach to on
// an empty board, does not.
func (p *Position) explainBlocked(n *Notation, written string, from, to Square) *ResolveError {
	pc := p.board[from]
	occ := p.Occupied()
	if pc.Kind() == Pawn && from.File() != to.File() {
		return p.failure(n, NoSuchPiece, fmt.Sprintf("%s: there is nothing on %s for the pawn on %s to capture", written, to, from))
	}
	path := Between(from, to) | to.Bit()
	blocker := nearestSquare(from, path&occ)
	if pc.Kind() == Pawn && blocker == NoSquare {
		blocker = to
	}
	if blocker == NoSquare {
		return p.failure(n, NoSuchPiece, p.noSuchPieceText(n, written, to))
	}
	b := p.board[blocker]
	where := "standing on " + blocker.String()
	if blocker != to {
		where = "on " + blocker.String()
	}
	return p.failure(n, PathBlocked, fmt.Sprintf("%s: the %s on %s is blocked by the %s %s %s",
		written, pieceWords[pc.Kind()], from, b.Color(), pieceWords[b.Kind()], where))
}

// explainFileCapture explains a Russian capture by files ("dc") that fits
// no legal move.
func (p *Position) explainFileCapture(n *Notation, written string) *ResolveError {
	us := p.turn
	pawns := p.Pieces(us, Pawn) & (FileA << uint(n.FromFile))
	fileName := func(f int8) string { return string(rune('a' + f)) }
	if pawns == 0 {
		return p.failure(n, NoSuchPiece, fmt.Sprintf("%s: there is no %s pawn on the %s-file", written, us, fileName(n.FromFile)))
	}
	var victims Bitboard
	for b := pawns; b != 0; {
		from := b.PopLSB()
		for t := pawnAttacks[us][from] & (FileA << uint(n.ToFile)); t != 0; {
			to := t.PopLSB()
			if p.byColor[us.Other()].Has(to) || to == p.ep && p.epValid() {
				victims |= to.Bit()
				if n.Promotion == NoKind || to.Rank() == 0 || to.Rank() == 7 {
					return p.explainIllegal(n, written, from, to)
				}
			}
		}
	}
	if victims != 0 {
		return p.failure(n, PromotionInvalid, fmt.Sprintf("%s: a pawn promotes only on the last rank", written))
	}
	return p.failure(n, NoSuchPiece, fmt.Sprintf("%s: no %s pawn on the %s-file has anything to capture on the %s-file",
		written, us, fileName(n.FromFile), fileName(n.ToFile)))
}

// noSuchPieceText says that nothing the text can mean reaches to.
func (p *Position) noSuchPieceText(n *Notation, written string, to Square) string {
	us := p.turn
	piece := us.String() + " " + pieceWords[n.Kind]
	if n.FromFile >= 0 && n.FromRank >= 0 {
		from := MakeSquare(int(n.FromFile), int(n.FromRank))
		pc := p.board[from]
		switch {
		case pc == NoPiece:
			return fmt.Sprintf("%s: there is no piece on %s", written, from)
		case pc.Color() != us:
			return fmt.Sprintf("%s: %s holds a %s %s, and %s is to move", written, from, pc.Color(), pieceWords[pc.Kind()], us)
		case n.Kind != NoKind && pc.Kind() != n.Kind:
			return fmt.Sprintf("%s: there is no %s on %s (it holds a %s)", written, piece, from, pieceWords[pc.Kind()])
		}
		return fmt.Sprintf("%s: the %s %s on %s cannot move to %s", written, us, pieceWords[pc.Kind()], from, to)
	}
	var origin string
	switch {
	case n.FromFile >= 0:
		origin = fmt.Sprintf(" on the %c-file", 'a'+n.FromFile)
	case n.FromRank >= 0:
		origin = fmt.Sprintf(" on rank %d", n.FromRank+1)
	}
	msg := fmt.Sprintf("%s: no %s%s can reach %s", written, piece, origin, to)
	if n.Kind == Pawn && n.FromFile < 0 && p.pawnMovers(&Notation{Kind: NoKind, FromFile: -1, FromRank: -1}, to, p.Occupied(), true) != 0 {
		msg += " (a pawn capture names the file it leaves, as in exd5)"
	}
	return msg
}
