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
// Re1"), which is the same side's next move, not the reply, or after the
// word for a move ("ходами Kg1-f3", "после хода Кf3"), a move joined to a
// move so named by "and" or "or" ("ходами Kg1-f3 и d2-d4"), and a diagonal
// by its end squares ("по диагонали b1-h7"). A book's moves
// stand after a number or another move, which this never looks at; a move
// after other prose ("лучше Кf3", "Следовало играть g6") is still the
// note's move. The other languages' prose is namedElsewhere's.
func (p *Parser) namedInProse(i, e int) bool {
	if !p.text || p.lastWasMove || p.pend.ok || p.lost != 0 {
		return false
	}
	if quoted(p.src, i, e) {
		// a sentence quotes a move to name it, a score never: del tratto
		// "Af1-b5" risale al 1561
		return true
	}
	w := lowerWord(p.src, i)
	if w == "" {
		return false
	}
	if threatWords[w] || moveWords[w] {
		return true
	}
	if andWords[w] && p.namedEnd >= 0 && p.namedEnd == blanksBack(p.src, skipWordBack(p.src, i)) {
		return true
	}
	if diagonalWords[w] {
		// "по диагонали b1-h7": two squares, no piece
		r, _ := utf8.DecodeRune(p.src[i:e])
		return isFileRune(r)
	}
	if squareWords[w] && bareSquare(p.src[i:e]) {
		return true
	}
	return namedElsewhere(p.src, i, e, w)
}

// namedElsewhere says whether the move word src[i:e], after the word w of
// prose, is named by a sentence in German, Italian, Spanish, Portuguese,
// French or English, whose words for it stand around the move rather than
// just before it, as Russian's do. A threat or a plan may be a noun with an
// adjective and "of" between it and its move ("com ameaça imediata de f4",
// "seguido de Taf1"). The other shapes need the word before on the move's
// line and the sentence going on after it on that line (a word of prose or
// the punctuation that ends a phrase), so that a move at a line's start, or
// before another move, as a book sets its moves, is still played: an
// article or the like before it ("den Lc8 ein", "alfiere col Cc6.",
// "Eventuelles Dd8-d4 wird"), a pawn chain's squares ("Die
// Bauernformation c3-d4 ist"), a square after the word for a piece or a
// square, with the adjective that Romance languages set after the noun
// between ("il pedone debole e5 minacciando"), and German "mit" before a
// clause's last words ("sich mit h7-h6 weiter schwächt", "wird mit Dd1-e2
// beantwortet").
func namedElsewhere(src []byte, i, e int, w string) bool {
	w2, w3, sameLine := wordsBefore(src, i)
	if linkWords[w] && (threatWords[w2] || threatWords[w3]) {
		return true
	}
	if !sameLine {
		return false
	}
	ends, goesOn := phraseAfter(src, e)
	if !ends && goesOn == "" {
		return false
	}
	r, _ := utf8.DecodeRune(src[i:e])
	switch {
	case articleWords[w]:
		return true
	case chainWords[w]:
		return isFileRune(r)
	case nounWords[w] || nounWords[w2] || afterNouns[goesOn]:
		return bareSquare(src[i:e])
	case w == "mit":
		// German sets the verb last: "mit Sf6 und ..." and "antwortet mit
		// Sf6." leave the move the note's reply
		return goesOn != "" && !conjunctions[goesOn]
	}
	return false
}

// quoted says whether the word src[i:e] stands between quotes.
func quoted(src []byte, i, e int) bool {
	if i == 0 || e >= len(src) {
		return false
	}
	before, _ := utf8.DecodeLastRune(src[:i])
	after, _ := utf8.DecodeRune(src[e:])
	return isQuoteRune(before) && isQuoteRune(after)
}

func isQuoteRune(r rune) bool {
	switch r {
	case '"', '\'', '«', '»', '„', '“', '”', '‘', '’', '‚':
		return true
	}
	return false
}

// wordsBefore returns, in small letters, the two words of letters before
// the word of prose that ends before src offset i (lowerWord's), with only
// blanks between them, "" where there is none, and whether that word
// stands on i's line.
func wordsBefore(src []byte, i int) (w2, w3 string, sameLine bool) {
	k := i
	for k > 0 && (src[k-1] == ' ' || src[k-1] == '\t') {
		k--
	}
	sameLine = k > 0 && src[k-1] != '\n' && src[k-1] != '\r'
	k = skipWordBack(src, i)
	if w2 = lowerWord(src, k); w2 != "" {
		w3 = lowerWord(src, skipWordBack(src, k))
	}
	return w2, w3, sameLine
}

// blanksBack returns where the blanks before src offset i begin.
func blanksBack(src []byte, i int) int {
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	return i
}

// skipWordBack returns where the word of letters that ends before the
// blanks before src offset i begins.
func skipWordBack(src []byte, i int) int {
	k := i
	for k > 0 && (src[k-1] == ' ' || src[k-1] == '\t' || src[k-1] == '\n' || src[k-1] == '\r') {
		k--
	}
	for k > 0 {
		r, size := utf8.DecodeLastRune(src[:k])
		if !unicode.IsLetter(r) {
			break
		}
		k -= size
	}
	return k
}

