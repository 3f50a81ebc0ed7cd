package pipeline

import (
	"reflect"
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
