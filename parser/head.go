package parser

import (
	"encoding/binary"
	"math/bits"
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
// Nearly every tag line is an interned name, one blank and a value without
// escapes closed by `"]` at the line's end: the loop reads such a line
// itself, eight bytes at a time, and calls plainTag for any other, which
// reads byte by byte. Reading every line byte by byte, in a call, and
// copying each value took about 440 instructions a tag line, now about 280
// (callgrind, the bench file's sample; a call for every line made the loop
// keep its state on the stack across it).
func (p *Parser) headTags(data []byte, start int, pos Pos) int {
	p.head = headRead{}
	if p.noHead || start >= len(data) || data[start] != '[' {
		return afterTagSection(data, start)
	}
	// Unsigned offsets: a test against the length then proves an index in
	// bounds.
	n := uint(len(data))
	p.g.Tags, p.tagRefs = p.g.Tags[:0], p.tagRefs[:0]
	i, line, blank := uint(start), pos.Line, false
	for i < n {
		if data[i] != '[' {
			// a blank line
			j := i
			for j < n && isBlankByte(data[j]) {
				j++
			}
			if j >= n || data[j] != '\n' {
				break
			}
			blank, i, line = true, j+1, line+1
			continue
		}
		end, vs, ve, name := uint(0), uint(0), uint(0), ""
		if j := i + 1; j+16 <= n {
			// The bytes before the first below '0' (the blank or quote
			// after a name) looked up in the interned names prove them
			// a name and find its end.
			w0, w1 := load64(data, j), uint64(0)
			if m := bytesBelow(w0, '0'); m != 0 {
				w0 &= (m&-m)>>7 - 1 // the bytes before the first flagged one
			} else if w1 = load64(data, j+8); bytesBelow(w1, '0') != 0 {
				m = bytesBelow(w1, '0')
				w1 &= (m&-m)>>7 - 1
			} else {
				w0 = 0 // longer than any interned name
			}
			if w0 != 0 {
				name = internedWords(w0, w1)
				j += uint(len(name))
			}
			if name != "" && j+2 <= n && load16(data, j) == ' '|'"'<<8 {
				j += 2
				vs = j
				for j+8 <= n {
					if m := valueStops(load64(data, j)); m != 0 {
						j += uint(bits.TrailingZeros64(m)) / 8
						break
					}
					j += 8
				}
				if j+4 <= n && j-vs <= maxTagValue {
					switch w := load32(data, j); {
					case w&0xffffff == '"'|']'<<8|'\n'<<16:
						ve, end = j, j+3
					case w == '"'|']'<<8|'\r'<<16|'\n'<<24:
						ve, end = j, j+4
					}
				}
			}
		}
		if end == 0 {
			e, ne, s, v := plainTag(data, int(i))
			if e == 0 {
				break // tagPair reads the rest
			}
			end, vs, ve = uint(e), uint(s), uint(v)
			name = internedTagName(data[i+1 : ne])
		}
		if len(p.g.Tags) >= maxTags {
			break // tagPair reads the rest, and says there are too many
		}
		if blank && name == "Event" && len(p.g.Tags) > 0 {
			break // the next game: p.head stays before it, and the search begins there
		}
		// The values (and the names not interned) are kept where they
		// stand in the tag section, which is copied once below: a copy
		// of each value cost about 50 instructions a tag.
		ref := tagRef{valOff: int32(vs - uint(start)), valLen: int32(ve - vs)}
		if name == "" {
			ref.nameOff, ref.nameLen = int32(i+1-uint(start)), int32(nameEnd(data, int(i)+1)-int(i)-1)
		}
		p.g.Tags = append(p.g.Tags, Tag{})
		t := &p.g.Tags[len(p.g.Tags)-1]
		t.Name, t.Pos = name, Pos{Offset: pos.Offset + int64(i) - int64(start), Line: line, Col: 1}
		p.tagRefs = append(p.tagRefs, ref)
		blank, i, line = false, end, line+1
	}
	tags := p.g.Tags
	if len(tags) > 0 {
		tags[0].Pos.Col = pos.Col // the first line may start where the piece does
	}
	if i == uint(start) {
		return afterTagSection(data, start)
	}
	p.tagBuf = append(p.tagBuf[:0], data[start:i]...)
	// Both ways out of the loop stand at a line start, before the line.
	p.head = headRead{to: int(i) - start, tags: len(tags), buf: len(p.tagBuf), line: line}
	if i < n && headEnds[data[i]] {
		// The movetext: a line that starts so is neither blank nor a tag
		// line, which afterTagLines would find scanning it to its end.
		return int(i)
	}
	return afterTagLines(data, start, int(i), blank, len(tags) > 0)
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
