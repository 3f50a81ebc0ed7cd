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

// fastAfterNumber marks the bytes that may follow the dots of a move number
// that fastRun reads: those that end a word or start a move.
var fastAfterNumber = func() (t [256]bool) {
	for c := range t {
		t[c] = fastEnd[c] || fastSAN[c]
	}
	return t
}()

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
//
// The line, the pending move number and the flags set by a move live in
// locals and go back to p before addMove and on return: this loop runs once
// per token of nearly every game, and the stores and reloads through p were
// a good part of its cost. So does a move number it reads itself, but for
// where it starts: most are taken by the move after them, and settleNumber
// writes the others out where p.pend is read.
func (p *Parser) fastRun(i int) int {
	// Few locals: Go keeps no register across a call and has few to spare,
	// and every one that spills costs a store and a load per token. So n
	// is len(s), the line's start offset is derived from its input offset
	// on the way out, "no pending number" is numPly 0, and "may not add
	// moves directly" is limit 0. s's capacity is its length, so that
	// passing s to fastMove keeps no third register live (-64 M
	// instructions in BenchmarkStreamRead).
	s := p.src[:len(p.src):len(p.src)]
	start := i
	line, lineStartRaw := p.line, p.lineStartRaw
	// The plies are ints here, not the int32 they are stored as: the test
	// of a move's number against its ply needs no sign extensions.
	var numPly int
	if p.pend.ok {
		numPly = int(p.pend.ply())
	}
	moved := false
	curPly, limit := p.directState()
loop:
	for i < len(s) {
		switch fastClass[s[i]] {
		case fcBlank:
			i++
		case fcNewline:
			if numPly != 0 && !p.pend.ok {
				p.settleNumber(numPly, line, lineStartRaw) // on the number's line
			}
			i++
			line++
			lineStartRaw = p.rawBase + int64(i)
		case fcDigit:
			// Up to three more digits, unrolled: a loop kept its index on
			// the stack, and most numbers have two digits.
			num, j := int(s[i]-'0'), i+1
			if d := digitAt(s, j); d <= 9 {
				num, j = num*10+int(d), j+1
				if d := digitAt(s, j); d <= 9 {
					num, j = num*10+int(d), j+1
					if d := digitAt(s, j); d <= 9 {
						num, j = num*10+int(d), j+1
					}
				}
			}
			if j >= len(s) || s[j] != '.' {
				break loop
			}
			k := j + 1
			for k < len(s) && s[k] == '.' {
				k++
			}
			if k < len(s) && !fastAfterNumber[s[k]] {
				break loop
			}
			// Only where the number starts: settleNumber fills in the
			// rest of p.pend where it is read, most numbers are not.
			p.pend.ok, p.pend.start = false, i
			numPly = int(numberPly(int32(num), k-j))
			i = k
			if i < len(s) && s[i] == ' ' {
				i++
			}
			// Nearly every number is followed by its move: read it here,
			// without going round the loop again (-6.5 M instructions on
			// the whole command built without PGO).
			if i >= len(s) || fastClass[s[i]] != fcMove {
				break
			}
			fallthrough
		case fcMove:
			j, next, sc, ok, parts := fastMove(s, i)
			if !ok {
				break loop
			}
			g := &p.g
			idx := len(g.Moves)
			// numPly is 0 or ply, as one test: numbered and unnumbered moves
			// alternate, which a branch on each would mispredict.
			if ply := curPly + 1; idx < limit && numPly*(numPly-ply) == 0 {
				// The number's value, 0 for none: numPly is 2n-1 or 2n.
				num := (numPly + 1) >> 1
				raw := Span{Off: uint32(i - p.gs), Len: uint32(j - i)}
				off := p.rawBase + int64(i)
				// Field by field into the slice: a composite literal is
				// built on the stack and copied, and the copy stalls on
				// store forwarding. The slice is reused: every field is
				// written.
				g.Moves = g.Moves[:idx+1]
				m := &g.Moves[idx]
				m.Raw, m.Norm, m.Parts = raw, raw, parts
				m.Pos.Offset, m.Pos.Line, m.Pos.Col = off, line, off-lineStartRaw+1
				// HasVariations is set on the way out: the depth is the
				// line's, which only addMove may leave.
				m.Number, m.Prev, m.Depth = int32(num), p.fr.cur, p.fr.depth
				m.NAGs = [2]uint8{}
				m.Comment = Span{}
				m.Clock, m.EMT = -1, -1
				m.Eval, m.EvalMate, m.HasEval, m.ClockUnread, m.Folds, m.Gap = 0, 0, false, false, 0, 0
				p.plies = p.plies[:idx+1]
				p.plies[idx] = int32(ply)
				p.fr.cur, p.fr.spine = int32(idx), int32(idx)
				g.Scripts |= sc
				curPly, numPly, moved = ply, 0, true
			} else {
				p.line, p.lineStart, p.lineStartRaw = line, int(lineStartRaw-p.rawBase), lineStartRaw
				if numPly != 0 {
					p.settleNumber(numPly, line, lineStartRaw)
				}
				p.pend.ok = numPly != 0
				p.movedAtDepth(moved)
				p.addMove(i, j, nil, true, [2]uint8{}, sc)
				p.setParts(i, j, parts)
				numPly = 0
				if p.pend.ok {
					numPly = int(p.pend.ply())
				}
				moved = false // addMove set the flags
				curPly, limit = p.directState()
			}
			i = next
		default:
			break loop
		}
	}
	if line != p.line {
		p.line, p.lineStart, p.lineStartRaw = line, int(lineStartRaw-p.rawBase), lineStartRaw
	}
	if numPly != 0 {
		p.settleNumber(numPly, line, lineStartRaw)
	}
	p.pend.ok = numPly != 0
	p.movedAtDepth(moved)
	if i > start {
		// fastRun starts at a number or a move and reads it, or stops there.
		p.inProse = false
	}
	if moved {
		// A number alone ("1." before "d2-d4", read by moveWord) is no
		// move: the text before it may still be the next game's heading.
		p.lastWasMove, p.proseFrom = true, -1
	}
	return i
}

