package parser

import "unicode/utf8"

// threatRun is a line of numbered moves that a note gives as a threat or a
// plan ("(ameaçando 12.Bxf6 gxf6 13.Dh6)", "Грозит 2. Фb5+ Крd4 3. Фd5x"):
// moves that are not played, so words of the note, up to the end of its
// sentence or bracket.
type threatRun struct {
	on bool
	// next is the ply of the line's next move, as its numbers count.
	next int32
	// gameNext is the ply that the move after the one the note is on
	// has: a number at or before it is the game's again ("11.Dd2
	// threatening 12.Bxf6 gxf6 13.Dh6 11...c6").
	gameNext int32
	// afterMove says that the threat's last word was a move: a number
	// that goes back right after it is the game's, whose reply the line
	// took ("2.Qh5 threatening 3.Qxf7 Nc6 3.Bc4"); after prose it is an
	// alternative the sentence names ("из-за 2. Фа2+").
	afterMove bool
}

// threatMove says whether the move src[i:e] of scoresheet text, which
// follows prose or a move of a threat, is a move of a threat's line, and if
// so keeps it as a word of the note. A numbered move begins a line when the
// word before its number makes it a threat or a plan ("threatening 12.Bxf6",
// "угроза - 3. Фс3x", "threat of", "угрожая сыграть 11. е5") and its number
// is ahead of the line being read: a number that the game or the aside
// expects next is their move, whatever the words before it ("with the
// threat\n12... Nf6"). The line ends at the end of its sentence (a full
// stop or a semicolon after a word), at a bracket or a comment, at the
// game's result, and at a number that goes back to the game's.
func (p *Parser) threatMove(i, e int) bool {
	t := &p.threat
	if !t.on {
		if !p.pend.ok || p.proseFrom < 0 || len(p.g.Moves) == 0 || p.ended || !threatBefore(p.src, p.pend.start) {
			return false
		}
		ply := p.pend.ply()
		expected := p.plyAfter(p.fr.cur, ply)
		if ply <= expected || ply <= p.plyOf(p.fr.spine)+1 {
			return false
		}
		*t = threatRun{on: true, next: ply, gameNext: expected}
	} else if p.pend.ok {
		ply := p.pend.ply()
		if ply <= t.gameNext || t.afterMove && ply < t.next {
			*t = threatRun{}
			return false
		}
		t.next = ply
	}
	t.next++
	p.pend = pending{}
	p.prose(i, e)
	t.afterMove = t.on
	return true
}

// threatProse ends the threat's line when the word of prose that ends at
// src offset e ends its sentence too, and says that the line's last word
// was no move.
func (p *Parser) threatProse(e int) {
	p.threat.afterMove = false
	if sentenceEnds(p.src, e) {
		p.threat = threatRun{}
	}
}

// sentenceEnds says whether a full stop or a semicolon after a blank, at
// src offset e, ends the word before it and its sentence: "13.Dh6.", "exd4;"
// (not the dots of "Dh6...").
func sentenceEnds(src []byte, e int) bool {
	if e >= len(src) || src[e] != '.' && src[e] != ';' {
		return false
	}
	return e+1 == len(src) || isSpaceByte(src[e+1]) || src[e+1] == ')' || src[e+1] == ']'
}

// threatBefore says whether the words before the move number at src offset
// at make its move a threat or a plan: a threat's word ("threatening",
// "грозит", "ameaçando"), with a dash or a colon between or not ("угроза
// - 3. Фс3x", "Threat: 12.Bxf6"), or "of" or "to play" after one ("threat
// of", "ameaça imediata de", "угрожая сыграть", "threatening to play").
func threatBefore(src []byte, at int) bool {
	k := at
	for k > 0 {
		r, size := utf8.DecodeLastRune(src[:k])
		if !isSpaceByte(src[k-1]) && r != ':' && !isDashRune(r) {
			break
		}
		k -= size
	}
	if k == at {
		return false
	}
	w, start := lowerWordAt(src, k)
	switch {
	case w == "":
		return false
	case threatWords[w]:
		return true
	case !linkWords[w] && !playWords[w]:
		return false
	}
	w2 := lowerWord(src, start)
	w3 := ""
	if w2 != "" {
		w3 = lowerWord(src, skipWordBack(src, start))
	}
	return threatWords[w2] || threatWords[w3]
}

// playWords are the verbs "to play" that a threat may put before its
// moves: "угрожая сыграть 11. е5", "threatening to play 12.Bxf6".
var playWords = setOf("сыграть", "играть", "play", "jugar", "jogar", "jouer", "giocare")
