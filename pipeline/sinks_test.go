package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// sampleFile is one input with its records, as a run hands them to a sink.
type sampleFile struct {
	in      Input
	records []GameRecord
	err     error
	noGame  bool // the run reports the input as holding no game
}

// samples are records chosen to exercise every branch of the formats: a
// finding with and without a place, ply, move and suggestions, a FEN start
// with Black to move, a side line, characters every format must escape,
// a character column that differs from the byte column (text and jsonl
// print bytes, github and sarif characters), an input that could not
// be read and an empty one.
func samples() []sampleFile {
	return []sampleFile{
		{in: Input{Path: "games/a.pgn", Size: 100}, records: []GameRecord{
			{File: "games/a.pgn", Index: 0, Start: parser.Pos{Offset: 0, Line: 1, Col: 1}, Report: validate.Report{Findings: []validate.Finding{
				{Code: validate.IllegalMove, Severity: validate.Error, Message: "no knight can reach f3", Pos: parser.Pos{Offset: 120, Line: 9, Col: 12}, CharCol: 10, Ply: 5, Move: "Nf3", Suggestions: []string{"Nc3", "Nh3"}},
				{Code: validate.TagMissing, Severity: validate.Warning, Message: "the Round tag is missing", Ply: -1},
			}}},
			{File: "games/a.pgn", Index: 1, Start: parser.Pos{Offset: 300, Line: 20, Col: 1}},
			{File: "games/a.pgn", Index: 2, Start: parser.Pos{Offset: 400, Line: 30, Col: 1},
				Tags: []parser.Tag{{Name: "FEN", Value: "8/8/8/8/8/8/8/K6k b - - 0 40"}},
				Report: validate.Report{Findings: []validate.Finding{
					{Code: validate.ThreefoldClaimable, Severity: validate.Info, Message: "a \"claim\" was\tpossible\nhere: 100%, ok", Pos: parser.Pos{Offset: 450, Line: 35, Col: 3}, Ply: 4, Move: "Kb1"},
					{Code: validate.ImpossiblePosition, Severity: validate.Error, Message: "Black is to move but White is in check", Pos: parser.Pos{Offset: 401, Line: 30, Col: 2}, Ply: 0},
					{Code: validate.IllegalMove, Severity: validate.Error, Message: "the king cannot move into check", Pos: parser.Pos{Offset: 460, Line: 36, Col: 7}, Ply: 7, Variation: "43.1"},
				}}},
		}},
		{in: Input{Path: "broken.pgn.gz", Size: 10}, err: errors.New("broken.pgn.gz: gzip stream broken: unexpected EOF")},
		{in: Input{Path: "empty.pgn", Size: 0}, noGame: true},
		{in: Input{Path: "odd, name:ü.pgn", Size: 5}, records: []GameRecord{
			{File: "odd, name:ü.pgn", Index: 0, Start: parser.Pos{Line: 1, Col: 1}, Report: validate.Report{Findings: []validate.Finding{
				{Code: validate.NonStandardNotation, Severity: validate.Info, Message: "«0-0» is written with zeros \u2028 \x01", Pos: parser.Pos{Offset: 10, Line: 2, Col: 4}, Ply: 2, Move: "0-0"},
			}}},
		}},
		{in: Input{Path: Stdin, Size: -1}, records: []GameRecord{
			{File: Stdin, Index: 0, Start: parser.Pos{Line: 1, Col: 1}, Report: validate.Report{Findings: []validate.Finding{
				{Code: validate.ResultMismatch, Severity: validate.Error, Message: "the Result tag says 1-0, the movetext 0-1", Pos: parser.Pos{Line: 12, Col: 1}, Ply: -1},
			}}},
		}},
	}
}

