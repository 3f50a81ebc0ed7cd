package replay

import (
	"fmt"
	"strings"
)

// Reason names one way in which a position cannot arise in a game played from
// the standard starting position (or, for a Chess960 position, from one of
// the 960 starting positions). The rules behind each one never err: a
// position they reject is impossible, though not every impossible position
// is caught (retrograde analysis goes deeper than this).
type Reason uint8

const (
	// NoKing: a side has no king.
	NoKing Reason = iota + 1
	// TooManyKings: a side has more than one king.
	TooManyKings
	// PawnOnBackRank: a pawn stands on the first or last rank, where no pawn
	// can ever be (it starts on its second rank and promotes on the last).
	PawnOnBackRank
	// TooManyPawns: a side has more than 8 pawns.
	TooManyPawns
	// TooManyPieces: a side has more than 16 pieces, king and pawns included.
	TooManyPieces
	// TooManyPromoted: more pieces beyond the starting set (queens over 1,
	// rooks over 2, knights over 2, bishops over 1 per square colour) than
	// there are missing pawns to have promoted.
	TooManyPromoted
	// TooFewCaptures: the pawns stand on files that need more captures by
	// pawns than the opponent has lost pieces.
	TooFewCaptures
	// BadCastlingRights: a castling right whose king or rook is not on its
	// starting square.
	BadCastlingRights
	// BadEnPassant: an en-passant square that no double step explains.
	BadEnPassant
	// OppositeCheck: the side that is not to move is in check.
	OppositeCheck
	// TooManyCheckers: the side to move is in check from three or more pieces.
	TooManyCheckers
	// ImpossibleCheck: a check that no single last move can have given.
	ImpossibleCheck
	// TrappedBishop: a bishop on its first rank, off its starting squares,
	// behind pawns that have never moved, so it cannot have got there.
	TrappedBishop
	// WrongSideToMove: Black to move with all 32 men on the squares of the
	// standard start, where each side has made an even number of moves.
	WrongSideToMove
	numReasons
)

var reasonNames = [numReasons]string{
	"", "no-king", "too-many-kings", "pawn-on-back-rank", "too-many-pawns", "too-many-pieces",
	"too-many-promoted", "too-few-captures", "bad-castling-rights", "bad-en-passant",
	"opposite-check", "too-many-checkers", "impossible-check", "trapped-bishop", "wrong-side-to-move",
}

// String is the reason's stable kebab-case name ("too-many-pawns").
func (r Reason) String() string {
	if r == 0 || r >= numReasons {
		return fmt.Sprintf("reason(%d)", uint8(r))
	}
	return reasonNames[r]
}

// Impossibility is one reason why a position cannot arise in a game, with
// what it concerns. String gives a sentence a person understands.
type Impossibility struct {
	Reason Reason
	// Color is the side the reason concerns: the side with too many pawns,
	// the side in check, the side owning the bad castling right, ...
	Color Color
	// Squares are the squares concerned (pawns on the back rank, the
	// checkers, the castling king or rook, the en-passant square), if any.
	Squares Bitboard
	// Count and Limit are the count found and the most allowed, where the
	// reason is a count (pawns, kings, promoted pieces, captures).
	Count, Limit int
	// Detail completes the sentence where the reason alone does not say
	// enough (which castling right, what is wrong with a check).
	Detail string
}

