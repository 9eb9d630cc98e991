package chess

// DrawRules chooses which draws end a game by themselves.
type DrawRules uint8

const (
	// AutomaticDraws ends the game at the third repetition and when fifty
	// moves pass without a capture or pawn move, as JoinPal's online games
	// do.
	AutomaticDraws DrawRules = iota
	// FIDEDraws ends the game by itself only at the fifth repetition and
	// after seventy-five moves (FIDE 9.6); threefold repetition and fifty
	// moves are draws a player claims (History.ClaimableDraw).
	FIDEDraws
)

// History is a game's moves from a start position: it knows the current
// position, and what the rules that need the past decide (repetition, the
// fifty- and seventy-five-move rules).
type History struct {
	start Position
	pos   Position
	moves []Move
	keys  []uint64 // repetition keys of the positions, start first
}

// NewHistory starts a history at the position start.
func NewHistory(start Position) *History {
	return &History{start: start, pos: start, keys: []uint64{start.RepetitionKey()}}
}

// Start returns the position the history began with.
func (h *History) Start() Position { return h.start }

// Position returns the current position.
func (h *History) Position() Position { return h.pos }

// Moves returns the moves played, in order. The slice must not be changed.
func (h *History) Moves() []Move { return h.moves }

// Len returns the number of moves played.
func (h *History) Len() int { return len(h.moves) }

// Play plays m if it is legal, and otherwise returns the error of
// Position.Play and changes nothing.
func (h *History) Play(m Move) error {
	if err := h.pos.Play(m); err != nil {
		return err
	}
	h.moves = append(h.moves, m)
	h.keys = append(h.keys, h.pos.RepetitionKey())
	return nil
}

// Repetitions returns how many times the current position has stood on the
// board, this time included (FIDE 9.2: same placement, side to move,
// castling rights and legal en-passant captures).
func (h *History) Repetitions() int {
	n := 1
	last := len(h.keys) - 1
	// Only positions since the last capture or pawn move can repeat, and
	// only those with the same side to move.
	limit := min(int(h.pos.halfmove), last)
	for i := last - 2; i >= last-limit; i -= 2 {
		if h.keys[i] == h.keys[last] {
			n++
		}
	}
	return n
}

// Outcome returns how the game stands under the given draw rules. A
// checkmate given on the move that reaches a move-count limit stands as
// checkmate.
func (h *History) Outcome(rules DrawRules) Outcome {
	if o := h.pos.Outcome(); o.Over() {
		return o
	}
	reps, halfmoves := h.Repetitions(), int(h.pos.halfmove)
	switch rules {
	case AutomaticDraws:
		if reps >= 3 {
			return Outcome{Ending: EndThreefoldRepetition}
		}
		if halfmoves >= 100 {
			return Outcome{Ending: EndFiftyMoves}
		}
	case FIDEDraws:
		if reps >= 5 {
			return Outcome{Ending: EndFivefoldRepetition}
		}
		if halfmoves >= 150 {
			return Outcome{Ending: EndSeventyFiveMoves}
		}
	}
	return Outcome{}
}

// ClaimableDraw returns the draw the side to move could claim under FIDE
// 9.2 and 9.3 in the current position (EndThreefoldRepetition or
// EndFiftyMoves), or NotEnded. Claims announced together with a move are
// not covered.
func (h *History) ClaimableDraw() Ending {
	if h.pos.Outcome().Over() {
		return NotEnded
	}
	if h.Repetitions() >= 3 {
		return EndThreefoldRepetition
	}
	if h.pos.halfmove >= 100 {
		return EndFiftyMoves
	}
	return NotEnded
}
