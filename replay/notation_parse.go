package replay

// parseAny reads every form ParseMove accepts. It works on glyphs: first the
// suffixes are cut from the end (check and mate marks, the Russian mate x,
// "e.p."), then null moves and castling are recognised whole, then a
// promotion is cut, and what remains must be
//
//	[piece] [file] [rank] [capture | dash] file rank     or, for pawns,
//	[pawn letter] file [capture] file                     ("dc", "d:c")
func parseAny(t []byte, set LetterSet) (Notation, parseError) {
	var buf [maxMoveGlyphs]glyph
	count, e := lexMove(t, set, &buf)
	if e.code != 0 {
		return Notation{}, e
	}
	n := Notation{FromFile: -1, FromRank: -1, ToFile: -1, ToRank: -1}
	gs, ep := stripSuffixes(buf[:count], set, &n)
	if len(gs) == 0 {
		return Notation{}, parseError{code: errNoMove}
	}
	if isNullMove(gs) {
		n.Null = true
		return n, parseError{}
	}
	if gs[0].mark == markCastle {
		if e := readCastle(gs, &n); e.code != 0 {
			return Notation{}, e
		}
		return n, parseError{}
	}
	for i := range gs {
		if !gs[i].readable() {
			return Notation{}, unreadable(&gs[i], set)
		}
	}

	gs, promo, e := cutPromotion(gs)
	if e.code != 0 {
		return Notation{}, e
	}
	if len(gs) == 0 {
		return Notation{}, parseError{code: errNoSquare, off: int(promo.glyph.off)}
	}

	// A first letter that is both a piece and a capital file ("B" in
	// English, "С" in Russian) is read as a piece unless another capital
	// file shows the writer used capital files ("B2-B4"); if that reading
	// fails, the other one gets its chance. A capital square right after
	// the letter is that piece's destination ("СВ5", the bishop to b5), as
	// a reader takes it: a pawn capture by capitals would name the origin
	// or mark the capture.
	first := &gs[0]
	asPiece := first.kind != NoKind
	dual := asPiece && first.file >= 0
	if dual && usesCapitalFiles(gs[1:]) && !(len(gs) == 3 && gs[1].file >= 0 && gs[2].rank >= 0) {
		asPiece = false
	}
	core, e := readCore(gs, asPiece, n, set)
	if e.code != 0 && dual {
		if other, e2 := readCore(gs, !asPiece, n, set); e2.code == 0 {
			core, e = other, e2
		}
	}
	if e.code != 0 {
		return Notation{}, e
	}
	n = core

	if promo.kind != NoKind {
		if e := applyPromotion(&n, promo); e.code != 0 {
			return Notation{}, e
		}
	}
	if ep.present {
		if e := checkEnPassant(&n, ep.off); e.code != 0 {
			return Notation{}, e
		}
	}
	return n, parseError{}
}

// capturesSquare reports whether gs is a capture mark and a square, as after
// the origin file of a pawn capture (a promotion is cut off before).
func capturesSquare(gs []glyph) bool {
	return len(gs) == 3 && gs[0].mark == markCapture && gs[1].file >= 0 && gs[2].rank >= 0
}

// usesCapitalFiles reports whether any glyph reads as a capital file letter.
func usesCapitalFiles(gs []glyph) bool {
	for i := range gs {
		if gs[i].file >= 0 && gs[i].sqStyle&StyleCapitalFile != 0 {
			return true
		}
	}
	return false
}

