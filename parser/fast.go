package parser

// fastWord reads the two shapes that make up most of PGN movetext, a move
// number ("12." "12...") and a move in plain SAN followed by a blank or a
// bracket, without the general word machinery. It returns i when the word
// needs that machinery.
func (p *Parser) fastWord(i int) int {
	s := p.src
	n := len(s)
	j := i
	if c := s[i]; c >= '0' && c <= '9' {
		num := 0
		for j < n && s[j] >= '0' && s[j] <= '9' && j-i < 4 {
			num = num*10 + int(s[j]-'0')
			j++
		}
		if num == 0 || j >= n || s[j] != '.' {
			return i
		}
		k := j + 1
		for k < n && s[k] == '.' {
			k++
		}
		if k < n && !fastEnd[s[k]] && !fastSAN[s[k]] {
			return i
		}
		p.setNumber(i, int32(num))
		p.pend.dots = k - j
		return k
	}
	for j < n && fastSAN[s[j]] {
		j++
	}
	if j-i > 10 || j < n && !fastEnd[s[j]] {
		return i
	}
	if j < n && s[j] == ' ' {
		// A following word that could continue this move ("e2 - e4",
		// "К d5") takes the general path.
		k := j + 1
		for k < n && s[k] == ' ' {
			k++
		}
		if k < n {
			switch c := s[k]; {
			case c == ':' || c == '-' || c == 'x' || c >= 0x80:
				return i
			case j-i == 1 && c >= 'a' && c <= 'h':
				return i
			}
		}
	}
	sc, ok := plainMove(s[i:j])
	if !ok {
		return i
	}
	p.addMove(i, j, nil, true, [2]uint8{}, sc)
	return j
}

// fastSAN marks the bytes of the moves fastWord reads: plain SAN with
// castling and "=" promotions.
var fastSAN = func() (t [256]bool) {
	t = plainSAN
	t['-'], t['='] = true, true
	return t
}()

// plainMove is moveKind for a word of fastSAN bytes: castling, or
// [piece][file][rank][x]square[[=]promotion piece] with check or mate signs.
// Anything else ("e2-e4", "Qe6+-") is left to the general path.
func plainMove(b []byte) (Scripts, bool) {
	n := len(b)
	for n > 0 && (b[n-1] == '+' || b[n-1] == '#') {
		n--
	}
	if n >= 3 && b[0] == 'O' {
		return 0, n == 3 && string(b[:3]) == "O-O" || n == 5 && string(b[:5]) == "O-O-O"
	}
	var sc Scripts
	if n >= 3 && isPieceByte(b[n-1]) {
		sc = LatinLetters // a promotion: "e8Q", "e8=Q"
		n--
		if b[n-1] == '=' {
			n--
		}
		if !isRankByte(b[n-1]) {
			return 0, false
		}
	}
	if n < 2 || !isFileByte(b[n-2]) || !isRankByte(b[n-1]) {
		return 0, false
	}
	i, end := 0, n-2
	if i < end && isPieceByte(b[i]) {
		sc = LatinLetters
		i++
	}
	if i < end && isFileByte(b[i]) {
		i++
	}
	if i < end && isRankByte(b[i]) {
		i++
	}
	if i < end && b[i] == 'x' {
		i++
	}
	return sc, i == end
}

func isPieceByte(c byte) bool { return c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N' }

// fastEnd marks the bytes that may follow a word read by fastWord.
var fastEnd = func() (t [256]bool) {
	for _, c := range " \t\r\n{});" { // not "(": "e8(Q)"
		t[c] = true
	}
	return t
}()
