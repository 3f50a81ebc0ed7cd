package pipeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-chess/arbiter/validate"
)

// RunOptions are the options of a check that change the rows it writes, in
// the canonical form the manifest records ("options"), so that --resume can
// refuse to add rows made under other options to a directory. Two command
// lines that mean the same give equal RunOptions: names are lower case and
// the code lists sorted (see validate.Config.Canonical), so that
// "--disable a,b" equals "--disable B --disable a".
//
// The number of workers, the progress bar, logging, --format, --report and
// --fail-on are not here: the rows are the same whatever they are. --moves
// is (Moves): it decides whether the moves table is written, and a resumed
// run without it would leave moves files of some inputs and not of others
// (and one with it, the reverse), so that the table would be part of the
// directory.
type RunOptions struct {
	Rules    string   `json:"rules"`              // the rule profile: fide, fide2009, ussr
	Notation string   `json:"notation"`           // auto or the letter set forced
	Encoding string   `json:"encoding"`           // auto or the encoding forced
	Disable  []string `json:"disable,omitempty"`  // ["all"] or codes turned off
	Enable   []string `json:"enable,omitempty"`   // codes turned on after "all" was disabled
	Severity []string `json:"severity,omitempty"` // CODE=LEVEL overrides
	// Moves says the moves table is written (--moves). A manifest written
	// before arbiter recorded it has none: LoadManifest then takes it from
	// whether an input has a moves file.
	Moves bool `json:"moves"`
}

// RunOptions returns the options of o that the manifest records.
func (o *CheckOptions) RunOptions() RunOptions {
	r := RunOptions{Rules: o.Validate.Profile.String(), Notation: "auto", Encoding: "auto"}
	if o.Validate.Letters != nil {
		r.Notation = o.Validate.Letters.String()
	}
	if o.Encoding != nil {
		r.Encoding = o.Encoding.String()
	}
	r.Disable, r.Enable, r.Severity = o.Validate.Rules.Canonical()
	r.Moves = o.Validate.Moves
	return r
}

// Equal says whether two runs write the same rows.
func (r *RunOptions) Equal(s *RunOptions) bool { return len(r.Diff(s)) == 0 }

// Diff lists the flags whose values in r (this run) and earlier differ, one
// line each: "--rules: earlier run fide, this run ussr".
func (r *RunOptions) Diff(earlier *RunOptions) []string {
	var d []string
	add := func(flag, now, then string) {
		if now != then {
			d = append(d, fmt.Sprintf("%s: earlier run %s, this run %s", flag, then, now))
		}
	}
	add("--rules", r.Rules, earlier.Rules)
	add("--notation", r.Notation, earlier.Notation)
	add("--encoding", r.Encoding, earlier.Encoding)
	add("--disable", showList(rowCodes(r.Disable)), showList(rowCodes(earlier.Disable)))
	add("--enable", showList(rowCodes(r.Enable)), showList(rowCodes(earlier.Enable)))
	add("--severity", showList(rowCodes(r.Severity)), showList(rowCodes(earlier.Severity)))
	add("--moves", onOff(r.Moves), onOff(earlier.Moves))
	return d
}

// Flags writes r as the flags of arbiter check that give it, leaving out
// the defaults: "--rules fide --disable all --enable illegal-move".
func (r *RunOptions) Flags() string {
	f := []string{"--rules " + r.Rules}
	if r.Notation != "auto" {
		f = append(f, "--notation "+r.Notation)
	}
	if r.Encoding != "auto" {
		f = append(f, "--encoding "+r.Encoding)
	}
	for _, l := range []struct {
		flag string
		list []string
	}{{"--disable", r.Disable}, {"--enable", r.Enable}, {"--severity", r.Severity}} {
		if len(l.list) > 0 {
			f = append(f, l.flag+" "+strings.Join(l.list, ","))
		}
	}
	if r.Moves {
		f = append(f, "--moves")
	}
	return strings.Join(f, " ")
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// rowCodes is a list of Canonical's without no-game, which is never a row
// of the tables: its settings may change between runs into one directory
// (and "--disable all" keeps it on since it did not always).
func rowCodes(l []string) []string {
	return slices.DeleteFunc(slices.Clone(l), func(item string) bool {
		name, _, _ := strings.Cut(item, "=")
		return name == string(validate.NoGame)
	})
}

func showList(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ",")
}
