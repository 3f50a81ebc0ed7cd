package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// The boundary rule is the one place that decides where a game may begin in
// a byte stream; the Splitter cuts only there and the Parser reads each piece
// between two boundaries on its own, so a file read whole, in chunks, or from
// an arbitrary offset yields the same games. See doc.go for the rule in prose.

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// maxTagName bounds how far a tag-line test reads, so that deciding a
// boundary needs a fixed lookahead.
const maxTagName = 255

// tagLookahead is how many bytes after a line start the tag test may read.
const tagLookahead = 3 + 64 + 1 + maxTagName + 64 + 1

// NextBoundary returns the offset of the first game boundary b with
// from <= b < len(data), or -1 when there is none. A boundary is the start of
// a line that opens a tag section (see doc.go). The bytes of data before from
// are consulted to learn what the previous line was; when data holds no
// earlier non-blank line the candidate counts as a boundary (start of input).
func NextBoundary(data []byte, from int) int {
	b, _ := nextBoundary(data, from, true, &before{})
	return b
}

// before describes what came before data[0] when data is a piece of a longer
// input: the last non-blank complete line (known, tagLine), whether a blank
// line followed it, and, when data[0] is inside a line, that line's start.
// The Splitter carries it from chunk to chunk so that its cuts are the
// boundaries of the whole input even after a cut inside a line.
type before struct {
	known      bool
	tagLine    bool
	blankAfter bool
	midLine    bool
	partial    lineSummary
}

// lineSummary keeps what the rule needs to know of a line seen in pieces.
type lineSummary struct {
	head     []byte // the first bytes, enough to see a tag opening
	nonBlank bool
	last     byte // its last non-blank byte
	close    bool // it holds a ']'
}

const summaryHead = 300

func (l *lineSummary) add(b []byte) {
	if room := summaryHead - len(l.head); room > 0 {
		l.head = append(l.head, b[:min(room, len(b))]...)
	}
	for _, c := range b {
		if !isBlankByte(c) {
			l.nonBlank = true
			l.last = c
		}
	}
	l.close = l.close || bytes.IndexByte(b, ']') >= 0
}

func (l *lineSummary) isTagLine() bool {
	return l.nonBlank && tagLineOpens(l.head) && (l.last == ']' || !l.close)
}

func isBlankByte(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

// nextBoundary is NextBoundary for a buffer that may still grow and that may
// be preceded by other input (ctx): when a candidate near the end of data
// cannot be decided without more bytes and atEOF is false, it returns
// (-1, true).
func nextBoundary(data []byte, from int, atEOF bool, ctx *before) (int, bool) {
	return nextBoundaryFrom(data, from, from, atEOF, ctx)
}

// nextBoundaryFrom is nextBoundary told that the '[' before i begin no
// tag section (an earlier search over a shorter buffer said so, and its
// answer holds as the buffer grows): a long line read block by block is
// searched once.
func nextBoundaryFrom(data []byte, from, i int, atEOF bool, ctx *before) (int, bool) {
	if from < 0 {
		from = 0
	}
	i = max(i, from)
	for i < len(data) {
		k := bytes.IndexByte(data[i:], '[')
		if k < 0 {
			return -1, false
		}
		k += i
		ls := lineStartBefore(data, k)
		if ls >= from && (ls > 0 || !ctx.midLine) {
			open, more := tagOpenAt(data, ls, atEOF)
			if more {
				return -1, true
			}
			if open && startsGame(data, ls, ctx) {
				return ls, false
			}
		}
		i = k + 1
	}
	return -1, false
}

// advance moves the context past data.
func (ctx *before) advance(data []byte) {
	if ctx.midLine {
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			ctx.partial.add(data)
			return
		}
		ctx.partial.add(data[:nl])
		ctx.endLine(&ctx.partial)
		data = data[nl+1:]
	}
	last := bytes.LastIndexByte(data, '\n')
	complete := data[:last+1]
	if start, end, blank := prevNonBlankLine(complete, len(complete)); start >= 0 {
		ctx.known, ctx.tagLine, ctx.blankAfter = true, isTagLine(complete[start:end]), blank
	} else if last >= 0 {
		ctx.blankAfter = true
	}
	ctx.midLine = last+1 < len(data)
	ctx.partial = lineSummary{head: ctx.partial.head[:0]}
	if ctx.midLine {
		ctx.partial.add(data[last+1:])
	}
}

// endLine records that the line summarised by l is complete.
func (ctx *before) endLine(l *lineSummary) {
	if l.nonBlank {
		ctx.known, ctx.tagLine, ctx.blankAfter = true, l.isTagLine(), false
	} else {
		ctx.blankAfter = true
	}
	ctx.midLine = false
}

// lineStartBefore returns the start of the line holding data[k] when only
// spaces, tabs or a BOM stand between that start and k, and -1 otherwise.
func lineStartBefore(data []byte, k int) int {
	j := k
	for j > 0 && (data[j-1] == ' ' || data[j-1] == '\t') {
		j--
	}
	if j >= 3 && bytes.Equal(data[j-3:j], utf8BOM) {
		j -= 3
		for j > 0 && (data[j-1] == ' ' || data[j-1] == '\t') {
			j--
		}
	}
	if j == 0 || data[j-1] == '\n' {
		return j
	}
	return -1
}

