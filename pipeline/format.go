package pipeline

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// location is where a finding points: its own place, or the game's start
// when it carries none; the column in bytes, without a BOM, as the text and
// jsonl formats and the tables print it (validate.Finding.ByteCol).
func location(r *GameRecord, f *validate.Finding) parser.Pos {
	pos := f.Pos
	if pos.Line <= 0 {
		pos = r.Start
	}
	if f.ByteCol > 0 {
		pos.Col = f.ByteCol
	}
	return pos
}

// charLocation is location with the column in characters (Unicode code
// points), as SARIF and GitHub annotations count columns; the text and jsonl
// formats and the tables keep the byte column. A finding whose character
// column is not known (CharCol 0) keeps its byte column.
func charLocation(r *GameRecord, f *validate.Finding) parser.Pos {
	pos := location(r, f)
	if f.CharCol > 0 {
		pos.Col = f.CharCol
	}
	return pos
}

// displayName is how the text, github and sarif formats name a file:
// standard input is "<stdin>", as compilers print it. jsonl and the tables
// keep "-", the file column's value, so that the two join.
func displayName(path string) string {
	if path == Stdin {
		return "<stdin>"
	}
	return path
}

// numbering is how ply numbers become move numbers in a game: the move
// number of its first ply and whether Black makes it.
type numbering struct {
	first      int
	blackFirst bool
}

// numberingOf reads the game's FEN tag; without a readable FEN the first
// ply is White's move 1.
func numberingOf(r *GameRecord) numbering {
	n := numbering{first: 1}
	fen := r.Tag("FEN")
	for i := 0; fen != ""; i++ {
		fen = strings.TrimLeft(fen, " ")
		field, rest, _ := strings.Cut(fen, " ")
		switch i {
		case 1:
			n.blackFirst = field == "b"
		case 5:
			if v, err := strconv.Atoi(field); err == nil && v > 0 {
				n.first = v
			}
		}
		fen = rest
	}
	return n
}

// appendWhere appends the move a finding concerns, as the text formats end
// a line:
//
//	" (move 12. Nf3, ply 23)"     White's move
//	" (move 12... Nf6, ply 24)"   Black's move
//	" (move 12..., ply 24)"       when the move text is unknown
//	" (move 12... Nf6, ply 24, variation 11.2)"  in a side line
//	" (start position)"           ply 0
//	" (variation 11.2)"           no ply (-1), in a side line
//	""                            no ply (-1)
//
// The move number is N = F + (P-1+b)/2, and White moves when P-1+b is
// even, for ply P, F the FEN's move number (1 without a FEN) and b 1 when
// Black moves first.
func appendWhere(dst []byte, n numbering, f *validate.Finding) []byte {
	switch {
	case f.Ply < 0 && f.Variation != "":
		// A side line the replay stopped in at a syntax problem: no ply
		// of its own, but the line must still be named.
		dst = append(dst, " (variation "...)
		return append(appendOneLine(dst, f.Variation), ')')
	case f.Ply < 0:
		return dst
	case f.Ply == 0:
		return append(dst, " (start position)"...)
	}
	half := f.Ply - 1
	if n.blackFirst {
		half++
	}
	dst = append(dst, " (move "...)
	dst = strconv.AppendInt(dst, int64(n.first+half/2), 10)
	if half%2 == 0 {
		dst = append(dst, '.')
	} else {
		dst = append(dst, "..."...)
	}
	if f.Move != "" {
		dst = append(dst, ' ')
		dst = appendOneLine(dst, f.Move)
	}
	dst = append(dst, ", ply "...)
	dst = strconv.AppendInt(dst, int64(f.Ply), 10)
	if f.Variation != "" {
		dst = append(dst, ", variation "...)
		dst = appendOneLine(dst, f.Variation)
	}
	return append(dst, ')')
}

// appendOneLine appends s with control characters replaced by spaces, so
// that a message quoting the input cannot break a line-based format.
func appendOneLine(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			dst = append(dst, ' ')
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// appendJSONList appends list as a JSON list of strings: [] when empty,
// never null, as jsonl's and SARIF's suggestions are documented.
func appendJSONList(dst []byte, list []string) []byte {
	dst = append(dst, '[')
	for i, s := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, s)
	}
	return append(dst, ']')
}

// appendJSONString appends s as a JSON string. Invalid UTF-8 becomes
// U+FFFD, and U+2028 and U+2029 are escaped as encoding/json does, so that
// the output is also valid JavaScript.
func appendJSONString[T string | []byte](dst []byte, s T) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
