package engine

import "github.com/joinpal/joinpal/chess"

// The transposition table: a power-of-two number of 64-byte buckets of four
// entries. A probe looks at one bucket. A store replaces the entry of the
// same position, or else the entry worth least, judged by its depth less
// eight plies for each search (generation) it has aged.

// Bound types.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most the stored value (fail low)
	boundLower = 2 // the score is at least the stored value (fail high)
	boundExact = boundUpper | boundLower
)

const (
	bucketEntries = 4
	entryBytes    = 16
	bucketBytes   = bucketEntries * entryBytes
	depthOffset   = 8 // stored depth is depth+depthOffset, so qsearch's 0 and -1 fit
)

type ttEntry struct {
	key   uint64
	move  chess.Move
	score int16
	eval  int16
	depth uint8
	flags uint8 // generation<<2 | bound
}

type ttBucket [bucketEntries]ttEntry

// A table's memory is taken by its first search, not when it is made: a
// server holds engines for the AI and for analysis that may never search,
// and their tables (tens of megabytes) would sit in its heap for nothing.
type transTable struct {
	buckets []ttBucket // nil until the first search
	size    uint64     // the number of buckets, a power of two
	mask    uint64
	gen     uint8 // six bits
}

// newTransTable returns a table of at most mb megabytes (at least one),
// allocated by its first search (allocate).
func newTransTable(mb int) *transTable {
	t := &transTable{}
	t.resize(mb)
	return t
}

// resize sets the table's size and empties it; its memory is allocated
// again by the next search.
func (t *transTable) resize(mb int) {
	mb = max(1, min(mb, 1<<16))
	n := uint64(mb) << 20 / bucketBytes
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	t.size, t.buckets = size, nil
	t.mask = size - 1
	t.gen = 0
}

func (t *transTable) clear() {
	clear(t.buckets)
	t.gen = 0
}

// allocate takes the table's memory if it has none since it was made or
// resized.
func (t *transTable) allocate() {
	if t.buckets == nil {
		t.buckets = make([]ttBucket, t.size)
	}
}

// newSearch ages the table's entries by one generation.
func (t *transTable) newSearch() { t.gen = (t.gen + 1) & 63 }

func (t *transTable) bucket(key uint64) *ttBucket { return &t.buckets[key&t.mask] }

// ttHit is what a probe found.
type ttHit struct {
	move  chess.Move
	score int // from the node's point of view, not yet adjusted for ply
	eval  int
	depth int
	bound int
}

// probe looks key up; ok reports a hit.
func (t *transTable) probe(key uint64) (h ttHit, ok bool) {
	b := t.bucket(key)
	for i := range b {
		e := &b[i]
		if e.key == key && e.flags&3 != boundNone {
			// Refresh the entry's age so it survives replacement.
			e.flags = t.gen<<2 | e.flags&3
			return ttHit{
				move:  e.move,
				score: int(e.score),
				eval:  int(e.eval),
				depth: int(e.depth) - depthOffset,
				bound: int(e.flags & 3),
			}, true
		}
	}
	return ttHit{score: scoreNone, eval: scoreNone}, false
}

// store saves a search result. score must already be adjusted by toTT.
func (t *transTable) store(key uint64, move chess.Move, score, eval, depth, bound int) {
	b := t.bucket(key)
	victim := &b[0]
	worst := 1 << 30
	for i := range b {
		e := &b[i]
		if e.key == key || e.flags&3 == boundNone {
			victim = e
			break
		}
		age := int((t.gen - e.flags>>2) & 63)
		if v := int(e.depth) - 8*age; v < worst {
			worst, victim = v, e
		}
	}
	if victim.key == key {
		// The same position: keep a deeper result unless this one is exact
		// or the old one is from an earlier search.
		if move == chess.NullMove {
			move = victim.move
		}
		if bound != boundExact && depth+depthOffset+3 < int(victim.depth) && victim.flags>>2 == t.gen {
			victim.move = move
			return
		}
	}
	*victim = ttEntry{
		key:   key,
		move:  move,
		score: int16(score),
		eval:  int16(eval),
		depth: uint8(depth + depthOffset),
		flags: t.gen<<2 | uint8(bound),
	}
}

// hashfull returns the permille of the first thousand entries that were
// written in the current search.
func (t *transTable) hashfull() int {
	n, used := 0, 0
	for i := 0; n < 1000 && i < len(t.buckets); i++ {
		for j := range t.buckets[i] {
			e := &t.buckets[i][j]
			if e.flags&3 != boundNone && e.flags>>2 == t.gen {
				used++
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return used * 1000 / n
}
