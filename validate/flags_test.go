package validate

import "testing"

func TestConfigFromFlags(t *testing.T) {
	if c, err := ConfigFromFlags(nil, nil, nil); c != nil || err != nil {
		t.Fatalf("no flags: %v, %v; want nil, nil", c, err)
	}
	// "all" first, whatever the order of the flags.
	c, err := ConfigFromFlags([]string{"illegal-move"}, []string{"all"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Enabled(IllegalMove) || c.Enabled(TagMissing) {
		t.Errorf("--disable all --enable illegal-move: illegal-move %v, tag-missing %v", c.Enabled(IllegalMove), c.Enabled(TagMissing))
	}
	c, err = ConfigFromFlags([]string{"all"}, []string{"tag-missing, tag-format"}, []string{"illegal-move=warning"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Enabled(TagMissing) || c.Enabled(TagFormat) || !c.Enabled(WrongResult) {
		t.Errorf("--enable all --disable tag-missing,tag-format: tag-missing %v, tag-format %v, wrong-result %v",
			c.Enabled(TagMissing), c.Enabled(TagFormat), c.Enabled(WrongResult))
	}
	if got := c.Severity(IllegalMove, Error); got != Warning {
		t.Errorf("--severity illegal-move=warning: %v", got)
	}
	// A level for a code "all" turned off turns it on, as --enable would;
	// "off" for a code "all" left on turns it off.
	c, err = ConfigFromFlags(nil, []string{"all"}, []string{"tag-format=error"})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Enabled(TagFormat) || c.Enabled(TagMissing) || c.Severity(TagFormat, Warning) != Error {
		t.Errorf("--disable all --severity tag-format=error: tag-format %v at %v, tag-missing %v", c.Enabled(TagFormat), c.Severity(TagFormat, Warning), c.Enabled(TagMissing))
	}
	c, err = ConfigFromFlags([]string{"all"}, nil, []string{"tag-format=off"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Enabled(TagFormat) || !c.Enabled(TagMissing) {
		t.Errorf("--enable all --severity tag-format=off: tag-format %v, tag-missing %v", c.Enabled(TagFormat), c.Enabled(TagMissing))
	}
	for _, tc := range []struct {
		enable, disable, severity []string
		want                      string
	}{
		{[]string{"all"}, []string{"ALL"}, nil, "all is both enabled and disabled"},
		{[]string{"syntax"}, []string{"x,syntax"}, nil, "syntax is both enabled and disabled"},
		{[]string{"Illegal-Move"}, []string{"illegal-move"}, nil, "illegal-move is both enabled and disabled"},
		{nil, []string{"no-such-code"}, nil, "--disable: "},
		{[]string{"no-such-code"}, nil, nil, "--enable: "},
		{nil, nil, []string{"syntax=loud"}, "--severity: "},
		{nil, []string{"tag-format"}, []string{"Tag-Format = error"}, "tag-format is disabled and given the severity error"},
		{[]string{"tag-format"}, nil, []string{"tag-format=OFF"}, "tag-format is both enabled and set off"},
	} {
		_, err := ConfigFromFlags(tc.enable, tc.disable, tc.severity)
		if err == nil || len(err.Error()) < len(tc.want) || err.Error()[:len(tc.want)] != tc.want {
			t.Errorf("ConfigFromFlags(%q, %q, %q) = %v, want an error starting %q", tc.enable, tc.disable, tc.severity, err, tc.want)
		}
	}
}
