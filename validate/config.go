package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-chess/arbiter/replay"
)

// Rule describes one finding code: what the README and the SARIF rule list say
// about it.
type Rule struct {
	Code     Code
	Severity Severity // the default; see Varies
	// Varies is set when the rule itself chooses the severity case by case
	// (Severity is then the most serious one it gives); an override on the
	// command line replaces whatever the rule chose.
	Varies      bool
	Description string // one line, for people
}

// Catalogue lists every code arbiter reports, in the order the README shows
// them. It is the single source of default severities.
var Catalogue = []Rule{
	{Syntax, Error, false, "movetext or a tag pair that cannot be read; reading resumes at the next token or game"},
	{IllegalMove, Error, false, "a move no legal move matches; the message says why and the suggestions list the nearest legal moves"},
	{AmbiguousMove, Error, false, "a move that matches two or more legal moves"},
	{NonStandardNotation, Info, false, "a move or result marker that was understood but is not SAN or PGN (0-0, e2-e4, e8Q, missing x or +, Russian or figurine letters, 1/2, 1:0), or an [%eval] value in none of the command's forms"},
	{ImpossiblePosition, Error, false, "a FEN start position that cannot arise in a game (kings, pawns, castling rights, en passant, checks)"},
	{MovesAfterEnd, Error, true, "moves after checkmate, stalemate, a dead position, fivefold repetition or 75 moves: warning after a dead position in a game scored 1/2-1/2, the draw it gives"},
	{ResultMismatch, Error, false, "the Result tag differs from the result marker at the end of the moves"},
	{WrongResult, Error, true, "the recorded result contradicts the final position or the clocks: info where chess.com or lichess scored a timeout by its own published rule"},
	{ThreefoldClaimable, Info, false, "the first move at which a draw by threefold repetition could be claimed"},
	{MissedThreefold, Warning, true, "a threefold repetition could be claimed but the game went on to a decisive result: warning when the loser could claim, info when only the winner could"},
	{FiftyMoveClaimable, Info, false, "the first move at which a draw under the 50-move rule could be claimed"},
	{MissedFiftyMove, Warning, true, "a 50-move draw could be claimed but the game went on to a decisive result: warning when the loser could claim, info when only the winner could"},
	{FivefoldRepetition, Error, true, "fivefold repetition drew the game automatically: error if play went on or ended decisively, info otherwise"},
	{SeventyFiveMoves, Error, true, "75 moves without capture or pawn move drew the game automatically: error if play went on or ended decisively, info otherwise"},
	{TimeForfeit, Info, false, "the game ended on time (Termination tag or a clock at zero), and whose flag fell"},
	{TimeoutInsufficientMaterial, Error, true, "a win on time although the winner could not mate by any legal series of moves; warning when that is only probable"},
	{FlagFallUnclaimed, Warning, false, "the clocks show that a flag fell but the game went on"},
	{ClockInconsistent, Warning, true, "a clock that grows by more than the time control gives (info in a lichess game, where the opponent may give time), clocks missing for some moves, negative times, [%clk] or [%emt] values not written H:MM:SS"},
	{TagMissing, Warning, true, "tags of the Seven Tag Roster are missing (one finding lists them all); info when Round alone is missing in a game of an online server, which has no rounds"},
	{TagFormat, Warning, false, "a Date, Round, Elo, Result, TimeControl or SetUp value not in PGN form"},
	{NullMove, Warning, false, "a null move (--, Z0) in the main line: a pass no game can contain"},
	{VariantUnsupported, Warning, true, "the Variant tag names a game other than standard chess, whose moves are not checked: info for a variant, warning for a name one letter off standard chess or Chess960 (a typing error that kept a game of chess from being checked)"},
	{ResultMissing, Info, false, "the moves end without a result marker"},
	{TagDuplicate, Warning, false, "a tag the checks read appears twice"},
	{WrongTermination, Warning, false, "the Termination tag (or ICCResult) says the game was lost on time, but checkmate or stalemate had ended it on the board, or it names as the winner on time the side the result scores as the loser, or it (or a FICS sentence after the last move) claims a checkmate, stalemate, repetition or 50 moves the board contradicts"},
	{DuplicateGame, Warning, false, "a game read twice in an input: the same Seven Tag Roster and the same moves as an earlier game"},
	{NoGame, Warning, false, "an input with no game in it: an empty file, or a directory named that holds no game file"},
	{InternalError, Error, false, "arbiter failed on this game (a bug to report); the game is still written and the run goes on"},
	{PerftMismatch, Error, false, "a perft suite's node count (;D3 8902) of at most 1,000,000 that differs from the count of the position's legal move tree to that depth"},
}

// catalogueIndex finds a code's rule without allocating; -1 when unknown.
func catalogueIndex(c Code) int {
	for i := range Catalogue {
		if Catalogue[i].Code == c {
			return i
		}
	}
	return -1
}

