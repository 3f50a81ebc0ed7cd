package parser

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf8"
)

// tagPair reads a tag pair at src offset i ('[') and returns the offset
// after it; ok is false when the text there is not a tag pair at all.
func (p *Parser) tagPair(i int) (end int, ok bool) {
	s := p.src
	n := len(s)
	j := skipBlanks(s, i+1)
	ns := j
	for j < n && isTagNameByte(s[j]) {
		j++
	}
	ne := j
	if ne == ns || ne-ns > maxTagName {
		return i, false
	}
	j = skipBlanks(s, j)
	if j >= n || s[j] != '"' {
		return i, false
	}
	if p.ended {
		// A tag pair after a finished game on the same line opens the next.
		p.splitGame(i, p.posAt(i))
	}
	inMovetext := len(p.g.Moves) > 0 || p.pend.ok
	pos := p.posAt(i)

	j++
	valueStart := j
	vs := len(p.tagBuf)
	closed, truncated := false, false
	for j < n {
		// Copy up to the next quote or backslash in one go.
		k := j
		for k < n && !tagValueStop[s[k]] {
			k++
		}
		if room := maxTagValue - (len(p.tagBuf) - vs); k-j > room {
			p.tagBuf = append(p.tagBuf, s[j:j+room]...)
			truncated = true
		} else {
			p.tagBuf = append(p.tagBuf, s[j:k]...)
		}
		j = k
		if j >= n {
			break
		}
		c := s[j]
		if c == '"' {
			closed = true
			j++
			break
		}
		if c == '\n' || c == '\r' {
			break
		}
		// a backslash: an escape for a quote or a backslash, else itself
		if j+1 < n && (s[j+1] == '"' || s[j+1] == '\\') {
			j++
		}
		if len(p.tagBuf)-vs < maxTagValue {
			p.tagBuf = append(p.tagBuf, s[j])
		} else {
			truncated = true
		}
		j++
	}
	if truncated {
		// Cut at a character start so that the value stays valid UTF-8.
		p.tagBuf = p.tagBuf[:runeStartBefore(p.tagBuf, len(p.tagBuf))]
		p.problemAt(pos, fmt.Sprintf("tag value longer than %d bytes cut", maxTagValue))
	}
	ve := len(p.tagBuf)
	if !closed {
		p.problemAt(pos, "tag value not closed by \"")
	}
	j = skipBlanks(s, j)
	switch {
	case j < n && s[j] == ']':
		j++
	case closed:
		e := p.endOfLine(j)
		if q, ok := innerQuotesEnd(s[:e], j); ok && !truncated {
			// [White ""Mephisto""], [Event "The "Big" Open"]: quotes
			// in the value, not escaped. The value runs to the last
			// quote of the line, as every reader of such files takes it.
			p.tagBuf = appendTagValue(p.tagBuf[:vs], s[valueStart:q])
			ve = len(p.tagBuf)
			p.problemAt(pos, `quotes inside the tag value not escaped: write \" for each; the value is read to the last " before ]`)
			j = skipBlanks(s, q+1) + 1
			break
		}
		p.problemAt(pos, "tag pair not closed by ]")
		// A ']' later on the line closes it, unless a '[' opens
		// another first: the first of the two decides, so that a line of
		// unclosed pairs is searched once, not once for each.
		if k := bytes.IndexAny(s[j:e], "[]"); k < 0 {
			p.work += e - j
		} else if p.work += k + 1; s[j+k] == ']' {
			j += k + 1
		}
	}
	if len(p.g.Tags) >= maxTags {
		if p.once(saidTooManyTags) {
			p.problemAt(pos, fmt.Sprintf("more than %d tag pairs: the rest are not kept", maxTags))
		}
		p.tagBuf = p.tagBuf[:vs]
		return j, true
	}
	if inMovetext {
		p.problemAt(pos, "tag pair inside the movetext ignored")
		p.tagBuf = p.tagBuf[:vs]
		return j, true
	}
	ref := tagRef{valOff: int32(vs), valLen: int32(ve - vs)}
	name := internedTagName(s[ns:ne])
	if name == "" {
		ref.nameOff = int32(len(p.tagBuf))
		ref.nameLen = int32(ne - ns)
		p.tagBuf = append(p.tagBuf, s[ns:ne]...)
	}
	p.g.Tags = append(p.g.Tags, Tag{})
	t := &p.g.Tags[len(p.g.Tags)-1]
	t.Name, t.Pos = name, pos
	p.tagRefs = append(p.tagRefs, ref)
	p.text = false
	return j, true
}

// innerQuotesEnd reports whether line, from j (just past a tag value's
// closing quote) to its end, ends with `"]` and holds no '[' or ']' before
// it: the value went on, its quotes not escaped. It returns the offset of
// that last quote.
func innerQuotesEnd(line []byte, j int) (q int, ok bool) {
	e := len(line)
	for e > j && (line[e-1] == ' ' || line[e-1] == '\t') {
		e--
	}
	if e-j < 2 || line[e-1] != ']' {
		return 0, false
	}
	q = e - 2
	for q > j && (line[q] == ' ' || line[q] == '\t') {
		q--
	}
	if line[q] != '"' || bytes.ContainsAny(line[j:q], "[]") {
		return 0, false
	}
	return q, true
}

// appendTagValue appends a tag value as written, its \" and \\ escapes
// undone, and cut to maxTagValue bytes at a character start.
func appendTagValue(dst, v []byte) []byte {
	start := len(dst)
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
			i++
		}
		dst = append(dst, v[i])
	}
	if len(dst)-start > maxTagValue {
		dst = dst[:start+runeStartBefore(dst[start:], maxTagValue)]
	}
	return dst
}