// drive feeds the samples to a sink as Run would.
func drive(t *testing.T, s Sink, files []sampleFile) {
	t.Helper()
	sum := Summary{}
	for _, f := range files {
		if err := s.BeginFile(f.in); err != nil {
			t.Fatal(err)
		}
		fs := FileSummary{Input: f.in, Err: f.err, Complete: f.err == nil}
		for i := range f.records {
			if err := s.Game(&f.records[i]); err != nil {
				t.Fatal(err)
			}
			fs.Games++
			fs.Counts.Add(&f.records[i].Report)
		}
		if is, ok := s.(InputSink); ok && f.noGame {
			nf := inputFinding(validate.NoGame, validate.Warning, "no game in this input")
			if err := is.InputFinding(f.in.Path, &nf); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.EndFile(&fs); err != nil {
			t.Fatal(err)
		}
		sum.Files++
		if f.err != nil {
			sum.Failed++
		}
	}
	if err := s.Close(&sum); err != nil {
		t.Fatal(err)
	}
}

func TestTextSink(t *testing.T) {
	var out bytes.Buffer
	drive(t, NewTextSink(&out), samples())
	want := `games/a.pgn:9:12: error illegal-move: no knight can reach f3 (move 3. Nf3, ply 5)
games/a.pgn:1:1: warning tag-missing: the Round tag is missing
games/a.pgn:35:3: info threefold-claimable: a "claim" was possible here: 100%, ok (move 42. Kb1, ply 4)
games/a.pgn:30:2: error impossible-position: Black is to move but White is in check (start position)
games/a.pgn:36:7: error illegal-move: the king cannot move into check (move 43..., ply 7, variation 43.1)
broken.pgn.gz:1:1: error unreadable-input: gzip stream broken: unexpected EOF
empty.pgn:1:1: warning no-game: no game in this input
odd, name:ü.pgn:2:4: info non-standard-notation: «0-0» is written with zeros ` + "\u2028" + `   (move 1... 0-0, ply 2)
<stdin>:12:1: error result-mismatch: the Result tag says 1-0, the movetext 0-1
`
	if got := out.String(); got != want {
		t.Errorf("text output:\n%s\nwant:\n%s", got, want)
	}
}

func TestJSONLSink(t *testing.T) {
	var out bytes.Buffer
	drive(t, NewJSONLSink(&out), samples())
	want := `{"file":"games/a.pgn","game":0,"line":9,"column":12,"ply":5,"move":"Nf3","code":"illegal-move","severity":"error","message":"no knight can reach f3","suggestions":["Nc3","Nh3"]}
{"file":"games/a.pgn","game":0,"line":1,"column":1,"ply":null,"move":null,"code":"tag-missing","severity":"warning","message":"the Round tag is missing","suggestions":[]}
{"file":"games/a.pgn","game":2,"line":35,"column":3,"ply":4,"move":"Kb1","code":"threefold-claimable","severity":"info","message":"a \"claim\" was\tpossible\nhere: 100%, ok","suggestions":[]}
{"file":"games/a.pgn","game":2,"line":30,"column":2,"ply":0,"move":null,"code":"impossible-position","severity":"error","message":"Black is to move but White is in check","suggestions":[]}
{"file":"games/a.pgn","game":2,"line":36,"column":7,"ply":7,"move":null,"code":"illegal-move","severity":"error","message":"the king cannot move into check (variation 43.1)","suggestions":[]}
{"file":"broken.pgn.gz","game":null,"line":1,"column":1,"ply":null,"move":null,"code":"unreadable-input","severity":"error","message":"gzip stream broken: unexpected EOF","suggestions":[]}
{"file":"empty.pgn","game":null,"line":1,"column":1,"ply":null,"move":null,"code":"no-game","severity":"warning","message":"no game in this input","suggestions":[]}
{"file":"odd, name:ü.pgn","game":0,"line":2,"column":4,"ply":2,"move":"0-0","code":"non-standard-notation","severity":"info","message":"«0-0» is written with zeros \u2028 \u0001","suggestions":[]}
{"file":"-","game":0,"line":12,"column":1,"ply":null,"move":null,"code":"result-mismatch","severity":"error","message":"the Result tag says 1-0, the movetext 0-1","suggestions":[]}
`
	if got := out.String(); got != want {
		t.Errorf("jsonl output:\n%s\nwant:\n%s", got, want)
	}
	// A Latin-1 file name is written as the tables' file column writes it,
	// not with U+FFFD, which two such names would share.
	var latin bytes.Buffer
	s := NewJSONLSink(&latin)
	r := &GameRecord{File: "caf\xe9.pgn", Report: validate.Report{Findings: []validate.Finding{{Code: validate.Syntax, Severity: validate.Error, Message: "m", Ply: -1}}}}
	if err := s.Game(r); err != nil {
		t.Fatal(err)
	}
	s.Flush()
	if !strings.HasPrefix(latin.String(), `{"file":"caf%E9.pgn",`) {
		t.Errorf("jsonl for a Latin-1 name: %s", latin.String())
	}
	// Each line is JSON with exactly the documented keys, in order.
	keys := []string{"file", "game", "line", "column", "ply", "move", "code", "severity", "message", "suggestions"}
	for line := range strings.Lines(out.String()) {
		dec := json.NewDecoder(strings.NewReader(line))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			t.Fatalf("line %q: %v", line, err)
		}
		for _, k := range keys {
			tok, err := dec.Token()
			if err != nil || tok != k {
				t.Fatalf("line %q: key %v, want %q (%v)", line, tok, k, err)
			}
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			if k == "suggestions" && v == nil {
				t.Errorf("line %q: suggestions is null", line)
			}
		}
		if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
			t.Fatalf("line %q: extra key %v", line, tok)
		}
	}
}

