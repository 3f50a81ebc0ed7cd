package table

import (
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// movesBuilder keeps its column builders typed: a game appends one row per
// ply, so the per-row work is only the appends themselves.
type movesBuilder struct {
	base
	id       *array.BinaryBuilder
	file     *array.BinaryDictionaryBuilder
	game     *array.Int64Builder
	ply      *array.Int32Builder
	san, uci *array.BinaryBuilder
	zobrist  *array.Uint64Builder
	clock    *array.Int64Builder
}

func newMovesBuilder(mem memory.Allocator) *movesBuilder {
	b := &movesBuilder{base: newBase(mem, MovesSchema)}
	b.id = b.str(mID).BinaryBuilder
	b.file = b.rb.Field(mFile).(*array.BinaryDictionaryBuilder)
	b.game = b.rb.Field(mGame).(*array.Int64Builder)
	b.ply = b.rb.Field(mPly).(*array.Int32Builder)
	b.san = b.str(mSAN).BinaryBuilder
	b.uci = b.str(mUCI).BinaryBuilder
	b.zobrist = b.rb.Field(mZobrist).(*array.Uint64Builder)
	b.clock = b.rb.Field(mClock).(*array.Int64Builder)
	return b
}

// Append adds one row per main-line ply in the report's move facts (filled
// only when the check was asked for them).
func (b *movesBuilder) Append(g *Game) {
	if g.Report == nil || len(g.Report.Moves) == 0 {
		return
	}
	moves := g.Report.Moves
	// The identity is the same on every row: game_id is made once, and
	// the file name copied once for the dictionary's lookups.
	b.scratch = AppendGameID(b.scratch[:0], g.File, g.Index)
	id := len(b.scratch)
	b.scratch = append(b.scratch, g.File...)
	gameID, file := b.scratch[:id], b.scratch[id:]
	for i := range moves {
		m := &moves[i]
		b.id.Append(gameID)
		_ = b.file.Append(file)
		b.game.Append(int64(g.Index))
		b.ply.Append(int32(i + 1))
		b.san.Append(m.SAN.Bytes())
		b.uci.Append(m.UCI.Bytes())
		b.zobrist.Append(m.Key)
		if m.Clock < 0 {
			b.clock.AppendNull()
		} else {
			b.clock.Append(m.Clock)
		}
	}
	b.rows += len(moves)
}
