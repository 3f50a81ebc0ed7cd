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
// only when the check was asked for them), a column at a time.
func (b *movesBuilder) Append(g *Game) {
	if g.Report == nil || len(g.Report.Moves) == 0 {
		return
	}
	moves := g.Report.Moves
	n := len(moves)
	// The identity is the same on every row: game_id is made once, and the
	// file looked up in the dictionary once, its index repeated.
	b.scratch = AppendGameID(b.scratch[:0], g.File, g.Index)
	for range n {
		b.id.Append(b.scratch)
	}
	// Beyond its fixed width a row holds its game_id and file, as long as
	// the path (dict counts the first row's file), and SAN and UCI, a few
	// bytes each, which are left out.
	b.bytes += n*len(b.scratch) + (n-1)*len(g.File)
	b.dict(mFile, g.File)
	if n > 1 {
		// As dict repeats an index: AppendIndices would allocate its own
		// copy of the indices on every game.
		ib := b.file.IndexBuilder()
		idx := b.file.GetValueIndex(ib.Len() - 1)
		ib.Reserve(n - 1)
		for range n - 1 {
			ib.Append(idx)
		}
		b.last[mFile].behind = true
	}
	for range n {
		b.game.Append(int64(g.Index))
	}
	for i := range n {
		b.ply.Append(int32(i + 1))
	}
	for i := range moves {
		b.san.Append(moves[i].SAN.Bytes())
	}
	for i := range moves {
		b.uci.Append(moves[i].UCI.Bytes())
	}
	for i := range moves {
		b.zobrist.Append(moves[i].Key)
	}
	for i := range moves {
		if c := moves[i].Clock; c < 0 {
			b.clock.AppendNull()
		} else {
			b.clock.Append(c)
		}
	}
	b.rows += n
}