func TestGitHubSink(t *testing.T) {
	var out bytes.Buffer
	drive(t, NewGitHubSink(&out), samples())
	want := `::error file=games/a.pgn,line=9,col=10,title=illegal-move::no knight can reach f3 (move 3. Nf3, ply 5)
::warning file=games/a.pgn,line=1,col=1,title=tag-missing::the Round tag is missing
::notice file=games/a.pgn,line=35,col=3,title=threefold-claimable::a "claim" was` + "\t" + `possible%0Ahere: 100%25, ok (move 42. Kb1, ply 4)
::error file=games/a.pgn,line=30,col=2,title=impossible-position::Black is to move but White is in check (start position)
::error file=games/a.pgn,line=36,col=7,title=illegal-move::the king cannot move into check (move 43..., ply 7, variation 43.1)
::error file=broken.pgn.gz,line=1,col=1,title=unreadable-input::gzip stream broken: unexpected EOF
::warning file=empty.pgn,line=1,col=1,title=no-game::no game in this input
::notice file=odd%2C name%3Aü.pgn,line=2,col=4,title=non-standard-notation::«0-0» is written with zeros ` + "\u2028 \x01" + ` (move 1... 0-0, ply 2)
::error file=<stdin>,line=12,col=1,title=result-mismatch::the Result tag says 1-0, the movetext 0-1
`
	if got := out.String(); got != want {
		t.Errorf("github output:\n%s\nwant:\n%s", got, want)
	}
}

func TestGitHubEscaping(t *testing.T) {
	for _, c := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"50%", "50%25", "50%25"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"a:b,c", "a:b,c", "a%3Ab%2Cc"},
		{"%3A", "%253A", "%253A"},
	} {
		if got := string(appendGitHubData(nil, c.in)); got != c.data {
			t.Errorf("data %q: %q, want %q", c.in, got, c.data)
		}
		if got := string(appendGitHubProperty(nil, c.in)); got != c.prop {
			t.Errorf("property %q: %q, want %q", c.in, got, c.prop)
		}
	}
}