func (i Impossibility) String() string {
	side, other := i.Color.Name(), i.Color.Other().Name()
	switch i.Reason {
	case NoKing:
		return side + " has no king"
	case TooManyKings:
		return fmt.Sprintf("%s has %d kings", side, i.Count)
	case PawnOnBackRank:
		return fmt.Sprintf("%s %s on the first or last rank: %s", side,
			plural(i.Squares.Count(), "pawn", "pawns"), squareList(i.Squares))
	case TooManyPawns:
		return fmt.Sprintf("%s has %d pawns (at most 8)", side, i.Count)
	case TooManyPieces:
		return fmt.Sprintf("%s has %d pieces (at most 16)", side, i.Count)
	case TooManyPromoted:
		s := fmt.Sprintf("%s has %d %s beyond the starting set but only %d missing %s to have promoted",
			side, i.Count, plural(i.Count, "piece", "pieces"), i.Limit, plural(i.Limit, "pawn", "pawns"))
		if i.Detail != "" {
			s += ": " + i.Detail
		}
		return s
	case TooFewCaptures:
		return fmt.Sprintf("%s's pawns must have made at least %d %s to stand on their files, but %s has lost only %d %s",
			side, i.Count, plural(i.Count, "capture", "captures"), other, i.Limit, plural(i.Limit, "piece", "pieces"))
	case BadCastlingRights:
		return fmt.Sprintf("%s has a castling right %s", side, i.Detail)
	case BadEnPassant:
		return fmt.Sprintf("en-passant square %s does not follow a double step by a %s pawn: %s",
			squareList(i.Squares), strings.ToLower(side), i.Detail)
	case OppositeCheck:
		return fmt.Sprintf("%s is in check but it is %s to move", side, other)
	case TooManyCheckers:
		return fmt.Sprintf("%s is in check from %d pieces (%s); no move gives more than a double check",
			side, i.Count, squareList(i.Squares))
	case ImpossibleCheck:
		return fmt.Sprintf("%s is in check from %s, which no single move can give: %s",
			side, squareList(i.Squares), i.Detail)
	case TrappedBishop:
		return fmt.Sprintf("%s bishop on %s cannot have got there: %s", side, squareList(i.Squares), i.Detail)
	case WrongSideToMove:
		return fmt.Sprintf("%s is to move with every man on its starting square, where each side has made an even number of moves "+
			"(bishops, queens and kings cannot have moved, a rook only to its knight's square and back, and knights change square colour with every move), so it is %s's move",
			side, other)
	}
	return i.Reason.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// squareList writes the squares of b as "a1, e8".
func squareList(b Bitboard) string {
	var parts []string
	for s := range b.Squares() {
		parts = append(parts, s.String())
	}
	return strings.Join(parts, ", ")
}

// Audit lists every reason found why the position cannot arise in a game from
// the standard starting position, or from a Chess960 one when p.Chess960().
// Nil means none was found. ParseFEN sets the Chess960 flag by itself when a
// castling right needs it; a caller that knows the game is standard chess
// (no Variant tag) should SetChess960(false) first, or use AuditFEN, so that
// such a right is reported rather than taken as Chess960.
//
// Castling rights that ParseFEN has already dropped (no king on its first
// rank, no rook on the named square) are invisible here: AuditFEN reports
// those too.
func (p *Position) Audit() []Impossibility {
	var out []Impossibility
	for c := White; c <= Black; c++ {
		out = p.auditMaterial(out, c)
	}
	for c := White; c <= Black; c++ {
		out = p.auditCastling(out, c)
	}
	out = p.auditEnPassant(out)
	out = p.auditChecks(out)
	if !p.chess960 {
		for c := White; c <= Black; c++ {
			out = p.auditBishops(out, c)
		}
	}
	return p.auditStartParity(out)
}

// auditStartParity rejects the standard start array with Black to move.
// While every pawn stands unmoved, the bishops, queens and kings are walled
// in and never move (so neither side can have castled, by either rules), a
// rook can only go to its knight's square and back, and a knight changes
// square colour with every move, so the knights, back on the two squares
// they began on, made an even number of moves between them. Each side has
// therefore made an even number of moves, and it is White's turn. The rule
// holds as well for the Chess960 position that is the standard array (518);
// other arrays are left alone, since a rook beside an empty stretch of its
// first rank can return in an odd number of moves.
func (p *Position) auditStartParity(out []Impossibility) []Impossibility {
	if p.turn != Black {
		return out
	}
	start := StartPosition()
	if p.board != start.board {
		return out
	}
	return append(out, Impossibility{Reason: WrongSideToMove, Color: Black})
}

// AuditFEN parses fen and audits the position as a game of standard chess, or
// of Chess960 when chess960 is set. Besides what Audit finds it reports the
// castling rights of the FEN that ParseFEN drops because their king or rook
// is missing. A FEN that cannot be read is an error (a *FENError) and no
// audit.
func AuditFEN(fen string, chess960 bool) (Position, []Impossibility, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return p, nil, err
	}
	return p, AuditParsed(&p, fen, chess960), nil
}

