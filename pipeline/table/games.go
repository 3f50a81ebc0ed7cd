package table

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/arbiter-chess/arbiter/validate"
)

type gamesBuilder struct {
	base
	tags tagValues // scratch: the game's tags by column

	// The fixed-width columns, appended to Arrow once a batch (fixedColumn).
	line, offset, endOffset, lastClockWhite, lastClockBlack      fixedColumn[int64]
	dateParsed                                                   fixedColumn[arrow.Date32]
	utcStart                                                     fixedColumn[arrow.Timestamp]
	timeForfeit                                                  fixedColumn[bool]
	dateYear, whiteElo, blackElo, plies, errors, warnings, infos fixedColumn[int32]
	firstErrorPly, threefoldPly, fiftyMovePly, fivefoldPly       fixedColumn[int32]
	seventyFivePly, clockCount                                   fixedColumn[int32]
	// The dictionary columns but file, which every table's identity has.
	event, result, eco, timeControl, termination, variant, notation, encoding batchDict
	computedEnd, computedResult, firstError, timeCategory                     batchDict
	batched                                                                   []batchColumn // all of the above
}

func newGamesBuilder(mem memory.Allocator) *gamesBuilder {
	b := &gamesBuilder{base: newBase(mem, GamesSchema)}
	// One list names each batched column's field and flushes it, so that a
	// column cannot be given its field and then be left out of the batch.
	b.batched = []batchColumn{
		b.line.at(gLine), b.offset.at(gOffset), b.endOffset.at(gEndOffset),
		b.lastClockWhite.at(gLastClockWhite), b.lastClockBlack.at(gLastClockBlack),
		b.dateParsed.at(gDateParsed), b.dateYear.at(gDateYear), b.whiteElo.at(gWhiteElo), b.blackElo.at(gBlackElo),
		b.plies.at(gPlies), b.errors.at(gErrors), b.warnings.at(gWarnings), b.infos.at(gInfos),
		b.firstErrorPly.at(gFirstErrorPly), b.threefoldPly.at(gThreefoldPly), b.fiftyMovePly.at(gFiftyMovePly),
		b.fivefoldPly.at(gFivefoldPly), b.seventyFivePly.at(gSeventyFivePly), b.clockCount.at(gClockCount),
		b.utcStart.at(gUTCStart), b.timeForfeit.at(gTimeForfeit),
		b.event.at(gEvent), b.result.at(gResult), b.eco.at(gECO), b.timeControl.at(gTimeControl),
		b.termination.at(gTermination), b.variant.at(gVariant), b.notation.at(gNotation), b.encoding.at(gEncoding),
		b.computedEnd.at(gComputedEnd), b.computedResult.at(gComputedResult), b.firstError.at(gFirstError),
		b.timeCategory.at(gTimeCategory),
	}
	return b
}

// NewRecordBatch appends the batched columns' values to their builders
// first.
func (b *gamesBuilder) NewRecordBatch() arrow.RecordBatch {
	for _, c := range b.batched {
		c.flush(b.rb)
	}
	return b.base.NewRecordBatch()
}

