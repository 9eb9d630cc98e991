package rules

import (
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/chess"
)

// Goal is something a move does, that a step may ask for.
type Goal string

// The goals a step may ask for; a step with several asks for all of them.
const (
	GoalAny         Goal = "any"          // any legal move
	GoalCheck       Goal = "check"        // gives check (mate included)
	GoalMate        Goal = "mate"         // checkmates
	GoalStalemate   Goal = "stalemate"    // stalemates
	GoalCapture     Goal = "capture"      // captures (en passant included)
	GoalNoCapture   Goal = "no_capture"   // captures nothing
	GoalCastle      Goal = "castle"       // castles on either side
	GoalCastleShort Goal = "castle_short" // castles kingside
	GoalCastleLong  Goal = "castle_long"  // castles queenside
	GoalEnPassant   Goal = "en_passant"   // captures en passant
	GoalPromote     Goal = "promote"      // promotes to any piece
	GoalQueen       Goal = "promote_queen"
	GoalRook        Goal = "promote_rook"
	GoalBishop      Goal = "promote_bishop"
	GoalKnight      Goal = "promote_knight"
	GoalKingMove    Goal = "king_move"            // moves the king (castling included)
	GoalInsuff      Goal = "draw_insufficient"    // ends the game: insufficient material
	GoalFifty       Goal = "draw_fifty"           // ends the game: fifty moves
	GoalRepetition  Goal = "draw_repetition"      // ends the game: threefold repetition (with the exercise's Moves as its past)
	GoalDraw        Goal = "draw"                 // ends the game in a draw of any kind
	GoalNotEnd      Goal = "game_goes_on"         // does not end the game
	GoalParry       Goal = "parry_check"          // a move out of check (any legal one, in check)
	GoalCaptureChk  Goal = "capture_checker"      // captures the piece giving check
	GoalInterpose   Goal = "interpose"            // blocks the check with a piece (not the king)
	GoalKingEscapes Goal = "king_escapes_check"   // moves the king out of check
	GoalWinExchange Goal = "capture_rook_or_more" // captures a rook or a queen
)

// Goals lists every goal a step may ask for.
func Goals() []Goal {
	return []Goal{GoalAny, GoalCheck, GoalMate, GoalStalemate, GoalCapture, GoalNoCapture, GoalCastle, GoalCastleShort,
		GoalCastleLong, GoalEnPassant, GoalPromote, GoalQueen, GoalRook, GoalBishop, GoalKnight, GoalKingMove, GoalInsuff,
		GoalFifty, GoalRepetition, GoalDraw, GoalNotEnd, GoalParry, GoalCaptureChk, GoalInterpose, GoalKingEscapes, GoalWinExchange}
}

// Played is a legal move as the guide shows it.
type Played struct {
	UCI       string `json:"uci"`
	SAN       string `json:"san"`
	FEN       string `json:"fen"` // the position after the move
	Check     bool   `json:"check"`
	Mate      bool   `json:"mate"`
	Capture   bool   `json:"capture"`
	EnPassant bool   `json:"enPassant"`
	Castle    string `json:"castle,omitempty"`    // "king" or "queen"
	Promotion string `json:"promotion,omitempty"` // "queen" ... "knight"
	// Ending is how the move ended the game (chess.Ending: "checkmate",
	// "stalemate", "insufficient_material", "fifty_moves" ...), or "".
	Ending string `json:"ending,omitempty"`
	// OutcomeCode is the catalogue code of the sentence telling the end
	// ("outcome.stalemate", "outcome.checkmate.white"), or "".
	OutcomeCode string `json:"outcomeCode,omitempty"`

	before   chess.Position
	move     chess.Move
	captured chess.Piece
}

// Play plays the move text (UCI or SAN) in pos: the move as Played, or the
// rules core's refusal (a *chess.Error from chess.Position.Try, the detailed
// reason).
func Play(pos chess.Position, text string) (Played, error) {
	return playIn(chess.NewHistory(pos), text)
}

// playIn is Play in the current position of h, whose past decides a
// repetition.
func playIn(h *chess.History, text string) (Played, error) {
	pos := h.Position()
	m, err := pos.Try(text)
	if err != nil {
		return Played{}, err
	}
	return playedAfter(h, m), nil
}

// playedAfter describes the legal move m of h's current position, h's past
// counting for the repetitions (h itself is left as it is).
func playedAfter(past *chess.History, m chess.Move) Played {
	pos := past.Position()
	pl := Played{UCI: pos.UCI(m), SAN: pos.SAN(m), EnPassant: m.IsEnPassant(), before: pos, move: m}
	switch {
	case m.IsEnPassant():
		pl.captured = chess.NewPiece(pos.Turn().Other(), chess.Pawn)
	case !m.IsCastling():
		pl.captured = pos.PieceAt(m.To())
	}
	pl.Capture = pl.captured != chess.NoPiece
	if m.IsCastling() {
		pl.Castle = "king"
		if m.To() < m.From() {
			pl.Castle = "queen"
		}
	}
	if pt := m.Promotion(); pt != chess.NoPieceType {
		pl.Promotion = pt.String()
	}
	h := chess.NewHistory(past.Start())
	for _, mv := range past.Moves() {
		_ = h.Play(mv) // played before
	}
	_ = h.Play(m) // m is legal
	after := h.Position()
	pl.FEN = after.FEN()
	pl.Check = after.InCheck()
	pl.Ending, pl.OutcomeCode = outcomeOf(h.Outcome(chess.AutomaticDraws))
	pl.Mate = pl.Ending == string(chess.EndCheckmate)
	return pl
}

