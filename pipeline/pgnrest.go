package pipeline

import (
	"bytes"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-chess/arbiter/parser"
)

// The notes of a converted game quote what was not written as it stands in
// the source: the text from a move (with the move number written before
// it) to the end of its line, comments, NAGs and variations included. The
// helpers here find that text in Game.Text from the input positions the
// parser gives.

// textOff is the offset in g.Text of the input position pos of the game's
// own text. The nearest move at or before pos anchors it (its Pos and its
// Raw span name the same byte), and the bytes between are counted as the
// encoding read them: one input byte a character in a one-byte encoding.
func (w *pgnWriter) textOff(pos parser.Pos) int {
	g := w.g
	t, r := 0, g.Start.Offset
	if g.BOM {
		r += 3
	}
	k := sort.Search(len(g.Moves), func(i int) bool { return g.Moves[i].Pos.Offset > pos.Offset })
	// Any move at or before pos anchors the count; a two-column scoresheet
	// (parser.HasColumns) has its moves out of source order, and the search
	// may land past one that is not.
	if k > 0 && g.Moves[k-1].Pos.Offset <= pos.Offset {
		m := &g.Moves[k-1]
		t, r = int(m.Raw.Off), m.Pos.Offset
	}
	text := g.Text
	for r < pos.Offset && t < len(text) {
		if text[t] < utf8.RuneSelf {
			t++
			r++
			continue
		}
		_, size := utf8.DecodeRune(text[t:])
		t += size
		if g.Encoding == parser.UTF8 {
			r += int64(size)
		} else {
			r++
		}
	}
	return t
}

// findCut finds where the main line stops for text the parser could not
// read: the first problem that stands in the main line, after its first
// move and before the first move not replayed and the result, outside
// comments and variations, and is not about a delimiter (a stray brace or
// parenthesis, an unclosed variation or comment, a bad NAG), a move
// number that does not fit or a word of punctuation alone, which leave no
// move out. Without one, cutRaw stays past every move.
func (w *pgnWriter) findCut() {
	g := w.g
	w.cutRaw, w.cutAfter, w.cutText, w.cutWhy = math.MaxInt64, -1, 0, ""
	w.mtEnd = w.textOff(g.End)
	if h := int(g.NextHeading); h > 0 && h < w.mtEnd {
		w.mtEnd = h // the next game's heading, written there
	}
	limit := g.End.Offset
	if g.Result != "" {
		w.mtEnd, limit = w.textOff(g.ResultPos), g.ResultPos.Offset
		if r := g.ResultRaw; r.Len > 0 && hasLetter(g.Bytes(r)) {
			// A result in words ("Белые сдались ввиду потери фигуры."):
			// the parser kept its line with the last move as a comment,
			// which a note quotes when that move is not written.
			if k := bytes.IndexByte(g.Text[r.Off:], '\n'); k >= 0 {
				w.mtEnd = int(r.Off) + k
			} else {
				w.mtEnd = w.textOff(g.End)
			}
		}
	}
	w.mtEnd = min(w.mtEnd, len(g.Text))
	c0 := w.cont[w.root()]
	if len(g.Problems) == 0 || c0 < 0 {
		return
	}
	for m := c0; m >= 0; m = w.cont[m] {
		if !w.replayed(m) {
			limit = min(limit, g.Moves[m].Pos.Offset)
			break
		}
	}
	first := g.Moves[c0].Pos.Offset
	best := -1
	for i := range g.Problems {
		p := &g.Problems[i]
		if p.Pos.Offset <= first || p.Pos.Offset >= limit || best >= 0 && p.Pos.Offset >= g.Problems[best].Pos.Offset {
			continue
		}
		t := w.textOff(p.Pos)
		if t >= w.mtEnd || !w.atTopLevel(int(g.Moves[c0].Raw.Off), t) {
			continue
		}
		if c := g.Text[t]; c < ' ' || c == 0x7f || bytes.IndexByte([]byte("{}()[]$"), c) >= 0 {
			continue
		}
		if strings.HasPrefix(p.Message, "move number ") || !hasAlnum(g.Text[t:scanEnd(g.Text, t)]) {
			continue // a number that does not fit (its moves were read), or punctuation ("\\")
		}
		best = i
	}
	if best < 0 {
		return
	}
	p := &g.Problems[best]
	w.cutRaw, w.cutWhy = p.Pos.Offset, p.Message
	t := w.textOff(p.Pos)
	w.cutText = w.numberStart(t)
	for m := c0; m >= 0 && g.Moves[m].Pos.Offset < w.cutRaw; m = w.cont[m] {
		w.cutAfter = m
	}
	w.cutText = min(w.cutText, w.afterMove(w.cutAfter, t))
}

