package parser

import "bytes"

// Scid's ECO classification files (scid.eco and its translations) are not
// PGN: '#' lines are comments, and each entry is an ECO code with Scid's
// extensions ("A00", "A00b", "A00b1"), an opening name in double quotes,
// and moves in SAN from the standard start up to '*', which may run on
// over further lines:
//
//	A00b "Fried fox"  1.f3 e5 2.Kf2 *
//	E90x "King's Indian: 5.Nf3 O-O 6.h3 c5 7.d5 e6 8.Bd3 exd5"
//	  1.d4 Nf6 2.c4 g6 3.Nc3 Bg7 4.e4 d6 5.Nf3 O-O 6.h3 c5 7.d5 e6 8.Bd3 exd5 *
//
// Read as PGN, the moves quoted in the names ("Mieses: 1...e5") cut the
// entries into fragments. The format is told by content, once per input
// (IsECO, by the Splitter), not by the name ".eco": a file named otherwise,
// or standard input, reads alike, and a PGN file cannot open so (its first
// line that is not a comment is a tag pair or a move). Each entry is a game
// with the tags ECO (the code) and Opening (the name), its moves read as
// PGN movetext, so that they are replayed and an illegal one is reported at
// its line and column.

// ecoCode returns the length of the ECO code b starts with: a letter A-E,
// two digits, then Scid's optional extension letter a-z and its optional
// level 1-4, or the sub-code of one or two digits after a slash that the
// French file writes ("A04/11"); 0 when b does not start with one.
func ecoCode(b []byte) int {
	if len(b) < 3 || b[0] < 'A' || b[0] > 'E' || !isDigit(b[1]) || !isDigit(b[2]) {
		return 0
	}
	n := 3
	switch {
	case n+1 < len(b) && b[n] == '/' && isDigit(b[n+1]):
		n += 2
		if n < len(b) && isDigit(b[n]) {
			n++
		}
	case n < len(b) && isASCIILower(b[n]):
		n++
		if n < len(b) && b[n] >= '1' && b[n] <= '4' {
			n++
		}
	}
	if n < len(b) && !isSpaceByte(b[n]) {
		return 0 // "A00ab", "B12x5": another word
	}
	return n
}

// ecoEntryAt says whether the line starting at data[i] opens an entry: an
// ECO code at its start, blanks, and the name's opening quote.
func ecoEntryAt(data []byte, i int) bool {
	n := ecoCode(data[i:])
	if n == 0 {
		return false
	}
	j := skipBlanks(data, i+n)
	return j > i+n && j < len(data) && data[j] == '"'
}

// ecoSniff is how much of an input's start IsECO looks at: a fixed
// amount, not the chunk size, so that how an input is read does not
// depend on how it is cut.
const ecoSniff = 64 << 10

// IsECO says whether head, an input's first bytes, is a Scid ECO file: its
// first line that is neither blank nor a '#' comment opens an entry
// (ecoEntryAt). Only the first ecoSniff bytes are looked at: a file whose
// comments fill them is not taken for one.
func IsECO(head []byte) bool {
	is, _ := ecoHead(head[:min(len(head), ecoSniff)], true)
	return is
}

// ecoHead is IsECO for head, the first bytes of an input read so far, all
// of it when atEOF; decided says that more bytes would not change the
// answer, so that the Splitter reads no more than it needs to decide.
func ecoHead(head []byte, atEOF bool) (is, decided bool) {
	skip := func(line []byte) bool { return isBlank(line) || line[0] == '#' }
	return firstLine(head, atEOF, skip, func(line []byte) (bool, bool) { return ecoEntryAt(line, 0), true }, func(line []byte) (is, decided bool) {
		// The line goes on: it decides once it shows the entry's quote
		// or a byte no entry has there.
		if skip(line) {
			return false, false
		}
		if ecoEntryAt(line, 0) {
			return true, true
		}
		for _, more := range []string{`"`, ` "`, `0 "`, `00 "`} {
			if ecoEntryAt(append(bytes.Clone(line), more...), 0) {
				return false, false
			}
		}
		return false, true
	})
}

