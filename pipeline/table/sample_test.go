package table

import (
	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
	"github.com/arbiter-chess/arbiter/validate"
)

func tags(kv ...string) []parser.Tag {
	var t []parser.Tag
	for i := 0; i+1 < len(kv); i += 2 {
		t = append(t, parser.Tag{Name: kv[i], Value: kv[i+1]})
	}
	return t
}

// sampleGames are four games that between them set every column to a value
// and, where it is nullable, to a null.
func sampleGames() []Game {
	full := validate.Report{
		Notation: "san", Plies: 3,
		Final: mustFEN("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"), Replayed: true,
		End: validate.NoEnd, ComputedResult: "*",
		Errors: 1, Warnings: 1, Infos: 0,
		FirstError: validate.IllegalMove, FirstErrorPly: 4,
		ThreefoldPly: -1, FiftyPly: -1, FivefoldPly: -1, SeventyFivePly: -1,
		TimeControl: "180+2", TimeCategory: "blitz", ClockCount: 3,
		LastClockWhite: 179000, LastClockBlack: 181500, TimeForfeit: false,
		Findings: []validate.Finding{
			{Code: validate.IllegalMove, Severity: validate.Error, Message: "Nf6 is not legal here",
				Pos: parser.Pos{Offset: 1234, Line: 12, Col: 9}, Ply: 4, Move: "Nf6",
				Suggestions: []string{"Nc6", "Nf6?"}},
			{Code: validate.TagFormat, Severity: validate.Warning, Message: "Date \"2024.03.05\" ok; Round \"\" empty",
				Pos: parser.Pos{Offset: 1000, Line: 5, Col: 1}, Ply: -1},
		},
		Moves: []validate.MoveFact{
			{SAN: validate.MakeMoveText("e4"), UCI: validate.MakeMoveText("e2e4"), Key: 0x8000000000000001, Clock: 180000},
			{SAN: validate.MakeMoveText("e5"), UCI: validate.MakeMoveText("e7e5"), Key: 0x0123456789abcdef, Clock: 181500},
			{SAN: validate.MakeMoveText("Nf3"), UCI: validate.MakeMoveText("g1f3"), Key: 0xffffffffffffffff, Clock: -1},
		},
	}
	broken := validate.Report{
		Plies: 0, ComputedResult: "*", Errors: 1, FirstError: validate.Syntax, FirstErrorPly: -1,
		ThreefoldPly: -1, FiftyPly: -1, FivefoldPly: -1, SeventyFivePly: -1,
		LastClockWhite: -1, LastClockBlack: -1,
		Findings: []validate.Finding{{Code: validate.Syntax, Severity: validate.Error, Message: "unterminated comment",
			Pos: parser.Pos{Offset: 2100, Line: 30, Col: 4}, Ply: -1}},
	}
	drawn := validate.Report{
		Notation: "ru", Plies: 120, Final: mustFEN("8/8/8/4k3/8/8/3K4/8 w - - 0 61"), Replayed: true,
		End: validate.DeadPosition, ComputedResult: "1/2-1/2", Warnings: 1, Infos: 1, FirstErrorPly: -1,
		ThreefoldPly: 0, FiftyPly: 101, FivefoldPly: -1, SeventyFivePly: 120,
		LastClockWhite: 0, LastClockBlack: -1, TimeForfeit: true, Termination: "Game drawn by repetition",
		// CharCol, the character column SARIF prints, never reaches the
		// table: its column stays the byte column.
		Findings: []validate.Finding{{Code: validate.ThreefoldClaimable, Severity: validate.Info,
			Message: "threefold claimable", Pos: parser.Pos{Offset: 3000, Line: 41, Col: 17}, CharCol: 14, Ply: 0,
			Move: "Кр:e2", Variation: "12b.1", Suggestions: []string{}},
			// No place of its own: the row takes the game's.
			{Code: validate.TagMissing, Severity: validate.Warning, Message: "no Site tag", Ply: -1}},
	}
	return []Game{
		{File: "in/a.pgn", Index: 0, Start: parser.Pos{Offset: 0, Line: 1, Col: 1}, End: 1500,
			Tags: tags("Event", "Rated Blitz game", "Site", "https://lichess.org/abcd", "Date", "2024.03.05",
				"Round", "-", "White", "Alice", "Black", "Bob", "Result", "*", "WhiteElo", "2400",
				"BlackElo", "?", "ECO", "C40", "TimeControl", "180+2", "Termination", "Normal",
				"UTCDate", "2024.03.05", "UTCTime", "13:14:15"),
			Encoding: parser.UTF8, Report: &full},
		{File: "in/a.pgn", Index: 1, Start: parser.Pos{Offset: 1500, Line: 20, Col: 1}, End: 2200,
			Encoding: parser.Windows1252, Report: &broken},
		{File: "in/б.pgn", Index: 7, Start: parser.Pos{Offset: 2200, Line: 35, Col: 1}, End: 4000,
			Tags: tags("Event", "", "Date", "1993.??.??", "White", "Каспаров", "Black", "Карпов",
				"Result", "1/2-1/2", "WhiteElo", "2805", "BlackElo", "-", "Variant", "Standard",
				"FEN", "8/8/8/4k3/8/8/3K4/8 w - - 0 1", "SetUp", "1", "UTCDate", "2024.02.30", "UTCTime", "10:00:00",
				"ICCResult", "Game drawn by repetition"),
			Encoding: parser.Windows1251, Report: &drawn},
		{File: "in/б.pgn", Index: 8, Start: parser.Pos{Offset: 4000, Line: 90, Col: 1}, End: 4001,
			Encoding: parser.CP866, Report: nil},
	}
}

func mustFEN(fen string) replay.Position {
	p, err := replay.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}
