package replay

// parseSAN is the fast path for plain ASCII SAN, which is nearly every move of
// nearly every file:
//
//	[piece] [file] [rank] [x] file rank [=piece] [+|#]   and   O-O, O-O-O [+|#]
//
// with the set's uppercase piece letters. It reports false for anything else,
// and parseAny then reads the token; where both accept a token they must agree
// exactly (FuzzParseMove checks this).
//
// It fills *n in place: Notation has too many fields to travel in registers,
// and building it behind a pointer halves the cost of the fast path.
func parseSAN(t []byte, set LetterSet, n *Notation) bool {
	end := len(t)
	if end < 2 || end > 9 {
		return false
	}
	*n = Notation{FromFile: -1, FromRank: -1}
	// A move ends in a rank far more often than in a sign, and both signs
	// sort below the ranks: one test passes over both.
	if c := t[end-1]; c <= '+' {
		switch c {
		case '+':
			n.Check = true
			end--
		case '#':
			n.Mate = true
			end--
		}
	}

	// The shapes of nearly every move, decoded by position: "e4", "Nf3",
	// "Nxe5", "Nbd2", "R1e2" and "exd5" are 99 % of the moves other than
	// castling in the 16 MB bench sample, and reading them so takes 49
	// instructions a move where the general sequence below took 83. Each
	// case fills only the fields its shape sets and answers true only where
	// that sequence would, with the same fields; anything else goes on to
	// it, n untouched but for the check sign. The cases come in the order
	// of their frequency; none reads a word that opens with O, castling,
	// as O names no piece in any set (TestParseSANShapes).
	pieces := &sanPieceKinds[set]
	switch s := t[:end]; {
	case len(s) == 3:
		k, f, r := pieces[s[0]], s[1]-'a', s[2]-'1'
		if k > Pawn && f <= 7 && r <= 7 {
			n.Kind, n.Style, n.ToFile, n.ToRank = k, latinLetterStyle[set], int8(f), int8(r)
			return true
		}
	case len(s) == 2:
		if f, r := s[0]-'a', s[1]-'1'; f <= 7 && r <= 7 {
			n.Kind, n.ToFile, n.ToRank = Pawn, int8(f), int8(r)
			return true
		}
	case len(s) == 4:
		f, r := s[2]-'a', s[3]-'1'
		if f > 7 || r > 7 {
			break
		}
		c0, c1 := s[0], s[1]
		if k := pieces[c0]; k > Pawn {
			switch {
			case c1 == 'x':
				n.Capture = true
			case c1-'a' <= 7:
				n.FromFile = int8(c1 - 'a')
			case c1-'1' <= 7:
				n.FromRank = int8(c1 - '1')
			default:
				return false
			}
			n.Kind, n.Style, n.ToFile, n.ToRank = k, latinLetterStyle[set], int8(f), int8(r)
			return true
		}
		if from := c0 - 'a'; c1 == 'x' && from <= 7 && (from == f+1 || from+1 == f) {
			n.Kind, n.FromFile, n.Capture, n.ToFile, n.ToRank = Pawn, int8(from), true, int8(f), int8(r)
			return true
		}
	}

	if t[0] == 'O' {
		return castleSAN(t[:end], n)
	}
	table := &latinKinds[set]
	i := 0
	n.Kind = Pawn
	if c := t[0]; c >= 'A' && c <= 'Z' {
		k := table[c-'A']
		if k <= Pawn {
			return false
		}
		n.Kind = k
		n.Style = latinLetterStyle[set]
		i = 1
	}

	if end-i >= 4 && t[end-2] == '=' {
		c := t[end-1]
		if c < 'A' || c > 'Z' || n.Kind != Pawn {
			return false
		}
		p := table[c-'A']
		if p < Knight || p > Queen {
			return false
		}
		n.Promotion = p
		n.Style |= latinLetterStyle[set]
		end -= 2
	}

	if end-i < 2 {
		return false
	}
	f, r := t[end-2]-'a', t[end-1]-'1'
	if f > 7 || r > 7 {
		return false
	}
	n.ToFile, n.ToRank = int8(f), int8(r)
	if n.Promotion != NoKind && r != 0 && r != 7 {
		return false
	}

	// What lies between the piece and the destination: [file] [rank] [x].
	j := i
	mid := end - 2
	if j < mid {
		if c := t[j] - 'a'; c <= 7 {
			n.FromFile = int8(c)
			j++
		}
	}
	if j < mid {
		if c := t[j] - '1'; c <= 7 {
			n.FromRank = int8(c)
			j++
		}
	}
	if j < mid && t[j] == 'x' {
		n.Capture = true
		j++
	}
	if j != mid {
		return false
	}

	if n.Kind == Pawn {
		// Only "e4" and "exd5"; every other pawn form is non-SAN and
		// parseAny reads it with the right style or error.
		if n.FromRank >= 0 {
			return false
		}
		if n.FromFile >= 0 {
			d := n.FromFile - n.ToFile
			if !n.Capture || (d != 1 && d != -1) {
				return false
			}
		} else if n.Capture {
			return false
		}
	}
	return true
}

// castleSAN reads "O-O" and "O-O-O" exactly; check marks are already cut.
func castleSAN(t []byte, n *Notation) bool {
	switch string(t) {
	case "O-O":
		n.Castle = ShortCastle
	case "O-O-O":
		n.Castle = LongCastle
	default:
		return false
	}
	n.ToFile, n.ToRank = -1, -1
	return true
}

// SetSAN fills n with a move of plain SAN given as its parts, by a reader
// that has taken the word apart and checked it already (the parser, which
// finds the parts where it finds the word's end: parser.SANParts): n is
// then what ParseMoveInto gives for the word under the English letters,
// SAN, without reading it again. piece is the word's piece letter (K Q R
// B N), 0 for a pawn and O for castling, short or long; promotion the
// letter promoted to, 0 for none; the squares are as in Notation. The
// parts must be those of a word SAN allows, which ParseMoveInto reads
// without a Style: a reader of other words passes them as text. (validate's
// FuzzSANParts holds the parser's parts, read so, to ParseMoveInto.)
func (n *Notation) SetSAN(piece byte, fromFile, fromRank, toFile, toRank int8, capture bool, promotion byte, short, long, check, mate bool) {
	castle := NoCastle
	if short {
		castle = ShortCastle
	}
	if long {
		castle = LongCastle
	}
	n.Kind, n.FromFile, n.FromRank, n.ToFile, n.ToRank = sanWordKinds[piece], fromFile, fromRank, toFile, toRank
	n.Capture, n.Promotion, n.Castle, n.Null = capture, sanPieceKinds[SAN][promotion], castle, false
	n.Check, n.Mate, n.Style = check, mate, 0
}

// sanWordKinds gives the kind the piece letter of a SAN word names, Pawn
// for none (0) and NoKind for castling's O. Filled with sanPieceKinds.
var sanWordKinds [256]Kind
