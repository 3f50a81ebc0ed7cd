package replay

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Tests over the shared corpus (env ARBITER_CORPUS) and python-chess's
// facts about it (env ARBITER_REFERENCE); each skips when its directory is
// not there. They read the games with mainlineTokens, a movetext reader
// just good enough for PGN as python-chess reads it, so that this package
// needs no PGN parser.

func resolveCorpusDir(t *testing.T, env string) string {
	dir := os.Getenv(env)
	if dir == "" {
		t.Skipf("%s not set", env)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s: %v", env, err)
	}
	return dir
}

// mainlineTokens returns the main-line move tokens of PGN movetext: no
// comments, variations, NAGs, move numbers, annotation marks or results.
func mainlineTokens(text []byte) []string {
	var out []string
	depth := 0
	atLineStart := true
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case atLineStart && (c == '%' || c == '['):
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case c == '{':
			for i < len(text) && text[i] != '}' {
				i++
			}
			i++
			atLineStart = false
			continue
		case c == ';':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		case c == '\n':
			atLineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
		default:
			j := i
			for j < len(text) && !bytes.ContainsRune([]byte(" \t\r\n{}();"), rune(text[j])) {
				j++
			}
			if depth == 0 {
				if tok := mainlineToken(string(text[i:j])); tok != "" {
					out = append(out, tok)
				}
			}
			i = j
			atLineStart = false
			continue
		}
		atLineStart = false
		i++
	}
	return out
}

// mainlineToken cuts a move number, annotation marks and a result glued
// to it from a token, and returns "" for what is no move.
func mainlineToken(tok string) string {
	k := 0
	for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
		k++
	}
	if k < len(tok) && tok[k] == '.' {
		for k < len(tok) && tok[k] == '.' {
			k++
		}
		tok = tok[k:]
	}
	for _, result := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
		tok = strings.TrimSuffix(tok, result) // "gxf41-0"
	}
	tok = strings.TrimRight(tok, "!?.") // "e5." as in "16 e5. dxe5"
	if tok == "" || tok[0] == '$' || strings.Trim(tok, "0123456789") == "" {
		return "" // a NAG, or a move number without its dot ("10 dxe5")
	}
	return tok
}

// pyChessGame is what the corpus tests use of one python-chess record.
type pyChessGame struct {
	File       string   `json:"file"`
	Index      int      `json:"index"`
	Line       int      `json:"line"`
	EndLine    int      `json:"end_line"`
	Variant    *string  `json:"variant"`
	StartFEN   *string  `json:"start_fen"`
	Errors     []string `json:"errors"`
	ErrorWhere []string `json:"error_where"`
	IllegalPly *int     `json:"illegal_ply"`
	Plies      int      `json:"plies"`
	FinalFEN   string   `json:"final_fen"`
	Exception  *string  `json:"exception"`

	Threefold      *int `json:"threefold_ply"`
	ThreefoldClaim *int `json:"threefold_claim_ply"`
	FiftyClaim     *int `json:"fifty_claim_ply"`
	Fivefold       *int `json:"fivefold_ply"`
	SeventyFive    *int `json:"seventyfive_ply"`
}

func readPyChessGames(t *testing.T, path string) []pyChessGame {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var games []pyChessGame
	dec := json.NewDecoder(bufio.NewReaderSize(zr, 1<<20))
	for dec.More() {
		var g pyChessGame
		if err := dec.Decode(&g); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		games = append(games, g)
	}
	return games
}

// pgnFileLines reads a corpus file as lines numbered as python-chess counts
// them (line 1 is lines[1]).
func pgnFileLines(t *testing.T, path string) [][]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return append([][]byte{nil}, bytes.Split(data, []byte("\n"))...)
}

// replayFacts are the figures the reference records, as we compute them.
type replayFacts struct {
	plies, illegalPly                                            int  // illegalPly 0: none
	ambiguous                                                    bool // the illegal ply's text fits several moves
	threefold, threefoldClaim, fiftyClaim, fivefold, seventyFive int  // first ply, -1: never
	finalFEN                                                     string
}

// replayTokens plays the tokens from start, keeping a History, and records
// the first ply of each draw condition as python-chess defines it. visit,
// when not nil, sees every position reached before its move is played.
func replayTokens(start Position, tokens []string, visit func(*Position)) replayFacts {
	f := replayFacts{threefold: -1, threefoldClaim: -1, fiftyClaim: -1, fivefold: -1, seventyFive: -1}
	p := start
	var h History
	h.Reset(&p)
	note := func(ply int) {
		first := func(dst *int, cond func() bool) {
			if *dst < 0 && cond() {
				*dst = ply
			}
		}
		first(&f.threefold, h.IsThreefold)
		first(&f.fivefold, h.IsFivefold)
		first(&f.threefoldClaim, func() bool { return h.CanClaimThreefold(&p) })
		first(&f.fiftyClaim, p.CanClaimFiftyMoves)
		first(&f.seventyFive, p.IsSeventyFiveMoves)
	}
	note(0)
	for _, tok := range tokens {
		n, err := ParseMove([]byte(tok), SAN)
		if err != nil {
			// python-chess skips what its move pattern does not match
			// ("mat", "[...]", a lone "#").
			continue
		}
		if n.Null {
			h.PlayNull(&p)
		} else {
			m, err := p.Resolve(&n)
			if err != nil {
				f.illegalPly = f.plies + 1
				var re *ResolveError
				f.ambiguous = errors.As(err, &re) && re.Reason == Ambiguous
				break
			}
			if visit != nil {
				visit(&p)
			}
			h.Play(&p, m)
		}
		f.plies++
		note(f.plies)
	}
	f.finalFEN = p.FEN()
	return f
}