// AuditParsed is AuditFEN's audit of p, the position ParseFEN read from
// fen without error, for a caller that has read it already: reading a FEN
// costs about as much as auditing it.
func AuditParsed(p *Position, fen string, chess960 bool) []Impossibility {
	q := *p
	q.chess960 = chess960
	out := q.Audit()
	var fields [7]fenField
	if splitFields(fen, &fields) > 2 {
		out = p.auditDroppedRights(out, fields[2].text)
	}
	return out
}

// Starting counts of each kind, the king aside; bishops are one per square
// colour and counted apart.
var startCount = [King]int{Pawn: 8, Knight: 2, Rook: 2, Queen: 1}

// lightSquares is the set of light squares (b1, a2, ...); a1 is dark.
const lightSquares Bitboard = 0x55aa55aa55aa55aa

func (p *Position) auditMaterial(out []Impossibility, c Color) []Impossibility {
	kings := p.Pieces(c, King)
	switch n := kings.Count(); {
	case n == 0:
		out = append(out, Impossibility{Reason: NoKing, Color: c})
	case n > 1:
		out = append(out, Impossibility{Reason: TooManyKings, Color: c, Squares: kings, Count: n, Limit: 1})
	}
	pawns := p.Pieces(c, Pawn)
	if b := pawns & (Rank1 | Rank8); b != 0 {
		out = append(out, Impossibility{Reason: PawnOnBackRank, Color: c, Squares: b, Count: b.Count()})
	}
	np := pawns.Count()
	if np > 8 {
		out = append(out, Impossibility{Reason: TooManyPawns, Color: c, Squares: pawns, Count: np, Limit: 8})
	}
	if n := p.ByColor(c).Count(); n > 16 {
		out = append(out, Impossibility{Reason: TooManyPieces, Color: c, Count: n, Limit: 16})
	}
	promoted := 0
	var detail []string
	for k := Knight; k <= Queen; k++ {
		if k == Bishop {
			for _, colour := range [2]Bitboard{lightSquares, ^lightSquares} {
				n, why := p.promotedBishops(c, colour)
				promoted += n
				if why != "" {
					detail = append(detail, why)
				}
			}
			continue
		}
		promoted += max(0, p.Pieces(c, k).Count()-startCount[k])
	}
	if missing := max(0, 8-np); promoted > missing {
		out = append(out, Impossibility{Reason: TooManyPromoted, Color: c, Count: promoted, Limit: missing,
			Detail: strings.Join(detail, "; ")})
	}
	if np <= 8 {
		lost := max(0, 16-p.ByColor(c.Other()).Count())
		if need := pawnCapturesNeeded(pawns); need > lost {
			out = append(out, Impossibility{Reason: TooFewCaptures, Color: c, Squares: pawns, Count: need, Limit: lost})
		}
	}
	return out
}

// promotedBishops counts c's bishops on the squares of colour (light or
// dark) that must have been promoted, and says why when the count rests on
// more than there being two. In standard chess the bishop that starts on
// that colour (c1/f8 dark, f1/c8 light) never leaves home while the pawns on
// both its diagonals stand unmoved on their second rank; then, if it is no
// longer there (it was taken on its square), every bishop of that colour was
// promoted. Bishops auditBishops reports as unable to have got where they
// stand are not counted for this reason too, so that one bishop is not
// reported twice (it is how a shuffle-chess start read as standard shows).
func (p *Position) promotedBishops(c Color, colour Bitboard) (int, string) {
	b := p.Pieces(c, Bishop) & colour
	plain := max(0, b.Count()-1)
	home := (bishopHomes(c) & colour).LSB()
	ways, shut := p.shutIn(c, home)
	if p.chess960 || !shut || p.board[home] == MakePiece(c, Bishop) {
		return plain, ""
	}
	counted := b &^ p.trappedBishops(c)
	if counted.Count() <= plain {
		return plain, ""
	}
	return counted.Count(), fmt.Sprintf("the %s bishop of %s never left it, shut in by the pawns on %s, so the %s on %s %s promoted",
		c.String(), home, squareList(ways), plural(counted.Count(), "bishop", "bishops"),
		squareList(counted), plural(counted.Count(), "was", "were"))
}