func TestSARIFSink(t *testing.T) {
	var out bytes.Buffer
	drive(t, NewSARIFSink(&out, nil), samples())
	want := `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"columnKind":"unicodeCodePoints","results":[
{"ruleId":"illegal-move","ruleIndex":1,"level":"error","message":{"text":"no knight can reach f3 (move 3. Nf3, ply 5)"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"games/a.pgn"},"region":{"startLine":9,"startColumn":10}}}],"properties":{"game":0,"ply":5,"move":"Nf3","suggestions":["Nc3","Nh3"]}},
{"ruleId":"tag-missing","ruleIndex":18,"level":"warning","message":{"text":"the Round tag is missing"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"games/a.pgn"},"region":{"startLine":1,"startColumn":1}}}],"properties":{"game":0,"suggestions":[]}},
{"ruleId":"threefold-claimable","ruleIndex":8,"level":"note","message":{"text":"a \"claim\" was\tpossible\nhere: 100%, ok (move 42. Kb1, ply 4)"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"games/a.pgn"},"region":{"startLine":35,"startColumn":3}}}],"properties":{"game":2,"ply":4,"move":"Kb1","suggestions":[]}},
{"ruleId":"impossible-position","ruleIndex":4,"level":"error","message":{"text":"Black is to move but White is in check (start position)"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"games/a.pgn"},"region":{"startLine":30,"startColumn":2}}}],"properties":{"game":2,"ply":0,"suggestions":[]}},
{"ruleId":"illegal-move","ruleIndex":1,"level":"error","message":{"text":"the king cannot move into check (move 43..., ply 7, variation 43.1)"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"games/a.pgn"},"region":{"startLine":36,"startColumn":7}}}],"properties":{"game":2,"ply":7,"suggestions":[]}},
{"ruleId":"no-game","ruleIndex":26,"level":"warning","message":{"text":"no game in this input"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"empty.pgn"},"region":{"startLine":1,"startColumn":1}}}],"properties":{"suggestions":[]}},
{"ruleId":"non-standard-notation","ruleIndex":3,"level":"note","message":{"text":"«0-0» is written with zeros \u2028 \u0001 (move 1... 0-0, ply 2)"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"./odd,%20name:%C3%BC.pgn"},"region":{"startLine":2,"startColumn":4}}}],"properties":{"game":0,"ply":2,"move":"0-0","suggestions":[]}},
{"ruleId":"result-mismatch","ruleIndex":6,"level":"error","message":{"text":"the Result tag says 1-0, the movetext 0-1"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"%3Cstdin%3E"},"region":{"startLine":12,"startColumn":1}}}],"properties":{"game":0,"suggestions":[]}}
],"tool":{"driver":{"name":"arbiter","version":"VERSION","informationUri":"https://github.com/arbiter-chess/arbiter","rules":RULES}},"invocations":[{"executionSuccessful":false,"toolExecutionNotifications":[{"level":"error","message":{"text":"gzip stream broken: unexpected EOF"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"broken.pgn.gz"}}}]}]}]}]}
`
	want = strings.Replace(want, "VERSION", Version(), 1)
	if got := withoutRules(t, out.Bytes()); got != want {
		t.Errorf("sarif output:\n%s\nwant:\n%s", got, want)
	}

	// The log's structure, read back with an independent decoder.
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			ColumnKind string `json:"columnKind"`
			Tool       struct {
				Driver struct {
					Rules []struct{ ID string } `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 8 {
		t.Fatalf("sarif structure: %+v", log)
	}
	if k := log.Runs[0].ColumnKind; k != "unicodeCodePoints" {
		t.Errorf("columnKind %q, want unicodeCodePoints", k)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	for _, r := range log.Runs[0].Results {
		if rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s points at rule %d (%s)", r.RuleID, r.RuleIndex, rules[r.RuleIndex].ID)
		}
	}
}

func TestSARIFEmpty(t *testing.T) {
	var out bytes.Buffer
	drive(t, NewSARIFSink(&out, nil), nil)
	want := `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"columnKind":"unicodeCodePoints","results":[
],"tool":{"driver":{"name":"arbiter","version":"VERSION","informationUri":"https://github.com/arbiter-chess/arbiter","rules":RULES}},"invocations":[{"executionSuccessful":true,"toolExecutionNotifications":[]}]}]}
`
	want = strings.Replace(want, "VERSION", Version(), 1)
	if got := withoutRules(t, out.Bytes()); got != want {
		t.Errorf("empty sarif:\n%s\nwant:\n%s", got, want)
	}
	if !json.Valid(out.Bytes()) {
		t.Error("empty sarif is not JSON")
	}
}

// withoutRules checks the rule list of a SARIF log, one rule per code of
// the catalogue with its description and default level, and returns the
// log with the list replaced by RULES, for the byte comparison of the rest.
func withoutRules(t *testing.T, log []byte) string {
	t.Helper()
	var v struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string                 `json:"id"`
						ShortDescription struct{ Text string }  `json:"shortDescription"`
						Default          struct{ Level string } `json:"defaultConfiguration"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(log, &v); err != nil || len(v.Runs) != 1 {
		t.Fatalf("sarif log: %v", err)
	}
	rules := v.Runs[0].Tool.Driver.Rules
	if len(rules) != len(validate.Catalogue) {
		t.Fatalf("%d rules, want %d", len(rules), len(validate.Catalogue))
	}
	levels := map[validate.Severity]string{validate.Error: "error", validate.Warning: "warning", validate.Info: "note"}
	for i, r := range rules {
		c := validate.Catalogue[i]
		if r.ID != string(c.Code) || r.ShortDescription.Text != c.Description || r.Default.Level != levels[c.Severity] {
			t.Errorf("rule %d: %+v, want %s (%s)", i, r, c.Code, c.Severity)
		}
	}
	start := bytes.Index(log, []byte(`"rules":[`)) + len(`"rules":`)
	end := bytes.Index(log, []byte(`]}},"invocations"`)) + 1
	return string(log[:start]) + "RULES" + string(log[end:])
}