// tagOpenAt reports whether the line starting at ls begins like a tag pair:
// optional blanks or BOM, '[', optional blanks, a name of letters, digits or
// '_', optional blanks and a '"'. more is set when data ends before that is
// known and atEOF is false.
func tagOpenAt(data []byte, ls int, atEOF bool) (open, more bool) {
	i, n := ls, len(data)
	for i < n && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	if i < n && data[i] == 0xEF {
		if n-i < 3 {
			return false, !atEOF
		}
		if bytes.Equal(data[i:i+3], utf8BOM) {
			i += 3
			for i < n && (data[i] == ' ' || data[i] == '\t') {
				i++
			}
		}
	}
	if i >= n {
		return false, !atEOF
	}
	if data[i] != '[' {
		return false, false
	}
	i++
	for i < n && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	start := i
	for i < n && isTagNameByte(data[i]) {
		i++
		if i-start > maxTagName {
			return false, false
		}
	}
	if i >= n {
		return false, !atEOF
	}
	if i == start {
		return false, false
	}
	for i < n && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	if i >= n {
		return false, !atEOF
	}
	return data[i] == '"', false
}

func isTagNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// startsGame decides, for a line at ls that opens a tag pair, whether it
// begins a new game: yes unless the nearest non-blank line before it is a
// whole tag line, and even then yes for an [Event tag after a blank line
// (tag-only games separated by one blank line).
func startsGame(data []byte, ls int, ctx *before) bool {
	prevStart, prevEnd, blankBetween := prevNonBlankLine(data, ls)
	tagLine := false
	switch {
	case prevStart > 0 || prevStart == 0 && !ctx.midLine:
		tagLine = isTagLine(data[prevStart:prevEnd])
	default:
		// The search reached data[0]: finish the line begun before it,
		// then fall back on the line before that.
		c := *ctx
		c.partial.head = append([]byte(nil), c.partial.head...)
		if c.midLine {
			first := bytes.IndexByte(data, '\n')
			c.partial.add(data[:first])
			c.endLine(&c.partial)
			if prevStart < 0 {
				// data[:first] ends the cut line, it is no blank line of
				// its own: blank lines are the ones after it.
				blankBetween = bytes.Count(data[:ls], nl) >= 2
			}
		}
		if prevStart < 0 {
			blankBetween = blankBetween || c.blankAfter
		}
		tagLine = c.known && c.tagLine
	}
	if !tagLine {
		return true
	}
	return blankBetween && string(tagNameAt(data, ls)) == "Event"
}

// prevNonBlankLine finds the last line before the line starting at ls that
// holds something other than blanks; start is -1 when there is none.
// blankBetween says whether a blank line lies between the two.
func prevNonBlankLine(data []byte, ls int) (start, end int, blankBetween bool) {
	end = ls - 1 // the '\n' ending the previous line
	for end >= 0 {
		start = lastLineEnd(data[:end]) + 1
		if !isBlank(data[start:end]) {
			return start, end, blankBetween
		}
		blankBetween = true
		end = start - 1
	}
	return -1, -1, blankBetween
}

// lastLineEnd is bytes.LastIndexByte(b, '\n') eight bytes at a time: that
// one reads a byte at a time, and it runs back over the last line of every
// game before the next (about 260 instructions a game on the sample).
func lastLineEnd(b []byte) int {
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:i:i]) ^ lowBits*'\n'
		// The high bit of each byte of x that is zero, and of no other:
		// adding 0x7f to the low seven bits carries into no other byte.
		if z := ^((x&^highBits + lowBits*0x7f) | x | lowBits*0x7f); z != 0 {
			return i - 8 + (63-bits.LeadingZeros64(z))/8
		}
	}
	for i--; i >= 0; i-- {
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

func isBlank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			return false
		}
	}
	return true
}

// isTagLine reports whether line (without its '\n') is made of tag pairs
// only. It is looser than a game's first line, so that a damaged tag
// ([Site �Zagreb"]) does not cut its game in two: '[', a name, a blank or
// '"', and the line ends with ']' or has no ']' at all (a pair left open);
// movetext after the tags on the same line makes it a movetext line.
func isTagLine(line []byte) bool {
	if !tagLineOpens(line) {
		return false
	}
	end := len(line)
	for end > 0 && isBlankByte(line[end-1]) {
		end--
	}
	return line[end-1] == ']' || bytes.IndexByte(line[:end], ']') < 0
}

// tagLineOpens reports whether line starts with '[', a name, and a blank or
// '"' (after optional blanks and a BOM).
func tagLineOpens(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if bytes.HasPrefix(line[i:], utf8BOM) {
		i += len(utf8BOM)
	}
	if i >= len(line) || line[i] != '[' {
		return false
	}
	i++
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	start := i
	for i < len(line) && isTagNameByte(line[i]) {
		i++
	}
	return i > start && i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '"')
}

// tagNameAt returns the tag name of the tag line starting at ls.
func tagNameAt(data []byte, ls int) []byte {
	i := bytes.IndexByte(data[ls:], '[')
	if i < 0 {
		return nil
	}
	i += ls + 1
	for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	j := i
	for j < len(data) && isTagNameByte(data[j]) {
		j++
	}
	return data[i:j]
}
