package pipeline

// seenGames maps the fingerprints of an input's games to where each was
// first read, for duplicate-game. Fingerprints are hashes already and never
// 0, so an open-addressing table of them needs no hashing of its own and
// marks an empty slot by fingerprint 0: it spends 130 to 150 instructions a
// game where a Go map spent 550 (11.5k games) to 630 (116k), on the writer
// goroutine every worker waits on.
type seenGames struct {
	slots []seenSlot // len a power of two, or 0 before the first game
	n     int
	shift uint // 64 - log2(len(slots)): a slot is the key's top bits
}

type seenSlot struct {
	fp    uint64 // 0 in an empty slot
	first gameRef
}

// minSeenSlots is the table's first size: an input of a few games (a
// directory of single-game files) allocates little.
const minSeenSlots = 64

// note returns where the game of fingerprint fp (not 0) was first read, or
// files it as read at here when it is new and the table holds fewer than
// maxSeenGames: one walk of the slots answers and files.
func (s *seenGames) note(fp uint64, here gameRef) (first gameRef, seen bool) {
	// Three quarters full at most, so that a miss ends after a few slots.
	if (s.n+1)*4 > len(s.slots)*3 && s.n < maxSeenGames {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	// The top bits: fingerprint sets the lowest bit of every key.
	i := fp >> s.shift
	for ; s.slots[i].fp != 0; i = (i + 1) & mask {
		if s.slots[i].fp == fp {
			return s.slots[i].first, true
		}
	}
	if s.n < maxSeenGames {
		s.slots[i] = seenSlot{fp, here}
		s.n++
	}
	return gameRef{}, false
}

// expectGames is the bytes of input a game is expected to take at least, for
// expect: PGN of master games takes about 1,300 a game, of online games 900.
const expectGames = 1 << 10

// expect makes the first table large enough for the games an input of size
// bytes is expected to hold (expectGames), as many as grow would make it
// for them: each doubling walks every game filed so far and files it again,
// a wait on memory for each (the writer's time on big.pgn: 10 to 17 ms of a
// run). A compressed input's size says too few games, and an unknown one
// (below 0) none: the table grows from there as it would have.
func (s *seenGames) expect(size int64) {
	games := min(size/expectGames, maxSeenGames)
	if games <= 0 {
		return
	}
	slots := minSeenSlots
	for int64(slots)*3 < games*4 {
		slots *= 2
	}
	if slots > len(s.slots) {
		s.resize(slots)
	}
}

// grow doubles the table, or makes its first.
func (s *seenGames) grow() { s.resize(max(2*len(s.slots), minSeenSlots)) }

// resize files the games in a table of size slots, a power of two.
func (s *seenGames) resize(size int) {
	old := s.slots
	s.slots, s.shift = make([]seenSlot, size), 64
	for size > 1 {
		size >>= 1
		s.shift--
	}
	mask := uint64(len(s.slots) - 1)
	for _, e := range old {
		if e.fp == 0 {
			continue
		}
		i := e.fp >> s.shift
		for s.slots[i].fp != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = e
	}
}
