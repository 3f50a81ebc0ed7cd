package pipeline

import "testing"

// seenGames files each new fingerprint where it was given and answers a
// later note of it with that place, across the growths of its table; keys
// that share a slot with a filed one, or differ from it in the lowest bit
// alone, are new.
func TestSeenGames(t *testing.T) {
	var s seenGames
	const n = 5000
	key := func(i int) uint64 { return (uint64(i+1)*0x9e3779b97f4a7c15)&^0xff | 1 }
	for i := range n {
		if ref, seen := s.note(key(i), gameRef{int32(i), int64(10 * i)}); seen {
			t.Fatalf("key %d: seen before, at %v", i, ref)
		}
	}
	if s.n != n || len(s.slots) != 8192 {
		t.Fatalf("n %d, slots %d; want %d, 8192", s.n, len(s.slots), n)
	}
	for i := range n {
		ref, seen := s.note(key(i), gameRef{-1, -1})
		if !seen || ref != (gameRef{int32(i), int64(10 * i)}) {
			t.Fatalf("key %d: %v %v, want {%d %d} true", i, ref, seen, i, 10*i)
		}
	}
	for i := range n {
		// The same slot, another key; the lowest bit cleared.
		for _, k := range []uint64{key(i) ^ 0x80, key(i) &^ 1} {
			if ref, seen := s.note(k, gameRef{int32(n + i), 0}); seen {
				t.Fatalf("key %#x: seen before, at %v", k, ref)
			}
		}
	}
	if s.n != 3*n {
		t.Fatalf("n %d, want %d", s.n, 3*n)
	}
}

// Keys that share their top bits take the slots after it, and are found
// there, also where the run of them wraps past the table's end.
func TestSeenGamesCollisions(t *testing.T) {
	var s seenGames
	s.grow()
	last := uint64(len(s.slots)-1) << s.shift
	for i := range uint64(10) {
		s.note(last|i<<1|1, gameRef{int32(i), 0})
	}
	if len(s.slots) != minSeenSlots || s.slots[0].fp != last|1<<1|1 {
		t.Fatalf("slots %d, slot 0 %#x; want %d, %#x", len(s.slots), s.slots[0].fp, minSeenSlots, last|1<<1|1)
	}
	for i := range uint64(10) {
		if ref, seen := s.note(last|i<<1|1, gameRef{}); !seen || ref.index != int32(i) {
			t.Fatalf("key %d: %v %v", i, ref, seen)
		}
	}
	if _, seen := s.note(last|10<<1|1, gameRef{}); seen {
		t.Fatal("found a key never noted")
	}
}

// Past maxSeenGames games a new one is not filed, so that a second note of
// it is not a duplicate, while the games filed before are still found.
func TestSeenGamesBound(t *testing.T) {
	var s seenGames
	key := func(i int) uint64 { return uint64(i+1)*0x9e3779b97f4a7c15 | 1 }
	for i := range maxSeenGames {
		s.note(key(i), gameRef{int32(i), 0})
	}
	if s.n != maxSeenGames || len(s.slots) != 2*maxSeenGames {
		t.Fatalf("n %d, slots %d; want %d, %d", s.n, len(s.slots), maxSeenGames, 2*maxSeenGames)
	}
	for range 2 {
		if ref, seen := s.note(key(maxSeenGames), gameRef{maxSeenGames, 0}); seen {
			t.Fatalf("the game past the bound was filed, at %v", ref)
		}
	}
	if ref, seen := s.note(key(maxSeenGames-1), gameRef{}); !seen || ref.index != maxSeenGames-1 {
		t.Fatalf("the last game filed: %v %v", ref, seen)
	}
	if s.n != maxSeenGames {
		t.Fatalf("n %d, want %d", s.n, maxSeenGames)
	}
}

// expect makes, for an input of a size, the table grow would have made for
// the games it is expected to hold (one a KiB), so that filing them grows
// nothing; no table for an unknown or empty input, none smaller than the one
// there, and none larger than maxSeenGames need. Games filed before are
// found after.
func TestSeenGamesExpect(t *testing.T) {
	for _, c := range []struct {
		size  int64
		slots int
	}{{-1, 0}, {0, 0}, {1000, 0}, {1024, minSeenSlots}, {48 << 10, minSeenSlots}, {49 << 10, 2 * minSeenSlots},
		{150 << 20, 1 << 18}, {1 << 40, 2 * maxSeenGames}} {
		var s seenGames
		s.expect(c.size)
		if len(s.slots) != c.slots {
			t.Errorf("size %d: %d slots, want %d", c.size, len(s.slots), c.slots)
		}
	}
	var s seenGames
	key := func(i int) uint64 { return uint64(i+1)*0x9e3779b97f4a7c15 | 1 }
	s.expect(3000 << 10)
	for i := range 3000 {
		s.note(key(i), gameRef{int32(i), 0})
	}
	if len(s.slots) != 4096 {
		t.Fatalf("%d slots after 3000 games expected, want 4096 (no growth)", len(s.slots))
	}
	s.expect(64 << 10) // smaller: kept
	s.expect(4000 << 10)
	if len(s.slots) != 8192 || s.n != 3000 {
		t.Fatalf("%d slots, %d games; want 8192, 3000", len(s.slots), s.n)
	}
	for i := range 3000 {
		if ref, seen := s.note(key(i), gameRef{}); !seen || ref.index != int32(i) {
			t.Fatalf("key %d after a resize: %v %v", i, ref, seen)
		}
	}
}
