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
// error names every place at fault, in file order, as path:LINE:COL (the
// column in bytes), one a line: a key that is none of the settings, a value
// of the wrong type, an unknown rule code (with the nearest one), level or
// profile, a key or code given twice, a code set both on and off. JSON that
// cannot be read ends the reading: it is the last fault named. The error
// joins the faults (errors.Join): Unwrap() []error gives them one by one.
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
	f, err := p.file()
	if err != nil {
		// JSON that cannot be read lies past every fault found before it.
		p.faults = append(p.faults, err)
	}
	if len(p.faults) > 0 {
		return nil, errors.Join(p.faults...)
	}
	return f, nil
}

// ruleParser reads a rule file on past the faults it finds, so that one
// run names them all, as a compiler does: a value at fault is left out
// (skipped whole when it is an object or a list) and the next is read. Its
// methods return an error only for JSON that cannot be read, after which
// nothing more can be.
type ruleParser struct {
	name string
	data []byte
	dec  *json.Decoder
	// set is how the file has set each code so far: "enable", "disable",
	// or the level of "severity", for the conflicts the flags refuse too.
	set    map[string]string
	faults []error
	// listed is set once a fault has listed the known codes: a second
	// unknown code names only its nearest.
	listed bool
}

// fault records a fault at byte offset off of the file.
func (p *ruleParser) fault(off int64, format string, a ...any) {
	p.faults = append(p.faults, p.errAt(off, format, a...))
}

// checkCode records a fault at at when code is no known code, or is "all"
// where all is no code (a level for every code); it says whether the code
// is good.
func (p *ruleParser) checkCode(code string, allToo bool, at int64) bool {
	if code == "all" {
		if !allToo {
			p.fault(at, "\"all\" takes no level: name each code")
		}
		return allToo
	}
	err := (&validate.Config{}).Enable(code)
	var unknown *validate.UnknownCodeError
	switch {
	case err == nil:
		return true
	case errors.As(err, &unknown) && p.listed:
		p.fault(at, "%s (known codes: see above)", unknown.Short())
	default:
		p.listed = p.listed || errors.As(err, &unknown)
		p.fault(at, "%v", err)
	}
	return false
}

// conflict records a fault at at when the file sets code both as before
// and now as the flags would be refused for (validate.ConfigFromFlags):
// enabled and disabled, disabled and given a level, enabled and given
// "off".
func (p *ruleParser) conflict(code, as string, at int64) {
	if p.set == nil {
		p.set = map[string]string{}
	}
	before, ok := p.set[code]
	if !ok {
		p.set[code] = as
		return
	}
	on := func(s string) bool { return s != "disable" && s != "off" }
	if on(before) != on(as) {
		p.fault(at, "%s is set %s here and %s before", code, describeSetting(as), describeSetting(before))
	}
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

// skip reads the rest of the value tok opens, when it opens an object or
// a list: a value at fault is left out whole.
func (p *ruleParser) skip(tok json.Token) error {
	if d, ok := tok.(json.Delim); !ok || d == '}' || d == ']' {
		return nil
	}
	for depth := 1; depth > 0; {
		tok, _, err := p.token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// skipValue reads a value and leaves it out.
func (p *ruleParser) skipValue() error {
	tok, _, err := p.token()
	if err != nil {
		return err
	}
	return p.skip(tok)
}

// str reads a string value, in lower case, and whether it is one (a fault
// otherwise, and the value skipped); what names it for the fault.
func (p *ruleParser) str(what string) (string, int64, bool, error) {
	tok, at, err := p.token()
	if err != nil {
		return "", at, false, err
	}
	s, ok := tok.(string)
	if !ok {
		p.fault(at, "%s must be a string, not %s", what, describe(tok))
		return "", at, false, p.skip(tok)
	}
	return strings.ToLower(strings.TrimSpace(s)), at, true, nil
}

// open reads the opening delimiter of a value that must be a kind of
// object or list, and whether it is there (a fault otherwise, and the value
// skipped); what names the value for the fault.
func (p *ruleParser) open(what string, d json.Delim, kind string) (bool, error) {
	tok, at, err := p.token()
	if err != nil {
		return false, err
	}
	if tok != d {
		p.fault(at, "%s must be %s, not %s", what, kind, describe(tok))
		return false, p.skip(tok)
	}
	return true, nil
}

// close reads the closing delimiter the decoder holds after More is false.
func (p *ruleParser) close() error {
	_, _, err := p.token()
	return err
}

func (p *ruleParser) file() (*RuleFile, error) {
	f := &RuleFile{}
	if ok, err := p.open("the settings", '{', "a JSON object"); !ok {
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
			p.fault(at, "%q is set twice", key)
		}
		seen = append(seen, key)
		switch key {
		case "rules":
			s, at, ok, err := p.str(`"` + key + `"`)
			if err != nil {
				return nil, err
			}
			if _, perr := validate.ParseProfile(s); ok && perr != nil {
				p.fault(at, "\"rules\" must be fide, fide2009 or ussr, not %q", s)
			} else if ok {
				f.Rules = s
			}
		case "fail-on":
			s, at, ok, err := p.str(`"` + key + `"`)
			if err != nil {
				return nil, err
			}
			if _, known := ParseFailOn(s); ok && !known {
				p.fault(at, "\"fail-on\" must be error, warning, info or never (or none), not %q", s)
			} else if ok {
				f.FailOn = s
			}
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
			p.fault(at, "unknown setting %q: the settings are rules, enable, disable, severity and fail-on", key)
			if err := p.skipValue(); err != nil {
				return nil, err
			}
		}
	}
	if err := p.close(); err != nil {
		return nil, err
	}
	end := p.dec.InputOffset()
	if rest := p.data[end:]; len(bytes.TrimSpace(rest)) > 0 {
		p.fault(end+int64(len(rest)-len(bytes.TrimLeft(rest, " \t\r\n"))), "text after the settings' closing brace")
	}
	return f, nil
}

// codes reads the list of codes of --enable or --disable, each checked;
// those at fault are left out.
func (p *ruleParser) codes(key string) ([]string, error) {
	if ok, err := p.open(`"`+key+`"`, '[', "a list of rule codes"); !ok {
		return nil, err
	}
	var codes []string
	for p.dec.More() {
		code, at, ok, err := p.str(`an entry of "` + key + `"`)
		if err != nil {
			return nil, err
		}
		if !ok || !p.checkCode(code, true, at) {
			continue
		}
		p.conflict(code, key, at)
		codes = append(codes, code)
	}
	return codes, p.close()
}

// severities reads the object of --severity settings, code to level, each
// checked: an unknown code at the code (its level is then left unread), a
// wrong level at the level.
func (p *ruleParser) severities() ([]string, error) {
	if ok, err := p.open(`"severity"`, '{', `an object of rule codes and levels, {"tag-missing": "info"}`); !ok {
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
		good := p.checkCode(code, false, at)
		if good && seen[code] {
			p.fault(at, "%q is given a level twice", code)
			good = false
		}
		seen[code] = true
		if !good {
			if err := p.skipValue(); err != nil {
				return nil, err
			}
			continue
		}
		level, at, ok, err := p.str(`the level of "` + code + `"`)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		spec := code + "=" + level
		if err := (&validate.Config{}).SetSeverity(spec); err != nil {
			p.fault(at, "%v", err)
			continue
		}
		p.conflict(code, level, at)
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