func plyOrNone(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// pyChessDifferential replays every game of the reference files that match
// glob and compares our figures with python-chess's, the ply of the first
// move it rejected (and whether as ambiguous) included. It returns the
// games compared and how many of them have a rejected move. Games whose
// setup python-chess could not read are left out, as are those the quirks
// of its reader give moves that are not the game's (skipFile).
func pyChessDifferential(t *testing.T, corpus, reference, glob string, skipFile func(string) bool, visit func(*Position)) (compared, rejected int) {
	refs, err := filepath.Glob(filepath.Join(reference, glob))
	if err != nil || len(refs) == 0 {
		t.Fatalf("no reference files %s in %s", glob, reference)
	}
	mismatches := 0
	for _, ref := range refs {
		var lines [][]byte
		current := ""
		for _, g := range readPyChessGames(t, ref) {
			if g.Exception != nil || g.Variant == nil || *g.Variant != "chess" || slices.Contains(g.ErrorWhere, "setup") || skipFile(g.File) {
				continue
			}
			if g.File != current {
				current = g.File
				lines = pgnFileLines(t, filepath.Join(corpus, g.File))
			}
			if g.EndLine >= len(lines) || g.Line < 1 {
				t.Fatalf("%s game %d: lines %d-%d outside the file", g.File, g.Index, g.Line, g.EndLine)
			}
			start := StartPosition()
			if g.StartFEN != nil {
				if start, err = ParseFEN(*g.StartFEN); err != nil {
					t.Errorf("%s game %d: %v", g.File, g.Index, err)
					continue
				}
			}
			text := bytes.Join(lines[g.Line:g.EndLine+1], []byte("\n"))
			got := replayTokens(start, mainlineTokens(text), visit)
			want := replayFacts{
				plies: g.Plies, finalFEN: g.FinalFEN, illegalPly: max(plyOrNone(g.IllegalPly), 0),
				threefold: plyOrNone(g.Threefold), threefoldClaim: plyOrNone(g.ThreefoldClaim),
				fiftyClaim: plyOrNone(g.FiftyClaim), fivefold: plyOrNone(g.Fivefold),
				seventyFive: plyOrNone(g.SeventyFive),
			}
			if want.illegalPly > 0 {
				// python-chess's message for the rejected move is the last
				// mainline one.
				last := ""
				for i, e := range g.Errors {
					if g.ErrorWhere[i] == "mainline" {
						last = e
					}
				}
				want.ambiguous = strings.HasPrefix(last, "ambiguous san")
				rejected++
			}
			if got != want {
				mismatches++
				if mismatches <= 20 {
					t.Errorf("%s game %d (line %d):\n\tgot  %+v\n\twant %+v", g.File, g.Index, g.Line, got, want)
				}
			}
			compared++
		}
	}
	if mismatches > 0 {
		t.Errorf("%d of %d games differ from python-chess", mismatches, compared)
	}
	return compared, rejected
}

// TestResolveCorpusMasters replays every master game python-chess read,
// compares the move it rejected, if any, plies, final position and the first plies of
// the repetition and move-count rules with python-chess's, and runs the
// SAN round trip over every legal move of every position of one game in a
// hundred.
func TestResolveCorpusMasters(t *testing.T) {
	corpus := resolveCorpusDir(t, "ARBITER_CORPUS")
	reference := resolveCorpusDir(t, "ARBITER_REFERENCE")
	positions, moves, game := 0, 0, 0
	visit := func(p *Position) {
		if game%100 == 0 {
			positions++
			moves += checkRoundTrip(t, p)
		}
	}
	games, rejected := pyChessDifferential(t, corpus, reference, "masters__*.jsonl.gz", func(string) bool { game++; return false }, visit)
	t.Logf("%d games compared, %d with a rejected move; round trip over %d positions, %d moves", games, rejected, positions, moves)
	if games < 100000 || rejected < 19 || positions < 50000 {
		t.Fatalf("too little compared: %d games, %d rejected, %d positions", games, rejected, positions)
	}
}

// TestHistoryCorpusEngines does the same comparison over engine games
// (long, full of repetitions and fifty-move claims, Chess960 included) and
// online games.
func TestHistoryCorpusEngines(t *testing.T) {
	corpus := resolveCorpusDir(t, "ARBITER_CORPUS")
	reference := resolveCorpusDir(t, "ARBITER_REFERENCE")
	games := 0
	for _, glob := range []string{"engine_*.jsonl.gz", "online_clk__*.jsonl.gz"} {
		n, _ := pyChessDifferential(t, corpus, reference, glob, func(file string) bool {
			// python-chess reads this file's next tag section as moves
			// (quirk 2 of the reference README).
			return strings.HasPrefix(file, "online_clk/carlsen_allan-cao/")
		}, nil)
		games += n
	}
	t.Logf("%d games compared", games)
	if games < 10000 {
		t.Fatalf("only %d games compared", games)
	}
}
