package chess

import "sync"

// The helpmate search: both sides cooperate so that the winner mates. It
// deepens iteratively; a pass that ends without reaching its depth limit
// anywhere has seen every position reachable from the root, so finding no
// mate then proves the position unwinnable.

// maxHelpmateDepth bounds the iterative deepening of the full search (the
// node budget usually ends it first).
const maxHelpmateDepth = 255

// firstPassNodes is the node limit of the first pass of the full search.
const firstPassNodes = 10000

// mateSearch is one helpmate search for winner.
type mateSearch struct {
	winner Color
	nodes  int // positions visited in all passes
	limit  int // nodes may not pass it
	// interrupted records that the current pass cut a line short (at its
	// depth limit, or by the budget): finding no mate then proves nothing.
	interrupted bool
	// failFast ends a pass at its first cut, for proofs that must not cost
	// much (IsDeadPosition).
	failFast bool
	// full enables the transposition table and the semi-static pruning.
	full bool
	// noStatic turns the semi-static pruning off (IsDeadPosition's short
	// walks).
	noStatic bool
	// explored holds, per position key, the most plies left with which the
	// position was searched in the current pass.
	explored map[uint64]int
	// static caches staticallyUnwinnable per position key.
	static map[uint64]bool
	line   []Move
	// stack holds the positions of the line being searched, in blocks of
	// stackBlock: position d+1 plies below the root is stack[d/stackBlock]
	// [d%stackBlock], rewritten by each move tried there (see child).
	stack [][]Position
	// corner is where the full search drives the loser's king.
	corner Square
	// needsLoserPromotion: the winner has only minor pieces and the loser
	// pawns, whose promotion may be what makes a mate possible.
	needsLoserPromotion bool
}

// newMateSearch returns a search for winner within budget positions,
// taken from mateSearches: a search keeps its line and its positions'
// stack from one use to the next. Give it back with release.
func newMateSearch(winner Color, budget int) *mateSearch {
	s := mateSearches.Get().(*mateSearch)
	*s = mateSearch{winner: winner, limit: budget, line: s.line[:0], stack: s.stack}
	return s
}

// mateSearches holds the searches released, for the next ones.
var mateSearches = sync.Pool{New: func() any { return new(mateSearch) }}

// stackBlock is how many positions a block of a search's stack holds, and
// keptBlocks how many blocks a released search keeps for the next one: the
// short searches IsDeadPosition runs at a move need one, and a long walk's
// stack is not worth holding on to.
const (
	stackBlock = 32
	keptBlocks = 2
)

// release gives s back to mateSearches. Nothing s returned may refer to
// it: the lines it returns are copies.
func (s *mateSearch) release() {
	stack := s.stack[:min(len(s.stack), keptBlocks)]
	clear(s.stack[len(stack):])
	*s = mateSearch{line: s.line[:0], stack: stack}
	mateSearches.Put(s)
}

// child returns the position after m from p, a position of the line being
// searched, in the slot of s.stack for the depth below p's: the positions
// of a search are made a block at a time, not one at every node. A slot is
// rewritten only by its parent's next move, once the search below it has
// returned, and never moves.
func (s *mateSearch) child(p *Position, m Move) *Position {
	d := len(s.line)
	for len(s.stack) <= d/stackBlock {
		s.stack = append(s.stack, make([]Position, stackBlock))
	}
	c := &s.stack[d/stackBlock][d%stackBlock]
	*c = *p
	c.PlayUnchecked(m)
	return c
}

