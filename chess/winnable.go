package chess

import "sync"

// Winnability: can a colour still checkmate by some series of legal moves?
// FIDE 6.9 turns a flag fall into a draw when the opponent could not, and
// FIDE 5.2.2 ends the game at once when neither side could (a dead
// position). The analysis follows the idea of M. Ambrona's Chess
// Unwinnability Analyzer ("A Practical Algorithm for Chess Unwinnability",
// FUN 2022): cheap filters first (the material rules, then a semi-static
// analysis of which squares each piece can ever reach: blocked pawns,
// pieces walled in, kings caged), a short exhaustive search, a walk through
// every reachable position where they are few, and last an
// iterative-deepening helpmate search that prunes with the semi-static
// analysis (docs/CHESS.md tells the steps). The answers are
// sound: Unwinnable only when no series of legal moves mates; a Winnable
// answer carries a helpmate line; a search that runs out of budget answers
// WinnabilityUnknown, which callers must treat as Winnable.

// Winnability is the answer to "can this colour still checkmate?".
type Winnability uint8

// The answers. The zero value is WinnabilityUnknown, the safe default.
const (
	// WinnabilityUnknown: the budget ran out before a proof either way;
	// count it as Winnable wherever a result depends on it.
	WinnabilityUnknown Winnability = iota
	// Winnable: a helpmate exists (and MateAnalysis.Helpmate shows one).
	Winnable
	// Unwinnable: no series of legal moves ends in mate by that colour.
	Unwinnable
)

// String returns "yes", "no" or "unknown", the words of `joinpal position`.
func (w Winnability) String() string {
	switch w {
	case Winnable:
		return "yes"
	case Unwinnable:
		return "no"
	}
	return "unknown"
}

// DefaultMateBudget is the node budget CouldCheckmate spends: enough for
// the positions of real games (see docs/BENCHMARKS.md), small enough to stay
// within a few tens of milliseconds.
const DefaultMateBudget = 100000

// quickShare: the quick first search of AnalyzeWinnability may use one
// quickShare-th of the budget.
const quickShare = 16

// shortHelpmate is the length (in plies) of a helpmate the analysis takes
// without looking for a shorter one.
const shortHelpmate = 40

// MateAnalysis is the result of Position.AnalyzeWinnability.
type MateAnalysis struct {
	Winnability Winnability
	// Helpmate is, when Winnable, a series of legal moves from the position
	// that ends in checkmate by the colour asked about (empty if the
	// position is already that mate).
	Helpmate []Move
	// Nodes is the number of positions the searches visited.
	Nodes int
}

// AnalyzeWinnability decides whether c can still checkmate by some series of
// legal moves, visiting at most about budget positions in its searches.
func (p *Position) AnalyzeWinnability(c Color, budget int) MateAnalysis {
	return p.analyzeWinnability(c, budget, true)
}

// analyzeWinnability is AnalyzeWinnability; with short false it takes any
// helpmate the walk finds, however long, without looking for a shorter one
// (CouldCheckmate needs only the answer).
func (p *Position) analyzeWinnability(c Color, budget int, short bool) MateAnalysis {
	if !p.materialCouldMate(c) {
		return MateAnalysis{Winnability: Unwinnable}
	}
	if p.CountLegal() == 0 {
		if p.InCheck() && p.turn != c {
			return MateAnalysis{Winnability: Winnable, Helpmate: []Move{}}
		}
		return MateAnalysis{Winnability: Unwinnable}
	}
	// The semi-static analysis costs microseconds, and settles most
	// positions with blocked pawns.
	if p.staticallyUnwinnable(c) {
		return MateAnalysis{Winnability: Unwinnable}
	}
	// A quick look at every line of a few plies, within a small part of
	// the budget: it finds short helpmates and sees forced lines through.
	s := newMateSearch(c, max(budget/quickShare, 1))
	defer s.release()
	if line, verdict := s.deepen(p, 4, false); verdict != WinnabilityUnknown {
		return MateAnalysis{Winnability: verdict, Helpmate: line, Nodes: s.nodes}
	}
	s.limit = budget
	// A small space of reachable positions (blocked pawns, walled-in
	// pieces) is walked whole, which proves or finds a mate outright.
	walked, verdict := s.exhaust(p, budget/4)
	if short {
		walked = shorten(*p, walked)
	}
	if verdict == Unwinnable || verdict == Winnable && (!short || len(walked) <= shortHelpmate) {
		return MateAnalysis{Winnability: verdict, Helpmate: walked, Nodes: s.nodes}
	}
	// The walk goes deep first: a mate it finds may take hundreds of
	// moves. The iterative deepening looks for a shorter one, and the
	// walk's stands if it finds none.
	line, deepened := s.deepen(p, maxHelpmateDepth, true)
	line = shorten(*p, line)
	if deepened == WinnabilityUnknown && verdict == Winnable {
		line, deepened = walked, Winnable
	}
	return MateAnalysis{Winnability: deepened, Helpmate: line, Nodes: s.nodes}
}