// setParts gives parts to the move src[i:j] that addMove has just added,
// from its word (it may have skipped it: too many moves, an aside of text).
func (p *Parser) setParts(i, j int, parts SANParts) {
	if k := len(p.g.Moves) - 1; k >= 0 && p.g.Moves[k].Raw == p.span(i, j) {
		p.g.Moves[k].Parts = parts
	}
}

// settleNumber makes p.pend what setNumber makes it for the move number
// numPly (not 0) of which fastRun has only noted where it starts (p.pend.ok
// false): line and lineAt are those of the number's line, and the rest is
// read from the number's text. A number fastRun did not read itself is left
// as it is. Inlined at its three calls it cost fastRun more registers than
// it saved stores (+4.7 M instructions on the whole command).
//
//go:noinline
func (p *Parser) settleNumber(numPly int, line, lineAt int64) {
	pd := &p.pend
	if pd.ok {
		return
	}
	s := p.src
	j := pd.start
	for s[j] != '.' { // fastRun read the number up to its dots
		j++
	}
	k := j
	for k < len(s) && s[k] == '.' {
		k++
	}
	pd.ok, pd.num, pd.dots = true, int32(numPly+1)>>1, k-j
	pd.line, pd.lineAt, pd.events = line, lineAt, p.events
}

// movedAtDepth marks the game as having variations when fastRun has added
// moves (moved) to a line of variation depth.
func (p *Parser) movedAtDepth(moved bool) {
	if moved && p.fr.depth != 0 {
		p.g.Has |= HasVariations
	}
}

// digitAt returns the value of the digit s[i], or more than 9 when s[i] is
// no digit or i is past the end.
func digitAt(s []byte, i int) uint8 {
	if uint(i) < uint(len(s)) {
		return s[i] - '0' // wraps for bytes below '0'
	}
	return 10
}

// ply returns the ply a pending move number stands for.
func (pd *pending) ply() int32 { return numberPly(pd.num, pd.dots) }

// numberPly returns the ply that move number num followed by dots dots
// stands for: White's move after one dot, Black's after more.
func numberPly(num int32, dots int) int32 {
	ply := 2*num - 1
	if dots >= 2 {
		ply++
	}
	return ply
}

