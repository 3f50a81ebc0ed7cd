package table

import "github.com/apache/arrow-go/v18/arrow/array"

type findingsBuilder struct {
	base
	suggestions *array.ListBuilder
	suggestion  *array.StringBuilder
}

// Append adds one row per finding of the game.
func (b *findingsBuilder) Append(g *Game) {
	if g.Report == nil {
		return
	}
	for i := range g.Report.Findings {
		f := &g.Report.Findings[i]
		pos := f.Pos
		if pos.Line <= 0 { // no place of its own: the game's, as the text formats print it
			pos = g.Start
		}
		b.identity(g)
		b.rb.Field(fLine).(*array.Int64Builder).Append(pos.Line)
		col := pos.Col
		if f.ByteCol > 0 { // without a BOM, as the text formats print it
			col = f.ByteCol
		}
		b.rb.Field(fColumn).(*array.Int64Builder).Append(col)
		b.rb.Field(fOffset).(*array.Int64Builder).Append(pos.Offset)
		b.optPly(fPly, f.Ply)
		b.optStr(fMove, f.Move, f.Move != "")
		b.dict(fCode, string(f.Code))
		b.dict(fSeverity, f.Severity.String())
		b.str(fMessage).Append(f.Message)
		b.bytes += len(f.Message)
		b.suggestions.Append(true)
		for _, s := range f.Suggestions {
			b.suggestion.Append(s)
			b.bytes += len(s)
		}
		b.optStr(fVariation, f.Variation, f.Variation != "")
		b.rows++
	}
}
