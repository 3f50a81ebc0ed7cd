package stats

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/arbiter-chess/arbiter/validate"
)

// strColumn reads a string column, dictionary-encoded (as arbiter writes the
// columns of few values) or not. The strings point into the batch.
type strColumn struct {
	plain *array.String
	dict  *array.Dictionary
	words *array.String // the dictionary's values
}

// at is row i's value, and false for a null.
func (c strColumn) at(i int) (string, bool) {
	if c.dict != nil {
		if c.dict.IsNull(i) {
			return "", false
		}
		return c.words.Value(c.dict.GetValueIndex(i)), true
	}
	if c.plain.IsNull(i) {
		return "", false
	}
	return c.plain.Value(i), true
}

// intColumn reads an int32 or int64 column.
type intColumn struct{ arr arrow.Array }

// opt is row i's value, and false for a null.
func (c intColumn) opt(i int) (int64, bool) {
	if c.arr.IsNull(i) {
		return 0, false
	}
	switch a := c.arr.(type) {
	case *array.Int32:
		return int64(a.Value(i)), true
	case *array.Int64:
		return a.Value(i), true
	}
	return 0, false
}

// at is row i's value, 0 for a null.
func (c intColumn) at(i int) int64 {
	v, _ := c.opt(i)
	return v
}

// ply is row i's ply, -1 for a null ("never", as in validate.Report).
func (c intColumn) ply(i int) int {
	if v, ok := c.opt(i); ok {
		return int(v)
	}
	return -1
}

// column finds the named column in rec.
func column(rec arrow.RecordBatch, name string) (arrow.Array, error) {
	idx := rec.Schema().FieldIndices(name)
	if len(idx) == 0 {
		return nil, fmt.Errorf("no column %s", name)
	}
	return rec.Column(idx[0]), nil
}

func strCol(rec arrow.RecordBatch, name string, err *error) strColumn {
	a, e := column(rec, name)
	if e != nil {
		*err = e
		return strColumn{}
	}
	switch a := a.(type) {
	case *array.String:
		return strColumn{plain: a}
	case *array.Dictionary:
		if words, ok := a.Dictionary().(*array.String); ok {
			return strColumn{dict: a, words: words}
		}
	}
	*err = fmt.Errorf("column %s is %s, not a string", name, a.DataType())
	return strColumn{}
}

func intCol(rec arrow.RecordBatch, name string, err *error) intColumn {
	a, e := column(rec, name)
	if e != nil {
		*err = e
		return intColumn{}
	}
	switch a.(type) {
	case *array.Int32, *array.Int64:
		return intColumn{a}
	}
	*err = fmt.Errorf("column %s is %s, not an integer", name, a.DataType())
	return intColumn{}
}

// gamesCols are the columns of a games batch the statistics read.
type gamesCols struct {
	file, event, result, notation, encoding strColumn
	computedEnd, computedResult, timeCat    strColumn
	game, whiteElo, blackElo, plies         intColumn
	threefold, fifty, fivefold, seventyFive intColumn
	timeForfeit                             *array.Boolean
}

func gamesColumnsOf(rec arrow.RecordBatch) (*gamesCols, error) {
	var err error
	c := &gamesCols{
		file: strCol(rec, "file", &err), event: strCol(rec, "event", &err),
		result: strCol(rec, "result", &err), notation: strCol(rec, "notation", &err),
		encoding: strCol(rec, "encoding", &err), computedEnd: strCol(rec, "computed_end", &err),
		computedResult: strCol(rec, "computed_result", &err), timeCat: strCol(rec, "time_category", &err),
		game: intCol(rec, "game", &err), whiteElo: intCol(rec, "white_elo", &err),
		blackElo: intCol(rec, "black_elo", &err), plies: intCol(rec, "plies", &err),
		threefold: intCol(rec, "threefold_ply", &err), fifty: intCol(rec, "fifty_move_ply", &err),
		fivefold: intCol(rec, "fivefold_ply", &err), seventyFive: intCol(rec, "seventy_five_ply", &err),
	}
	if err != nil {
		return nil, err
	}
	a, err := column(rec, "time_forfeit")
	if err != nil {
		return nil, err
	}
	var ok bool
	if c.timeForfeit, ok = a.(*array.Boolean); !ok {
		return nil, fmt.Errorf("column time_forfeit is %s, not a boolean", a.DataType())
	}
	return c, nil
}

// fill sets g from row i, all but its findings.
func (c *gamesCols) fill(g *Game, i int) error {
	end, _ := c.computedEnd.at(i)
	e, ok := parseEnd(end)
	if !ok {
		return fmt.Errorf("unknown computed_end %q", end)
	}
	*g = Game{End: e, Plies: int(c.plies.at(i)),
		WhiteElo: ratingOrZero(int(c.whiteElo.at(i))), BlackElo: ratingOrZero(int(c.blackElo.at(i))),
		ThreefoldPly: c.threefold.ply(i), FiftyPly: c.fifty.ply(i),
		FivefoldPly: c.fivefold.ply(i), SeventyFivePly: c.seventyFive.ply(i),
		TimeForfeit: !c.timeForfeit.IsNull(i) && c.timeForfeit.Value(i)}
	g.File, _ = c.file.at(i)
	g.Event, g.HasEvent = c.event.at(i)
	g.Result, _ = c.result.at(i)
	g.ComputedResult, _ = c.computedResult.at(i)
	g.Notation, _ = c.notation.at(i)
	g.Encoding, _ = c.encoding.at(i)
	g.TimeCategory, _ = c.timeCat.at(i)
	return nil
}

// parseEnd reads a computed_end value, as validate.End names it.
func parseEnd(s string) (validate.End, bool) {
	for e := validate.End(0); int(e) < nEnds-1; e++ {
		if e.String() == s {
			return e, true
		}
	}
	return 0, false
}

// findingsCols are the columns of a findings batch the statistics read.
type findingsCols struct {
	game                 intColumn
	file, code, severity strColumn
}

func findingsColumnsOf(rec arrow.RecordBatch) (findingsCols, error) {
	var err error
	c := findingsCols{game: intCol(rec, "game", &err), file: strCol(rec, "file", &err), code: strCol(rec, "code", &err),
		severity: strCol(rec, "severity", &err)}
	return c, err
}