// Meets reports whether the move meets goal.
func (pl Played) Meets(g Goal) bool {
	pos := pl.before
	checkers := pos.Checkers()
	moverType := pos.PieceAt(pl.move.From()).Type()
	switch g {
	case GoalAny:
		return true
	case GoalCheck:
		return pl.Check
	case GoalMate:
		return pl.Mate
	case GoalStalemate:
		return pl.Ending == string(chess.EndStalemate)
	case GoalCapture:
		return pl.Capture
	case GoalNoCapture:
		return !pl.Capture
	case GoalCastle:
		return pl.Castle != ""
	case GoalCastleShort:
		return pl.Castle == "king"
	case GoalCastleLong:
		return pl.Castle == "queen"
	case GoalEnPassant:
		return pl.EnPassant
	case GoalPromote:
		return pl.Promotion != ""
	case GoalQueen, GoalRook, GoalBishop, GoalKnight:
		return pl.Promotion != "" && string(g) == "promote_"+pl.Promotion
	case GoalKingMove:
		return moverType == chess.King
	case GoalInsuff:
		return pl.Ending == string(chess.EndInsufficientMaterial)
	case GoalFifty:
		return pl.Ending == string(chess.EndFiftyMoves)
	case GoalRepetition:
		return pl.Ending == string(chess.EndThreefoldRepetition)
	case GoalDraw:
		return pl.Ending != "" && !pl.Mate
	case GoalNotEnd:
		return pl.Ending == ""
	case GoalParry:
		return checkers != 0
	case GoalCaptureChk:
		return checkers.Has(pl.move.To()) && !pl.move.IsCastling()
	case GoalInterpose:
		return checkers != 0 && moverType != chess.King && !checkers.Has(pl.move.To())
	case GoalKingEscapes:
		return checkers != 0 && moverType == chess.King
	case GoalWinExchange:
		t := pl.captured.Type()
		return pl.captured != chess.NoPiece && (t == chess.Rook || t == chess.Queen)
	}
	return false
}

// Verdict is what the judge says of a try in an exercise's step.
type Verdict struct {
	// Done: the try does what the step asks.
	Done bool `json:"done"`
	// Reply is the opponent's answer, played after a done step that has
	// one; its FEN is where the next step starts.
	Reply *Played `json:"reply,omitempty"`
	// Next is the index of the step that follows a done one; -1 when the
	// exercise is over (Finished).
	Next     int  `json:"next"`
	Finished bool `json:"finished"`
}

// Judge says whether the try of text in pos does step of exercise id. The
// try is played (or refused) as Play does; pl and refusal are Play's
// answers. An unknown exercise or step is ErrNotFound; a refusal is no
// error of Judge's.
func (b *Book) Judge(id string, step int, pos chess.Position, text string) (pl Played, refusal error, v Verdict, err error) {
	ex, ok := b.exercises[id]
	if !ok || step < 0 || step >= len(ex.Steps) {
		return Played{}, nil, Verdict{}, fmt.Errorf("%w: exercise %q, step %d", ErrNotFound, id, step)
	}
	st := ex.Steps[step]
	pl, refusal = playIn(ex.past(step, pos), text)
	v.Next = step
	switch {
	case refusal != nil:
		var ce *chess.Error
		v.Done = st.Refused != nil && errors.As(refusal, &ce) && ce.Code == st.Refused.Code
	case st.Refused != nil:
		v.Done = false
	default:
		v.Done = st.accepts(pl)
	}
	if !v.Done {
		return pl, refusal, v, nil
	}
	if st.Reply != "" {
		after := pos
		if refusal == nil {
			after, _ = chess.ParseFEN(pl.FEN)
		}
		if r, rerr := Play(after, st.Reply); rerr == nil {
			v.Reply = &r
		}
	}
	v.Next = step + 1
	if v.Next >= len(ex.Steps) {
		v.Next, v.Finished = -1, true
	}
	return pl, refusal, v, nil
}

// accepts reports whether the legal move pl does the step (Answers or
// Goals; a Refused step accepts no legal move).
func (st Step) accepts(pl Played) bool {
	if st.Refused != nil {
		return false
	}
	for _, a := range st.Answers {
		if a == pl.UCI {
			return true
		}
	}
	if len(st.Goals) == 0 {
		return false
	}
	for _, g := range st.Goals {
		if !pl.Meets(g) {
			return false
		}
	}
	return true
}

// past is the history a try in pos at step of ex is played after: at the
// first step, from the exercise's start, the FEN and its Moves (so that a
// repetition counts them); later, or in another position, pos alone.
func (ex Exercise) past(step int, pos chess.Position) *chess.History {
	if step == 0 && len(ex.Moves) > 0 {
		if h, err := ex.history(); err == nil {
			if now := h.Position(); now.FEN() == pos.FEN() {
				return h
			}
		}
	}
	return chess.NewHistory(pos)
}

// history is the exercise's FEN followed by its Moves.
func (ex Exercise) history() (*chess.History, error) {
	pos, err := chess.ParseFEN(ex.FEN)
	if err != nil {
		return nil, err
	}
	h := chess.NewHistory(pos)
	for _, text := range ex.Moves {
		now := h.Position()
		m, err := now.Try(text)
		if err != nil {
			return nil, err
		}
		_ = h.Play(m) // legal: Try found it
	}
	return h, nil
}

// Start returns the position where exercise ex starts (after its Moves)
// and the last of those moves, if any.
func (ex Exercise) Start() (chess.Position, *Played, error) {
	pos, err := chess.ParseFEN(ex.FEN)
	if err != nil {
		return chess.Position{}, nil, err
	}
	var last *Played
	for _, m := range ex.Moves {
		pl, err := Play(pos, m)
		if err != nil {
			return chess.Position{}, nil, err
		}
		last = &pl
		pos, _ = chess.ParseFEN(pl.FEN)
	}
	return pos, last, nil
}
