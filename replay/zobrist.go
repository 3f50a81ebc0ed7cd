package replay

// Keys follow the Polyglot book format, so that they match other tools:
// piece p on square s (a1 = 0, rank-major, as our numbering) is entry
// 64*kind + s, where kind counts black pawn 0, white pawn 1, black knight 2,
// ... white king 11; then castling K, Q, k, q; the en-passant file; and
// White to move.
var (
	pieceKeys  [16][64]uint64 // indexed by Piece; NoPiece's row stays zero
	castleKeys [4]uint64
	epKeys     [8]uint64
	turnKey    uint64
)

func init() {
	for c := White; c <= Black; c++ {
		for k := Pawn; k <= King; k++ {
			kind := 2*int(k-Pawn) + int(c^1)
			copy(pieceKeys[MakePiece(c, k)][:], polyglotRandom[64*kind:])
		}
	}
	copy(castleKeys[:], polyglotRandom[768:])
	copy(epKeys[:], polyglotRandom[772:])
	turnKey = polyglotRandom[780]
	var err error
	if startPosition, err = ParseFEN(StartFEN); err != nil {
		panic("replay: the start position: " + err.Error())
	}
}

func castleKey(c Castling) uint64 {
	var k uint64
	for i, r := range [4]Square{c[White][KingSide], c[White][QueenSide], c[Black][KingSide], c[Black][QueenSide]} {
		if r != NoSquare {
			k ^= castleKeys[i]
		}
	}
	return k
}

// computeKey computes the key from scratch; Play keeps it incrementally.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < 64; s++ {
		k ^= pieceKeys[p.board[s]][s]
	}
	k ^= castleKey(p.castle)
	if p.ep != NoSquare && p.epHashed() {
		k ^= epKeys[p.ep.File()]
	}
	if p.turn == White {
		k ^= turnKey
	}
	return k
}

// RepetitionKey is the key of the position for repetition (FIDE 9.2.2):
// like Key, but the en-passant file counts only when an en-passant capture
// is actually legal, not merely when an enemy pawn stands beside the pawn
// that double-stepped (as Polyglot has it).
func (p *Position) RepetitionKey() uint64 {
	if !p.epInKey { // most positions: answered inline
		return p.key
	}
	k, _ := p.repetitionKeyEP()
	return k
}

// repetitionKeyEP is RepetitionKey for a position with an en-passant
// square, saying also whether a capture there is legal (LegalEnPassant):
// History keeps that for the next ply. Without a pawn beside the square
// (epHashed, which epInKey keeps) there is no capture, legal or not.
func (p *Position) repetitionKeyEP() (uint64, bool) {
	if !p.epInKey {
		return p.key, false
	}
	if p.LegalEnPassant() {
		return p.key, true
	}
	return p.key ^ epKeys[p.ep.File()], false
}