// readCore reads [piece] [origin] [separator] destination, or a files-only
// pawn capture, into a copy of n.
func readCore(gs []glyph, asPiece bool, n Notation, set LetterSet) (Notation, parseError) {
	letter := asPiece
	rest := gs
	n.Kind = Pawn
	if asPiece {
		n.Kind = gs[0].kind
		n.Style |= gs[0].kindStyle
		if n.Kind == Pawn {
			n.Style |= StylePawnLetter
		}
		rest = gs[1:]
	} else if g := &gs[0]; g.sqStyle&StyleCapitalFile != 0 && !(len(gs) > 1 && gs[1].rank >= 0) && !usesCapitalFiles(gs[1:]) && !capturesSquare(gs[1:]) {
		// A lone capital opening a token is a file only when a rank follows
		// ("E4"), the writer uses capital files elsewhere or a capture mark
		// and a square follow ("E:d5", as the parser leaves "E:D5" after
		// folding the square); otherwise "Cc3" would read in English as a
		// pawn capture from a capital C.
		return n, parseError{code: errLoneCapital, off: int(g.off), r: g.r, set: set}
	}
	k := len(rest)
	var sep *glyph
	filesOnly := false
	switch {
	case k >= 2 && rest[k-2].file >= 0 && rest[k-1].rank >= 0:
		n.ToFile, n.ToRank = rest[k-2].file, rest[k-1].rank
		n.Style |= rest[k-2].sqStyle | rest[k-1].sqStyle
		mid := rest[:k-2]
		j := 0
		if j < len(mid) && mid[j].file >= 0 {
			n.FromFile = mid[j].file
			n.Style |= mid[j].sqStyle
			j++
		}
		if j < len(mid) && mid[j].rank >= 0 {
			n.FromRank = mid[j].rank
			n.Style |= mid[j].sqStyle
			j++
		}
		if j < len(mid) && (mid[j].mark == markCapture || mid[j].mark == markDash) {
			sep = &mid[j]
			n.Style |= sep.markStyle
			j++
		}
		if j < len(mid) {
			return n, parseError{code: errUnexpected, off: int(mid[j].off), r: mid[j].r}
		}
		if sep != nil && sep.mark == markDash && (n.FromFile < 0 || n.FromRank < 0) {
			// A piece's move written with a dash and no origin at all
			// ("Кр-е2", "К-f3") says where the piece goes, as a reader of
			// the sheet takes it; half an origin ("Кg-f3") is a slip.
			if !letter || n.Kind == Pawn || n.FromFile >= 0 || n.FromRank >= 0 {
				return n, parseError{code: errDashOrigin, off: int(sep.off)}
			}
			n.Style |= StyleDashNoOrigin
		}
		n.Capture = sep != nil && sep.mark == markCapture
	case n.Kind == Pawn && isFilesOnly(rest):
		filesOnly = true
		to := 1
		if k == 3 && rest[1].mark == markCapture {
			to = 2
		}
		n.FromFile, n.ToFile = rest[0].file, rest[to].file
		n.Style |= rest[0].sqStyle | rest[to].sqStyle | StyleFileCapture
		if k == 3 {
			n.Capture = true
			n.Style |= rest[3-to].markStyle
		}
	case k == 0:
		return n, parseError{code: errNoSquare, off: int(gs[0].off)}
	default:
		last := &rest[k-1]
		switch {
		case last.r == '0':
			return n, parseError{code: errNoSuchRank, off: int(last.off), r: last.r}
		case last.mark == markCapture:
			return n, parseError{code: errTrailingCapture, off: int(last.off)}
		case last.file < 0 && last.rank < 0:
			return n, parseError{code: errUnexpected, off: int(last.off), r: last.r}
		}
		return n, parseError{code: errNoDestination, off: int(last.off)}
	}

	if n.Kind == Pawn && !letter {
		switch {
		case n.FromRank >= 0 && n.FromFile < 0:
			// Pawns never disambiguate by rank; "2e4" is no move.
			return n, parseError{code: errRankOrigin, off: int(gs[0].off)}
		case n.FromRank >= 0:
			// "e2e4", "g1-f3": the text does not say which piece.
			n.Kind = NoKind
		case n.FromFile < 0 && n.Capture:
			// "xd4" neither: SAN names the piece, or a pawn's file.
			n.Kind = NoKind
			n.Style |= StyleBareCapture
		}
	}
	if n.Kind == Pawn && n.FromFile >= 0 {
		if e := checkPawnFiles(&n, gs, filesOnly); e.code != 0 {
			return n, e
		}
	}
	if n.FromFile >= 0 && n.FromRank >= 0 {
		switch {
		case sep != nil && sep.mark == markDash:
			n.Style |= StyleLongAlgebraic
		case n.Kind == NoKind && sep == nil:
			n.Style |= StyleUCI
		case n.Kind <= Pawn:
			n.Style |= StyleLongAlgebraic // a pawn's origin rank: "e4xd5", "Pe2e4"
		}
	}
	return n, parseError{}
}

// isFilesOnly reports whether gs is "dc", "d:c" or "dc:". Russian scores
// put the colon of a capture after the files too ("4. С:c6 dc:"), as a
// reader says "d takes c"; only the colon, since an x there is the Russian
// mate sign ("dcх"), which stripSuffixes has taken already.
func isFilesOnly(gs []glyph) bool {
	switch len(gs) {
	case 2:
		return gs[0].file >= 0 && gs[1].file >= 0
	case 3:
		return gs[0].file >= 0 && (gs[1].mark == markCapture && gs[2].file >= 0 ||
			gs[1].file >= 0 && gs[2].r == ':')
	}
	return false
}

// checkPawnFiles applies what is true of every pawn move whatever the
// position: a pawn leaving its file captures on a neighbouring one, and one
// keeping its file neither captures nor names the file twice.
func checkPawnFiles(n *Notation, gs []glyph, filesOnly bool) parseError {
	off := int(gs[0].off)
	switch d := n.FromFile - n.ToFile; {
	case d == 0 && n.Capture:
		return parseError{code: errPawnStraightCapture, off: off}
	case d == 0 && n.FromRank < 0:
		return parseError{code: errPawnSameFile, off: off}
	case d > 1 || d < -1:
		return parseError{code: errPawnFileJump, off: off}
	case d != 0 && !n.Capture && !filesOnly:
		n.Style |= StyleMissingCaptureMark
	}
	return parseError{}
}

func applyPromotion(n *Notation, p promotionSuffix) parseError {
	off := int(p.glyph.off)
	if n.Kind != Pawn && n.Kind != NoKind {
		return parseError{code: errPromotionByPiece, off: off}
	}
	if p.kind < Knight || p.kind > Queen {
		return parseError{code: errPromotionKind, off: off, kind: p.kind}
	}
	if n.ToRank >= 0 && n.ToRank != 0 && n.ToRank != 7 {
		return parseError{code: errPromotionRank, off: off, n: int(n.ToRank) + 1}
	}
	n.Promotion = p.kind
	st := p.style
	if n.Style&StyleUCI != 0 && p.bare {
		st &^= StyleLowercasePiece // UCI writes promotions in lowercase
	}
	n.Style |= st
	return parseError{}
}

func checkEnPassant(n *Notation, off int) parseError {
	captures := n.Capture || n.FromFile >= 0 && n.FromFile != n.ToFile
	if n.Kind != Pawn && n.Kind != NoKind || !captures {
		return parseError{code: errEnPassant, off: off}
	}
	// On a pawn capture that is no en passant ("exd5 e.p.") the mark is
	// false, not the move unreadable: MarkDeviations says so.
	return parseError{}
}