// DefaultSeverity is the catalogue severity of c (Error for an unknown code,
// so that a code missing from the catalogue is noticed rather than hidden).
func DefaultSeverity(c Code) Severity {
	if i := catalogueIndex(c); i >= 0 {
		return Catalogue[i].Severity
	}
	return Error
}

// Config says which codes are reported and at which severity, as a linter's
// rule configuration does. The zero value reports every code at the severity
// its rule chooses.
type Config struct {
	allOff    bool // "--disable all": codes are off unless enabled by name
	overrides map[Code]override
}

type override struct {
	onOff       int8 // +1 enabled by name, -1 disabled by name, 0 as allOff says
	hasSeverity bool
	severity    Severity
}

// Enabled says whether findings with code c are reported.
func (c *Config) Enabled(code Code) bool {
	if c == nil {
		return true
	}
	switch c.overrides[code].onOff {
	case 1:
		return true
	case -1:
		return false
	}
	return !c.allOff
}

// Severity is the severity a finding of code gets when its rule chose
// decided: an override replaces the rule's choice.
func (c *Config) Severity(code Code, decided Severity) Severity {
	if c == nil {
		return decided
	}
	if o := c.overrides[code]; o.hasSeverity {
		return o.severity
	}
	return decided
}

// Apply drops the findings of disabled codes and applies the severity
// overrides, reusing fs.
func (c *Config) Apply(fs []Finding) []Finding {
	if c == nil || (!c.allOff && len(c.overrides) == 0) {
		return fs
	}
	kept := fs[:0]
	for _, f := range fs {
		if !c.Enabled(f.Code) {
			continue
		}
		f.Severity = c.Severity(f.Code, f.Severity)
		kept = append(kept, f)
	}
	return kept
}

// Enable turns codes on. Each argument may hold several codes separated by
// commas; "all" turns every code on and forgets earlier per-code settings.
func (c *Config) Enable(codes ...string) error { return c.setOnOff(codes, 1) }

// Disable turns codes off, with the same argument forms as Enable.
func (c *Config) Disable(codes ...string) error { return c.setOnOff(codes, -1) }

func (c *Config) setOnOff(args []string, onOff int8) error {
	for _, arg := range args {
		for _, name := range strings.Split(arg, ",") {
			name = strings.ToLower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			if name == "all" {
				c.allOff = onOff < 0
				for k, o := range c.overrides {
					o.onOff = 0
					c.overrides[k] = o
				}
				continue
			}
			code, err := lookupCode(name)
			if err != nil {
				return err
			}
			o := c.overrides[code]
			o.onOff = onOff
			c.set(code, o)
		}
	}
	return nil
}

// SetSeverity overrides severities. Each spec is CODE=LEVEL (several may be
// joined by commas), LEVEL one of info, warning, error, or off to disable.
func (c *Config) SetSeverity(specs ...string) error {
	for _, arg := range specs {
		for _, spec := range strings.Split(arg, ",") {
			spec = strings.TrimSpace(spec)
			if spec == "" {
				continue
			}
			name, level, ok := strings.Cut(spec, "=")
			if !ok {
				return fmt.Errorf("severity %q: want CODE=LEVEL, e.g. tag-missing=info", spec)
			}
			code, err := lookupCode(strings.ToLower(strings.TrimSpace(name)))
			if err != nil {
				return err
			}
			level = strings.ToLower(strings.TrimSpace(level))
			o := c.overrides[code]
			if level == "off" {
				o.onOff = -1
				c.set(code, o)
				continue
			}
			sev, ok := ParseSeverity(level)
			if !ok {
				return fmt.Errorf("severity %q for %s: want info, warning, error or off", level, code)
			}
			o.hasSeverity, o.severity = true, sev
			if o.onOff == 0 && c.allOff {
				// Giving a disabled code a severity says the user wants to see it.
				o.onOff = 1
			}
			c.set(code, o)
		}
	}
	return nil
}

func (c *Config) set(code Code, o override) {
	if c.overrides == nil {
		c.overrides = make(map[Code]override)
	}
	c.overrides[code] = o
}

// lookupCode returns the known code named name or an *UnknownCodeError.
func lookupCode(name string) (Code, error) {
	if i := catalogueIndex(Code(name)); i >= 0 {
		return Catalogue[i].Code, nil
	}
	e := &UnknownCodeError{Name: name}
	bestDist := 4
	for _, r := range Catalogue {
		if d := replay.EditDistance(name, string(r.Code)); d < bestDist {
			e.Nearest, bestDist = r.Code, d
		}
	}
	return "", e
}

// UnknownCodeError is a rule code arbiter does not know. Its message lists
// the known codes, and names the nearest one when the name is a typing slip
// away from it.
type UnknownCodeError struct {
	Name    string // as given, in lower case
	Nearest Code   // "" when no known code is near
}

func (e *UnknownCodeError) Error() string {
	known := make([]string, len(Catalogue))
	for i, r := range Catalogue {
		known[i] = string(r.Code)
	}
	return e.Short() + "; known codes: " + strings.Join(known, ", ")
}