// firstLine says, for head, an input's first bytes read so far (all of it
// when atEOF), whether its first lines that skip does not pass over open a
// file of records (ECO, EPD): whole judges a line head holds whole, and
// may leave the answer to the next such line (decided false: a FEN alone
// may begin a PGN game or a list of them), part one that goes on past
// head; decided says that more bytes would not change the answer. Without
// a next line, whole's last answer stands.
func firstLine(head []byte, atEOF bool, skip func(line []byte) bool, whole, part func(line []byte) (is, decided bool)) (is, decided bool) {
	i := 0
	if bytes.HasPrefix(head, utf8BOM) {
		i = len(utf8BOM)
	}
	for i < len(head) {
		e := bytes.IndexByte(head[i:], '\n')
		if e < 0 && !atEOF {
			return part(head[i:])
		}
		if e < 0 {
			e = len(head)
		} else {
			e += i
		}
		if line := head[i:e]; !skip(line) {
			if is, decided = whole(line); decided {
				return is, true
			}
		}
		i = e + 1
	}
	return is, atEOF
}

// ecoComments says that b holds only blank lines and '#' comments.
func ecoComments(b []byte) bool {
	for line := range bytes.Lines(b) {
		if !isBlank(bytes.TrimRight(line, "\n")) && line[0] != '#' {
			return false
		}
	}
	return true
}

// nextECOEntry returns the start of the first line at or after from (a
// line start, or inside a line: then the next one) that opens an entry,
// or -1.
func nextECOEntry(data []byte, from int) int { return nextLineWhere(data, from, ecoEntryAt) }

// nextLineWhere returns the start of the first line at or after from (a
// line start, or inside a line: then the next one) that opens says opens a
// record, or -1.
func nextLineWhere(data []byte, from int, opens func(data []byte, i int) bool) int {
	i := from
	if i > 0 && data[i-1] != '\n' {
		k := bytes.IndexByte(data[i:], '\n')
		if k < 0 {
			return -1
		}
		i += k + 1
	}
	for i < len(data) {
		if opens(data, i) {
			return i
		}
		k := bytes.IndexByte(data[i:], '\n')
		if k < 0 {
			return -1
		}
		i += k + 1
	}
	return -1
}

// ecoCut is findCut for an ECO file: the first entry at or after the
// target, so that a chunk holds whole entries (the game scan would cut
// between an entry's name and its moves, at its "1."); the comments at
// the file's start are read with its first entry (parseECO): no cut
// between them.
func (s *Splitter) ecoCut() (cut int, capped bool) { return s.recordCut(nextECOEntry, ecoComments) }

// recordCut is findCut for a file of records (ECO, EPD): the first record
// that next finds at or after the target, but not one that only lead
// (nil: none) comes before at the file's start, which that record takes;
// the cap cuts a record longer than it at a line end, as findCut does.
func (s *Splitter) recordCut(next func(data []byte, from int) int, lead func(b []byte) bool) (cut int, capped bool) {
	from := max(min(s.target, len(s.buf)), 1)
	for {
		limit := min(len(s.buf), s.max)
		k := next(s.buf[:limit], from)
		if k > 0 && lead != nil && s.pos.Offset == 0 && lead(s.buf[:k]) {
			from = k + 1
			continue
		}
		if k > 0 {
			return k, false
		}
		if s.eof && len(s.buf) <= s.max {
			return len(s.buf), false
		}
		if len(s.buf) >= s.max {
			c := capCut(s.buf, s.max)
			return c, !s.blankTail(c)
		}
		// Every line before the last is settled: resume at the last one,
		// which the next read completes.
		if nl := bytes.LastIndexByte(s.buf[from:limit], '\n'); nl >= 0 {
			from += nl + 1
		}
		s.fill(len(s.buf) + s.block)
	}
}

