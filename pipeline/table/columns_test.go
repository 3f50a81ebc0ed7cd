package table

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// typeName is how COLUMNS.md names a column's type.
func typeName(t arrow.DataType) string {
	switch t := t.(type) {
	case *arrow.DictionaryType:
		return "dictionary<" + typeName(t.ValueType) + ">"
	case *arrow.StringType:
		return "string"
	case *arrow.TimestampType:
		return "timestamp[" + t.Unit.String() + ", " + t.TimeZone + "]"
	case *arrow.ListType:
		return "list<" + typeName(t.Elem()) + ">"
	}
	return t.String()
}

var docRow = regexp.MustCompile("^\\| `([a-z_0-9]+)` \\| ([^|]+) \\| (yes|no) \\| (.+) \\|$")

// COLUMNS.md documents every column of every table, in order, with its type
// and nullability, and nothing else.
func TestColumnsDocumented(t *testing.T) {
	f, err := os.Open("../COLUMNS.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	documented := map[string][]string{}
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "## "); ok {
			section = name
			continue
		}
		if m := docRow.FindStringSubmatch(line); m != nil {
			documented[section] = append(documented[section], m[1]+" "+strings.TrimSpace(m[2])+" "+m[3])
		}
	}
	for _, tc := range []struct {
		name   string
		schema *arrow.Schema
	}{{"games", GamesSchema}, {"findings", FindingsSchema}, {"moves", MovesSchema}} {
		var want []string
		for _, fld := range tc.schema.Fields() {
			null := "no"
			if fld.Nullable {
				null = "yes"
			}
			want = append(want, fld.Name+" "+typeName(fld.Type)+" "+null)
		}
		got := documented[tc.name]
		for i := 0; i < max(len(got), len(want)); i++ {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if g != w {
				t.Errorf("COLUMNS.md, %s, row %d: %q; the schema says %q", tc.name, i+1, g, w)
			}
		}
	}
}

// The encoding row of COLUMNS.md, and encodings[].name in stats/JSON.md,
// name every encoding the parser can give, so that none surprises a reader.
func TestEncodingsDocumented(t *testing.T) {
	var want []string
	for e := parser.Encoding(0); e.String() != "unknown"; e++ {
		want = append(want, e.String())
	}
	for doc, prefix := range map[string]string{"../COLUMNS.md": "| `encoding` |", "../../stats/JSON.md": "| `encodings[].name` |"} {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		var row string
		for line := range strings.Lines(string(b)) {
			if strings.HasPrefix(line, prefix) {
				row = line
			}
		}
		meaning := row[strings.LastIndex(strings.TrimRight(row, " |\n"), "|"):]
		var documented []string
		for _, m := range regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(meaning, -1) {
			documented = append(documented, m[1])
		}
		if !slices.Equal(documented, want) {
			t.Errorf("%s lists encodings %q, the parser gives %q", doc, documented, want)
		}
	}
}

// The time_category row of COLUMNS.md names exactly the categories
// validate gives, so that a reader's CASE over the column misses none.
func TestTimeCategoryDocumented(t *testing.T) {
	b, err := os.ReadFile("../COLUMNS.md")
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for line := range strings.Lines(string(b)) {
		if strings.HasPrefix(line, "| `time_category` |") {
			row = line
		}
	}
	if row == "" {
		t.Fatal("COLUMNS.md has no time_category row")
	}
	meaning := row[strings.LastIndex(strings.TrimRight(row, " |\n"), "|"):]
	var documented []string
	for _, m := range regexp.MustCompile("`([a-z]+)`").FindAllStringSubmatch(meaning, -1) {
		documented = append(documented, m[1])
	}
	// One control of each category, and the ones that have none.
	var given []string
	for _, s := range []string{"180+2", "1500+25", "5400+30", "1/259200", "?", "-"} {
		tc, err := validate.ParseTimeControl(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if c := tc.Category(); c != "" {
			given = append(given, c)
		}
	}
	want := []string{"blitz", "rapid", "standard", "correspondence"}
	if !slices.Equal(given, want) {
		t.Fatalf("validate gives %q, this test expects %q: update both", given, want)
	}
	if !slices.Equal(documented, want) {
		t.Errorf("COLUMNS.md lists time_category values %q, validate gives %q", documented, want)
	}
}
