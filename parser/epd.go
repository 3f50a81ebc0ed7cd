package parser

import (
	"bytes"
	"fmt"
	"strconv"
)

// An EPD file (Extended Position Description, PGN standard 16.2) holds a
// position a line: FEN's first four fields, then operations, each an
// opcode, its operands and a semicolon:
//
//	r1b1k2r/pp2qppp/2n5/8/8/8/PPP2PPP/R2QKB1R w KQkq - bm Qe2 Rb1; id "WAC.999";
//
// pgn-extract's -Wepd writes its comments unquoted ("c0 Barnes, David
// J.-Horton, Mark ... 1994.10.10;"). Read as PGN, such a line's dates and
// names are moves and numbers. Two cousins are read alike: a perft suite
// (a full FEN, counters and all, then ";D1 20 ;D2 400", the semicolon
// before each operation), and a FEN list (a full FEN a line, nothing
// else); read as PGN, a perft line's en passant square and node counts are
// a move and numbers. The format is told by content, once per input
// (IsEPD, by the Splitter), as an ECO file is; '#' lines are comments, as
// in an ECO file and in the perft suites that open with their sources.
// Each line is a game:
//
//   - the tags FEN (the four fields, with the line's counters, or those
//     hmvc and fmvn give, else 0 and 1) and SetUp "1", both at the line's
//     start, so that the replay audits the position as it does any FEN
//     tag (the counters too: they are copied as written);
//   - id as the tag Event, which names the position in every report as an
//     event names a game; c0 as the game's comment;
//   - each move that bm, am, pm or sm names as a move of its own from the
//     position, a one-move side line (Depth 1, Prev -1), not a main line:
//     "bm Nf3 Nc3" are alternatives, each legal or not in the same position,
//     which the replay of side lines resolves there and reports at the
//     move's line and column; no move is played after another;
//   - the moves pv (predicted variation) or sv (supplied variation, 16.2.5)
//     names as one side line from the position (Depth 1, each after the
//     one before it), marked by Game.PV or SV: a line of play, whose
//     replay stops at its first move that is not legal;
//   - Game.EPD set, which tells the checker that a position has no players
//     and no result to be missing;
//   - a perft suite's counts (";D3 8902", D1 to D99, a whole number each)
//     in Game.Perft, for the checker to compute again.
//
// Other opcodes (acd, acn, ce...) are read and skipped: they are numbers
// and names.
// Any line of such a file may take any of the three forms: only the first
// decides what the file is.

// epdFields returns the end of the four FEN fields line starts with, and
// whether they read as such: piece placement (eight ranks of pieces and
// digits), side to move, castling (KQkq or Chess960's file letters, or
// '-'), en passant ('-' or a square), each separated by blanks, the last
// followed by a blank or the line's end.
func epdFields(line []byte) (int, bool) {
	i := 0
	ranks := 1
	for ; i < len(line) && !isSpaceByte(line[i]); i++ {
		switch c := line[i]; {
		case c == '/':
			ranks++
		case c >= '1' && c <= '8', isPieceLetter(c):
		default:
			return 0, false
		}
	}
	if ranks != 8 {
		return 0, false
	}
	field := func(ok func(w []byte) bool) bool {
		j := skipBlanks(line, i)
		if j == i {
			return false
		}
		e := j
		for e < len(line) && !isSpaceByte(line[e]) {
			e++
		}
		if e == j || !ok(line[j:e]) {
			return false
		}
		i = e
		return true
	}
	side := func(w []byte) bool { return len(w) == 1 && (w[0] == 'w' || w[0] == 'b') }
	castling := func(w []byte) bool {
		if len(w) == 1 && w[0] == '-' {
			return true
		}
		for _, c := range w {
			if !(c >= 'A' && c <= 'H' || c >= 'a' && c <= 'h' || c == 'K' || c == 'Q' || c == 'k' || c == 'q') {
				return false
			}
		}
		return len(w) <= 4
	}
	ep := func(w []byte) bool {
		return len(w) == 1 && w[0] == '-' || len(w) == 2 && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' && w[1] <= '8'
	}
	if !field(side) || !field(castling) || !field(ep) {
		return 0, false
	}
	return i, true
}

// isPieceLetter says c is a FEN piece letter.
func isPieceLetter(c byte) bool { return bytes.IndexByte([]byte("pnbrqkPNBRQK"), c) >= 0 }

// The kinds of record line may be (positionKind).
const (
	notPosition   = iota
	epdLineKind   // the four fields, then nothing or an operation
	fenLineKind   // the four fields and the counters, nothing else
	perftLineKind // the four fields, the counters or not, then ";D1 20 ..."
)

