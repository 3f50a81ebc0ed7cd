package replay

// SAN is the legal move m in Standard Algebraic Notation as PGN exports
// it: piece letter, the least origin that tells it apart from the other
// legal moves of the same kind of piece to the same square (file, else
// rank, else both), 'x' for captures, "=Q" for promotions, O-O and O-O-O
// for castling (Chess960 too), '+' or '#' when the move checks or mates.
// The null move is "--". m must be legal in p; anything else gives text
// that means nothing, never a panic.
func (p *Position) SAN(m Move) string {
	var buf [16]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends SAN(m) to dst; it allocates nothing when dst has room.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	if m == NoMove {
		return append(dst, "--"...)
	}
	return p.appendCheckMark(p.AppendSANBody(dst, m), m)
}

// AppendSANBody appends SAN(m) without its check mark ('+' or '#'): for a
// caller that plays m next anyway and then appends the mark with
// AppendCheckMark, which spares AppendSAN's trial move.
func (p *Position) AppendSANBody(dst []byte, m Move) []byte {
	if m == NoMove {
		return append(dst, "--"...)
	}
	if m.IsCastle() {
		return appendCastleSAN(dst, m)
	}
	from, to := m.From(), m.To()
	k := p.board[from].Kind()
	switch k {
	case NoKind:
		dst = append(dst, from.String()...)
	case Pawn:
		if from.File() != to.File() {
			dst = append(dst, byte('a'+from.File()))
		}
	default:
		dst = append(dst, k.Letter())
		if rivals := p.sanRivals(k, from, to); rivals != 0 {
			file, rank := FileA<<uint(from.File()), Rank1<<(8*uint(from.Rank()))
			switch {
			case rivals&file == 0:
				dst = append(dst, byte('a'+from.File()))
			case rivals&rank == 0:
				dst = append(dst, byte('1'+from.Rank()))
			default:
				dst = append(dst, from.String()...)
			}
		}
	}
	if p.IsCapture(m) || k == Pawn && from.File() != to.File() {
		dst = append(dst, 'x')
	}
	dst = append(dst, to.String()...)
	if pk := m.Promotion(); pk != NoKind {
		dst = append(dst, '=', pk.Letter())
	}
	return dst
}

func appendCastleSAN(dst []byte, m Move) []byte {
	if m.CastleSide() == KingSide {
		return append(dst, "O-O"...)
	}
	return append(dst, "O-O-O"...)
}

// appendCheckMark plays m on a copy and appends '+' for check, '#' for
// mate.
func (p *Position) appendCheckMark(dst []byte, m Move) []byte {
	q := *p
	q.Play(m)
	return q.AppendCheckMark(dst)
}

// AppendCheckMark appends the check mark of the move that led to p, as SAN
// writes it: '+' when the side to move is in check, '#' when it is mated,
// nothing otherwise.
func (p *Position) AppendCheckMark(dst []byte) []byte {
	if !p.InCheck() {
		return dst
	}
	if p.HasLegalMove() {
		return append(dst, '+')
	}
	return append(dst, '#')
}

// sanRivals is the set of the other pieces of kind k of the side to move
// that can legally move to to: the ones SAN must tell the piece on from
// apart from.
func (p *Position) sanRivals(k Kind, from, to Square) Bitboard {
	us := p.turn
	own := p.byColor[us]
	occ := p.Occupied()
	// The sliders are found by their lines to to, as resolveFast finds
	// them, rather than by the attacks of each: fewer instructions.
	to &= 63
	mine := p.byKind[k&7] & own &^ from.Bit()
	var b Bitboard
	switch k {
	case Knight:
		b = knightAttacks[to] & mine
	case Bishop:
		b = openLines(to, mine&emptyBishopRays[to], occ)
	case Rook:
		b = openLines(to, mine&emptyRookRays[to], occ)
	case Queen:
		b = openLines(to, mine&(emptyBishopRays[to]|emptyRookRays[to]), occ)
	case King:
		b = kingAttacks[to] & mine
	}
	if b == 0 {
		return 0
	}
	kings := p.byKind[King] & own
	if kings == 0 || kings.more() {
		// Set-up positions without a single king: ask the generator.
		var legal Bitboard
		for r := b; r != 0; {
			s := r.PopLSB()
			if p.IsLegal(NewMove(s, to)) {
				legal |= s.Bit()
			}
		}
		return legal
	}
	ksq := kings.LSB()
	var legal Bitboard
	for r := b; r != 0; {
		s := r.PopLSB()
		if p.quietLegal(s, to, ksq) {
			legal |= s.Bit()
		}
	}
	return legal
}
