package table

import "github.com/apache/arrow-go/v18/arrow/array"

type movesBuilder struct{ base }

// Append adds one row per main-line ply in the report's move facts (filled
// only when the check was asked for them).
func (b *movesBuilder) Append(g *Game) {
	if g.Report == nil {
		return
	}
	for i := range g.Report.Moves {
		m := &g.Report.Moves[i]
		b.identity(g)
		b.i32(mPly, m.Ply)
		b.str(mSAN).Append(m.SAN)
		b.str(mUCI).Append(m.UCI)
		b.rb.Field(mZobrist).(*array.Uint64Builder).Append(m.Key)
		b.optMillis(mClock, m.Clock)
		b.rows++
	}
}
