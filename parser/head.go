package parser

// headRead is what headTags read of a piece: its tag pairs (the first tags
// of Game.Tags and tagRefs, the first buf bytes of tagBuf) and the blank
// lines among them, up to the line start at piece offset to (0: nothing
// read), which is line number line.
type headRead struct {
	to, tags, buf int
	line          int64
}

// headTags reads the tag section of the piece starting at data[start]
// (input position pos) while its lines are plain (see plainTag) or blank,
// into the tag slices as tagPair would, and returns where the search for
// the next boundary may begin, as afterTagSection does. The piece's end is
// only known from that search, and its encoding only from the whole piece,
// so segment uses what was read when the piece turns out to be read from
// its own bytes, and reads it again otherwise. Finding the boundary and
// reading the tags thus pass over the tag lines once instead of twice.
func (p *Parser) headTags(data []byte, start int, pos Pos) int {
	p.head = headRead{}
	if p.noHead || start >= len(data) || data[start] != '[' {
		return afterTagSection(data, start)
	}
	p.g.Tags, p.tagRefs, p.tagBuf = p.g.Tags[:0], p.tagRefs[:0], p.tagBuf[:0]
	i, blank, tags := start, false, false
	line, col := pos.Line, pos.Col
	for i < len(data) {
		if data[i] == '[' {
			end, ne, vs, ve := plainTag(data, i)
			ns := i + 1
			if end == 0 || len(p.g.Tags) >= maxTags {
				break // tagPair reads the rest, and says when there are too many
			}
			if tags && blank && string(data[ns:ne]) == "Event" {
				break // the next game: p.head stays before it, and the search begins there
			}
			ref := tagRef{valOff: int32(len(p.tagBuf)), valLen: int32(ve - vs)}
			p.tagBuf = append(p.tagBuf, data[vs:ve]...)
			name := internedTagName(data[ns:ne])
			if name == "" {
				ref.nameOff, ref.nameLen = int32(len(p.tagBuf)), int32(ne-ns)
				p.tagBuf = append(p.tagBuf, data[ns:ne]...)
			}
			p.g.Tags = append(p.g.Tags, Tag{Name: name, Pos: Pos{Offset: pos.Offset + int64(i-start), Line: line, Col: col}})
			p.tagRefs = append(p.tagRefs, ref)
			tags, blank = true, false
			i = end
		} else {
			// a blank line
			j := i
			for j < len(data) && isBlankByte(data[j]) {
				j++
			}
			if j >= len(data) || data[j] != '\n' {
				break
			}
			blank = true
			i = j + 1
		}
		line, col = line+1, 1
	}
	if i == start {
		return afterTagSection(data, start)
	}
	// Both ways out of the loop stand at a line start, before the line.
	p.head = headRead{to: i - start, tags: len(p.g.Tags), buf: len(p.tagBuf), line: line}
	if i < len(data) && headEnds[data[i]] {
		// The movetext: a line that starts so is neither blank nor a tag
		// line, which afterTagLines would find scanning it to its end.
		return i
	}
	return afterTagLines(data, start, i, blank, tags)
}

// plainTag reads a tag line at data[i] ('[') written plainly: '[', a name,
// blanks, a quoted value without backslashes, blanks, ']' and the line end
// ("\n" or "\r\n"), which end is after; the name is data[i+1:ne], the value
// data[vs:ve]. Such a line is a tag line for the boundary rule and tagPair
// reads it without a Problem; anything else is left to them (end 0).
func plainTag(data []byte, i int) (end, ne, vs, ve int) {
	// Unsigned offsets: a test against the length then proves an index in
	// bounds, which spares the name's bytes a second bounds check each; and
	// four results instead of six leave headTags fewer to move about.
	n := uint(len(data))
	j := uint(i) + 1
	for j < n && tagNameByte[data[j]] {
		j++
	}
	if ne = int(j); ne == i+1 || ne-(i+1) > maxTagName {
		return 0, 0, 0, 0
	}
	for j < n && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	if j >= n || data[j] != '"' {
		return 0, 0, 0, 0
	}
	j++
	vs = int(j)
	for j < n && !tagValueStop[data[j]] {
		j++
	}
	if ve = int(j); j >= n || data[j] != '"' || ve-vs > maxTagValue {
		return 0, 0, 0, 0
	}
	j++
	for j < n && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	if j >= n || data[j] != ']' {
		return 0, 0, 0, 0
	}
	j++
	if j < n && data[j] == '\r' {
		j++
	}
	if j >= n || data[j] != '\n' {
		return 0, 0, 0, 0
	}
	return int(j) + 1, ne, vs, ve
}

// tagNameByte is isTagNameByte as a table: one load a byte instead of four
// range tests, for the names of nearly every tag line.
var tagNameByte = func() (t [256]bool) {
	for c := range t {
		t[c] = isTagNameByte(byte(c))
	}
	return t
}()

// headEnds marks the bytes that, first on a line, make it neither blank nor
// a tag line: all but blanks, '[' and a BOM's first byte.
var headEnds = func() (t [256]bool) {
	for c := range t {
		t[c] = !isBlankByte(byte(c)) && c != '\n' && c != '[' && c != 0xEF
	}
	return t
}()