// CouldCheckmate reports whether c could still checkmate by some series of
// legal moves (FIDE 6.9: when c's opponent oversteps the time limit, the
// game is drawn if c could not). It answers true unless AnalyzeWinnability
// proves, within DefaultMateBudget, that c cannot.
//
// The answers are kept in a small cache shared by the process (by position
// key and colour), so that many flags falling in one position, as in a
// load test, cost one analysis.
func (p *Position) CouldCheckmate(c Color) bool {
	k := mateCacheKey{p.Key(), c}
	mateCache.Lock()
	could, ok := mateCache.answers[k]
	mateCache.Unlock()
	if ok {
		return could
	}
	could = p.analyzeWinnability(c, DefaultMateBudget, false).Winnability != Unwinnable
	mateCache.Lock()
	if len(mateCache.answers) >= mateCacheSize {
		clear(mateCache.answers)
	}
	mateCache.answers[k] = could
	mateCache.Unlock()
	return could
}

// mateCacheSize bounds CouldCheckmate's cache; it starts afresh when full.
const mateCacheSize = 4096

type mateCacheKey struct {
	key   uint64
	color Color
}

var mateCache = struct {
	sync.Mutex
	answers map[mateCacheKey]bool
}{answers: make(map[mateCacheKey]bool)}

// IsDeadPosition reports whether neither side can checkmate by any series of
// legal moves (FIDE 5.2.2), when the material alone does not decide it (see
// IsInsufficientMaterial). It is meant to run after every move: it tries
// only proofs that cost little (the material rules, the semi-static
// analysis where pawns are blocked, an exhaustive look at short forced
// lines, and a walk through all reachable positions where the semi-static
// analysis shows them to be few), so it may miss a rare dead position, but
// it never calls dead a position where a mate is possible.
func (p *Position) IsDeadPosition() bool {
	if p.IsInsufficientMaterial() {
		return false
	}
	var proved [2]bool
	for c := range proved {
		proved[c] = !p.materialCouldMate(Color(c))
	}
	states := -1 // the semi-static estimate of the reachable positions
	if p.hasBlockedPawns() && p.castling == 0 && p.ep == NoSquare {
		var a reachAnalysis
		a.run(p)
		for c := range proved {
			proved[c] = proved[c] || a.unwinnable(p, Color(c))
		}
		states = a.states()
	}
	// The side that is not to move first: a forced line most often leaves
	// it nothing.
	for _, c := range [2]Color{p.turn.Other(), p.turn} {
		if !proved[c] && !p.unwinnableByForcedLines(c, states) {
			return false
		}
	}
	return true
}

// unwinnableByForcedLines tries the search proofs of IsDeadPosition: all
// short lines when the side to move has few moves, and all reachable
// positions when the semi-static analysis estimates them (states) to be
// few.
func (p *Position) unwinnableByForcedLines(c Color, states int) bool {
	if p.CountLegal() <= forcedLineMoves {
		s := newMateSearch(c, forcedLineBudget)
		s.failFast = true
		_, verdict := s.deepen(p, forcedLineDepth, false)
		s.release()
		if verdict == Unwinnable {
			return true
		}
	}
	walk := 0
	switch {
	case states < 0:
	case states <= deadWalkStates:
		walk = 2 * states
	case (p.byType[0]&^p.byType[Pawn]&^p.byType[King]).Count() <= deadWalkPieces &&
		p.byColor[c]&(p.byType[Rook]|p.byType[Queen]) == 0:
		// The estimate counts every pawn that might promote as going
		// anywhere; with few pieces left, and no heavy piece for c, a
		// short walk may still see all.
		walk = deadWalkBudget
	}
	if walk == 0 {
		return false
	}
	s := newMateSearch(c, walk)
	defer s.release()
	s.noStatic = true // a short walk is cheaper without it
	_, verdict := s.exhaust(p, walk)
	return verdict == Unwinnable
}

// The limits of IsDeadPosition's look at forced lines: it looks only when
// the side to move has at most forcedLineMoves legal moves, at most
// forcedLineDepth plies deep and forcedLineBudget positions in all.
const (
	forcedLineMoves  = 3
	forcedLineDepth  = 8
	forcedLineBudget = 400
)

// IsDeadPosition walks all the reachable positions only where pawns are
// blocked and the semi-static analysis estimates them to be at most
// deadWalkStates (it allows twice as many), or where at most
// deadWalkPieces pieces other than kings and pawns are left and the side
// has no rook or queen (it allows deadWalkBudget).
const (
	deadWalkStates = 2000
	deadWalkPieces = 2
	deadWalkBudget = 300
)

// hasBlockedPawns reports whether some pawn stands right in front of an
// enemy pawn, the pattern without which the semi-static analysis seldom
// proves anything the material rules do not.
func (p *Position) hasBlockedPawns() bool {
	return pawnPushes(White, p.Pieces(White, Pawn))&p.Pieces(Black, Pawn) != 0
}
