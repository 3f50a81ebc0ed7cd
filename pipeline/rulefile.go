package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/arbiter-chess/arbiter/validate"
)

// RuleFile is a file of rule settings (arbiter check --config FILE), kept
// in the repository beside the games as a linter's configuration is: the
// values of the flags of the same names, every key optional,
//
//	{
//	  "rules": "fide",
//	  "enable": ["all"],
//	  "disable": ["clock-inconsistent"],
//	  "severity": {"tag-missing": "info"},
//	  "fail-on": "warning"
//	}
//
// read in any case, as the flags are. Merge puts the command line's
// settings over it.
type RuleFile struct {
	Rules    string   // as --rules, "" when the file has none
	FailOn   string   // as --fail-on, "" when the file has none
	Enable   []string // as --enable, one code (or "all") each
	Disable  []string // as --disable
	Severity []string // as --severity, CODE=LEVEL in the file's order
}

// ParseFailOn reads a --fail-on value: the severity at or above which a
// run fails, or -1 for never (also spelt none, as --format none leads one
// to write it).
func ParseFailOn(s string) (int, bool) {
	if s == "never" || s == "none" {
		return -1, true
	}
	sev, ok := validate.ParseSeverity(s)
	return int(sev), ok
}

// ReadRuleFile reads and checks the rule settings in the file at path. An
// error names the place at fault as path:LINE:COL (the column in bytes):
// JSON that cannot be read, a key that is none of the settings, a value of
// the wrong type, an unknown rule code (with the nearest one), level or
// profile.
func ReadRuleFile(path string) (*RuleFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseRuleFile(path, data)
}

// ParseRuleFile is ReadRuleFile for the file's bytes; name is its path.
func ParseRuleFile(name string, data []byte) (*RuleFile, error) {
	p := &ruleParser{name: name, data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	return p.file()
}

type ruleParser struct {
	name string
	data []byte
	dec  *json.Decoder
	// set is how the file has set each code so far: "enable", "disable",
	// or the level of "severity", for the conflicts the flags refuse too.
	set map[string]string
}

// conflict says, at, that the file sets code both as before and now as
// the flags would be refused for (validate.ConfigFromFlags): enabled and
// disabled, disabled and given a level, enabled and given "off".
func (p *ruleParser) conflict(code, as string, at int64) error {
	if p.set == nil {
		p.set = map[string]string{}
	}
	before, ok := p.set[code]
	if !ok {
		p.set[code] = as
		return nil
	}
	on := func(s string) bool { return s != "disable" && s != "off" }
	if on(before) == on(as) {
		return nil
	}
	return p.errAt(at, "%s is set %s here and %s before", code, describeSetting(as), describeSetting(before))
}

func describeSetting(as string) string {
	switch as {
	case "enable", "disable":
		return "in \"" + as + "\""
	}
	return "to " + as + " in \"severity\""
}

// errAt is an error at byte offset off of the file.
func (p *ruleParser) errAt(off int64, format string, a ...any) error {
	off = min(max(off, 0), int64(len(p.data)))
	line := 1 + bytes.Count(p.data[:off], []byte{'\n'})
	col := off - int64(bytes.LastIndexByte(p.data[:off], '\n'))
	return fmt.Errorf("%s:%d:%d: %s", p.name, line, col, fmt.Sprintf(format, a...))
}

// next is the offset where the next token begins: the decoder's offset is
// the end of the last one, before the blanks, colon or comma after it.
func (p *ruleParser) next() int64 {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) && strings.IndexByte(" \t\r\n:,", p.data[off]) >= 0 {
		off++
	}
	return off
}

// token reads the next token and where it begins; JSON that cannot be read
// is an error at the place the decoder stopped.
func (p *ruleParser) token() (json.Token, int64, error) {
	at := p.next()
	tok, err := p.dec.Token()
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		return nil, at, p.errAt(syn.Offset, "not JSON: %v", err)
	case err == io.EOF:
		return nil, at, p.errAt(at, "not JSON: the text ends before the settings do")
	case err != nil:
		return nil, at, p.errAt(at, "not JSON: %v", err)
	}
	return tok, at, nil
}

// str reads a string value, in lower case; what names it for an error.
func (p *ruleParser) str(what string) (string, int64, error) {
	tok, at, err := p.token()
	if err != nil {
		return "", at, err
	}
	s, ok := tok.(string)
	if !ok {
		return "", at, p.errAt(at, "%s must be a string, not %s", what, describe(tok))
	}
	return strings.ToLower(strings.TrimSpace(s)), at, nil
}

// open reads the opening delimiter of a value that must be a kind of
// object or list; what names the value for an error.
func (p *ruleParser) open(what string, d json.Delim, kind string) error {
	tok, at, err := p.token()
	if err != nil {
		return err
	}
	if tok != d {
		return p.errAt(at, "%s must be %s, not %s", what, kind, describe(tok))
	}
	return nil
}

// close reads the closing delimiter the decoder holds after More is false.
func (p *ruleParser) close() error {
	_, _, err := p.token()
	return err
}

