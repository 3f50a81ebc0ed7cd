package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestColumnsByFormat runs the checker on files with characters of more
// than one byte and a BOM: text and jsonl print byte columns, github and
// sarif character columns; none counts a BOM, as editors do not.
func TestColumnsByFormat(t *testing.T) {
	const roster = "[Event \"T\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n"
	dir := t.TempDir()
	files := []struct {
		name, data string
		// code line byte-column character-column, one per finding
		want []string
	}{
		{"ru.pgn", roster + "[Result \"*\"]\n\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b6 *\n",
			[]string{"non-standard-notation 9 4 4", "illegal-move 9 38 36"}},
		{"cp1251.pgn", roster + "[Result \"*\"]\n\n1. e2-e4 e7-e5 2. \xCAg1-f3 \xCAb8-c6 3. \xD1f1-b6 *\n",
			[]string{"non-standard-notation 9 4 4", "illegal-move 9 36 36"}},
		{"ascii.pgn", roster + "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n",
			[]string{"illegal-move 9 13 13"}},
		{"bom.pgn", "\xEF\xBB\xBF[Date \"2024.13.01\"] [Result \"1-0\"]\n\n1. e4 Кf6 0-1\n",
			[]string{"tag-format 1 1 1", "tag-missing 1 1 1", "non-standard-notation 3 7 7", "result-mismatch 3 12 11"}},
		// Movetext on the BOM's line: the column is the one without a BOM,
		// the game's start stays at 1 (where the BOM is).
		{"bom.txt", "\xEF\xBB\xBF1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n",
			[]string{"tag-missing 1 1 1", "illegal-move 1 24 24"}},
		{"nobom.txt", "1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n",
			[]string{"tag-missing 1 1 1", "illegal-move 1 24 24"}},
		// Past the first line a BOM counts for nothing anyway.
		{"bom2.txt", "\xEF\xBB\xBF\n1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n",
			[]string{"tag-missing 1 1 1", "illegal-move 2 24 24"}},
		// A second game on the BOM's line: the BOM counts in neither column.
		{"bomline.txt", "\xEF\xBB\xBF1. e4 e5 * 1. d4 d5 2. Kd3 *\n",
			[]string{"tag-missing 1 1 1", "tag-missing 1 12 12", "illegal-move 1 24 24"}},
		{"bomline1251.txt", "\xEF\xBB\xBF1. e4 \xCAf6 * 1. d4 d5 2. Kd3 *\n",
			[]string{"tag-missing 1 1 1", "non-standard-notation 1 7 7", "tag-missing 1 13 13", "illegal-move 1 25 25"}},
		// duplicate-game, which the writer adds, counts as the checker does.
		{"dupline.pgn", "[White \"Ä\"] [Black \"B\"] 1. e4 {é} e5 * [White \"Ä\"] [Black \"B\"] 1. e4 {é} e5 *\n",
			[]string{"tag-missing 1 1 1", "tag-missing 1 42 40", "duplicate-game 1 42 40"}},
		{"dupbom.pgn", "\xEF\xBB\xBF[White \"A\"] [Black \"B\"] 1. e4 e5 * [White \"A\"] [Black \"B\"] 1. e4 e5 *\n",
			[]string{"tag-missing 1 1 1", "tag-missing 1 36 36", "duplicate-game 1 36 36"}},
		// A game that begins inside a line, after a heading or a comment the
		// game before holds: the characters before it count.
		{"heading.txt", "1. c4 c5 *\nПартия 2: 1. d4 d5 2. Kd3 *\n",
			[]string{"tag-missing 1 1 1", "tag-missing 2 17 11", "illegal-move 2 29 23"}},
		{"comment.pgn", "[Event \"a\"]\n\n1. c4 c5 *\n\n{Вторая} 1. d4 d5 2. Kd3 *\n",
			[]string{"tag-missing 1 1 1", "tag-missing 5 16 10", "illegal-move 5 28 22"}},
	}
	var inputs []Input
	for _, f := range files {
		inputs = append(inputs, Input{Path: writeFile(t, dir, f.name, []byte(f.data)), Size: int64(len(f.data))})
	}
	var text, jsonl, github, sarif bytes.Buffer
	if _, err := runWithin(t, context.Background(), &Config{}, inputs,
		NewTextSink(&text), NewJSONLSink(&jsonl), NewGitHubSink(&github), NewSARIFSink(&sarif, nil)); err != nil {
		t.Fatal(err)
	}

	// Each format read back as "file code line column" per finding.
	var gotText, gotJSONL, gotGitHub, gotSARIF []string
	textLine := regexp.MustCompile(`^(.*):(\d+):(\d+): \w+ ([a-z-]+): `)
	for _, l := range strings.Split(strings.TrimSpace(text.String()), "\n") {
		m := textLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("text line %q", l)
		}
		gotText = append(gotText, fmt.Sprintf("%s %s %s %s", filepath.Base(m[1]), m[4], m[2], m[3]))
	}
	for _, l := range strings.Split(strings.TrimSpace(jsonl.String()), "\n") {
		var o struct {
			File         string
			Line, Column int
			Code         string
		}
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatal(err)
		}
		gotJSONL = append(gotJSONL, fmt.Sprintf("%s %s %d %d", filepath.Base(o.File), o.Code, o.Line, o.Column))
	}
	for _, l := range strings.Split(strings.TrimSpace(github.String()), "\n") {
		props, _, _ := strings.Cut(strings.SplitN(l, " ", 2)[1], "::")
		kv := map[string]string{}
		for _, p := range strings.Split(props, ",") {
			k, v, _ := strings.Cut(p, "=")
			kv[k] = v
		}
		gotGitHub = append(gotGitHub, fmt.Sprintf("%s %s %s %s", filepath.Base(kv["file"]), kv["title"], kv["line"], kv["col"]))
	}
	var log struct {
		Runs []struct {
			ColumnKind string `json:"columnKind"`
			Results    []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || log.Runs[0].ColumnKind != "unicodeCodePoints" {
		t.Fatalf("sarif runs: %+v", log.Runs)
	}
	for _, r := range log.Runs[0].Results {
		pl := r.Locations[0].PhysicalLocation
		gotSARIF = append(gotSARIF, fmt.Sprintf("%s %s %d %d", filepath.Base(pl.ArtifactLocation.URI), r.RuleID, pl.Region.StartLine, pl.Region.StartColumn))
	}

	var wantBytes, wantChars []string
	for _, f := range files {
		for _, w := range f.want {
			var code string
			var line, b, c int
			fmt.Sscanf(w, "%s %d %d %d", &code, &line, &b, &c)
			wantBytes = append(wantBytes, fmt.Sprintf("%s %s %d %d", f.name, code, line, b))
			wantChars = append(wantChars, fmt.Sprintf("%s %s %d %d", f.name, code, line, c))
		}
	}
	for _, c := range []struct {
		format    string
		got, want []string
	}{
		{"text", gotText, wantBytes},
		{"jsonl", gotJSONL, wantBytes},
		{"github", gotGitHub, wantChars},
		{"sarif", gotSARIF, wantChars},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s:\n%s\nwant:\n%s", c.format, strings.Join(c.got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
