package replay

// The parts of a move that are recognised whole or cut from its end before
// the grammar proper: check and mate marks, the Russian mate x, "e.p.", null
// moves, castling and promotions.

type enPassantSuffix struct {
	present bool
	off     int
}

// stripSuffixes cuts check and mate marks, the Russian mate x and "e.p." from
// the end, in any order, noting them in n.
func stripSuffixes(gs []glyph, set LetterSet, n *Notation) ([]glyph, enPassantSuffix) {
	var ep enPassantSuffix
	for len(gs) > 0 {
		k := len(gs)
		last := &gs[k-1]
		switch {
		case last.mark == '+':
			n.Check = true
			if k >= 2 && gs[k-2].mark == '+' {
				n.Style |= StyleDoubleCheck
				k--
			}
			gs = gs[:k-1]
		case last.mark == '#':
			n.Mate = true
			gs = gs[:k-1]
		case last.mateX && readsMateX(set) && k >= 2 && gs[k-2].mark != markCapture && gs[k-2].mark != markDash:
			n.Mate = true
			n.Style |= StyleMateX
			gs = gs[:k-1]
		default:
			cut := enPassantLen(gs)
			if cut == 0 || ep.present {
				return gs, ep
			}
			ep = enPassantSuffix{present: true, off: int(gs[k-cut].off)}
			n.Style |= StyleEnPassantSuffix
			gs = gs[:k-cut]
		}
	}
	return gs, ep
}

// enPassantLen returns the length in glyphs of an "e.p." suffix ("e.p.",
// "e.p", "ep", with Latin or Cyrillic e and p) ending gs, or 0. Something
// that can end a square or a files-only capture must precede it.
func enPassantLen(gs []glyph) int {
	k := len(gs)
	i := k - 1
	if i >= 0 && gs[i].r == '.' {
		i--
	}
	if i < 0 || (gs[i].r != 'p' && gs[i].r != 'р') {
		return 0
	}
	i--
	if i >= 0 && gs[i].r == '.' {
		i--
	}
	if i < 1 || (gs[i].r != 'e' && gs[i].r != 'е') {
		return 0
	}
	if gs[i-1].rank < 0 && gs[i-1].file < 0 {
		return 0
	}
	return k - i
}

// isNullMove recognises "--", "Z0", "0000" and "@@@@".
func isNullMove(gs []glyph) bool {
	switch len(gs) {
	case 2:
		return gs[0].r == '-' && gs[1].r == '-' || gs[0].r == 'Z' && gs[1].r == '0'
	case 4:
		c := gs[0].r
		return (c == '0' || c == '@') && gs[1].r == c && gs[2].r == c && gs[3].r == c
	}
	return false
}

// readCastle reads castling: two or three O's (or zeros, Cyrillic О) either
// all joined by dashes or with none.
func readCastle(gs []glyph, n *Notation) parseError {
	dashed := len(gs) > 1 && gs[1].mark == markDash
	var st Style
	if !dashed {
		st |= StyleCastleLoose
	}
	for i := range gs {
		want := markCastle
		if dashed && i%2 == 1 {
			want = markDash
		}
		if gs[i].mark != want {
			return parseError{code: errCastle, off: int(gs[i].off)}
		}
		st |= gs[i].markStyle
	}
	os := len(gs)
	if dashed {
		if len(gs)%2 == 0 {
			return parseError{code: errCastle, off: int(gs[len(gs)-1].off)}
		}
		os = (len(gs) + 1) / 2
	}
	switch os {
	case 2:
		n.Castle = ShortCastle
	case 3:
		n.Castle = LongCastle
	default:
		return parseError{code: errCastle, off: int(gs[0].off)}
	}
	n.Kind = NoKind
	n.Style |= st
	return parseError{}
}

// promotionSuffix is a promotion cut from the end of the token.
type promotionSuffix struct {
	kind  Kind
	style Style
	glyph *glyph
	bare  bool // written straight after the square, with no '=', '/' or ()
}

// cutPromotion cuts "=Q", "/Q", "(Q)" or a bare "Q" after the destination
// ("e8Q", and "deФ" or "de:Ф" after a files-only capture). A lowercase
// letter counts in all these places except after a files-only capture.
func cutPromotion(gs []glyph) ([]glyph, promotionSuffix, parseError) {
	k := len(gs)
	last := &gs[k-1]
	var p promotionSuffix
	switch {
	case last.mark == ')':
		if k < 3 || gs[k-3].mark != '(' || promotionKind(&gs[k-2], true) == NoKind {
			return gs, p, parseError{code: errUnexpected, off: int(last.off), r: last.r}
		}
		p = promotionSuffix{kind: promotionKind(&gs[k-2], true), style: gs[k-2].kindStyle | StylePromotionParens, glyph: &gs[k-2]}
		return gs[:k-3], p, parseError{}
	case last.mark == '=' || last.mark == '/':
		return gs, p, parseError{code: errPromotionMissing, off: int(last.off), r: last.r}
	case k >= 2 && (gs[k-2].mark == '=' || gs[k-2].mark == '/'):
		kind := promotionKind(last, true)
		if kind == NoKind {
			return gs, p, parseError{code: errPromotionMissing, off: int(gs[k-2].off), r: gs[k-2].r}
		}
		p = promotionSuffix{kind: kind, style: last.kindStyle, glyph: last}
		if gs[k-2].mark == '/' {
			p.style |= StylePromotionSlash
		}
		return gs[:k-2], p, parseError{}
	case k >= 3 && last.rank < 0 && gs[k-2].rank >= 0:
		if kind := promotionKind(last, true); kind != NoKind {
			p = promotionSuffix{kind: kind, style: last.kindStyle | StylePromotionNoEquals, glyph: last, bare: true}
			return gs[:k-1], p, parseError{}
		}
	case k >= 3 && last.rank < 0 && gs[k-2].file >= 0,
		// The colon a Russian score puts after the files ("dc:", see
		// isFilesOnly) comes before the piece promoted to: "de:Ф".
		k >= 4 && last.rank < 0 && gs[k-2].r == ':' && gs[k-3].file >= 0 && gs[k-4].file >= 0:
		if kind := promotionKind(last, false); kind != NoKind {
			p = promotionSuffix{kind: kind, style: last.kindStyle | StylePromotionNoEquals, glyph: last, bare: true}
			return gs[:k-1], p, parseError{}
		}
	}
	return gs, p, parseError{}
}

func promotionKind(g *glyph, lowercaseFiles bool) Kind {
	if g.kind != NoKind {
		return g.kind
	}
	if lowercaseFiles {
		return g.lowKind
	}
	return NoKind
}
