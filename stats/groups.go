package stats

import "strings"

// maxGroups bounds the names (files, events) an aggregate itemises, so that
// an archive of a million events keeps memory bounded: tens of megabytes
// at most per aggregate.
const maxGroups = 100_000

// group counts the games of one file or one event.
type group struct {
	name                    string // its key in groups.m, owned: the cache compares with it
	games, gamesWithErrors  int64
	errors, warnings, infos int64
}

func (g *group) add(o *group) {
	g.games += o.games
	g.gamesWithErrors += o.gamesWithErrors
	g.errors += o.errors
	g.warnings += o.warnings
	g.infos += o.infos
}

// groups counts games by name, up to limit names; the games of names met
// after that are counted in other.
type groups struct {
	m     map[string]*group
	other group
	limit int // 0 means maxGroups

	// The last name looked up, and its counts: games come in runs of the
	// same file and often of the same event.
	lastName string
	last     *group

	// missing counts the games without the name at all (no Event tag),
	// apart from those whose name is "" (an empty tag): no string key
	// could stand for it without meeting a tag that holds that string.
	missing *group

	// keep, when not nil, says which names are counted: the games of the
	// others are counted nowhere (rankGroups counts the names of one hash
	// bucket at a time).
	keep    func(name string) bool
	skipped group

	// distinct, when above 0, is the number of names met, m holding only
	// the worst of them, every one ranked (rankGroups).
	distinct int
}

// absent returns the counts of the games without a name.
func (gs *groups) absent() *group {
	if gs.missing == nil {
		gs.missing = &group{}
	}
	return gs.missing
}

// get returns the counts of name, copying name when it is new.
func (gs *groups) get(name string) *group {
	if gs.last != nil && name == gs.lastName {
		return gs.last
	}
	if g := gs.m[name]; g != nil {
		gs.lastName, gs.last = g.name, g
		return g
	}
	if gs.keep != nil && !gs.keep(name) {
		return &gs.skipped
	}
	if gs.distinct > 0 { // a name met after the ranking: an input without games
		gs.distinct++
	}
	if len(gs.m) >= gs.bound() {
		return &gs.other
	}
	if gs.m == nil {
		gs.m = map[string]*group{}
	}
	g := &group{name: strings.Clone(name)}
	gs.m[g.name] = g
	gs.lastName, gs.last = g.name, g
	return g
}

// bound is the number of names gs itemises.
func (gs *groups) bound() int {
	if gs.limit == 0 {
		return maxGroups
	}
	return gs.limit
}

func (gs *groups) merge(o *groups) {
	for name, g := range o.m {
		gs.get(name).add(g)
	}
	if o.missing != nil {
		gs.absent().add(o.missing)
	}
	gs.other.add(&o.other)
}
