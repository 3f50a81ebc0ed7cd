package pipeline

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// headingTags are the roster tags a scoresheet's heading gives its game.
type headingTags struct {
	White, Black, Site, Date string
}

// headingPrefixes are the words that number a game in a heading ("Партия
// 12.", "Game 5:"), which say nothing of the players.
var headingPrefixes = [...]string{"партия", "game", "partie", "partida", "partita"}

// readHeading reads the heading a book or club sheet writes before a game
// without tags, when a line of it has exactly the shape "[Партия 12.] White
// — Black[, Site][,] [Year]": the players' names (one to three words that
// open with a capital, initials included), a dash between them (spaced, or
// an em or en dash without blanks, "Иванов—Петров": a double surname takes a
// hyphen), and after a comma a place in words, a year of four digits or
// both ("Партия 12. Иванов — Петров, Москва 1956", "Game 3: Tal – Petrosian,
// 1959"), with the game's number before, on the line or as the line above
// ("Партия 12\nИванов — Петров"), or the place or year after: two names
// around a dash alone are as often a book's author and title in a page
// header. A heading of several lines gives the one line of that shape, and
// nothing when two lines have it. Anything else, a word in small letters, a
// number that is no year, is not guessed at: ok is false, and convert writes
// "?" as before.
func readHeading(h string) (t headingTags, ok bool) {
	h = strings.TrimSpace(h)
	if !strings.ContainsAny(h, "\n\r") {
		return readHeadingLine(h, false)
	}
	lines := strings.FieldsFunc(h, func(r rune) bool { return r == '\n' || r == '\r' })
	found := 0
	for i, line := range lines {
		if lt, lok := readHeadingLine(line, i > 0 && gameNumberLine(lines[i-1])); lok {
			t, found = lt, found+1
		}
	}
	if found != 1 {
		return headingTags{}, false
	}
	return t, true
}

// gameNumberLine says whether a heading's line only numbers the game
// ("Партия 12", "Партия №14.", "Game 5:"), so that the names on the line
// below are the players', as after the number on one line.
func gameNumberLine(line string) bool {
	first, rest, found := strings.Cut(strings.TrimSpace(line), " ")
	if !found {
		return false
	}
	num := strings.TrimRight(strings.TrimPrefix(strings.TrimSpace(rest), "№"), ".:")
	for _, p := range headingPrefixes {
		if strings.EqualFold(first, p) {
			return num != "" && strings.Trim(num, "0123456789") == ""
		}
	}
	return false
}

// readHeadingLine is readHeading of one line; numbered says the line above
// numbered the game.
func readHeadingLine(h string, numbered bool) (t headingTags, ok bool) {
	h = strings.TrimSpace(h)
	if h == "" || strings.ContainsAny(h, "\n\r{}()[]") || len(h) > 200 {
		return t, false
	}
	if k := strings.LastIndexByte(h, ' '); strings.HasSuffix(h, ".") && utf8.RuneCountInString(h[k+1:]) != 2 {
		h = h[:len(h)-1] // a full stop, not an initial's ("Петров А.")
	}
	if first, rest, found := strings.Cut(h, " "); found {
		for _, p := range headingPrefixes {
			if strings.EqualFold(first, p) {
				numbered = true
				h = strings.TrimPrefix(strings.TrimSpace(rest), "№")
				num, after, found := strings.Cut(strings.TrimSpace(h), " ")
				num = strings.TrimRight(num, ".:")
				if !found || num == "" || strings.Trim(num, "0123456789") != "" {
					return t, false
				}
				h = after
				break
			}
		}
	}
	var white, rest string
	n := 0
	for _, dash := range [...]string{"—", "–", " - "} {
		if k := strings.Count(h, dash); k > 0 {
			n += k
			white, rest, _ = strings.Cut(h, dash)
		}
	}
	if n != 1 {
		return t, false
	}
	black, tail, _ := strings.Cut(rest, ",")
	white, black = strings.TrimSpace(white), strings.TrimSpace(black)
	if !playerName(white) || !playerName(black) {
		return t, false
	}
	t.White, t.Black = white, black
	tail = strings.TrimSpace(tail)
	if tail == "" {
		// Two names and a dash alone may be a book's author and title, as
		// a page header prints them ("Василий Панов - Капабланка").
		if !numbered {
			return headingTags{}, false
		}
		return t, true
	}
	words := strings.Fields(strings.ReplaceAll(tail, ",", " , "))
	if last := words[len(words)-1]; last == "г." || last == "г" {
		words = words[:len(words)-1]
	}
	if len(words) > 0 && isYear(words[len(words)-1]) {
		t.Date = words[len(words)-1] + ".??.??"
		words = words[:len(words)-1]
	}
	if len(words) > 0 && words[len(words)-1] == "," {
		words = words[:len(words)-1]
	}
	if len(words) > 0 {
		site := strings.Join(words, " ")
		if !placeName(site) {
			return headingTags{}, false
		}
		t.Site = site
	}
	return t, true
}

// playerName says whether s is a player's name as headings write it: one to
// three words, each opening with a capital letter and holding only letters,
// dots (initials), hyphens and apostrophes ("Иванов", "Ботвинник М.М.",
// "А. Иванов", "Ter-Petrosian", "O'Kelly").
func playerName(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	for _, w := range words {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return false
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && r != '.' && r != '-' && r != '\'' && r != '’' {
				return false
			}
		}
	}
	return true
}

// placeName says whether s is a place as headings write it: one to three
// words of letters (and hyphens), the first opening with a capital
// ("Москва", "Вена", "Нью-Йорк", "Buenos Aires").
func placeName(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(words[0]); !unicode.IsUpper(r) {
		return false
	}
	for _, w := range words {
		for _, r := range w {
			if !unicode.IsLetter(r) && r != '-' {
				return false
			}
		}
	}
	return true
}

// isYear says whether w is a year a game may be dated by: four digits from
// 1400 to 2099.
func isYear(w string) bool {
	if len(w) != 4 || strings.Trim(w, "0123456789") != "" {
		return false
	}
	return w >= "1400" && w < "2100"
}