// phraseAfter reads what follows the move word ending at src offset e on
// its line: ends when it is punctuation that ends a phrase or a quote
// ("col Cc6. Da notare", "den Lc8)"), goesOn the next word in small letters
// when it is a word of prose ("den Lc8 ein"). A move, a number or the
// line's end is neither: the text past the line may be the next chunk's.
func phraseAfter(src []byte, e int) (ends bool, goesOn string) {
	k := e
	for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	if k == len(src) {
		return false, ""
	}
	r, _ := utf8.DecodeRune(src[k:])
	if r == '.' || r == ',' || r == ';' || r == ':' || r == ')' || r == ']' || r == '…' || isQuoteRune(r) {
		return true, ""
	}
	end := k
	for end < len(src) && end-k < 40 {
		r, size := utf8.DecodeRune(src[end:])
		if !unicode.IsLetter(r) {
			break
		}
		end += size
	}
	word := src[k:end]
	if utf8.RuneCount(word) < 2 || end < len(src) && (src[end] >= '0' && src[end] <= '9' || src[end] == '-') {
		// "Kxe5", "O-O", a file letter: a move
		return false, ""
	}
	if len(word) == 2 && isFileRune(rune(word[0])) && isFileRune(rune(word[1])) {
		// "cd", a pawn's capture by its files
		return false, ""
	}
	return false, string(toLower(word))
}

func toLower(w []byte) []rune {
	b := make([]rune, 0, len(w))
	for _, r := range string(w) {
		b = append(b, unicode.ToLower(r))
	}
	return b
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
	w, _ := lowerWordAt(src, k)
	return w
}

// lowerWordAt returns, in small letters, the word of letters that ends at
// src offset end, "" when there is none, and where it begins.
func lowerWordAt(src []byte, end int) (string, int) {
	k := end
	for k > 0 && end-k < 40 {
		r, size := utf8.DecodeLastRune(src[:k])
		if !unicode.IsLetter(r) {
			break
		}
		k -= size
	}
	if k == end {
		return "", k
	}
	return string(toLower(src[k:end])), k
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

// moveWords are the Russian word for a move in the forms a sentence names
// its move after: "ход e2-e4", "после хода Кf3", "ходом Cd6-c5",
// "ходами Kg1-f3".
var moveWords = setOf("ход", "хода", "ходу", "ходом", "ходе", "ходы", "ходов", "ходам", "ходами", "ходах")

// andWords join a move to the move named before them: "ходами Kg1-f3 и
// d2-d4", "threatening Qxf7 or Qxh7".
var andWords = setOf("и", "или", "and", "or", "und", "oder", "et", "ou", "e", "y", "o", "ed")

// diagonalWords name a diagonal by its two end squares ("b1-h7").
var diagonalWords = setOf("диагональ", "диагонали", "диагональю", "diagonal")

// threatWords make the move after them a threat, not a move played, or a
// plan's next move ("seguido de Taf1", "followed by Rae1"): the same
// side's move, not the reply.
var threatWords = setOf(
	"угрозой", "угроза", "угрожая", "грозит", "грозило", "грозя",
	"threatening", "threatens", "threat", "followed",
	"drohung", "droht", "drohend", "gefolgt",
	"minaccia", "minacciando", "seguito", "seguita",
	"amenaza", "amenazando", "seguido", "seguida",
	"ameaça", "ameaca", "ameaçando", "ameacando",
	"menace", "menaçant", "suivi", "suivie",
)

// linkWords join a threat or a plan to its move: "ameaça de f4", "threat
// of Re1", "followed by Rae1", "gefolgt von Lc4", "minaccia di Cxf7".
var linkWords = setOf("de", "di", "da", "of", "by", "von", "par")

// articleWords make the move after them a noun of the sentence: articles
// and possessives, the prepositions that hold an article in Italian,
// Spanish, Portuguese and French, and the adjectives of a move that may
// come ("Eventuelles Dd8-d4 wird"). Portuguese "o" and "a" are left out:
// one letter is a file, and Spanish "o" is "or", before an alternative.
var articleWords = setOf(
	"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
	"sein", "seine", "seinen", "seinem", "seines", "ihre", "ihren", "ihrem", "ihres",
	"eventuell", "eventuelle", "eventuelles", "eventueller", "eventuellen", "etwaige", "etwaiges", "etwaigen",
	"il", "lo", "la", "gli", "le", "un", "uno", "una", "del", "dello", "della", "dei", "degli", "delle",
	"al", "allo", "alla", "ai", "agli", "alle", "dal", "dallo", "dalla", "nel", "nella", "sul", "sulla",
	"col", "coi", "eventuale", "possibile",
	"el", "los", "las", "posible", "eventual",
	"os", "as", "um", "uma", "do", "dos", "das", "ao", "aos", "pelo", "pela", "possível",
	"les", "du", "au", "aux", "une",
	"the", "possible",
)

// chainWords name a pawn chain or a diagonal by its squares, as
// diagonalWords do ("Die Bauernformation c3-d4 ist").
var chainWords = setOf(
	"bauernformation", "bauernkette", "bauernstruktur", "kette", "diagonale",
	"catena", "formazione", "cadena", "cadeia", "chain",
)

// nounWords are the words for a square and the pieces before a square
// named ("Feld e5", "il pedone debole e5", "la casilla d5").
var nounWords = setOf(
	"feld", "felder", "bauer", "bauern", "läufer", "springer", "turm", "dame", "könig",
	"casa", "casella", "pedone", "alfiere", "cavallo", "torre", "donna",
	"casilla", "peón", "peon", "alfil", "caballo", "dama", "rey",
	"peão", "peao", "bispo", "cavalo", "rei",
	"case", "pion", "fou", "cavalier", "tour", "roi",
	"pawn", "bishop", "knight", "rook", "queen", "king",
)

// afterNouns follow a square that English names, which sets the noun
// after: "White's e5 pawn", "the d5 square".
var afterNouns = setOf("pawn", "pawns", "square", "squares", "point", "outpost")

// conjunctions after "mit" and its move begin another clause, whose verb
// is not the move's.
var conjunctions = setOf("und", "oder", "aber", "doch", "sowie", "dann")

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
