package parser

import (
	"unicode"
	"unicode/utf8"
)

// namedInProse says whether the move word src[i:e] of scoresheet text,
// standing after a word of prose, is named by the sentence rather than
// played: a square after a word that names a square or a piece ("отскоком
// коня на е8", "слона е2", "через поле a6", "на пункт e4", "on h7", "auf
// c8"), or any move after a word that makes it a threat ("с угрозой Лe1", "threatening
// Re1"), which is the same side's next move, not the reply, and a diagonal
// by its end squares ("по диагонали b1-h7"). A book's moves
// stand after a number or another move, which this never looks at; a move
// after other prose ("лучше Кf3", "Следовало играть g6") is still the
// note's move.
func (p *Parser) namedInProse(i, e int) bool {
	if !p.text || p.lastWasMove || p.pend.ok || p.lost != 0 {
		return false
	}
	w := lowerWord(p.src, i)
	if w == "" {
		return false
	}
	if threatWords[w] {
		return true
	}
	if diagonalWords[w] {
		// "по диагонали b1-h7": two squares, no piece
		r, _ := utf8.DecodeRune(p.src[i:e])
		return isFileRune(r)
	}
	return squareWords[w] && bareSquare(p.src[i:e])
}

// lowerWord returns, in small letters, the word of letters that ends just
// before the blanks before src offset i, or "" when there is none.
func lowerWord(src []byte, i int) string {
	k := i
	for k > 0 && (src[k-1] == ' ' || src[k-1] == '\t' || src[k-1] == '\n' || src[k-1] == '\r') {
		k--
	}
	if k == i {
		return ""
	}
	end := k
	for k > 0 && end-k < 40 {
		r, size := utf8.DecodeLastRune(src[:k])
		if !unicode.IsLetter(r) {
			break
		}
		k -= size
	}
	if k == end {
		return ""
	}
	b := make([]rune, 0, end-k)
	for _, r := range string(src[k:end]) {
		b = append(b, unicode.ToLower(r))
	}
	return string(b)
}

// bareSquare says whether w is a square alone, as prose names one: a file
// and a rank, Cyrillic look-alike files included, and nothing else but
// sentence punctuation after them.
func bareSquare(w []byte) bool {
	r, size := utf8.DecodeRune(w)
	if !isFileRune(r) {
		return false
	}
	r2, size2 := utf8.DecodeRune(w[size:])
	if r2 < '1' || r2 > '8' {
		return false
	}
	for _, c := range w[size+size2:] {
		if c != '.' && c != ',' && c != ';' && c != ':' && c != ')' && c != '!' && c != '?' {
			return false
		}
	}
	return true
}

// squareWords are the words after which a square is named, not played: a
// preposition of place, the words for a square and a point, and a piece's
// name in the forms a sentence puts before its square.
var squareWords = setOf(
	"на", "через", "поле", "поля", "полю", "полем", "пункт", "пункта", "пункту", "пунктом", "пункте",
	"клетку", "клетке", "слона", "слон", "слоном", "коня", "конь", "конём", "конем", "ферзя", "ферзь",
	"ферзём", "ферзем", "ладьи", "ладью", "ладья", "ладьёй", "ладьей", "короля", "король", "королём",
	"королем", "пешки", "пешку", "пешка", "пешкой",
	"on", "square", "via", "auf",
)

// diagonalWords name a diagonal by its two end squares ("b1-h7").
var diagonalWords = setOf("диагональ", "диагонали", "диагональю", "diagonal")

// threatWords make the move after them a threat, not a move played.
var threatWords = setOf(
	"угрозой", "угроза", "угрожая", "грозит", "грозило", "грозя",
	"threatening", "threatens", "threat",
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
