package replay

// InsufficientMaterial reports whether c has too little material to mate by
// python-chess's rule (Board.has_insufficient_material), kept exactly so
// that arbiter and python-chess agree on it: material and bishops' square
// colours only, never the placement of the pieces.
//
//   - A pawn, rook or queen of c is always sufficient.
//   - A knight is insufficient only as c's one piece besides the king, and
//     only when the opponent has nothing but king and queens (a pawn, knight,
//     bishop or rook of the opponent could block its own king's escape:
//     python-chess's "selfmate" exception).
//   - Bishops (with no knight of c) are insufficient only when every bishop
//     on the board, either side's, stands on one square colour and there is
//     no pawn and no knight on the board.
//   - A bare king is insufficient.
//
// CanMate answers the real question (can c mate by some series of legal
// moves?); this is the material count many tools report.
func (p *Position) InsufficientMaterial(c Color) bool {
	own := p.ByColor(c)
	if own&(p.ByKind(Pawn)|p.ByKind(Rook)|p.ByKind(Queen)) != 0 {
		return false
	}
	if own&p.ByKind(Knight) != 0 {
		return own.Count() <= 2 && p.ByColor(c.Other())&^p.ByKind(King)&^p.ByKind(Queen) == 0
	}
	if own&p.ByKind(Bishop) != 0 {
		b := p.ByKind(Bishop)
		sameColor := b&lightSquares == 0 || b&^lightSquares == 0
		return sameColor && p.ByKind(Pawn) == 0 && p.ByKind(Knight) == 0
	}
	return true
}

// cannotMateByMaterial is layer 1: material rules that never err, whatever
// the placement. c cannot mate when
//
//   - c has a bare king;
//   - c has king and one knight and the opponent only king and queens
//     (mate by a knight needs the king's escape squares blocked, and queens
//     next to their king would take the knight or leave a square free);
//   - c has king and bishops only, every bishop on the board stands on one
//     square colour and there is no knight and no pawn: the mated king would
//     stand on that colour, and the squares of the other colour around it
//     could only be blocked by its own rooks or queens, which could then
//     take the checking bishop or step between.
//
// The knight rule is the same as python-chess's, the bishop rule allows the
// opponent's rooks and queens where python-chess's does too.
func (p *Position) cannotMateByMaterial(c Color) bool {
	own := p.ByColor(c)
	kings := p.ByKind(King)
	pieces := own &^ kings
	if pieces == 0 {
		return true
	}
	if pieces&(p.ByKind(Pawn)|p.ByKind(Rook)|p.ByKind(Queen)) != 0 {
		return false
	}
	knights := pieces & p.ByKind(Knight)
	if knights != 0 {
		return pieces == knights && !knights.more() &&
			p.ByColor(c.Other())&^kings&^p.ByKind(Queen) == 0
	}
	b := p.ByKind(Bishop)
	sameColor := b&lightSquares == 0 || b&^lightSquares == 0
	return sameColor && p.ByKind(Pawn) == 0 && p.ByKind(Knight) == 0
}