// The driver's version (SARIF2005) is the module version of a tagged
// build, else the stamped commit, else "devel": never empty.
func TestVersionOf(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i+1 < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, tc := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}, Settings: vcs("vcs.revision", "0123456789abcdef")}, "v1.4.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("vcs.revision", "0123456789abcdef", "vcs.modified", "false")}, "devel+0123456789ab"},
		{&debug.BuildInfo{Settings: vcs("vcs.revision", "abc", "vcs.modified", "true")}, "devel+abc-dirty"},
	} {
		if got := versionOf(tc.info); got != tc.want {
			t.Errorf("versionOf(%+v) = %q, want %q", tc.info, got, tc.want)
		}
	}
	if Version() == "" {
		t.Error("Version() is empty")
	}
}

func TestSARIFURI(t *testing.T) {
	for in, want := range map[string]string{
		"a.pgn":         "a.pgn",
		"-":             "%3Cstdin%3E", // standard input, as text names it
		"dir/-":         "dir/-",
		"dir/a b.pgn":   "dir/a%20b.pgn",
		"/abs/x.pgn":    "file:///abs/x.pgn",
		"c:weird.pgn":   "./c:weird.pgn",
		"100%.pgn":      "100%25.pgn",
		"русский/п.pgn": "%D1%80%D1%83%D1%81%D1%81%D0%BA%D0%B8%D0%B9/%D0%BF.pgn",
	} {
		if got := sarifURI(in); got != want {
			t.Errorf("sarifURI(%q) = %q, want %q", in, got, want)
		}
	}
}

// failingWriter fails every write, as a closed pipe does.
type failingWriter struct{}

var errWrite = errors.New("write failed")

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestSinksReportWriteErrors(t *testing.T) {
	for name, s := range map[string]Sink{
		"text":   NewTextSink(failingWriter{}),
		"jsonl":  NewJSONLSink(failingWriter{}),
		"github": NewGitHubSink(failingWriter{}),
		"sarif":  NewSARIFSink(failingWriter{}, nil),
	} {
		rec := &samples()[0].records[0]
		err := s.Game(rec)
		if err == nil {
			err = s.Close(&Summary{})
		}
		if !errors.Is(err, errWrite) {
			t.Errorf("%s: writing to a failing writer: %v", name, err)
		}
	}
}

// TestSinksDoNotAllocate: once warm, writing a game's findings costs no
// allocation in any format.
func TestSinksDoNotAllocate(t *testing.T) {
	rec := &samples()[0].records[2] // a FEN, a side line, characters to escape
	for name, s := range map[string]Sink{
		"text":   NewTextSink(io.Discard),
		"jsonl":  NewJSONLSink(io.Discard),
		"github": NewGitHubSink(io.Discard),
		"sarif":  NewSARIFSink(io.Discard, nil),
	} {
		s.Game(rec)
		if n := testing.AllocsPerRun(100, func() { s.Game(rec) }); n != 0 {
			t.Errorf("%s: %v allocations per game", name, n)
		}
	}
}