// addCutNote appends to w.note the note on the text the main line stops at.
//
//	arbiter: text not read (unexpected text, from "Сc6: dc"); the rest of the game as written: 4. Сc6: dc 5. 0-0 f6
func (w *pgnWriter) addCutNote() {
	if len(w.note) > 0 {
		w.note = append(w.note, ' ')
	}
	w.note = append(w.note, "arbiter: text not read"...)
	w.note = appendReason(w.note, w.cutWhy)
	w.note = append(w.note, "; the rest of the game as written: "...)
	w.note = w.appendSource(w.note, w.cutText, w.mtEnd)
}

// atTopLevel says whether Text offset to, after from (which is in the main
// line), is in the main line too: outside comments, escaped lines and
// variations.
func (w *pgnWriter) atTopLevel(from, to int) bool {
	depth := 0
	text := w.g.Text[:to]
	for i := from; i < len(text); i++ {
		switch text[i] {
		case '{':
			k := bytes.IndexByte(text[i:], '}')
			if k < 0 {
				return false
			}
			i += k
		case ';':
			k := bytes.IndexByte(text[i:], '\n')
			if k < 0 {
				return false
			}
			i += k
		case '%':
			if i == 0 || text[i-1] == '\n' {
				k := bytes.IndexByte(text[i:], '\n')
				if k < 0 {
					return false
				}
				i += k
			}
		case '(', '[':
			depth++
		case ')', ']':
			depth = max(depth-1, 0)
		}
	}
	return depth == 0
}