// Short is the message without the list of known codes, for a message that
// has listed them once already (a rule file with several unknown codes).
func (e *UnknownCodeError) Short() string {
	if e.Nearest != "" {
		return fmt.Sprintf("unknown rule code %q (did you mean %s?)", e.Name, e.Nearest)
	}
	return fmt.Sprintf("unknown rule code %q", e.Name)
}

var profileNames = [...]string{"fide", "fide2009", "ussr"}

func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return "unknown"
}

// ParseProfile reads a rule-profile name: fide, fide2009 or ussr (any case).
func ParseProfile(s string) (Profile, error) {
	for i, n := range profileNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Profile(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rule profile %q; known profiles: %s", s, strings.Join(profileNames[:], ", "))
}

// ConfigFromFlags builds the rule configuration of the --enable, --disable
// and --severity flags (each a list of codes, comma-separated or repeated),
// nil when none is given. "all" is applied before the codes named one by
// one, whatever the order on the command line, so that "--enable all
// --disable tag-missing" and "--disable all --enable illegal-move" both mean
// what they say. Every command that takes these flags calls this.
func ConfigFromFlags(enable, disable, severity []string) (*Config, error) {
	if len(enable)+len(disable)+len(severity) == 0 {
		return nil, nil
	}
	split := func(args []string) (all bool, codes []string) {
		for _, a := range args {
			for _, c := range strings.Split(a, ",") {
				if c = strings.TrimSpace(c); strings.EqualFold(c, "all") {
					all = true
				} else if c != "" {
					codes = append(codes, strings.ToLower(c)) // codes are case-blind
				}
			}
		}
		return all, codes
	}
	enableAll, enabled := split(enable)
	disableAll, disabled := split(disable)
	if enableAll && disableAll {
		return nil, fmt.Errorf("all is both enabled and disabled")
	}
	for _, c := range enabled {
		if slices.Contains(disabled, c) {
			return nil, fmt.Errorf("%s is both enabled and disabled", c)
		}
	}
	// A level names a code as plainly as --enable does, and "off" as
	// --disable does: against a code named the other way, it is the same
	// conflict. (A level for a code that "--disable all" turned off turns
	// it on, as --enable would.)
	for _, arg := range severity {
		for _, spec := range strings.Split(arg, ",") {
			name, level, _ := strings.Cut(spec, "=")
			c := strings.ToLower(strings.TrimSpace(name))
			off := strings.EqualFold(strings.TrimSpace(level), "off")
			switch {
			case !off && slices.Contains(disabled, c):
				return nil, fmt.Errorf("%s is disabled and given the severity %s", c, strings.TrimSpace(level))
			case off && slices.Contains(enabled, c):
				return nil, fmt.Errorf("%s is both enabled and set off", c)
			}
		}
	}
	rules := &Config{}
	switch {
	case enableAll:
		rules.Enable("all")
	case disableAll:
		rules.Disable("all")
	}
	if err := rules.Disable(disabled...); err != nil {
		return nil, fmt.Errorf("--disable: %w", err)
	}
	if err := rules.Enable(enabled...); err != nil {
		return nil, fmt.Errorf("--enable: %w", err)
	}
	if err := rules.SetSeverity(severity...); err != nil {
		return nil, fmt.Errorf("--severity: %w", err)
	}
	return rules, nil
}

// SeverityOverride is the severity c gives every finding of code, and
// whether that changes anything: false for a code without an override, a
// code that is off, and an override that gives a rule which never varies
// its own severity (`tag-format=warning`).
func (c *Config) SeverityOverride(code Code) (Severity, bool) {
	if c == nil || !c.Enabled(code) {
		return 0, false
	}
	o := c.overrides[code]
	if !o.hasSeverity {
		return 0, false
	}
	if i := catalogueIndex(code); i >= 0 && !Catalogue[i].Varies && Catalogue[i].Severity == o.severity {
		return 0, false
	}
	return o.severity, true
}

// Canonical writes c in a form that is the same for every set of flags
// that means the same, whatever their order, case or grouping, so that two
// configurations can be compared and shown: disable is ["all"] when every
// code is off but the ones enable lists, else the codes turned off (enable
// is then empty: the other codes are on anyway); severity holds CODE=LEVEL
// for each override of a code that is on, leaving out one that gives a
// rule which never varies its own severity. Each list is sorted. A nil or
// empty Config (every code on, default severities) gives three nil lists.
func (c *Config) Canonical() (disable, enable, severity []string) {
	if c == nil {
		return nil, nil, nil
	}
	if c.allOff {
		disable = []string{"all"}
	}
	for code, o := range c.overrides {
		switch {
		case o.onOff > 0 && c.allOff:
			enable = append(enable, string(code))
		case o.onOff < 0 && !c.allOff:
			disable = append(disable, string(code))
		}
		if sev, ok := c.SeverityOverride(code); ok {
			severity = append(severity, string(code)+"="+sev.String())
		}
	}
	slices.Sort(disable)
	slices.Sort(enable)
	slices.Sort(severity)
	return disable, enable, severity
}
