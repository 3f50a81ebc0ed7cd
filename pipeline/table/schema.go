// Package table defines the Arrow schemas of arbiter's output tables (games,
// findings, moves) and the appenders that turn checked games into rows.
//
// Everything here is pure: no files, no global state. The command-line sink and
// a distributed runner fill the same builders, so both write the same columns.
// pipeline/COLUMNS.md documents every column.
package table

import "github.com/apache/arrow-go/v18/arrow"

// Version is stored in every file's key-value metadata under "arbiter.schema";
// it changes whenever a column is added, removed or changes type.
//
// Version 2: the line columns of games and findings are int64 (int32 in 1,
// which wrapped negative past 2^31 lines, a monthly Lichess dump's size).
// Version 3: the findings' column is int64 (int32 in 1 and 2, which wrapped
// negative past 2^31 bytes into a line: a dump written without line ends),
// and the games table has date_year, the year of a date known only in part.
const Version = "3"

// The layout of an output directory (`arbiter check --out DIR`, arbiter-beam):
// a subdirectory a table, so that one glob reads a table whatever the number
// of inputs (read_parquet('DIR/games/*.parquet')), and a manifest listing
// the files, whose own layout is ManifestVersion. A reader refuses a
// manifest of another version, so the version changes only when a key is
// removed or changes meaning; a key added (options, an input's content) is
// one an older arbiter ignores and a newer one does without, and keeps it.
const (
	GamesDir        = "games"
	FindingsDir     = "findings"
	MovesDir        = "moves"
	ManifestName    = "manifest.json"
	ManifestVersion = 1
)

// dict is the type of a low-cardinality string column: pandas reads it as a
// categorical, DuckDB as VARCHAR, and each row group stores every value once.
var dict = &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}

var (
	str   = arrow.BinaryTypes.String
	i32   = arrow.PrimitiveTypes.Int32
	i64   = arrow.PrimitiveTypes.Int64
	u64   = arrow.PrimitiveTypes.Uint64
	date  = arrow.FixedWidthTypes.Date32
	boolT = arrow.FixedWidthTypes.Boolean
	// Milliseconds, not a duration type: Parquet has no duration, so readers
	// other than Arrow would see a bare integer anyway; the unit is in the name.
	utcMillis = &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"}
)

func required(name string, t arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: t}
}

func nullable(name string, t arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: t, Nullable: true}
}

func schema(fields ...arrow.Field) *arrow.Schema {
	md := arrow.NewMetadata([]string{"arbiter.schema"}, []string{Version})
	return arrow.NewSchema(fields, &md)
}

// Every table starts with the game's identity, so any two join on game_id or
// on (file, game).
func identity() []arrow.Field {
	return []arrow.Field{required("game_id", str), required("file", dict), required("game", i64)}
}

// Column positions of the games table; they must follow GamesSchema's order.
const (
	gID = iota
	gFile
	gGame
	gLine
	gOffset
	gEndOffset
	gEvent
	gSite
	gDate
	gDateParsed
	gDateYear
	gRound
	gWhite
	gBlack
	gResult
	gWhiteElo
	gBlackElo
	gECO
	gTimeControl
	gTermination
	gVariant
	gFEN
	gUTCStart
	gNotation
	gEncoding
	gPlies
	gFinalFEN
	gComputedEnd
	gComputedResult
	gErrors
	gWarnings
	gInfos
	gFirstError
	gFirstErrorPly
	gThreefoldPly
	gFiftyMovePly
	gFivefoldPly
	gSeventyFivePly
	gTimeCategory
	gClockCount
	gLastClockWhite
	gLastClockBlack
	gTimeForfeit
)

// GamesSchema has one row per game read, unreadable ones included.
var GamesSchema = schema(append(identity(),
	required("line", i64),
	required("offset", i64),
	required("end_offset", i64),
	nullable("event", dict),
	nullable("site", str),
	nullable("date", str),
	nullable("date_parsed", date),
	nullable("date_year", i32),
	nullable("round", str),
	nullable("white", str),
	nullable("black", str),
	nullable("result", dict),
	nullable("white_elo", i32),
	nullable("black_elo", i32),
	nullable("eco", dict),
	nullable("time_control", dict),
	nullable("termination", dict),
	nullable("variant", dict),
	nullable("fen", str),
	nullable("utc_start", utcMillis),
	nullable("notation", dict),
	required("encoding", dict),
	required("plies", i32),
	nullable("final_fen", str),
	required("computed_end", dict),
	required("computed_result", dict),
	required("errors", i32),
	required("warnings", i32),
	required("infos", i32),
	nullable("first_error", dict),
	nullable("first_error_ply", i32),
	nullable("threefold_ply", i32),
	nullable("fifty_move_ply", i32),
	nullable("fivefold_ply", i32),
	nullable("seventy_five_ply", i32),
	nullable("time_category", dict),
	required("clock_count", i32),
	nullable("last_clock_white_ms", i64),
	nullable("last_clock_black_ms", i64),
	required("time_forfeit", boolT),
)...)

// Column positions of the findings table.
const (
	fID = iota
	fFile
	fGame
	fLine
	fColumn
	fOffset
	fPly
	fMove
	fCode
	fSeverity
	fMessage
	fSuggestions
	fVariation
)

// FindingsSchema has one row per finding.
var FindingsSchema = schema(append(identity(),
	required("line", i64),
	required("column", i64),
	required("offset", i64),
	nullable("ply", i32),
	nullable("move", str),
	required("code", dict),
	required("severity", dict),
	required("message", str),
	required("suggestions", arrow.ListOfField(arrow.Field{Name: "element", Type: str})),
	nullable("variation", str),
)...)

// Column positions of the moves table.
const (
	mID = iota
	mFile
	mGame
	mPly
	mSAN
	mUCI
	mZobrist
	mClock
)

// MovesSchema has one row per main-line ply replayed.
var MovesSchema = schema(append(identity(),
	required("ply", i32),
	required("san", str),
	required("uci", str),
	required("zobrist", u64),
	nullable("clock_ms", i64),
)...)