// lineEnd is the end in Text of the variation whose text goes on at from:
// its closing parenthesis (or bracket, which opens a note in scoresheet
// text), else the end of the movetext.
func (w *pgnWriter) lineEnd(from int) int {
	text := w.g.Text[:max(w.mtEnd, from)]
	depth := 0
	for i := from; i < len(text); i++ {
		switch text[i] {
		case '{':
			k := bytes.IndexByte(text[i:], '}')
			if k < 0 {
				return len(text)
			}
			i += k
		case ';':
			k := bytes.IndexByte(text[i:], '\n')
			if k < 0 {
				return len(text)
			}
			i += k
		case '%':
			if i == 0 || text[i-1] == '\n' {
				k := bytes.IndexByte(text[i:], '\n')
				if k < 0 {
					return len(text)
				}
				i += k
			}
		case '(', '[':
			depth++
		case ')', ']':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return len(text)
}

// moveStart is where move c starts in Text with the move number written
// for it: the last number of its value (Move.Number) after the move before
// it in the source, outside comments, when there is one ("6. — Кр f7"
// quotes the text skipped between the number and the move too), else the
// move itself.
func (w *pgnWriter) moveStart(c int32) int {
	g := w.g
	mv := &g.Moves[c]
	t := int(mv.Raw.Off)
	if mv.Number <= 0 {
		return t
	}
	lo := 0
	if c > 0 {
		if p := &g.Moves[c-1].Raw; int(p.Off+p.Len) <= t {
			lo = int(p.Off + p.Len)
		}
	}
	text := g.Text
	start := t
	for i := lo; i < t; i++ {
		switch c := text[i]; {
		case c == '{' || c == ';':
			e, ok := asideEnd(text, i, t)
			if !ok {
				return start
			}
			i = e
		case c >= '0' && c <= '9' && (i == 0 || !isWordByte(text[i-1])):
			j := i
			for j < t && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if atoiBytes(text[i:j]) == int(mv.Number) && (j == t || text[j] == '.' || isBlank(text[j]) || bytes.HasPrefix(text[j:], []byte("…"))) {
				start = i
			}
			i = j - 1
		}
	}
	return start
}

// asideEnd is the offset of the last byte of the comment text[i] opens
// ('{' to its '}', ';' to its line end), false when it ends at limit or
// after.
func asideEnd(text []byte, i, limit int) (int, bool) {
	end := byte('}')
	if text[i] == ';' {
		end = '\n'
	}
	k := bytes.IndexByte(text[i:limit], end)
	return i + k, k >= 0
}

// afterMove is where the text not written after move p starts, at or
// before Text offset limit: past p, its NAGs, its comments and the
// variations that follow it (all written with p), so that text skipped
// between p and the next move (a move number, a word the parser could not
// read) is quoted too. A remark of scoresheet text that the parser made
// p's comment (the source text itself, its words after punctuation at
// most) is written with p too.
func (w *pgnWriter) afterMove(p int32, limit int) int {
	text := w.g.Text
	raw := w.g.Moves[p].Raw
	i := int(raw.Off + raw.Len)
	if i > limit {
		return limit
	}
	remark := w.g.Moves[p].Comment
	depth := 0
	for i < limit {
		switch c := text[i]; {
		case depth == 0 && remark.Len > 0 && int(remark.Off) >= i && int(remark.Off+remark.Len) <= limit && !hasAlnum(text[i:remark.Off]) &&
			bytes.IndexAny(text[i:remark.Off], "{;") < 0: // a comment in braces or after ';' is the aside case's
			i = int(remark.Off+remark.Len) - 1
			remark = parser.Span{}
		case isBlank(c):
		case c == '{' || c == ';':
			e, ok := asideEnd(text, i, limit)
			if !ok {
				return limit
			}
			i = e
		case c == '$':
			for i+1 < limit && text[i+1] >= '0' && text[i+1] <= '9' {
				i++
			}
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0:
			return i
		}
		i++
	}
	return limit
}

// isWordByte says whether c may stand inside a word (not a blank, a
// delimiter or a dot).
func isWordByte(c byte) bool {
	return !isBlank(c) && bytes.IndexByte([]byte("(){}[];.,\""), c) < 0
}

// numberStart is where the text at Text offset t starts with the move
// number written just before it ("12. ", "12..."), else t.
func (w *pgnWriter) numberStart(t int) int {
	text := w.g.Text
	i := t
	dots := false
	for i > 0 {
		switch c := text[i-1]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i--
		case c == '.':
			i--
			dots = true
		case i >= 3 && bytes.Equal(text[i-3:i], []byte("…")):
			i -= 3
			dots = true
		default:
			goto digits
		}
	}
digits:
	j := i
	for j > 0 && text[j-1] >= '0' && text[j-1] <= '9' {
		j--
	}
	if j == i || !dots || j > 0 && isWordByte(text[j-1]) {
		return t
	}
	return j
}

func atoiBytes(b []byte) int {
	v := 0
	for _, c := range b {
		if v > math.MaxInt32 {
			break
		}
		v = v*10 + int(c-'0')
	}
	return v
}

// appendSource appends Text[from:to] to dst with the blanks at its ends
// trimmed. A "[%" becomes "[ %", so that a command quoted from a move not
// written is not read again as one of the move the note is on; the
// comment writer folds the other blanks and turns '}' into ')'.
func (w *pgnWriter) appendSource(dst []byte, from, to int) []byte {
	text := w.g.Text
	to = min(to, len(text))
	for from < to && isBlank(text[from]) {
		from++
	}
	for to > from && isBlank(text[to-1]) {
		to--
	}
	src := text[from:to]
	for {
		k := bytes.Index(src, []byte("[%"))
		if k < 0 {
			return append(dst, src...)
		}
		dst = append(dst, src[:k+1]...)
		dst = append(dst, ' ')
		src = src[k+1:]
	}
}

// scanEnd is the end of the word at i: the next blank or delimiter.
func scanEnd(t []byte, i int) int {
	for i < len(t) && !isBlank(t[i]) && bytes.IndexByte([]byte("{}()[];$"), t[i]) < 0 {
		i++
	}
	return i
}

// hasLetter says whether w holds a letter: words, not a marker.
func hasLetter(w []byte) bool {
	for _, r := range string(w) {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// hasAlnum says whether w holds a letter or a digit: text that may be a move.
func hasAlnum(w []byte) bool {
	for _, r := range string(w) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}
