package pipeline

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseRuleFile(t *testing.T) {
	good := `{
  "rules": "USSR",
  "enable": ["all"],
  "disable": ["clock-inconsistent", "Tag-Format"],
  "severity": {"tag-missing": "info", "no-game": "ERROR"},
  "fail-on": "none"
}
`
	f, err := ParseRuleFile("arbiter.json", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := &RuleFile{Rules: "ussr", FailOn: "none", Enable: []string{"all"}, Disable: []string{"clock-inconsistent", "tag-format"},
		Severity: []string{"tag-missing=info", "no-game=error"}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got %+v, want %+v", f, want)
	}
	if f, err := ParseRuleFile("a.json", []byte(" {}\n")); err != nil || !reflect.DeepEqual(f, &RuleFile{}) {
		t.Errorf("empty settings: %+v, %v", f, err)
	}

	for _, c := range []struct{ in, err string }{
		{`{"rules": "fide",`, `a.json:1:18: not JSON: the text ends before the settings do`},
		{"{\n  \"rules\": \"fide\"\n  \"fail-on\": \"error\"\n}", `a.json:3:3: not JSON: invalid character '"' after object key:value pair`},
		{`[]`, `a.json:1:1: the settings must be a JSON object, not a list`},
		{"{\n  \"enable\": [\"ilegal-move\"]\n}", `a.json:2:14: unknown rule code "ilegal-move" (did you mean illegal-move?); known codes: ` + knownCodes},
		{"{\"severity\": {\"tag-missing\": \"loud\"}}", `a.json:1:30: severity "loud" for tag-missing: want info, warning, error or off`},
		{"{\"severity\": {\"tagmissing\": \"info\"}}", `a.json:1:15: unknown rule code "tagmissing" (did you mean tag-missing?); known codes: ` + knownCodes},
		{"{\"severity\": {\"all\": \"info\"}}", `a.json:1:15: "all" takes no level: name each code`},
		{"{\"severity\": [\"tag-missing=info\"]}", `a.json:1:14: "severity" must be an object of rule codes and levels, {"tag-missing": "info"}, not a list`},
		{"{\"severity\": {\"tag-missing\": \"info\", \"Tag-Missing\": \"error\"}}", `a.json:1:38: "tag-missing" is given a level twice`},
		{`{"fail-on": "sometimes"}`, `a.json:1:13: "fail-on" must be error, warning, info or never (or none), not "sometimes"`},
		{`{"fail-on": 1}`, `a.json:1:13: "fail-on" must be a string, not the number 1`},
		{`{"rules": "fifa"}`, `a.json:1:11: "rules" must be fide, fide2009 or ussr, not "fifa"`},
		{`{"enable": "syntax"}`, `a.json:1:12: "enable" must be a list of rule codes, not the string "syntax"`},
		{`{"enable": [null]}`, `a.json:1:13: an entry of "enable" must be a string, not null`},
		{`{"profile": "fide"}`, `a.json:1:2: unknown setting "profile": the settings are rules, enable, disable, severity and fail-on`},
		{`{"rules": "fide", "rules": "ussr"}`, `a.json:1:19: "rules" is set twice`},
		{"{\"enable\": [\"syntax\"],\n \"disable\": [\"syntax\"]}", `a.json:2:14: syntax is set in "disable" here and in "enable" before`},
		{"{\"severity\": {\"syntax\": \"info\"},\n \"disable\": [\"syntax\"]}", `a.json:2:14: syntax is set in "disable" here and to info in "severity" before`},
		{`{} {}`, `a.json:1:4: text after the settings' closing brace`},
	} {
		_, err := ParseRuleFile("a.json", []byte(c.in))
		if err == nil || err.Error() != c.err {
			t.Errorf("%s:\n got %v\nwant %s", c.in, err, c.err)
		}
	}
}

const knownCodes = "syntax, illegal-move, ambiguous-move, non-standard-notation, impossible-position, moves-after-end, result-mismatch, wrong-result, threefold-claimable, missed-threefold, fifty-move-claimable, missed-fifty-move, fivefold-repetition, seventy-five-moves, time-forfeit, timeout-insufficient-material, flag-fall-unclaimed, clock-inconsistent, tag-missing, tag-format, null-move, variant-unsupported, result-missing, tag-duplicate, wrong-termination, duplicate-game, no-game, internal-error, perft-mismatch"

// The command line's code settings win over the file's: a code it names
// keeps only its own settings, and "all" drops every one of the file's.
func TestRuleFileMerge(t *testing.T) {
	f := &RuleFile{Enable: []string{"null-move"}, Disable: []string{"tag-missing", "clock-inconsistent"}, Severity: []string{"syntax=warning", "tag-format=info"}}
	e, d, s := f.Merge([]string{"Tag-Missing"}, nil, []string{"syntax=error,null-move=off"})
	if want := []string{"Tag-Missing"}; !reflect.DeepEqual(e, want) {
		t.Errorf("enable %q, want %q", e, want)
	}
	if want := []string{"clock-inconsistent"}; !reflect.DeepEqual(d, want) {
		t.Errorf("disable %q, want %q", d, want)
	}
	if want := []string{"tag-format=info", "syntax=error,null-move=off"}; !reflect.DeepEqual(s, want) {
		t.Errorf("severity %q, want %q", s, want)
	}
	e, d, s = f.Merge(nil, []string{"all"}, nil)
	if e != nil || !reflect.DeepEqual(d, []string{"all"}) || s != nil {
		t.Errorf("--disable all: %q %q %q", e, d, s)
	}
}

// A file with several faults names them all, in file order, each at its
// place; a value at fault is skipped whole, so that what follows it is
// still read and checked; the known codes are listed once.
func TestParseRuleFileEveryFault(t *testing.T) {
	in := `{
  "profile": {"name": "fide", "list": [1, {"x": 2}]},
  "rules": "fifa",
  "enable": ["ilegal-move", "syntax", 3, "tag-mising"],
  "disable": ["syntax", "frobnicate"],
  "severity": {"no-gmae": ["info"], "tag-format": "loud", "null-move": "info"},
  "fail-on": ["warning"],
  "rules": "ussr"
}
`
	want := []string{
		`a.json:2:3: unknown setting "profile": the settings are rules, enable, disable, severity and fail-on`,
		`a.json:3:12: "rules" must be fide, fide2009 or ussr, not "fifa"`,
		`a.json:4:14: unknown rule code "ilegal-move" (did you mean illegal-move?); known codes: ` + knownCodes,
		`a.json:4:39: an entry of "enable" must be a string, not the number 3`,
		`a.json:4:42: unknown rule code "tag-mising" (did you mean tag-missing?) (known codes: see above)`,
		`a.json:5:15: syntax is set in "disable" here and in "enable" before`,
		`a.json:5:25: unknown rule code "frobnicate" (known codes: see above)`,
		`a.json:6:16: unknown rule code "no-gmae" (did you mean no-game?) (known codes: see above)`,
		`a.json:6:51: severity "loud" for tag-format: want info, warning, error or off`,
		`a.json:7:14: "fail-on" must be a string, not a list`,
		`a.json:8:3: "rules" is set twice`,
	}
	_, err := ParseRuleFile("a.json", []byte(in))
	if err == nil {
		t.Fatal("no error")
	}
	if got := strings.Split(err.Error(), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if faults := err.(interface{ Unwrap() []error }).Unwrap(); len(faults) != len(want) {
		t.Errorf("%d faults unwrapped, want %d", len(faults), len(want))
	}

	// JSON that cannot be read ends the reading, after the faults before it.
	_, err = ParseRuleFile("a.json", []byte("{\"rules\": \"fifa\",\n \"fail-on\": \"error\" \"disable\": []}"))
	wantErr := "a.json:1:11: \"rules\" must be fide, fide2009 or ussr, not \"fifa\"\n" +
		`a.json:2:21: not JSON: invalid character '"' after object key:value pair`
	if err == nil || err.Error() != wantErr {
		t.Errorf("got %v\nwant %s", err, wantErr)
	}

	// The near miss: a file without faults gives its settings and no error.
	f, err := ParseRuleFile("a.json", []byte(`{"enable": ["syntax"], "severity": {"null-move": "info"}, "fail-on": "warning"}`))
	if err != nil || !reflect.DeepEqual(f, &RuleFile{FailOn: "warning", Enable: []string{"syntax"}, Severity: []string{"null-move=info"}}) {
		t.Errorf("good file: %+v, %v", f, err)
	}
}
