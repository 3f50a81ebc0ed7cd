package pipeline

import (
	"bytes"
	"unicode/utf8"
)

// maxColumns is the longest line of movetext the PGN export format allows
// (standard, section 8.2.6: fewer than 80 columns).
const maxColumns = 79

// maxWord is the longest comment text that pieces hands on whole even
// when it holds spaces (a [%command]): with its braces it still fits a
// line.
const maxWord = maxColumns - 2

// maxLine is the longest line in bytes any PGN reader must take (standard,
// section 4.3: 255 characters, here counted in bytes to be safe). A
// comment word too long for 80 columns stays whole on a longer line, as
// cutting it would change it when read again; only a word that, with its
// braces, would not fit maxLine either (maxLongWord) is cut.
const (
	maxLine     = 255
	maxLongWord = maxLine - 2
)

// comment writes text as one comment, word by word so that it wraps:
// blanks become single spaces (a comment is prose), a [%command] stays one
// word, a '}' (possible from a ';' comment) becomes ')', and a word too
// long for a line has a line of its own, cut only past maxLongWord bytes.
// Writing nothing for an empty text keeps a reread identical.
func (w *pgnWriter) comment(text []byte) {
	o := &w.out
	opened, glue := false, false
	for i := 0; i < len(text); {
		for i < len(text) && isBlank(text[i]) {
			i++
		}
		if i == len(text) {
			break
		}
		j := wordEnd(text, i)
		w.tok = cleanWord(w.tok[:0], text[i:j])
		i = j
		for piece := range pieces(w.tok) {
			switch {
			case !opened:
				o.word("{")
				add(o, piece)
				opened = true
			case piece[0] == '%' || piece[0] == '[' && (len(piece) < 2 || piece[1] != '%'):
				// A line that starts with '%' is an escape line readers
				// skip, and one that starts with '[' may be read as a tag
				// pair that begins a game: such a word joins the one before
				// it while the line stays within maxLine; past that (a run
				// of "[1] [2] ..."), it starts a line with '(' for its '['
				// or before its '%', as '}' becomes ')'.
				if len(o.cur)+1+len(piece) <= maxLongWord {
					add(o, " ")
					add(o, piece)
				} else if o.word(""); piece[0] == '[' {
					add(o, "(")
					add(o, piece[1:])
				} else {
					add(o, "(")
					add(o, piece)
				}
			case glue:
				// A move number reads better with its move.
				addIfFits(o, " ", piece)
			default:
				o.word("")
				add(o, piece)
			}
			glue = isMoveNumber(piece)
		}
	}
	if opened {
		addIfFits(o, "", "}")
		o.needNumber = true
	}
}

// isMoveNumber says whether w is a move number: digits, then dots.
func isMoveNumber(w []byte) bool {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 || i == len(w) {
		return false
	}
	for ; i < len(w); i++ {
		if w[i] != '.' {
			return false
		}
	}
	return true
}

func isBlank(c byte) bool { return c <= ' ' || c == 0x7f }

// wordEnd is the end of the word at i: a [%command] runs to its ']'.
func wordEnd(t []byte, i int) int {
	if i+1 < len(t) && t[i] == '[' && t[i+1] == '%' {
		for j := i; j < len(t); j++ {
			if t[j] == ']' {
				return j + 1
			}
		}
	}
	j := i
	for j < len(t) && !isBlank(t[j]) {
		j++
	}
	return j
}

// cleanWord appends w with blanks folded to single spaces and '}' made ')'.
func cleanWord(dst, w []byte) []byte {
	blank := false
	for _, c := range w {
		switch {
		case isBlank(c):
			blank = true
			continue
		case blank:
			dst = append(dst, ' ')
			blank = false
		}
		if c == '}' {
			c = ')'
		}
		dst = append(dst, c)
	}
	return dst
}

// pieces yields w cut into the pieces comment places as words: w whole
// when it fits a line (maxWord runes); else a [%command] cut at its
// spaces, and any piece without spaces whole up to maxLongWord bytes, cut
// at that length past it.
func pieces(w []byte) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		for len(w) > 0 {
			if utf8.RuneCount(w) <= maxWord {
				yield(w)
				return
			}
			cut := bytes.IndexByte(w, ' ')
			if cut < 0 {
				cut = len(w)
			}
			if cut > maxLongWord {
				cut = maxLongWord
				for !utf8.RuneStart(w[cut]) {
					cut--
				}
			}
			if !yield(w[:cut]) {
				return
			}
			w = w[cut:]
			for len(w) > 0 && w[0] == ' ' {
				w = w[1:]
			}
		}
	}
}

// lineWriter lays words out in lines of at most maxColumns runes, one
// space apart. A word is built up first (a move number and its move, a
// parenthesis and the move it opens) and placed when the next one starts,
// on the current line if it fits, else on a new one.
type lineWriter struct {
	buf        []byte
	col        int // runes on the current line
	cur        []byte
	curRunes   int
	glueNext   bool // the next word joins the current one: "(" before a move
	needNumber bool // the next move gets its number even if Black's
}

// word starts a new word with s.
func (o *lineWriter) word(s string) {
	if o.glueNext {
		o.glueNext = false
	} else {
		o.flush()
	}
	add(o, s)
}

// add adds s to the current word.
func add[T string | []byte](o *lineWriter, s T) {
	o.cur = append(o.cur, s...)
	o.curRunes += runeCount(s)
}

// addIfFits adds sep and s to the current word if the word still fits a
// line, or if it is too long for one already and stays within maxLine
// bytes ("}" after a long word); else it starts a new word with s.
func addIfFits[T string | []byte](o *lineWriter, sep string, s T) {
	fits := o.curRunes+len(sep)+runeCount(s) <= maxColumns ||
		o.curRunes > maxColumns && len(o.cur)+len(sep)+len(s) <= maxLine
	if !fits || len(o.cur) == 0 {
		o.word("")
		add(o, s)
		return
	}
	add(o, sep)
	add(o, s)
}

func runeCount[T string | []byte](s T) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

func (o *lineWriter) nag(n uint8) {
	o.word("$")
	o.cur = appendInt(o.cur, int(n))
	o.curRunes = len(o.cur)
}

// flush places the current word on the line, or on a new line if it does
// not fit.
func (o *lineWriter) flush() {
	if len(o.cur) == 0 {
		return
	}
	if o.col > 0 {
		if o.col+1+o.curRunes > maxColumns {
			o.buf = append(o.buf, '\n')
			o.col = 0
		} else {
			o.buf = append(o.buf, ' ')
			o.col++
		}
	}
	o.buf = append(o.buf, o.cur...)
	o.col += o.curRunes
	o.cur, o.curRunes = o.cur[:0], 0
}

// end places the last word and ends the line.
func (o *lineWriter) end() {
	o.flush()
	if o.col > 0 {
		o.buf = append(o.buf, '\n')
		o.col = 0
	}
}
