package parser

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

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
//
// Nearly every tag line is a name, one blank and a value without escapes
// closed by `"]` at the line's end: plainLines reads such lines, eight
// bytes at a time, and headTags reads any other with plainTag, byte by
// byte, before handing back to it.
func (p *Parser) headTags(data []byte, start int, pos Pos) int {
	p.head = headRead{}
	if p.noHead || start >= len(data) || data[start] != '[' {
		return afterTagSection(data, start)
	}
	// The tag slices are written by index up to their capacity and cut to
	// the tags read on the way out, growing only when full. A Tag's Value
	// is left as it is: finishGame gives every tag read its value, and
	// nothing reads one before.
	tags, refs := p.g.Tags[:0], p.tagRefs[:0]
	room := min(cap(tags), cap(refs), maxTags)
	tags, refs = tags[:room], refs[:room]
	if room < minTagRoom {
		tags, refs = growTags(tags, refs)
	}
	h := headScan{d: data[start:], line: pos.Line, tags: tags, refs: refs, offset: pos.Offset}
	d, n := h.d, uint(len(h.d))
	for h.plainLines() {
		// The line at h.i is no plain one, or the slices are full.
		i := h.i
		e, ne, vs, ve := plainTag(d, int(i))
		if e == 0 {
			break // tagPair reads the rest
		}
		name := internedTagName(d[i+1 : ne])
		if h.k == len(h.tags) {
			if h.k >= maxTags {
				break // tagPair reads the rest, and says there are too many
			}
			h.tags, h.refs = growTags(h.tags, h.refs)
		}
		if h.blank && name == "Event" && h.k > 0 {
			break // the next game: p.head stays before it, and the search begins there
		}
		h.add(name, uint(ne), uint(vs), uint(ve))
		h.blank, h.i, h.line = false, uint(e), h.line+1
	}
	i, k := h.i, h.k
	tags = h.tags[:k]
	p.g.Tags, p.tagRefs = tags, h.refs[:k]
	if k > 0 {
		tags[0].Pos.Col = pos.Col // the first line may start where the piece does
	}
	if i == 0 {
		return afterTagSection(data, start)
	}
	p.tagBuf = append(p.tagBuf[:0], d[:i]...)
	// Both ways out of the loop stand at a line start, before the line.
	p.head = headRead{to: int(i), tags: k, buf: len(p.tagBuf), line: h.line}
	if i < n && headEnds[d[i]] {
		// The movetext: a line that starts so is neither blank nor a tag
		// line, which afterTagLines would find scanning it to its end.
		return start + int(i)
	}
	return afterTagLines(data, start, start+int(i), h.blank, k > 0)
}

// headScan is the state of headTags' reading: the piece d from the tag
// section on, the offset i of the line to read next and its line number,
// whether a blank line came since the last tag line, and the k tags read
// into tags and refs, whose lengths are the room they have.
type headScan struct {
	d      []byte
	i      uint
	line   int64
	blank  bool
	k      int
	tags   []Tag
	refs   []tagRef
	offset int64 // the input offset of d[0]
}