// directState returns the ply of the last move of the line being read and
// how many moves fastRun may hold before addMove must grow the slices or
// enforce MaxMoves; the limit is 0 when fastRun may not add a move itself
// (the line is not the spine of its frame, has no move yet, or the game
// has ended).
func (p *Parser) directState() (ply, limit int) {
	fr := &p.fr
	// After an unreadable word that took a move's turn, addMove places the
	// next move; after prose, addMove settles what the prose was.
	if p.ended || !fr.onSpine || fr.cur < 0 || len(p.plies) != len(p.g.Moves) || p.lost != 0 || p.proseFrom >= 0 {
		return 0, 0
	}
	return int(p.plies[fr.cur]), min(cap(p.g.Moves), cap(p.plies), p.opt.MaxMoves)
}

// fastAlone reports whether the word src[i:j], followed by a space, cannot
// be joined with the next word into one move ("e2 - e4", "К d5").
func fastAlone(s []byte, i, j int) bool {
	k := j + 1
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k >= len(s) {
		return true
	}
	switch joinClass[s[k]] {
	case joinNever:
		return true
	case joinFile:
		return j-i != 1
	}
	return false
}

// What a byte after a space says about joining the word before it with the
// next (see fastAlone): a separator or a non-ASCII byte may continue any
// move, a file letter continues a lone piece letter.
const (
	joinNever uint8 = iota
	joinFile
	joinAlways
)

// mayJoin marks the bytes that, right after the space that follows a move,
// may make fastAlone say no: blanks, and the bytes that join any word.
var mayJoin = func() (t [256]bool) {
	for c := range t {
		t[c] = c == ' ' || joinClass[c] == joinAlways
	}
	return t
}()

var joinClass = func() (t [256]uint8) {
	for c := 0x80; c < 0x100; c++ {
		t[c] = joinAlways
	}
	t[':'], t['-'], t['x'] = joinAlways, joinAlways, joinAlways
	for c := 'a'; c <= 'h'; c++ {
		t[c] = joinFile
	}
	return t
}()

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

// sanScan runs sanDFA over the word at s[i] and returns where it ends and
// the final state. fastRun reaches it through fastMove, a leaf, into which it
// is inlined: inside fastRun's loop the state was spilled, putting a store
// and a load on the chain of table loads.
func sanScan(s []byte, i int) (int, uint8) {
	// The state is kept as its row's offset in sanRows, so that a step is
	// one OR and one load (the mask only spares the bounds check), and an
	// unsigned index needs no second bounds check on s: 10 instructions a
	// byte, not 12.
	rows := &sanRows
	row := uint(sanStart) << 8
	for j := uint(i); j < uint(len(s)); j++ {
		if row = uint(rows[(row|uint(s[j]))&uint(len(rows)-1)]); row >= sanAccept<<8 {
			return int(j), uint8(row >> 8)
		}
	}
	return len(s), sanDFA[(row>>8)&31][' '] // the end of the input ends the word
}

// sanRows is sanDFA with each row laid after the other and each next state
// given as the offset of its row. sanScan masks its index with
// len(sanRows)-1, which needs a power of two rows: the array below does not
// compile otherwise.
var _ [0]struct{} = [len(sanDFA) & (len(sanDFA) - 1)]struct{}{}

var sanRows = func() (t [len(sanDFA) << 8]uint16) {
	for st := range sanDFA {
		for c, next := range sanDFA[st] {
			t[st<<8|c] = uint16(next) << 8
		}
	}
	return t
}()

// pieceScripts marks the Latin piece letters of SAN.
var pieceScripts = func() (t [256]Scripts) {
	for _, c := range "KQRBN" {
		t[c] = LatinLetters
	}
	return t
}()

// fastResult reads a game-termination marker written as PGN writes it
// ("1-0", "0-1", "1/2-1/2", "*") and followed by an ASCII byte that ends a
// word, or by the end of the input, as word would read it; it returns i for
// anything else. Nearly every game ends so, and word's general reading of
// a number (scanWord, numberWord, resultOf) costs several hundred
// instructions.
func (p *Parser) fastResult(i int) int {
	s := p.src[i:]
	var res string
	switch {
	case len(s) >= 3 && string(s[:3]) == "1-0":
		res = "1-0"
	case len(s) >= 3 && string(s[:3]) == "0-1":
		res = "0-1"
	case len(s) >= 7 && string(s[:7]) == "1/2-1/2":
		res = "1/2-1/2"
	case len(s) >= 1 && s[0] == '*':
		res = "*"
	default:
		return i
	}
	if len(s) > len(res) && !wordDelim[s[len(res)]] {
		return i
	}
	p.result(i, res)
	return i + len(res)
}
