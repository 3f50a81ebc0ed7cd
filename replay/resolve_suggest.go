package replay

import "sort"

// suggest ranks the legal moves by how close they are to what n says and
// returns the best few: a move is kept when its text is one slip away from
// the written one (a wrong file, rank or piece letter, two characters
// swapped), or when it goes to the written square, or when it moves the
// written kind of piece and is two slips away. Texts are compared in the
// shape the writer used (SAN, long algebraic, files only), without capture
// and check marks, which resolution ignores anyway.
func (p *Position) suggest(n *Notation, ml *MoveList) []Move {
	written := writtenShape(n)
	to := NoSquare
	if n.ToRank >= 0 && n.Castle == NoCastle {
		to = MakeSquare(int(n.ToFile), int(n.ToRank))
	}
	type ranked struct {
		m     Move
		score int
		away  int // how far its destination lies from the written one
		text  string
	}
	var all []ranked
	for _, m := range ml.Slice() {
		text := p.candidateShape(n, m)
		d := EditDistance(written, text)
		sameDest := !m.IsCastle() && m.To() == to
		sameKind := n.Kind != NoKind && p.MovedKind(m) == n.Kind && !m.IsCastle()
		if n.Castle != NoCastle {
			sameKind = p.MovedKind(m) == King
		}
		if d > 1 && !sameDest && !(sameKind && d <= 2) {
			continue
		}
		score := 4 * d
		if sameDest {
			score -= 3
		}
		if sameKind {
			score--
		}
		away := 0
		if to != NoSquare {
			away = squareDistance(m.To(), to)
		}
		all = append(all, ranked{m, score, away, text})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].score != all[j].score {
			return all[i].score < all[j].score
		}
		if all[i].away != all[j].away {
			return all[i].away < all[j].away
		}
		return all[i].text < all[j].text
	})
	if len(all) > MaxSuggestions {
		all = all[:MaxSuggestions]
	}
	var out []Move
	for _, r := range all {
		out = append(out, r.m)
	}
	return out
}

// writtenShape is n as text without capture, check and promotion marks:
// "Nbd7", "e8Q", "Ng1f3", "dc", "OO".
func writtenShape(n *Notation) string {
	var b []byte
	switch n.Castle {
	case ShortCastle:
		return "OO"
	case LongCastle:
		return "OOO"
	}
	if n.Kind > Pawn && n.Kind <= King {
		b = append(b, n.Kind.Letter())
	}
	if n.FromFile >= 0 && n.FromFile < 8 {
		b = append(b, byte('a'+n.FromFile))
	}
	if n.FromRank >= 0 && n.FromRank < 8 {
		b = append(b, byte('1'+n.FromRank))
	}
	if n.ToFile >= 0 && n.ToFile < 8 {
		b = append(b, byte('a'+n.ToFile))
	}
	if n.ToRank >= 0 && n.ToRank < 8 {
		b = append(b, byte('1'+n.ToRank))
	}
	if n.Promotion > Pawn && n.Promotion <= King {
		b = append(b, n.Promotion.Letter())
	}
	return string(b)
}

// candidateShape writes the legal move m the way n is written, so that
// the two compare character by character.
func (p *Position) candidateShape(n *Notation, m Move) string {
	if m.IsCastle() {
		if m.CastleSide() == KingSide {
			return "OO"
		}
		return "OOO"
	}
	from, to := m.From(), m.To()
	k := p.MovedKind(m)
	var b []byte
	switch {
	case n.ToRank < 0 && n.Castle == NoCastle && k == Pawn && from.File() != to.File():
		b = append(b, byte('a'+from.File()), byte('a'+to.File()))
	case n.FromFile >= 0 && n.FromRank >= 0:
		if n.Kind > Pawn && k > Pawn {
			b = append(b, k.Letter())
		}
		b = append(b, from.String()...)
		b = append(b, to.String()...)
	default:
		for _, c := range p.AppendSAN(nil, m) {
			switch c {
			case 'x', '+', '#', '=':
			default:
				b = append(b, c)
			}
		}
		return string(b)
	}
	if k := m.Promotion(); k != NoKind {
		b = append(b, k.Letter())
	}
	return string(b)
}

// EditDistance is the optimal-string-alignment distance of two strings,
// byte by byte: a letter wrong, added or left out, or two neighbours
// swapped ("Whtie", "--fromat"), each one edit. It is the one measure of a
// typing slip for moves (the suggestions), rule codes, tag values and
// flags. Strings of up to 16 bytes take no allocation.
func EditDistance(a, b string) int {
	var rows [3][17]int
	prev2, prev, cur := rows[0][:], rows[1][:], rows[2][:]
	if len(b) >= len(rows[0]) {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// squareDistance is the number of king steps between a and b.
func squareDistance(a, b Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return max(df, -df, dr, -dr)
}