// positionKind says what record of a position list line (without its
// line end) is, if any.
func positionKind(line []byte) int {
	line = bytes.TrimRight(line, " \t\r")
	i, ok := epdFields(line)
	if !ok {
		return notPosition
	}
	j := skipBlanks(line, i)
	if j == len(line) || isASCIILetter(line[j]) {
		return epdLineKind
	}
	if _, _, k, ok := fenCounters(line, j); ok {
		if j = skipBlanks(line, k); j == len(line) {
			return fenLineKind
		}
	}
	if line[j] == ';' {
		return perftLineKind
	}
	return notPosition
}

// fenCounters reads FEN's two move counters, two words of digits, at
// line[i:]: each followed by a blank, the line's end or (the second) a
// ';'. It returns the two and the end of the second.
func fenCounters(line []byte, i int) (half, full []byte, end int, ok bool) {
	var w [2][]byte
	for n := range 2 {
		if n > 0 {
			j := skipBlanks(line, i)
			if j == i {
				return nil, nil, 0, false
			}
			i = j
		}
		d := i
		for i < len(line) && isDigit(line[i]) {
			i++
		}
		if i == d || i < len(line) && !isSpaceByte(line[i]) && (n == 0 || line[i] != ';') {
			return nil, nil, 0, false
		}
		w[n] = line[d:i]
	}
	return w[0], w[1], i, true
}

// epdSniff is how far IsEPD looks for the end of an input's first line.
const epdSniff = 64 << 10

// IsEPD says whether head, an input's first bytes, is a position list (an
// EPD file, a perft suite or a FEN list): its first line that is neither
// blank nor a '#' comment is a record of one (positionKind). A FEN alone
// is taken for a list only when the next such line is a record too, or
// there is none: a FEN with movetext after it is no list (the PGN reader
// passes over the FEN).
func IsEPD(head []byte) bool {
	is, _ := epdHead(head[:min(len(head), epdSniff)], true)
	return is
}

// epdHead is IsEPD for head, the first bytes of an input read so far, all
// of it when atEOF; decided says that more bytes would not change the
// answer.
func epdHead(head []byte, atEOF bool) (is, decided bool) {
	skip := func(line []byte) bool { return isBlank(line) || line[0] == '#' }
	fen := false // the first record is a FEN: the next line decides
	return firstLine(head, atEOF, skip, func(line []byte) (is, decided bool) {
		k := positionKind(line)
		if !fen && k == fenLineKind {
			fen = true
			return true, false
		}
		return k != notPosition, true
	}, func(line []byte) (is, decided bool) {
		// The line goes on: it decides now when it is no comment and its
		// first word cannot be a piece placement.
		if line[0] == '#' {
			return false, false
		}
		for _, c := range line {
			if isSpaceByte(c) {
				break
			}
			if c != '/' && !isDigit(c) && !isPieceLetter(c) {
				return false, true
			}
		}
		return false, false
	})
}

// nextEPDRecord returns the start of the first line at or after from (a
// line start, or inside a line: then the next one) that is neither blank
// nor a '#' comment, or -1 when data holds none, or ends inside blanks
// that may go on.
func nextEPDRecord(data []byte, from int) int {
	return nextLineWhere(data, from, func(data []byte, i int) bool {
		e := bytes.IndexByte(data[i:], '\n')
		if e < 0 {
			e = len(data) - i
		}
		return !isBlank(data[i:i+e]) && data[i] != '#'
	})
}

// epdCut is findCut for an EPD file: the first record at or after the
// target, so that a chunk holds whole records and the blank and comment
// lines after its last one, which are that record's however the input is
// cut; those at the file's start are its first record's.
func (s *Splitter) epdCut() (cut int, capped bool) {
	return s.recordCut(nextEPDRecord, func(b []byte) bool { return ecoComments(bytes.TrimPrefix(b, utf8BOM)) })
}

// parseEPD is Parse for a chunk of an EPD file: a game a line that is
// neither blank nor a comment, whose text runs on over such lines after it
// (those at a file's start are its first record's).
func (p *Parser) parseEPD(c Chunk) {
	p.parseRecords(c, func(src []byte, a int) (h, b int) {
		h = max(nextEPDRecord(src, a), a) // a chunk's text is not all blank
		b = len(src)
		if eol := bytes.IndexByte(src[h:], '\n'); eol >= 0 {
			if k := nextEPDRecord(src, h+eol+1); k >= 0 {
				b = k
			}
		}
		return h, b
	}, func(a, h, b int) {
		eol := bytes.IndexByte(p.src[h:b], '\n')
		if eol < 0 {
			eol = b
		} else {
			eol += h
		}
		p.lines(a, h)
		p.epdLine(h, eol)
		p.lines(h, b)
	})
}