// tagValueStop marks the bytes that interrupt a plain copy of a tag value.
var tagValueStop = func() (t [256]bool) {
	t['"'], t['\\'], t['\n'], t['\r'] = true, true, true, true
	return t
}()

// internedNames are the tag names seen in nearly every game, which the
// parser gives a shared string, so that they cost no allocation. None is
// longer than 16 bytes (internedWords reads them in two words).
var internedNames = [...]string{
	"Event", "Site", "Date", "Round", "White", "Black", "Result",
	"WhiteElo", "BlackElo", "ECO", "Opening", "Variation", "EventDate",
	"PlyCount", "TimeControl", "Termination", "FEN", "SetUp", "Variant",
	"Annotator", "UTCDate", "UTCTime", "WhiteTitle", "BlackTitle",
	"WhiteRatingDiff", "BlackRatingDiff", "WhiteFideId", "BlackFideId",
	"EventType", "EventRounds", "EventCountry", "Source", "SourceDate",
	"Board", "Mode", "Time", "WhiteTeam", "BlackTeam", "Link", "ECOUrl",
	"StartTime", "EndTime", "EndDate", "CurrentPosition", "Timezone", "GameId",
}

// internedTagName returns the shared string of the tag name b, "" for a name
// not interned.
func internedTagName(b []byte) string {
	if len(b) == 0 || len(b) > 16 {
		return ""
	}
	if name := internedWords(nameWords(b)); len(name) == len(b) {
		return name // not a name followed by zero bytes, which the padding hides
	}
	return ""
}

// internedWords returns the shared string of the tag name whose bytes, read
// little-endian and zero past its end, are w0 and w1 ("" when it is not
// interned). A name holds no zero byte, so the two words tell its length
// too. One hash and one comparison of two words mostly, where a switch on
// the name took a binary search on its first bytes.
func internedWords(w0, w1 uint64) string {
	for h := internHash(w0, w1); ; h = (h + 1) % uint64(len(internTable)) {
		e := &internTable[h]
		if e.w0 == w0 && e.w1 == w1 {
			return e.name
		}
		if e.w0 == 0 {
			return ""
		}
	}
}

// internSlot is a name of internedNames in internTable: its bytes as
// internedWords reads them.
type internSlot struct {
	w0, w1 uint64
	name   string
}

// internTable holds internedNames by internHash, each in the first free
// slot from there on; its empty slots end a search. It is under half full,
// so that a search mostly ends at its first slot.
var internTable = func() (t [128]internSlot) {
	for _, name := range internedNames {
		w0, w1 := nameWords([]byte(name))
		h := internHash(w0, w1)
		for t[h].w0 != 0 {
			h = (h + 1) % uint64(len(t))
		}
		t[h] = internSlot{w0, w1, name}
	}
	return t
}()

// nameWords returns the first 16 bytes of b, zero past its end, read
// little-endian as two words: a name as internedWords looks it up.
func nameWords(b []byte) (w0, w1 uint64) {
	var w [16]byte
	copy(w[:], b)
	return binary.LittleEndian.Uint64(w[:]), binary.LittleEndian.Uint64(w[8:])
}

func internHash(w0, w1 uint64) uint64 {
	return ((w0 ^ w1*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9) >> 57
}

// malformedTag says what is wrong with line, a tag pair from its '[' to its
// ']' or the line's end that tagPair could not read, and how to write it
// when that is clear:
// a value typed without quotes or in typographic ones ("[Date 2024.03.15]",
// "[Black “B”]") leaves readers guessing what "malformed" means.
func malformedTag(line []byte) string {
	const msg = "malformed tag pair"
	j := skipBlanks(line, 1)
	ns := j
	for j < len(line) && isTagNameByte(line[j]) {
		j++
	}
	name := line[ns:j]
	if len(name) == 0 || len(name) > maxTagName {
		return msg + ": a tag name (letters, digits, _) must follow the ["
	}
	if j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '"' && line[j] != ']' && line[j] != '\'' {
		// A character in the name: "[GreatestGameEverPlayed? \"True\"]".
		if r, _ := utf8.DecodeRune(line[j:]); !typographicQuote(r) {
			e := j
			for e < len(line) && line[e] != ' ' && line[e] != '\t' && line[e] != '"' && line[e] != ']' {
				e++
			}
			return fmt.Sprintf("%s: %q is no tag name: letters, digits and _ only", msg, line[ns:e])
		}
	}
	j = skipBlanks(line, j)
	rest := bytes.TrimRight(line[j:], " \t\r")
	rest = bytes.TrimSuffix(rest, []byte("]"))
	rest = bytes.TrimSpace(rest)
	if len(rest) == 0 {
		return msg + ": " + string(name) + " has no value"
	}
	why := ": the value must be in straight double quotes"
	r, _ := utf8.DecodeRune(rest)
	if typographicQuote(r) || rest[0] == '\'' {
		why += fmt.Sprintf(" (\", not %c)", r)
	}
	value := bytes.TrimFunc(rest, func(r rune) bool { return typographicQuote(r) || r == '\'' })
	if len(value) == 0 || len(value) > 80 || bytes.ContainsAny(value, "\"\\[]") || !utf8.Valid(value) {
		return msg + why
	}
	return fmt.Sprintf("%s%s; write [%s \"%s\"]", msg, why, name, value)
}

// typographicQuote reports the quotation marks word processors put for '"'.
func typographicQuote(r rune) bool {
	switch r {
	case '“', '”', '„', '‟', '«', '»', '‘', '’', '‚', '‛', '″', '＂':
		return true
	}
	return false
}