// deepen searches p with growing depth limits 1, 2, 3, 4, 5, 6, 8, 10, 13
// ... up to maxDepth. It returns a
// helpmate line and Winnable, or Unwinnable if a pass proved that no mate
// exists, or WinnabilityUnknown when the budget or maxDepth ran out.
func (s *mateSearch) deepen(p *Position, maxDepth int, full bool) ([]Move, Winnability) {
	s.full = full
	s.aim(p)
	if full {
		s.explored = make(map[uint64]int)
		if s.static == nil {
			s.static = make(map[uint64]bool)
		}
	}
	budget := s.limit
	defer func() { s.limit = budget }()
	passLimit := firstPassNodes
	for depth := 1; depth <= maxDepth; depth += max(1, depth/3) {
		s.interrupted = false
		s.line = s.line[:0]
		if full {
			clear(s.explored)
			// A pass of the full search stops after passLimit nodes, which
			// doubles whenever a pass needs more: the early passes probe
			// deep along the best-ordered lines, the later ones can still
			// see a whole small space of positions and prove it mateless.
			s.limit = min(budget, s.nodes+passLimit)
		}
		if s.search(p, depth) {
			return append([]Move{}, s.line...), Winnable
		}
		if !s.interrupted {
			return nil, Unwinnable
		}
		if s.nodes >= budget {
			break
		}
		if s.nodes >= s.limit {
			passLimit *= 2
		}
	}
	return nil, WinnabilityUnknown
}

// search reports whether the winner can mate from p within left plies,
// appending the moves of the mate to s.line.
func (s *mateSearch) search(p *Position, left int) bool {
	if s.nodes >= s.limit || (s.failFast && s.interrupted) {
		s.interrupted = true
		return false
	}
	var list MoveList
	if done, mate := s.visit(p, &list); done {
		return mate
	}
	if s.full && s.staticallyUnwinnable(p) {
		return false
	}
	if left == 0 {
		s.interrupted = true
		return false
	}
	if s.full {
		key := p.Key()
		if done, ok := s.explored[key]; ok && done >= left {
			return false
		}
		s.explored[key] = left
	}
	if len(s.line) >= maxHelpmateDepth {
		s.interrupted = true
		return false
	}
	moves := list.Slice()
	if left == 1 && p.turn == s.winner {
		return s.mateInOne(p, moves)
	}
	s.order(p, moves)
	for _, m := range moves {
		cost := 1
		if s.full {
			cost = s.cost(p, m)
		}
		child := s.child(p, m)
		s.line = append(s.line, m)
		if s.search(child, max(left-cost, 0)) {
			return true
		}
		s.line = s.line[:len(s.line)-1]
		if s.failFast && s.interrupted {
			return false
		}
	}
	return false
}

// visit counts p as a visited position and settles it where it can: done
// when the search ends there (the winner's material can no longer mate, or
// there is no legal move), with mate true if the winner has mated.
// Otherwise list holds p's legal moves.
func (s *mateSearch) visit(p *Position, list *MoveList) (done, mate bool) {
	s.nodes++
	if !p.materialCouldMate(s.winner) {
		return true, false
	}
	p.GenerateLegal(list)
	if list.N == 0 {
		return true, p.turn != s.winner && p.InCheck()
	}
	return false, false
}

// mateInOne reports whether one of moves, the winner's, mates (appending
// it to s.line). Only checks can; the other moves would need more plies,
// so the pass is marked interrupted if there are any.
func (s *mateSearch) mateInOne(p *Position, moves []Move) bool {
	for _, m := range moves {
		if s.nodes >= s.limit {
			s.interrupted = true
			return false
		}
		child := *p
		child.PlayUnchecked(m)
		s.nodes++
		if !child.InCheck() {
			if child.materialCouldMate(s.winner) {
				s.interrupted = true
			}
			continue
		}
		if child.CountLegal() == 0 {
			s.line = append(s.line, m)
			return true
		}
		s.interrupted = true
	}
	return false
}

// enumerate walks every position reachable from p, each once, without a
// depth limit, until it finds a mate (true, the moves in s.line) or
// s.limit nodes. A walk that ends within the limit without a mate has seen
// every position the game can reach: the winner cannot mate.
func (s *mateSearch) enumerate(p *Position) bool {
	if s.interrupted || s.nodes >= s.limit {
		s.interrupted = true
		return false
	}
	key := p.Key()
	if _, seen := s.explored[key]; seen {
		return false
	}
	s.explored[key] = 0
	var list MoveList
	if done, mate := s.visit(p, &list); done {
		return mate
	}
	if s.staticallyUnwinnable(p) {
		return false
	}
	moves := list.Slice()
	s.order(p, moves)
	for _, m := range moves {
		child := s.child(p, m)
		s.line = append(s.line, m)
		if s.enumerate(child) {
			return true
		}
		s.line = s.line[:len(s.line)-1]
		if s.interrupted {
			return false
		}
	}
	return false
}