// epdLine reads the record src[h:e] into the game.
func (p *Parser) epdLine(h, e int) {
	s := p.src
	for e > h && (s[e-1] == '\r' || isSpaceByte(s[e-1])) {
		e--
	}
	g := &p.g
	g.EPD = true
	h = skipBlanks(s, h)
	n, ok := epdFields(s[h:e])
	if !ok {
		p.problem(h, "the line is not a position (a FEN's first four fields, then its counters or EPD operations): it is not read")
		return
	}
	fields := s[h : h+n]
	// The side to move is the field after the placement: a castling
	// field may hold a 'b' too (Chess960's b-file rook).
	k := 0
	for !isSpaceByte(fields[k]) {
		k++
	}
	black := fields[skipBlanks(fields, k)] == 'b'
	hmvc, fmvn := "0", "1"
	i := h + n
	if j := skipBlanks(s[:e], i); j > i {
		if half, full, c, ok := fenCounters(s[:e], j); ok {
			// As written: the FEN's audit says what is wrong with them.
			hmvc, fmvn, i = string(half), string(full), c
		}
	}
	hmvc, fmvn = p.epdOps(i, e, black, hmvc, fmvn)
	// The fields as FEN writes them, one space apart: a tab between two
	// is no FEN's.
	fen := append(bytes.Join(bytes.Fields(fields), []byte(" ")), ' ')
	fen = append(append(append(fen, hmvc...), ' '), fmvn...)
	p.recordTag("FEN", h, fen)
	p.recordTag("SetUp", h, []byte("1"))
	if n := atoi([]byte(fmvn)); len(g.Moves) > 0 && len(fmvn) < 10 && n >= 1 && n < 1<<30 {
		ply := 2*int32(n) - 1
		if black {
			ply++
		}
		g.FirstPly = ply
	}
}

// epdOps reads the operations in src[i:e] and returns the move counters
// that hmvc and fmvn give, else those given. An operation that cannot be
// read ends the reading of the line, with a problem saying so: the
// position and the operations before it still count. A perft suite writes
// the semicolon before each operation (";D1 20 ;D2 400"), so that its
// last one is not closed by one.
func (p *Parser) epdOps(i, e int, black bool, hmvc, fmvn string) (string, string) {
	s := p.src
	i = skipBlanks(s, i)
	perft := i < e && s[i] == ';'
	if perft {
		i++
	}
	for i = skipBlanks(s, i); i < e; i = skipBlanks(s, i) {
		op := i
		for i < e && (isASCIILetter(s[i]) || isDigit(s[i]) || s[i] == '_') {
			i++
		}
		if i == op || !isASCIILetter(s[op]) {
			p.problem(op, "an EPD operation starts with an opcode (a letter, then letters, digits or '_'): the rest of the line is not read")
			return hmvc, fmvn
		}
		code := string(s[op:i])
		// The operands: quoted strings or words, up to the semicolon.
		var args [][2]int
		closed := false
		for i = skipBlanks(s, i); i < e; i = skipBlanks(s, i) {
			if s[i] == ';' {
				closed = true
				i++
				break
			}
			a := i
			if s[i] == '"' {
				k := bytes.IndexByte(s[i+1:e], '"')
				if k < 0 {
					p.problem(i, `a string operand not closed by " on its line: the rest of the line is not read`)
					return hmvc, fmvn
				}
				i += k + 2
				args = append(args, [2]int{a + 1, i - 1})
				continue
			}
			for i < e && !isSpaceByte(s[i]) && s[i] != ';' {
				i++
			}
			if i == a {
				// A space skipBlanks does not pass (a lone CR, a form
				// feed): it parts operands as a blank does, and the
				// reading must move past it.
				i++
				continue
			}
			args = append(args, [2]int{a, i})
		}
		if !closed && !perft {
			p.problem(op, "the EPD operation "+code+" is not closed by ';'")
		}
		switch code {
		case "bm", "am", "pm", "sm":
			for _, a := range args {
				if a[0] == a[1] {
					// An empty string ("") names no move.
					p.problem(a[0]-1, "the EPD operation "+code+" names an empty move (\"\"): it is not read")
					continue
				}
				p.epdMove(a[0], a[1], -1, epdPly(black))
			}
		case "pv", "sv":
			p.epdLineOfPlay(code, args, black)
		case "id":
			if len(args) > 0 {
				p.recordTag("Event", op, s[args[0][0]:args[len(args)-1][1]])
			}
		case "c0":
			if len(args) > 0 && !p.opt.NoComments {
				p.g.Comment = p.span(args[0][0], args[len(args)-1][1])
			}
		default:
			if d, ok := perftDepth(code); ok && len(args) == 1 {
				if n, ok := perftNodes(s[args[0][0]:args[0][1]]); ok {
					p.g.Perft = append(p.g.Perft, PerftCount{Depth: d, Nodes: n, Pos: p.posAt(args[0][0])})
				}
			}
		case "hmvc", "fmvn":
			// One whole number, as FEN's counters are; a move number
			// whose plies int32 cannot count is not read either.
			v := ""
			if len(args) == 1 {
				v = string(s[args[0][0]:args[0][1]])
			}
			if n := atoi([]byte(v)); v == "" || strconv.Itoa(n) != v || code == "fmvn" && (n < 1 || n >= 1<<30) {
				p.problem(op, "the EPD operation "+code+" takes one whole number: it is not read")
			} else if code == "hmvc" {
				hmvc = v
			} else {
				fmvn = v
			}
		}
	}
	return hmvc, fmvn
}