// bishopHomes is the two squares c's bishops start on in standard chess.
func bishopHomes(c Color) Bitboard {
	if c == Black {
		return MakeSquare(2, 7).Bit() | MakeSquare(5, 7).Bit()
	}
	return MakeSquare(2, 0).Bit() | MakeSquare(5, 0).Bit()
}

// shutIn reports whether a bishop of c on s, a square of c's first rank, is
// walled in by c's pawns that have never moved (a pawn on its second rank
// has always stood there), with the squares of those pawns.
func (p *Position) shutIn(c Color, s Square) (Bitboard, bool) {
	ways := PawnAttacks(c, s)
	return ways, ways&^p.Pieces(c, Pawn) == 0
}

// trappedBishops is c's bishops on their first rank, off the squares bishops
// start on, that cannot have got there past pawns that never moved. It
// holds for standard chess only, and the callers ask only then: Chess960
// bishops may start on any first-rank square.
func (p *Position) trappedBishops(c Color) Bitboard {
	first := Rank1
	if c == Black {
		first = Rank8
	}
	var out Bitboard
	for b := p.Pieces(c, Bishop) & first &^ bishopHomes(c); b != 0; {
		s := b.PopLSB()
		if _, shut := p.shutIn(c, s); shut {
			out |= s.Bit()
		}
	}
	return out
}

// pawnCapturesNeeded is the least number of captures that puts pawns (at
// most 8) on their files: each pawn started on a file of its own and
// changes file only by capturing, one file per capture. Matching the sorted
// files of the pawns to sorted distinct starting files is optimal, so a
// small dynamic programme over (pawns placed, starting files used) finds it.
func pawnCapturesNeeded(pawns Bitboard) int {
	var files [8]int
	n := 0
	for f := range 8 {
		for range (pawns & (FileA << f)).Count() {
			files[n] = f
			n++
		}
	}
	// best[j] = least cost of the pawns so far using starting files < j.
	const inf = 1 << 20
	var best [9]int
	for i := 0; i <= n; i++ {
		var next [9]int
		for j := 0; j <= 8; j++ {
			switch {
			case i == 0:
				next[j] = 0
			case j < i:
				next[j] = inf
			default:
				d := files[i-1] - (j - 1)
				if d < 0 {
					d = -d
				}
				next[j] = min(next[j-1], best[j-1]+d)
			}
		}
		best = next
	}
	return best[8]
}

func (p *Position) auditCastling(out []Impossibility, c Color) []Impossibility {
	back := 0
	if c == Black {
		back = 7
	}
	king := p.King(c)
	bad := func(detail string, sq Bitboard) {
		out = append(out, Impossibility{Reason: BadCastlingRights, Color: c, Squares: sq, Detail: detail})
	}
	for side := KingSide; side <= QueenSide; side++ {
		r := p.castle[c][side]
		if r == NoSquare {
			continue
		}
		name := sideWord(side)
		if !p.chess960 {
			if king.File() != 4 {
				bad(fmt.Sprintf("%s though its king is on %s, not %s", name, king, MakeSquare(4, back)), king.Bit())
			}
			home := MakeSquare(7, back)
			if side == QueenSide {
				home = MakeSquare(0, back)
			}
			if r != home {
				bad(fmt.Sprintf("%s with the rook on %s, not %s", name, r, home), r.Bit())
			}
			continue
		}
		if f := king.File(); f == 0 || f == 7 {
			bad(fmt.Sprintf("%s though its king is on %s, where no Chess960 king starts (it stands between the rooks)", name, king), king.Bit())
		}
	}
	return out
}

