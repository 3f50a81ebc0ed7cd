package validate

// An article is a rule that messages cite, in whichever rule book the
// profile judges by (Profile.article).
type article uint8

const (
	articleCheckmate    article = iota // a mate ends the game at once
	articleStalemate                   // so does a stalemate, as a draw
	articleDeadPosition                // so does a position no series of moves can mate in
	articleThreefold                   // a draw claimed on a threefold repetition
	articleFifty                       // a draw claimed after 50 moves without a capture or a pawn move
	articleFivefold                    // the automatic draw at the fifth repetition
	articleSeventyFive                 // the automatic draw after 75 moves
	articleTimeout                     // a flag loses unless the opponent could not mate
	numArticles
)

// articles[profile][rule] is where each rule book states the rule (RULES.md,
// profiles). The Laws of 2009 (seed 004) letter the paragraphs of their
// articles, 5.2 (b); the Soviet Code (seed 003) names its articles and
// numbers none, and has no automatic draw by repetition or by moves: ""
// where a book has no such rule, and the message cites nothing.
var articles = [...][numArticles]string{
	FIDE:     {"FIDE 5.1.1", "FIDE 5.2.1", "FIDE 5.2.2", "FIDE 9.2", "FIDE 9.3", "FIDE 9.6.1", "FIDE 9.6.2", "FIDE 6.9"},
	FIDE2009: {"FIDE Laws of 2009, 5.1a", "FIDE Laws of 2009, 5.2a", "FIDE Laws of 2009, 5.2b", "FIDE Laws of 2009, 9.2", "FIDE Laws of 2009, 9.3", "", "", "FIDE Laws of 2009, 6.9"},
	USSR:     {"the Soviet Code", "the Soviet Code", "the Soviet Code", "the Soviet Code", "the Soviet Code", "", "", "the Soviet Code"},
}

// article cites rule a in the profile's rule book, "" when the book has no
// such rule (or the profile is unknown).
func (p Profile) article(a article) string {
	if int(p) < len(articles) && a < numArticles {
		return articles[p][a]
	}
	return ""
}

// cite writes words followed by the article of rule a in parentheses, or
// words alone when the profile's rule book has no such article.
func (p Profile) cite(words string, a article) string {
	if at := p.article(a); at != "" {
		return words + " (" + at + ")"
	}
	return words
}

// citedRules are the draw rules' names as the draw findings cite them.
type citedRules struct{ threefold, fifty, fivefold, seventyFive string }

func (p Profile) citeRules() citedRules {
	return citedRules{
		threefold:   p.cite("threefold repetition", articleThreefold),
		fifty:       p.cite("the 50-move rule", articleFifty),
		fivefold:    p.cite("fivefold repetition", articleFivefold),
		seventyFive: p.cite("the 75-move rule", articleSeventyFive),
	}
}

// ruleCitations[profile] are citeRules' names, made once: a game in ten
// has a draw finding, and citing the rules anew for each cost four
// concatenations, 20 M instructions of BenchmarkStreamCheck (callgrind).
var ruleCitations = func() (t [len(articles)]citedRules) {
	for p := range t {
		t[p] = Profile(p).citeRules()
	}
	return t
}()

// uncitedRules are the names for a profile without a rule book.
var uncitedRules = Profile(len(articles)).citeRules()

// rules are the draw rules' names as the profile's findings cite them.
func (p Profile) rules() *citedRules {
	if int(p) < len(ruleCitations) {
		return &ruleCitations[p]
	}
	return &uncitedRules
}