// maxPerftDepth is the deepest perft count read: no suite goes past a
// dozen plies, and a count deeper than this is no perft suite's.
const maxPerftDepth = 99

// perftDepth reads a perft suite's opcode, D and the depth (D1 to D99).
func perftDepth(code string) (int, bool) {
	if len(code) < 2 || len(code) > 3 || code[0] != 'D' || code[1] == '0' {
		return 0, false
	}
	d := 0
	for _, c := range []byte(code[1:]) {
		if !isDigit(c) {
			return 0, false
		}
		d = d*10 + int(c-'0')
	}
	return d, d <= maxPerftDepth
}

// perftNodes reads a perft count, a whole number of up to 18 digits (the
// largest published counts have 16). One that is not such a number is
// left unread, as the other opcodes are.
func perftNodes(w []byte) (uint64, bool) {
	if len(w) == 0 || len(w) > 18 {
		return 0, false
	}
	var n uint64
	for _, c := range w {
		if !isDigit(c) {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

// epdPly is the ply of a move from the position: 1 for White's, 2 for
// Black's, as FirstPly counts from the move number fmvn gives.
func epdPly(black bool) int32 {
	if black {
		return 2
	}
	return 1
}

// epdLineOfPlay adds the moves that the operation code (pv or sv) names,
// src[a[0]:a[1]] for each of args, as one side line from the position:
// each is played after the one before it, and Game.PV or SV marks them for
// the checker, which says which move of the line a finding is about. An
// empty move ("") ends the line: the moves after it would follow a move
// that is not there.
func (p *Parser) epdLineOfPlay(code string, args [][2]int, black bool) {
	g := &p.g
	prev, ply := int32(-1), epdPly(black)
	from := int32(len(g.Moves))
	for k, a := range args {
		if a[0] == a[1] {
			msg := "the EPD operation " + code + " names an empty move (\"\"): it is not read"
			switch rest := len(args) - k - 1; {
			case rest == 1:
				msg = "the EPD operation " + code + " names an empty move (\"\"): it and the move after it are not read"
			case rest > 1:
				msg = fmt.Sprintf("the EPD operation %s names an empty move (\"\"): it and the %d moves after it are not read", code, rest)
			}
			p.problem(a[0]-1, msg)
			break
		}
		if !p.epdMove(a[0], a[1], prev, ply) {
			break
		}
		prev, ply = int32(len(g.Moves)-1), ply+1
	}
	line := &g.PV
	if code == "sv" {
		line = &g.SV
	}
	if to := int32(len(g.Moves)); to > from && line.To == 0 {
		// The first one's: a line holds one of each, and a second one
		// (which no writer puts) is still replayed as a line of its own.
		*line = LineOfPlay{From: from, To: to}
	}
}

// epdMove adds the move src[i:e], which an operation names, as a side line
// from the position (see the top of this file): after move prev, -1 for
// the position itself, at ply. It says whether the move was kept.
func (p *Parser) epdMove(i, e int, prev, ply int32) bool {
	g := &p.g
	if p.opt.NoVariations {
		// A main-line reading has no use for side lines, and the
		// position has no main line.
		return false
	}
	if len(g.Moves) >= p.opt.MaxMoves {
		p.tooManyMoves(i)
		return false
	}
	norm, same, _, nags, sc, folds := p.normalize(p.src[i:e])
	m := Move{Raw: p.span(i, e), Pos: p.posAt(i), Prev: prev, Depth: 1, NAGs: nags, Clock: -1, EMT: -1, Folds: folds}
	if same {
		m.Norm = m.Raw
	} else {
		m.Norm = p.extraSpan(norm)
	}
	g.Moves = append(g.Moves, m)
	g.Has |= HasVariations
	if folds&FoldCapitalFile != 0 {
		// As setFolds marks it: the checker reads such a move both ways.
		g.Has |= HasCapitalFile
	}
	g.Scripts |= sc
	p.plies = append(p.plies, ply)
	return true
}
