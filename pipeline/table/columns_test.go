package table

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
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