// plainLines reads plain tag lines and blank lines from h.i on. It returns
// false where the tag section ends (a line neither blank nor a tag line,
// the end of the piece, an [Event line after a blank line), and true at a
// line it leaves to plainTag: any other tag line, or one when the slices
// are full.
//
// It calls nothing, so that the state lives in registers through the loop:
// a loop that called plainTag, internedTagName, nameEnd and append for the
// lines that need them kept most of its state on the stack for every line
// (about 295 instructions a tag line, now about 220; callgrind,
// BenchmarkReadSample). The way out is a goto, not a flag kept through the
// loop, and the tag is written before the value is read, so that fewer
// values are live through that reading (-1.6 M).
func (h *headScan) plainLines() bool {
	// Unsigned offsets: a test against the length then proves an index in
	// bounds.
	d, tags, refs := h.d, h.tags, h.refs
	n := uint(len(d))
	i, line, blank, k := h.i, h.line, h.blank, h.k
	for i < n {
		if d[i] != '[' {
			// a blank line
			j := i
			for j < n && isBlankByte(d[j]) {
				j++
			}
			if j >= n || d[j] != '\n' {
				break
			}
			blank, i, line = true, j+1, line+1
			continue
		}
		j := i + 1
		if j+16 > n || k == len(tags) {
			goto general
		}
		{
			// The bytes before the first below '0' (the blank or quote
			// after a name) looked up in the interned names prove them a
			// name and find its end; a name not interned is read byte by
			// byte.
			w0, w1 := load64(d, j), uint64(0)
			if m := bytesBelow(w0, '0'); m != 0 {
				w0 &= (m&-m)>>7 - 1 // the bytes before the first flagged one
			} else if w1 = load64(d, j+8); bytesBelow(w1, '0') != 0 {
				m = bytesBelow(w1, '0')
				w1 &= (m&-m)>>7 - 1
			} else {
				w0 = 0 // longer than any interned name
			}
			name := ""
			if w0 != 0 {
				name = internedWords(w0, w1)
			}
			ref := tagRef{}
			if name != "" {
				j += uint(len(name))
			} else {
				for j < n && tagNameByte[d[j]] {
					j++
				}
				if j == i+1 || j-(i+1) > maxTagName {
					goto general
				}
				ref.nameOff, ref.nameLen = int32(i+1), int32(j-i-1)
			}
			// However the line ends, an [Event after a blank line is the
			// next game's (plainTag would read the line to the same end).
			if blank && name == "Event" && k > 0 {
				break
			}
			// The tag is written now, so that its name is not kept through
			// the value's reading: if the line is no plain one after all,
			// the tag beyond the k read is no tag.
			t := &tags[k]
			t.Name, t.Pos = name, Pos{Offset: h.offset + int64(i), Line: line, Col: 1}
			if j+2 > n || load16(d, j) != ' '|'"'<<8 {
				goto general
			}
			j += 2
			vs := j
			for j+8 <= n {
				if m := valueStops(load64(d, j)); m != 0 {
					j += uint(bits.TrailingZeros64(m)) / 8
					break
				}
				j += 8
			}
			if j+4 > n || j-vs > maxTagValue {
				goto general
			}
			end := uint(0)
			switch w := load32(d, j); {
			case w&0xffffff == '"'|']'<<8|'\n'<<16:
				end = j + 3
			case w == '"'|']'<<8|'\r'<<16|'\n'<<24:
				end = j + 4
			default:
				goto general
			}
			// The values (and the names not interned) are kept where they
			// stand in the tag section, which is copied once at its end:
			// a copy of each value cost about 50 instructions a tag.
			ref.valOff, ref.valLen = int32(vs), int32(j-vs)
			refs[k] = ref
			k++
			blank, i, line = false, end, line+1
		}
	}
	h.i, h.line, h.blank, h.k = i, line, blank, k
	return false
general:
	h.i, h.line, h.blank, h.k = i, line, blank, k
	return true
}

// add files the tag line at h.i, its name interned (or "": the name is
// d[h.i+1:ne]) and its value d[vs:ve], as tag h.k, which has room.
func (h *headScan) add(name string, ne, vs, ve uint) {
	i := h.i
	ref := tagRef{valOff: int32(vs), valLen: int32(ve - vs)}
	if name == "" {
		ref.nameOff, ref.nameLen = int32(i+1), int32(ne-i-1)
	}
	t := &h.tags[h.k]
	t.Name, t.Pos = name, Pos{Offset: h.offset + int64(i), Line: h.line, Col: 1}
	h.refs[h.k] = ref
	h.k++
}

// growTags makes room in the tag slices of headTags, both as long as they
// are now, for more tags, minTagRoom at least: both become as long as the
// shorter capacity, at most maxTags.
func growTags(tags []Tag, refs []tagRef) ([]Tag, []tagRef) {
	more := max(len(tags), minTagRoom)
	tags, refs = slices.Grow(tags, more), slices.Grow(refs, more)
	room := min(cap(tags), cap(refs), maxTags)
	return tags[:room], refs[:room]
}

// minTagRoom is the room headTags makes for tags at least, more than most
// headers hold: a parser's first game is read by plainLines as any other,
// rather than tag by tag through growTags.
const minTagRoom = 32

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

// load64, load32 and load16 read the bytes at data[j:] little-endian. The
// slice's capacity is given so that making it costs no test of its own.
func load64(data []byte, j uint) uint64 {
	return binary.LittleEndian.Uint64(data[j : j+8 : j+8])
}

func load32(data []byte, j uint) uint32 {
	return binary.LittleEndian.Uint32(data[j : j+4 : j+4])
}

func load16(data []byte, j uint) uint16 {
	return binary.LittleEndian.Uint16(data[j : j+2 : j+2])
}

// nameEnd is the offset of the first byte at or after data[j] that is no tag
// name byte.
func nameEnd(data []byte, j int) int {
	for j < len(data) && tagNameByte[data[j]] {
		j++
	}
	return j
}

// Eight bytes at once (SWAR): each byte's high bit in the masks below.
const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// bytesBelow flags the first byte of w (read little-endian) below c, c at
// most 0x80, by its high bit; bytes after it may be flagged too, wrongly.
func bytesBelow(w uint64, c byte) uint64 {
	return (w - lowBits*uint64(c)) &^ w & highBits
}

// valueStops flags the first byte of w that is a quote, a backslash or a
// control character, as bytesBelow does: every byte that stops a tag value
// (tagValueStop) is one.
func valueStops(w uint64) uint64 {
	q := w ^ lowBits*'"'
	b := w ^ lowBits*'\\'
	return ((q-lowBits)&^q | (b-lowBits)&^b | (w-lowBits*0x20)&^w) & highBits
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