// Standard input that could not be read is named as the text formats name
// it in text, github and sarif; jsonl and the tables keep "-", the file
// column's value.
func TestUnreadableStdinNamed(t *testing.T) {
	files := []sampleFile{{in: Input{Path: Stdin, Size: -1}, err: errors.New("stdin: gzip stream broken")}}
	var text, jsonl, gh, sarif bytes.Buffer
	drive(t, NewTextSink(&text), files)
	drive(t, NewJSONLSink(&jsonl), files)
	drive(t, NewGitHubSink(&gh), files)
	drive(t, NewSARIFSink(&sarif, nil), files)
	if want := "<stdin>:1:1: error unreadable-input: stdin: gzip stream broken\n"; text.String() != want {
		t.Errorf("text: %q, want %q", text.String(), want)
	}
	if want := `{"file":"-","game":null,`; !strings.HasPrefix(jsonl.String(), want) {
		t.Errorf("jsonl: %q, want it to start %q", jsonl.String(), want)
	}
	if want := "::error file=<stdin>,line=1,col=1,title=unreadable-input::stdin: gzip stream broken\n"; gh.String() != want {
		t.Errorf("github: %q, want %q", gh.String(), want)
	}
	if want := `"locations":[{"physicalLocation":{"artifactLocation":{"uri":"%3Cstdin%3E"}}}]`; !strings.Contains(sarif.String(), want) {
		t.Errorf("sarif has no %s:\n%s", want, sarif.String())
	}
}

// fullWriter takes room bytes and then fails, as a full disk does, after
// a short write.
type fullWriter struct{ room int }

var errFull = errors.New("no space left on device")

func (w *fullWriter) Write(p []byte) (int, error) {
	n := min(len(p), w.room)
	w.room -= n
	if n < len(p) {
		return n, errFull
	}
	return n, nil
}

// TestSinksCountRecordsWritten: on an output that fills up, each format
// counts as written exactly the records whose every byte reached it (one
// without findings, once those before it have), not those it took into its
// buffer, whether the write fails during the run or when Close flushes.
func TestSinksCountRecordsWritten(t *testing.T) {
	var recs []GameRecord
	for range 300 { // some 100 KB of findings: more than a buffer
		for _, f := range samples() {
			recs = append(recs, f.records...)
		}
	}
	type counting interface {
		Sink
		Flusher
		RecordCounter
	}
	for name, newSink := range map[string]func(io.Writer) counting{
		"text":   func(w io.Writer) counting { return NewTextSink(w) },
		"jsonl":  func(w io.Writer) counting { return NewJSONLSink(w) },
		"github": func(w io.Writer) counting { return NewGitHubSink(w) },
		"sarif":  func(w io.Writer) counting { return NewSARIFSink(w, nil) },
	} {
		// Where each record's bytes end, flushed one by one.
		var whole bytes.Buffer
		s := newSink(&whole)
		ends := make([]int, len(recs))
		for i := range recs {
			if err := s.Game(&recs[i]); err != nil {
				t.Fatal(err)
			}
			s.Flush()
			ends[i] = whole.Len()
		}
		if err := s.Close(&Summary{}); err != nil || s.RecordsWritten() != int64(len(recs)) {
			t.Fatalf("%s: %d records written of %d, %v", name, s.RecordsWritten(), len(recs), err)
		}
		for _, room := range []int{0, ends[0] - 1, ends[0], ends[1], ends[len(recs)/2] + 7, 70 << 10, ends[len(recs)-1], whole.Len() - 1, whole.Len()} {
			want := int64(0)
			for _, end := range ends {
				if end <= room {
					want++
				}
			}
			s := newSink(&fullWriter{room: room})
			var err error
			for i := range recs {
				if err = s.Game(&recs[i]); err != nil {
					break
				}
			}
			if cerr := s.Close(&Summary{}); err == nil {
				err = cerr
			}
			if got := s.RecordsWritten(); got != want || (room < whole.Len()) != errors.Is(err, errFull) {
				t.Errorf("%s, room for %d of %d bytes: %d records written, want %d (error %v)", name, room, whole.Len(), got, want, err)
			}
		}
	}
}

// TestRecordWriterManySmallRecords: records of a byte each, more than it
// keeps the ends of, are counted exactly too.
func TestRecordWriterManySmallRecords(t *testing.T) {
	for _, room := range []int{0, 1, maxPending - 1, maxPending, 3*maxPending + 5, 10_000} {
		w := newRecordWriter(&fullWriter{room: room})
		var err error
		for range 10_000 {
			if _, err = w.Write([]byte{'x'}); err != nil {
				break
			}
			w.end()
			w.end() // and one without bytes
		}
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
		if got := w.Written(); got != int64(2*room) || (room < 10_000) != (err != nil) {
			t.Errorf("room for %d bytes: %d records written, want %d (error %v)", room, got, 2*room, err)
		}
	}
}

