package table

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/arbiter-chess/arbiter/validate"
)

type gamesBuilder struct {
	base
	tags tagValues // scratch: the game's tags by column
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
	b.rb.Field(gLine).(*array.Int64Builder).Append(g.Start.Line)
	b.rb.Field(gOffset).(*array.Int64Builder).Append(g.Start.Offset)
	b.rb.Field(gEndOffset).(*array.Int64Builder).Append(g.End)

	t := &b.tags
	t.read(g.Tags)
	v, ok := t.get(tEvent)
	b.optDict(gEvent, v, ok)
	v, ok = t.get(tSite)
	b.optStr(gSite, v, ok)
	v, ok = t.get(tDate)
	b.optStr(gDate, v, ok)
	if days, ok := parseDate(v); ok {
		b.rb.Field(gDateParsed).(*array.Date32Builder).Append(arrow.Date32(days))
	} else {
		b.rb.Field(gDateParsed).AppendNull()
	}
	if y, ok := parseYear(v); ok {
		b.rb.Field(gDateYear).(*array.Int32Builder).Append(y)
	} else {
		b.rb.Field(gDateYear).AppendNull()
	}
	v, ok = t.get(tRound)
	b.optStr(gRound, v, ok)
	v, ok = t.get(tWhite)
	b.optStr(gWhite, v, ok)
	v, ok = t.get(tBlack)
	b.optStr(gBlack, v, ok)
	v, ok = t.get(tResult)
	b.optDict(gResult, v, ok)
	b.elo(gWhiteElo, t.v[tWhiteElo])
	b.elo(gBlackElo, t.v[tBlackElo])
	v, ok = t.get(tECO)
	b.optDict(gECO, v, ok)
	v, ok = t.get(tTimeControl)
	b.optDict(gTimeControl, v, ok)
	v, ok = t.get(tTermination)
	if !ok && r.Termination != "" {
		v, ok = r.Termination, true // ICC's ICCResult, read as the termination where there is none
	}
	b.optDict(gTermination, v, ok)
	v, ok = t.get(tVariant)
	b.optDict(gVariant, v, ok)
	v, ok = t.get(tFEN)
	b.optStr(gFEN, v, ok)
	if ms, ok := utcStart(t.v[tUTCDate], t.ok[tUTCDate], t.v[tUTCTime], t.ok[tUTCTime]); ok {
		b.rb.Field(gUTCStart).(*array.TimestampBuilder).Append(arrow.Timestamp(ms))
	} else {
		b.rb.Field(gUTCStart).AppendNull()
	}

	b.optDict(gNotation, r.Notation, r.Notation != "")
	b.dict(gEncoding, g.Encoding.String())
	b.i32(gPlies, r.Plies)
	if r.Replayed {
		b.scratch = r.AppendFinalFEN(b.scratch[:0])
		b.str(gFinalFEN).BinaryBuilder.Append(b.scratch)
		b.bytes += len(b.scratch)
	} else {
		b.rb.Field(gFinalFEN).AppendNull()
	}
	b.dict(gComputedEnd, r.End.String())
	b.dict(gComputedResult, computedResult(r))
	b.i32(gErrors, r.Errors)
	b.i32(gWarnings, r.Warnings)
	b.i32(gInfos, r.Infos)
	b.optDict(gFirstError, string(r.FirstError), r.FirstError != "")
	if r.FirstError == "" {
		b.rb.Field(gFirstErrorPly).AppendNull()
	} else {
		b.optPly(gFirstErrorPly, r.FirstErrorPly)
	}
	b.optPly(gThreefoldPly, r.ThreefoldPly)
	b.optPly(gFiftyMovePly, r.FiftyPly)
	b.optPly(gFivefoldPly, r.FivefoldPly)
	b.optPly(gSeventyFivePly, r.SeventyFivePly)
	b.optDict(gTimeCategory, r.TimeCategory, r.TimeCategory != "")
	b.i32(gClockCount, r.ClockCount)
	b.optMillis(gLastClockWhite, r.LastClockWhite)
	b.optMillis(gLastClockBlack, r.LastClockBlack)
	b.rb.Field(gTimeForfeit).(*array.BooleanBuilder).Append(r.TimeForfeit)
	b.rows++
}

// elo appends a rating tag's value as an integer, null when it is absent or
// not a rating (validate.ParseElo).
func (b *gamesBuilder) elo(i int, v string) {
	if n, ok := validate.ParseElo(v); ok {
		b.rb.Field(i).(*array.Int32Builder).Append(int32(n))
		return
	}
	b.rb.Field(i).AppendNull()
}

// computedResult is "*" when the report leaves it empty: the board decided nothing.
func computedResult(r *validate.Report) string {
	if r.ComputedResult == "" {
		return "*"
	}
	return r.ComputedResult
}

// unchecked is the report of a game nothing is known about.
var unchecked = validate.NewReport()
