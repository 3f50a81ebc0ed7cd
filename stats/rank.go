package stats

import (
	"hash/fnv"
	"slices"
)

// rankGroups ranks every name of the groups which picks from an Aggregate
// (its files or its events) into agg, whose first reading of inputs met more
// than the bound of them and counted the games of the later ones together,
// unranked. An archive of a month's online games holds a hundred thousand
// tournaments or more, each its own Event, and the worst of them may come
// late. So the tables are read again, the names split into k sets by a hash
// of the name and one set counted a reading, each small enough to itemise
// whole: every name is counted exactly, and the worst bound of them are
// kept, with the number of names. Memory stays within twice the bound; the
// time is that of k more readings of the tables, k doubling from 2 until
// every set fits.
func rankGroups(inputs []tablePair, agg *Aggregate, which func(*Aggregate) *groups) error {
	gs := which(agg)
	for k := 2; ; k *= 2 {
		kept, distinct, ok, err := rankIn(inputs, k, gs.limit, which)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		gs.m = make(map[string]*group, len(kept))
		for _, g := range kept {
			gs.m[g.name] = g
		}
		gs.other, gs.lastName, gs.last, gs.distinct = group{}, "", nil, distinct
		return nil
	}
}

// rankIn counts the names of inputs in k readings, one set of names a
// reading, and returns the worst of them, as many as the bound that limit
// sets, and the number of names; false when a set held more than that.
func rankIn(inputs []tablePair, k, limit int, which func(*Aggregate) *groups) (kept []*group, distinct int, ok bool, err error) {
	bound := (&groups{limit: limit}).bound()
	for set := range k {
		a, err := readInputs(inputs, func(a *Aggregate) {
			gs := which(a)
			gs.limit, gs.keep = limit, func(name string) bool { return bucket(name, k) == set }
		})
		if err != nil {
			return nil, 0, false, err
		}
		gs := which(a)
		if gs.other.games > 0 {
			return nil, 0, false, nil
		}
		distinct += len(gs.m)
		for _, g := range gs.m {
			kept = append(kept, g)
		}
		if len(kept) > bound {
			slices.SortFunc(kept, func(x, y *group) int { return worseFirst(x.named(x.name), y.named(y.name)) })
			kept = slices.Delete(kept, bound, len(kept))
		}
	}
	return kept, distinct, true, nil
}

// bucket is the set, of k, that name falls in.
func bucket(name string, k int) int {
	h := fnv.New64a()
	h.Write([]byte(name))
	return int(h.Sum64() % uint64(k))
}
