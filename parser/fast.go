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

// fastRun reads a stretch of PGN movetext made of blanks, line ends, move
// numbers and plain SAN moves in one loop, adding the moves that continue
// the line being read without the general bookkeeping of addMove. It stops
// at the first byte that needs anything else and returns its offset, so the
// general loop in run takes over there exactly as if it had read everything
// itself. Decoded (legacy) text is left to run: its positions need the map.
func (p *Parser) fastRun(i int) int {
	s := p.src
	n := len(s)
	for i < n {
		c := s[i]
		switch fastClass[c] {
		case fcBlank:
			i++
		case fcNewline:
			i++
			p.line++
			p.lineStart = i
			p.lineStartRaw = p.rawBase + int64(i)
		case fcDigit:
			j := i
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
			i = k
		case fcMove:
			j := i + 1
			for j < n && fastSAN[s[j]] {
				j++
			}
			if j-i > 10 || j < n && !fastEnd[s[j]] {
				return i
			}
			if j < n && s[j] == ' ' && !fastAlone(s, i, j) {
				return i
			}
			sc, ok := plainMove(s[i:j])
			if !ok {
				return i
			}
			if !p.addNext(i, j, sc) {
				p.addMove(i, j, nil, true, [2]uint8{}, sc)
			}
			i = j
		default:
			return i
		}
	}
	return i
}

// fastAlone reports whether the word src[i:j], followed by a space, cannot
// be joined with the next word into one move ("e2 - e4", "К d5").
func fastAlone(s []byte, i, j int) bool {
	n := len(s)
	k := j + 1
	for k < n && s[k] == ' ' {
		k++
	}
	if k < n {
		switch c := s[k]; {
		case c == ':' || c == '-' || c == 'x' || c >= 0x80:
			return false
		case j-i == 1 && c >= 'a' && c <= 'h':
			return false
		}
	}
	return true
}

// addNext adds the plain move src[i:e] when it simply continues the line
// being read: no split, no branch, no aside, room in the slices. It reports
// false, having changed nothing, when addMove must decide.
func (p *Parser) addNext(i, e int, sc Scripts) bool {
	g := &p.g
	fr := &p.fr
	idx := len(g.Moves)
	if p.ended || !fr.onSpine || fr.cur < 0 || idx >= cap(g.Moves) || idx >= p.opt.MaxMoves || len(p.plies) >= cap(p.plies) {
		return false
	}
	ply := p.plies[fr.cur] + 1
	var num int32
	if p.pend.ok {
		num = p.pend.num
		written := 2*num - 1
		if p.pend.dots >= 2 {
			written++
		}
		if written != ply {
			return false
		}
	}
	raw := Span{Off: uint32(i - p.gs), Len: uint32(e - i)}
	off := p.rawBase + int64(i)
	g.Moves = g.Moves[:idx+1]
	g.Moves[idx] = Move{
		Raw:    raw,
		Norm:   raw,
		Pos:    Pos{Offset: off, Line: p.line, Col: int32(off-p.lineStartRaw) + 1},
		Number: num,
		Prev:   fr.cur,
		Depth:  fr.depth,
		Clock:  -1,
		EMT:    -1,
	}
	p.plies = append(p.plies, ply)
	fr.cur, fr.spine = int32(idx), int32(idx)
	g.Scripts |= sc
	p.pend.ok = false
	p.lastWasMove = true
	p.inProse = false
	return true
}

// Byte classes of fastRun.
const (
	fcOther uint8 = iota
	fcBlank
	fcNewline
	fcDigit
	fcMove
)

var fastClass = func() (t [256]uint8) {
	for _, c := range " \t\r" {
		t[c] = fcBlank
	}
	t['\n'] = fcNewline
	for c := '1'; c <= '9'; c++ {
		t[c] = fcDigit
	}
	for _, c := range "abcdefghKQRBNO" {
		t[c] = fcMove
	}
	return t
}()