// Append adds the game's one row. A game whose report is nil (it could not be
// checked at all) still gets its row, with the report's columns at their
// "nothing known" values.
func (b *gamesBuilder) Append(g *Game) {
	r := g.Report
	if r == nil {
		r = &unchecked
	}
	b.identity(g)
	b.line.add(g.Start.Line)
	b.offset.add(g.Start.Offset)
	b.endOffset.add(g.End)

	t := &b.tags
	t.read(g.Tags)
	v, ok := t.get(tEvent)
	b.addDict(&b.event, v, ok)
	v, ok = t.get(tSite)
	b.optStr(gSite, v, ok)
	v, ok = t.get(tDate)
	b.optStr(gDate, v, ok)
	days, ok := parseDate(v)
	b.dateParsed.addOpt(arrow.Date32(days), ok)
	b.dateYear.addOpt(parseYear(v))
	v, ok = t.get(tRound)
	b.optStr(gRound, v, ok)
	v, ok = t.get(tWhite)
	b.optStr(gWhite, v, ok)
	v, ok = t.get(tBlack)
	b.optStr(gBlack, v, ok)
	v, ok = t.get(tResult)
	b.addDict(&b.result, v, ok)
	elo(&b.whiteElo, t.v[tWhiteElo])
	elo(&b.blackElo, t.v[tBlackElo])
	v, ok = t.get(tECO)
	b.addDict(&b.eco, v, ok)
	v, ok = t.get(tTimeControl)
	b.addDict(&b.timeControl, v, ok)
	v, ok = t.get(tTermination)
	if !ok && r.Termination != "" {
		v, ok = r.Termination, true // ICC's ICCResult, read as the termination where there is none
	}
	b.addDict(&b.termination, v, ok)
	v, ok = t.get(tVariant)
	b.addDict(&b.variant, v, ok)
	v, ok = t.get(tFEN)
	b.optStr(gFEN, v, ok)
	ms, ok := utcStart(t.v[tUTCDate], t.ok[tUTCDate], t.v[tUTCTime], t.ok[tUTCTime])
	b.utcStart.addOpt(arrow.Timestamp(ms), ok)

	b.addDict(&b.notation, r.Notation, r.Notation != "")
	b.addDict(&b.encoding, g.Encoding.String(), true)
	b.plies.add(int32(r.Plies))
	if r.Replayed {
		b.scratch = r.AppendFinalFEN(b.scratch[:0])
		b.str(gFinalFEN).BinaryBuilder.Append(b.scratch)
		b.bytes += len(b.scratch)
	} else {
		b.rb.Field(gFinalFEN).AppendNull()
	}
	b.addDict(&b.computedEnd, r.End.String(), true)
	b.addDict(&b.computedResult, computedResult(r), true)
	b.errors.add(int32(r.Errors))
	b.warnings.add(int32(r.Warnings))
	b.infos.add(int32(r.Infos))
	b.addDict(&b.firstError, string(r.FirstError), r.FirstError != "")
	b.firstErrorPly.addOpt(int32(r.FirstErrorPly), r.FirstError != "" && r.FirstErrorPly >= 0)
	optPly(&b.threefoldPly, r.ThreefoldPly)
	optPly(&b.fiftyMovePly, r.FiftyPly)
	optPly(&b.fivefoldPly, r.FivefoldPly)
	optPly(&b.seventyFivePly, r.SeventyFivePly)
	b.addDict(&b.timeCategory, r.TimeCategory, r.TimeCategory != "")
	b.clockCount.add(int32(r.ClockCount))
	b.lastClockWhite.addOpt(r.LastClockWhite, r.LastClockWhite >= 0)
	b.lastClockBlack.addOpt(r.LastClockBlack, r.LastClockBlack >= 0)
	b.timeForfeit.add(r.TimeForfeit)
	b.rows++
}

// addDict adds v to a dictionary column, or a null when ok is false; Bytes
// counts every value, repeats included, as base.dict does.
func (b *gamesBuilder) addDict(c *batchDict, v string, ok bool) {
	if ok {
		b.bytes += len(v)
	}
	c.addOpt(v, ok)
}

// elo adds a rating tag's value as an integer, null when it is absent or
// not a rating (validate.ParseElo).
func elo(c *fixedColumn[int32], v string) {
	n, ok := validate.ParseElo(v)
	c.addOpt(int32(n), ok)
}

// optPly adds a ply, or a null for the report's -1 ("never", "unknown").
func optPly(c *fixedColumn[int32], v int) { c.addOpt(int32(v), v >= 0) }

// computedResult is "*" when the report leaves it empty: the board decided nothing.
func computedResult(r *validate.Report) string {
	if r.ComputedResult == "" {
		return "*"
	}
	return r.ComputedResult
}

// unchecked is the report of a game nothing is known about.
var unchecked = validate.NewReport()