// exhaust runs enumerate from p within limit more nodes.
func (s *mateSearch) exhaust(p *Position, limit int) ([]Move, Winnability) {
	budget := s.limit
	defer func() { s.limit = budget }()
	s.limit = min(budget, s.nodes+limit)
	s.explored = make(map[uint64]int)
	if s.static == nil {
		s.static = make(map[uint64]bool)
	}
	s.interrupted = false
	s.line = s.line[:0]
	if s.enumerate(p) {
		return append([]Move{}, s.line...), Winnable
	}
	if !s.interrupted {
		return nil, Unwinnable
	}
	return nil, WinnabilityUnknown
}

// cost returns how many plies of the pass's depth m uses up in the full
// search: none for the moves that make progress towards a mate, two for a
// capture by the loser (which seldom helps), one otherwise. Lines of
// progress are thus searched deeper. Every cycle of positions costs at
// least one ply (a progress move is either irreversible or brings a piece
// strictly nearer its goal, and coming back costs), and the table of
// explored positions cuts any cycle anyway.
func (s *mateSearch) cost(p *Position, m Move) int {
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	capture := p.board[to] != NoPiece && !m.IsCastling() || m.IsEnPassant()
	if p.turn == s.winner {
		loserKing := p.KingSquare(s.winner.Other())
		switch {
		case capture, pt == Pawn:
			return 0
		case pt == King || pt == Knight:
			if distance(to, loserKing) < distance(from, loserKing) {
				return 0
			}
		}
		return 1
	}
	switch {
	case capture:
		return 2
	case pt == King:
		if distance(to, s.corner) < distance(from, s.corner) {
			return 0
		}
	case pt == Pawn && s.needsLoserPromotion:
		if promo := m.Promotion(); promo != Queen && promo != Rook {
			return 0
		}
	}
	return 1
}