// The rule settings are the invocation's ruleConfigurationOverrides, each
// naming its rule by the id and index of the rule list: a forced level
// (tag-missing=info, a note), a code off (--disable, and --severity
// CODE=off); a level a rule that never varies has anyway (tag-format=warning)
// changes nothing and is left out. Without settings there is no such key.
func TestSARIFRuleOverrides(t *testing.T) {
	rules, err := validate.ConfigFromFlags(nil, []string{"duplicate-game"}, []string{"tag-missing=info", "tag-format=warning", "null-move=off", "syntax=warning"})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	drive(t, NewSARIFSink(&out, rules), nil)
	want := `"invocations":[{"executionSuccessful":true,"ruleConfigurationOverrides":[` +
		`{"descriptor":{"id":"syntax","index":0},"configuration":{"level":"warning"}},` +
		`{"descriptor":{"id":"tag-missing","index":18},"configuration":{"level":"note"}},` +
		`{"descriptor":{"id":"null-move","index":20},"configuration":{"enabled":false}},` +
		`{"descriptor":{"id":"duplicate-game","index":25},"configuration":{"enabled":false}}],"toolExecutionNotifications":[]}]`
	if !strings.Contains(out.String(), want) {
		t.Errorf("sarif:\n%s\nwant it to hold:\n%s", out.String(), want)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string } `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Invocations []struct {
				Overrides []struct {
					Descriptor struct {
						ID    string `json:"id"`
						Index int    `json:"index"`
					} `json:"descriptor"`
				} `json:"ruleConfigurationOverrides"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	for _, o := range log.Runs[0].Invocations[0].Overrides {
		if got := log.Runs[0].Tool.Driver.Rules[o.Descriptor.Index].ID; got != o.Descriptor.ID {
			t.Errorf("override of %s points at rule %d, %s", o.Descriptor.ID, o.Descriptor.Index, got)
		}
	}
	out.Reset()
	drive(t, NewSARIFSink(&out, nil), nil)
	if strings.Contains(out.String(), "ruleConfigurationOverrides") {
		t.Errorf("overrides without settings:\n%s", out.String())
	}
}

// The message of an unreadable input does not repeat the path the formats
// give beside it; one that names another path keeps it.
func TestUnreadableReason(t *testing.T) {
	for _, c := range []struct {
		path string
		err  error
		want string
	}{
		{"missing.pgn", &fs.PathError{Op: "open", Path: "missing.pgn", Err: syscall.ENOENT}, "cannot open: no such file or directory"},
		{"d/sub", &fs.PathError{Op: "open", Path: "d/sub", Err: syscall.EACCES}, "cannot open: permission denied"},
		{"d/link.pgn", &fs.PathError{Op: "stat", Path: "d/other.pgn", Err: syscall.ENOENT}, "stat d/other.pgn: no such file or directory"},
		{"a.pgn.gz", &ReadError{Path: "a.pgn.gz", Format: "gzip", Offset: 10, Raw: 5, Err: io.ErrUnexpectedEOF}, "gzip stream broken after 10 bytes of text (byte 5 of the file): unexpected EOF"},
		{Stdin, &ReadError{Path: Stdin, Format: "plain", Offset: 3, Err: io.ErrUnexpectedEOF}, "read error at byte 3: unexpected EOF"},
		{"a.pgn", errors.New("b.pgn: something"), "b.pgn: something"},
	} {
		if got := unreadableReason(c.path, c.err); got != c.want {
			t.Errorf("unreadableReason(%q, %q) = %q, want %q", c.path, c.err, got, c.want)
		}
	}
}

// From counts the findings at a severity or above, which --fail-on's line
// reports; AtLeast is whether there is one.
func TestCountsFrom(t *testing.T) {
	c := Counts{Errors: 2, Warnings: 3, Infos: 5}
	for sev, want := range map[validate.Severity]int64{validate.Error: 2, validate.Warning: 5, validate.Info: 10} {
		if got := c.From(sev); got != want || !c.AtLeast(sev) {
			t.Errorf("From(%s) = %d, want %d", sev, got, want)
		}
	}
	if c := (Counts{Infos: 1}); c.From(validate.Warning) != 0 || c.AtLeast(validate.Warning) || !c.AtLeast(validate.Info) {
		t.Errorf("infos only: From(warning) = %d", c.From(validate.Warning))
	}
}