// AuditMirror lists the castling rights that break the mirror symmetry of a
// Chess960 start: both sides start from one row, mirrored, and a king or rook
// that still carries a right has never moved, so when both sides have a right
// their kings must share a file, and when both have one on the same wing so
// must those rooks. Nil means none was found.
//
// Audit leaves this out because Chess960 castling serves other starts too:
// double Fischer random (TCEC's DFRC and FRD events) gives each side its own
// row, and a FEN read as Chess960 only because of its rights may be such a
// game. Call it when the game is known to be Chess960 proper (a Variant tag
// says so). In standard chess it finds nothing Audit does not, since Audit
// already pins the king to e1/e8 and the rooks to the corners.
//
// The finding goes to Black, White's row being taken as the reference.
func (p *Position) AuditMirror() []Impossibility {
	var out []Impossibility
	has := func(c Color) bool { return p.castle[c][KingSide] != NoSquare || p.castle[c][QueenSide] != NoSquare }
	if !has(White) || !has(Black) || p.Pieces(White, King).Count() != 1 || p.Pieces(Black, King).Count() != 1 {
		return nil
	}
	wk, bk := p.King(White), p.King(Black)
	if wk.File() != bk.File() {
		out = append(out, Impossibility{Reason: BadCastlingRights, Color: Black, Squares: wk.Bit() | bk.Bit(),
			Detail: fmt.Sprintf("though its king is on %s and White's, which has a right too, on %s; both sides start a Chess960 game mirrored", bk, wk)})
	}
	for side := KingSide; side <= QueenSide; side++ {
		wr, br := p.castle[White][side], p.castle[Black][side]
		if wr == NoSquare || br == NoSquare || wr.File() == br.File() {
			continue
		}
		out = append(out, Impossibility{Reason: BadCastlingRights, Color: Black, Squares: wr.Bit() | br.Bit(),
			Detail: fmt.Sprintf("%s with the rook on %s though White's %s right is with the rook on %s; both sides start a Chess960 game mirrored",
				sideWord(side), br, sideWord(side), wr)})
	}
	return out
}

func sideWord(side CastleSide) string {
	if side == KingSide {
		return "king-side"
	}
	return "queen-side"
}

// auditDroppedRights reports the letters of the castling field that ParseFEN
// dropped because no single king stands on the first rank or no rook on the
// square the letter names.
func (p *Position) auditDroppedRights(out []Impossibility, field string) []Impossibility {
	if field == "-" {
		return out
	}
	for i := 0; i < len(field); i++ {
		l := field[i]
		c := White
		if l >= 'a' {
			c = Black
		}
		back := 0
		if c == Black {
			back = 7
		}
		lower := l | 0x20
		kings := p.Pieces(c, King) & (Rank1 << (8 * back))
		bad := func(detail string, sq Bitboard) {
			out = append(out, Impossibility{Reason: BadCastlingRights, Color: c, Squares: sq, Detail: detail})
		}
		if kings == 0 || kings.more() {
			bad(fmt.Sprintf("(%c) though it has no single king on its first rank", l), p.Pieces(c, King))
			continue
		}
		k := kings.LSB()
		side, ok := castleSideOf(lower, k.File())
		if !ok {
			continue // ParseFEN rejects these
		}
		if p.castle[c][side] != NoSquare {
			continue
		}
		where := "on that side of its king"
		if lower >= 'a' && lower <= 'h' {
			where = "on " + MakeSquare(int(lower-'a'), back).String()
		}
		bad(fmt.Sprintf("%s (%c) though it has no rook %s", sideWord(side), l, where), 0)
	}
	return out
}

func (p *Position) auditEnPassant(out []Impossibility) []Impossibility {
	ep := p.ep
	if ep == NoSquare {
		return out
	}
	mover := p.turn.Other() // the side whose pawn made the double step
	rank, fwd := 5, Square(-8)
	if p.turn == Black {
		rank, fwd = 2, 8
	}
	bad := func(detail string) {
		out = append(out, Impossibility{Reason: BadEnPassant, Color: mover, Squares: ep.Bit(), Detail: detail})
	}
	if ep.Rank() != rank {
		bad(fmt.Sprintf("with %s to move it must be on rank %d", p.turn.Name(), rank+1))
		return out
	}
	pawn, origin := ep+fwd, ep-fwd
	switch {
	case p.board[pawn] != MakePiece(mover, Pawn):
		bad(fmt.Sprintf("there is no %s pawn on %s", mover.String(), pawn))
	case p.board[ep] != NoPiece:
		bad(fmt.Sprintf("%s is not empty", ep))
	case p.board[origin] != NoPiece:
		bad(fmt.Sprintf("%s, where the pawn came from, is not empty", origin))
	}
	return out
}