// aim chooses where the full search drives the loser's king: the corner
// nearest to it, of the colour of the winner's bishops if they all stand on
// one. It also notes whether the winner's pieces can only mate with the
// help of a piece the loser still has to promote.
func (s *mateSearch) aim(p *Position) {
	k := p.KingSquare(s.winner.Other())
	corners := Bitboard(1)<<A1 | 1<<H1 | 1<<A8 | 1<<H8
	bishops := p.Pieces(s.winner, Bishop)
	switch {
	case bishops != 0 && bishops&LightSquares == 0:
		corners &= DarkSquares
	case bishops != 0 && bishops&DarkSquares == 0:
		corners &= LightSquares
	}
	s.corner = corners.First()
	for b := corners; b != 0; b &= b - 1 {
		if distance(k, b.First()) < distance(k, s.corner) {
			s.corner = b.First()
		}
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	mine := p.byColor[s.winner] &^ p.byType[King]
	s.needsLoserPromotion = mine&^minors == 0 && p.Pieces(s.winner.Other(), Pawn) != 0
}

// staticPruningPieces: the searches run the semi-static analysis only on
// positions with blocked pawns and at most this many pieces besides kings
// and pawns; with more, it seldom proves anything and costs more than the
// positions it would spare.
const staticPruningPieces = 4

// staticallyUnwinnable runs the semi-static analysis on positions where it
// may prove something, caching the answers.
func (s *mateSearch) staticallyUnwinnable(p *Position) bool {
	pieces := p.byType[0] &^ p.byType[Pawn] &^ p.byType[King]
	if s.noStatic || !p.hasBlockedPawns() || pieces.Count() > staticPruningPieces {
		return false
	}
	key := p.Key()
	if v, ok := s.static[key]; ok {
		return v
	}
	v := p.staticallyUnwinnable(s.winner)
	s.static[key] = v
	return v
}

// order sorts moves so that the likely steps towards a helpmate come first:
// the winner promotes, pushes pawns and brings pieces near the enemy king;
// the loser walks its king to the edge, crowds it with its own pieces and
// spares the winner's men.
func (s *mateSearch) order(p *Position, moves []Move) {
	var scores [256]int
	us := p.turn
	loserKing := p.KingSquare(s.winner.Other())
	for i, m := range moves {
		from, to := m.From(), m.To()
		pt := p.board[from].Type()
		captured := p.board[to] != NoPiece && !m.IsCastling()
		score := 0
		if us == s.winner {
			if captured {
				score += 30
			}
			switch m.Promotion() {
			case Queen:
				score += 300
			case Knight:
				score += 60
			}
			switch pt {
			case Pawn:
				score += 20
			case King:
				score += 5 * (distance(from, loserKing) - distance(to, loserKing))
			default:
				score += 10 * (distance(from, loserKing) - distance(to, loserKing))
			}
			if p.givesCheckQuickly(m) {
				score += 100
			}
		} else {
			if captured {
				score -= 100
			}
			switch m.Promotion() {
			case Bishop, Knight:
				score += 40
			case Rook:
				score += 20
			}
			switch pt {
			case King:
				score += 10 * (edgeDistance(from) - edgeDistance(to))
			case Pawn:
				score += 5
			default:
				if distance(to, loserKing) == 1 {
					score += 15
				}
			}
		}
		scores[i] = score
	}
	// Insertion sort, stable, best first.
	for i := 1; i < len(moves); i++ {
		m, sc := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < sc; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, sc
	}
}

// givesCheckQuickly reports whether m checks directly: the moved piece (or
// the piece promoted to) attacks the enemy king from its new square. It
// ignores discovered checks, which only affects move ordering.
func (p *Position) givesCheckQuickly(m Move) bool {
	ksq := p.KingSquare(p.turn.Other())
	to := m.To()
	pt := p.board[m.From()].Type()
	if promo := m.Promotion(); promo != NoPieceType {
		pt = promo
	}
	occ := p.byType[0]&^m.From().Bitboard() | to.Bitboard()
	switch pt {
	case Pawn:
		return pawnAttacks[p.turn][to].Has(ksq)
	case Knight:
		return knightAttacks[to].Has(ksq)
	case Bishop:
		return BishopAttacks(to, occ).Has(ksq)
	case Rook:
		return RookAttacks(to, occ).Has(ksq)
	case Queen:
		return QueenAttacks(to, occ).Has(ksq)
	}
	return false
}

// distance is the number of king steps between a and b.
func distance(a, b Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// edgeDistance is the number of king steps from s to the nearest edge.
func edgeDistance(s Square) int {
	return min(s.File(), 7-s.File(), s.Rank(), 7-s.Rank())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// shorten cuts the detours out of a helpmate line from p: wherever one
// legal move, or two, lead straight to a position the line reaches later,
// it jumps there (the walk's lines wander: the kings step away and back). The result
// is checked by replaying it; if it does not end in the same mate, line is
// returned as it was.
func shorten(p Position, line []Move) []Move {
	if len(line) < 3 {
		return line
	}
	positions := make([]Position, 0, len(line)+1)
	last := make(map[uint64]int, len(line)+1)
	q := p
	for i, m := range line {
		positions = append(positions, q)
		last[q.Key()] = i
		q.PlayUnchecked(m)
	}
	positions = append(positions, q)
	last[q.Key()] = len(line)
	end := q.Key()

	// From each position, the farthest later position of the line that one
	// move, or two, reach.
	var short []Move
	var list, replies MoveList
	for i := 0; i < len(line); {
		next, moves := i+1, []Move{line[i]}
		positions[i].GenerateLegal(&list)
		for _, m := range list.Slice() {
			child := positions[i]
			child.PlayUnchecked(m)
			if j, ok := last[child.Key()]; ok && j > next {
				next, moves = j, []Move{m}
			}
			child.GenerateLegal(&replies)
			for _, r := range replies.Slice() {
				grandchild := child
				grandchild.PlayUnchecked(r)
				if j, ok := last[grandchild.Key()]; ok && j > next+1 {
					next, moves = j, []Move{m, r}
				}
			}
		}
		short = append(short, moves...)
		i = next
	}
	q = p
	for _, m := range short {
		if !q.IsLegal(m) {
			return line
		}
		q.PlayUnchecked(m)
	}
	if q.Key() != end || q.CountLegal() != 0 || !q.InCheck() {
		return line
	}
	return short
}