func (p *ruleParser) file() (*RuleFile, error) {
	f := &RuleFile{}
	if err := p.open("the settings", '{', "a JSON object"); err != nil {
		return nil, err
	}
	var seen []string
	for p.dec.More() {
		tok, at, err := p.token()
		if err != nil {
			return nil, err
		}
		key := tok.(string) // an object's keys are strings, or Token fails
		if slices.Contains(seen, key) {
			return nil, p.errAt(at, "%q is set twice", key)
		}
		seen = append(seen, key)
		switch key {
		case "rules":
			s, at, err := p.str(`"` + key + `"`)
			if err != nil {
				return nil, err
			}
			if _, err := validate.ParseProfile(s); err != nil {
				return nil, p.errAt(at, "\"rules\" must be fide, fide2009 or ussr, not %q", s)
			}
			f.Rules = s
		case "fail-on":
			s, at, err := p.str(`"` + key + `"`)
			if err != nil {
				return nil, err
			}
			if _, ok := ParseFailOn(s); !ok {
				return nil, p.errAt(at, "\"fail-on\" must be error, warning, info or never (or none), not %q", s)
			}
			f.FailOn = s
		case "enable", "disable":
			codes, err := p.codes(key)
			if err != nil {
				return nil, err
			}
			if key == "enable" {
				f.Enable = codes
			} else {
				f.Disable = codes
			}
		case "severity":
			if f.Severity, err = p.severities(); err != nil {
				return nil, err
			}
		default:
			return nil, p.errAt(at, "unknown setting %q: the settings are rules, enable, disable, severity and fail-on", key)
		}
	}
	if err := p.close(); err != nil {
		return nil, err
	}
	end := p.dec.InputOffset()
	if rest := p.data[end:]; len(bytes.TrimSpace(rest)) > 0 {
		return nil, p.errAt(end+int64(len(rest)-len(bytes.TrimLeft(rest, " \t\r\n"))), "text after the settings' closing brace")
	}
	return f, nil
}

// codes reads the list of codes of --enable or --disable, each checked.
func (p *ruleParser) codes(key string) ([]string, error) {
	if err := p.open(`"`+key+`"`, '[', "a list of rule codes"); err != nil {
		return nil, err
	}
	var codes []string
	for p.dec.More() {
		code, at, err := p.str(`an entry of "` + key + `"`)
		if err != nil {
			return nil, err
		}
		if err := (&validate.Config{}).Enable(code); err != nil {
			return nil, p.errAt(at, "%v", err)
		}
		if err := p.conflict(code, key, at); err != nil {
			return nil, err
		}
		codes = append(codes, code)
	}
	return codes, p.close()
}

// severities reads the object of --severity settings, code to level, each
// checked: an unknown code at the code, a wrong level at the level.
func (p *ruleParser) severities() ([]string, error) {
	if err := p.open(`"severity"`, '{', `an object of rule codes and levels, {"tag-missing": "info"}`); err != nil {
		return nil, err
	}
	var specs []string
	seen := map[string]bool{}
	for p.dec.More() {
		tok, at, err := p.token()
		if err != nil {
			return nil, err
		}
		code := strings.ToLower(strings.TrimSpace(tok.(string)))
		if seen[code] {
			return nil, p.errAt(at, "%q is given a level twice", code)
		}
		seen[code] = true
		if err := (&validate.Config{}).Enable(code); err != nil || code == "all" {
			if err == nil {
				err = fmt.Errorf("\"all\" takes no level: name each code")
			}
			return nil, p.errAt(at, "%v", err)
		}
		level, at, err := p.str(`the level of "` + code + `"`)
		if err != nil {
			return nil, err
		}
		spec := code + "=" + level
		if err := (&validate.Config{}).SetSeverity(spec); err != nil {
			return nil, p.errAt(at, "%v", err)
		}
		if err := p.conflict(code, level, at); err != nil {
			return nil, err
		}
		specs = append(specs, spec)
	}
	return specs, p.close()
}

// describe names a JSON token's kind for an error.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '{' {
			return "an object"
		}
		return "a list"
	case string:
		return fmt.Sprintf("the string %q", v)
	case nil:
		return "null"
	case bool:
		return fmt.Sprintf("%v", v)
	}
	return fmt.Sprintf("the number %v", tok)
}

// Merge puts the command line's --enable, --disable and --severity over
// the file's: a code the command line names, in any of the three, has only
// the command line's settings, and "all" on the command line sets every
// code, so the file's code settings are all dropped. The result is the
// three lists to apply, the file's first.
func (f *RuleFile) Merge(enable, disable, severity []string) (e, d, s []string) {
	named := map[string]bool{}
	for _, list := range [][]string{enable, disable, severity} {
		for _, arg := range list {
			for _, item := range strings.Split(arg, ",") {
				name, _, _ := strings.Cut(item, "=")
				named[strings.ToLower(strings.TrimSpace(name))] = true
			}
		}
	}
	keep := func(file []string) []string {
		var kept []string
		for _, item := range file {
			name, _, _ := strings.Cut(item, "=")
			if !named["all"] && !named[name] {
				kept = append(kept, item)
			}
		}
		return kept
	}
	e = append(keep(f.Enable), enable...)
	d = append(keep(f.Disable), disable...)
	s = append(keep(f.Severity), severity...)
	return e, d, s
}
