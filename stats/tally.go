package stats

import "strings"

// maxTally bounds the names a tally itemises: codes, notations and
// encodings are small closed sets, so only a corrupt table could hold more.
const maxTally = 256

// otherName stands for the names beyond maxTally.
const otherName = "(other)"

// tally counts by name over a few names. A linear search through a few
// names is quicker than hashing, and allocates nothing once a name is in.
type tally[V any] struct {
	names  []string
	values []V
}

// at returns the counts of name, adding it (a copy: name may point into a
// buffer that is reused) when new. The pointer is good until the next call.
func (t *tally[V]) at(name string) *V {
	for i := range t.names {
		if t.names[i] == name {
			return &t.values[i]
		}
	}
	if len(t.names) >= maxTally && name != otherName {
		return t.at(otherName)
	}
	var zero V
	t.names = append(t.names, strings.Clone(name))
	t.values = append(t.values, zero)
	return &t.values[len(t.values)-1]
}

// merge adds the counts of o with add.
func (t *tally[V]) merge(o *tally[V], add func(to, from *V)) {
	for i, name := range o.names {
		add(t.at(name), &o.values[i])
	}
}

func addInt(to, from *int64) { *to += *from }

func addSeverities(to, from *[nSeverities]int64) {
	for s := range to {
		to[s] += from[s]
	}
}