// parseECO is Parse for a chunk of an ECO file. The chunk is decoded as
// one piece, so that the code page of a file such as scid_fr.eco (Latin-1)
// is guessed from all its names, not from the few letters of one. Each
// entry is a game from its code line up to the next one: the comments and
// blank lines after its '*' are its own, as text after a PGN game's result
// is, and the comments before a file's first entry belong to that entry.
func (p *Parser) parseECO(c Chunk) {
	p.parseRecords(c, func(src []byte, a int) (h, b int) {
		h = nextECOEntry(src, a)
		b = -1
		if h >= 0 {
			b = nextECOEntry(src, h+1)
		}
		if h > a && !ecoComments(src[a:h]) {
			// Not comments before the entry: the rest of an entry that
			// the size cap cut, a game of its own.
			b, h = h, -1
		}
		if b < 0 {
			b = len(src)
		}
		return h, b
	}, func(a, h, b int) {
		src := p.src
		p.src = src[:b] // the reader stops at the next entry
		p.ecoEntry(a, h)
		p.src = src
	})
}

// parseRecords is Parse for a chunk of a file of records (ECO, EPD), read
// as one piece: bounds returns, for a game whose text starts at src offset
// a, where its record starts (h) and where the next game's text does (b);
// read reads the game's text.
func (p *Parser) parseRecords(c Chunk, bounds func(src []byte, a int) (h, b int), read func(a, h, b int)) {
	data := c.Data
	start := c.startPos()
	if isBlankText(data) {
		return
	}
	end := posAfter(start, data)
	p.enterSegment(data, start)
	src := p.src
	for a := 0; a < len(src); {
		h, b := bounds(src, a)
		last := b == len(src)
		p.beginGame(a, p.posAt(a))
		if a == 0 {
			p.g.BOM = p.segBOM
		}
		read(a, h, b)
		at := end
		if !last {
			at = p.posAt(b) // read accounted for the line ends before b
		}
		p.finishGame(b, at, c.Cut && last, last)
		a = b
	}
}

// ecoEntry reads the entry in p.src from a on, whose code line starts at
// h: the code and name become the tags ECO and Opening, and what follows
// the name is read as movetext, where '#' lines are comments. The
// comments before the code line (before a file's first entry) are read
// as movetext too, which finds nothing in them; without a code line
// (h < 0) all is read so.
func (p *Parser) ecoEntry(a, h int) {
	s := p.src
	if h < 0 {
		p.run(a)
		return
	}
	if h > a {
		p.src = s[:h]
		p.run(a)
		p.src = s
	}
	n := ecoCode(s[h:])
	p.ecoTag("ECO", h, h, h+n)
	q := skipBlanks(s, h+n) // the name's opening quote (ecoEntryAt)
	eol := p.endOfLine(q)
	from := eol
	if k := bytes.IndexByte(s[q+1:eol], '"'); k >= 0 {
		p.ecoTag("Opening", q, q+1, q+1+k)
		from = q + 2 + k
	} else {
		// Where the name ends is anyone's guess: its line is lost, and
		// reading it as moves would report the name's words.
		p.problem(q, `the opening name is not closed by " on its line: the line is not read`)
	}
	p.text = false // PGN's rules: a word that is no move is reported
	p.run(from)
}

// ecoTag adds the tag name with the value src[i:j], at src offset at.
func (p *Parser) ecoTag(name string, at, i, j int) { p.recordTag(name, at, p.src[i:j]) }

// recordTag adds the tag name with the value v, at src offset at, for a
// record that is no tag pair (an ECO entry, an EPD line).
func (p *Parser) recordTag(name string, at int, v []byte) {
	vs := len(p.tagBuf)
	p.tagBuf = append(p.tagBuf, v...)
	p.g.Tags = append(p.g.Tags, Tag{Name: name, Pos: p.posAt(at)})
	p.tagRefs = append(p.tagRefs, tagRef{valOff: int32(vs), valLen: int32(len(v))})
}
