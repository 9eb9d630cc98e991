package server

import (
	"strings"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// gameJSON is a game as the API shows it, in lichess's shapes where lichess
// has them: clocks in milliseconds, moves as UCI, lichess's status names.
type gameJSON struct {
	ID          string `json:"id"`
	Speed       string `json:"speed"`
	TimeControl string `json:"timeControl"`
	// Clock is the time control in milliseconds (absent when untimed).
	Clock     *clockJSON        `json:"clock,omitempty"`
	CreatedAt int64             `json:"createdAt"`
	Players   map[string]player `json:"players"`
	// Rated says whether the game counts for the players' ratings.
	Rated bool `json:"rated"`
	// InitialFEN is the start position; absent for the standard one.
	InitialFEN string `json:"initialFen,omitempty"`
	// NoStartLoses says that the game cannot be aborted and that a side
	// that does not make its first move in time loses (an arena's games).
	NoStartLoses bool `json:"noStartLoses,omitempty"`
	// DefaultTime is how long after its start a scheduled game's absent
	// player loses by no-show, in ms (absent for other games).
	DefaultTime int64 `json:"defaultTime,omitempty"`
	stateJSON
	// Moves is every move as UCI, separated by spaces (lichess's form);
	// SAN the same moves in algebraic notation; Clocks the mover's time
	// left after each move in ms (timed games).
	Moves  string   `json:"moves"`
	SAN    []string `json:"san"`
	Clocks []int64  `json:"clocks,omitempty"`
	// Opening is the last named opening position the game reached
	// (absent before any).
	Opening *openingJSON `json:"opening,omitempty"`
}

// player is one side of a game as the API shows it.
type player struct {
	ID      string `json:"id,omitempty"`
	Name    string `json:"name"`
	AILevel int    `json:"aiLevel,omitempty"`
}

// clockJSON is a time control in milliseconds: initial and increment for
// a whole-game clock, perMove for a per-move one.
type clockJSON struct {
	Initial   int64 `json:"initial,omitempty"`
	Increment int64 `json:"increment"`
	PerMove   int64 `json:"perMove,omitempty"`
	// Days is the days per move of a correspondence game (PerMove is the
	// same in ms).
	Days int `json:"days,omitempty"`
}

// stateJSON is where a game stands after an event: what every "move",
// "state" and "full" frame of a game socket carries.
type stateJSON struct {
	Ply  int    `json:"ply"`
	FEN  string `json:"fen"`
	Turn string `json:"turn"`
	// WTime and BTime are the clocks in ms at the event (absent when
	// untimed); ClockRunning tells whether Turn's clock runs.
	WTime        *int64 `json:"wtime,omitempty"`
	BTime        *int64 `json:"btime,omitempty"`
	ClockRunning bool   `json:"clockRunning"`
	// Status is lichess's status name ("started", "mate", "resign" ...);
	// Termination JoinPal's own code of how it ended; Winner the winning
	// side; Result the PGN result ("*" while it goes on).
	Status      string `json:"status"`
	Termination string `json:"termination,omitempty"`
	Winner      string `json:"winner,omitempty"`
	Result      string `json:"result"`
	// Outcome is the catalogue code of the sentence that tells how the
	// game ended ("outcome.checkmate.white", "outcome.agreement",
	// "outcome.aborted" ...; game.OutcomeCode), absent while it goes on:
	// a client shows its text without rules of its own.
	Outcome string `json:"outcome,omitempty"`
	// DrawOffer is the side whose draw offer is open.
	DrawOffer string `json:"drawOffer,omitempty"`
	// TakebackOffer is the side whose takeback offer is open.
	TakebackOffer string `json:"takebackOffer,omitempty"`
	// Legal is the legal moves of the side to move, as UCI; players get
	// them, spectators do not.
	Legal game.LegalMoves `json:"legal,omitempty"`
	// ScheduledAt is when a scheduled game starts (ms since 1970); absent
	// for a game that was not arranged for a time. StartsIn is the ms from
	// the event to the start while the game has not started (0 once it is
	// due), for a page to count down on its own clock without trusting the
	// browser's date; CheckedIn whether each player has checked in. All
	// three are as of the event, so a postponement or a check-in arrives
	// with its frame.
	ScheduledAt int64           `json:"scheduledAt,omitempty"`
	StartsIn    *int64          `json:"startsIn,omitempty"`
	CheckedIn   map[string]bool `json:"checkedIn,omitempty"`
	// Gone holds, by side, the players whose connection is down while the
	// game runs (absent when both are connected).
	Gone map[string]goneJSON `json:"gone,omitempty"`
	// Ratings is the players' ratings for the player bars, by side (none
	// for guests and the AI; Server.gameRatings): in every full frame and
	// GET /api/game/{id}, and in the frame that ends the game, where a
	// rated game's carry the change its end made.
	Ratings map[string]barRatingJSON `json:"ratings,omitempty"`
}

// goneJSON is a player whose connection dropped: since when (ms since
// 1970) and until when they may come back before losing by abandonment
// (absent while abandonment does not apply: before both sides moved).
type goneJSON struct {
	Since int64 `json:"since"`
	Until int64 `json:"until,omitempty"`
	// Claim is when the opponent may claim the win or a draw (ms since
	// 1970), and ClaimIn the ms from the frame's event to then (0 once
	// open): a page counts down from ClaimIn on its own clock. Both are
	// absent when Until is.
	Claim   int64  `json:"claim,omitempty"`
	ClaimIn *int64 `json:"claimIn,omitempty"`
}

// moveJSON is the move of a "move" frame.
type moveJSON struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// Clock is the mover's time left after it, in ms (timed games).
	Clock *int64 `json:"clock,omitempty"`
}

// eventJSON is the data of a "move" or "state" frame.
type eventJSON struct {
	Move moveJSON `json:"move,omitzero"`
	// Opening names the position after a move when it is a named opening
	// position (absent otherwise: the game keeps the opening it had).
	Opening *openingJSON `json:"opening,omitempty"`
	stateJSON
}

// lichessStatus names where a game stands as lichess does: created,
// started, aborted, mate, resign, stalemate, timeout (the opponent left),
// draw, outoftime, noStart (a first move not made in a game that cannot be
// aborted, or a scheduled game's no-show).
func lichessStatus(s game.Status, t game.Termination) string {
	switch s {
	case game.StatusCreated:
		return "created"
	case game.StatusStarted:
		return "started"
	case game.StatusAborted:
		return "aborted"
	}
	switch t {
	case game.Checkmate:
		return "mate"
	case game.Resignation:
		return "resign"
	case game.Stalemate:
		return "stalemate"
	case game.Timeout, game.TimeoutVsInsufficientMaterial:
		return "outoftime"
	case game.Abandonment:
		return "timeout"
	case game.NoShow, game.NoStart:
		return "noStart"
	}
	return "draw" // repetition, fifty moves, insufficient material, agreement
}

// viewState describes the game after ev; legal says whether to include the
// legal moves (players) or not (spectators).
func viewState(ev game.Event, legal bool) stateJSON {
	st := stateJSON{
		Ply: ev.Ply, FEN: ev.FEN, Turn: ev.Turn.String(),
		WTime: ev.WhiteMs, BTime: ev.BlackMs, ClockRunning: ev.ClockRunning,
		Status: lichessStatus(ev.Status, ev.Termination),
		Result: ev.Result.String(),
	}
	if ev.Status == game.StatusEnded {
		st.Termination = ev.Termination.String()
	}
	st.Outcome = game.OutcomeCode(game.State{Status: ev.Status, Termination: ev.Termination, Result: ev.Result}, ev.Turn)
	if w, ok := ev.Result.Winner(); ok {
		st.Winner = w.String()
	}
	if ev.DrawOffer != nil {
		st.DrawOffer = ev.DrawOffer.By.String()
	}
	if ev.TakebackOffer != nil {
		st.TakebackOffer = ev.TakebackOffer.String()
	}
	if legal {
		st.Legal = ev.Legal
	}
	if sc := ev.Schedule; sc != nil && !sc.StartAt.IsZero() {
		st.ScheduledAt = sc.StartAt.UnixMilli()
		if ev.Status == game.StatusCreated && !ev.At.IsZero() {
			left := max(sc.StartAt.Sub(ev.At), 0).Milliseconds()
			st.StartsIn = &left
		}
		st.CheckedIn = map[string]bool{"white": sc.Present[game.White], "black": sc.Present[game.Black]}
	}
	for _, g := range ev.Gone {
		if st.Gone == nil {
			st.Gone = map[string]goneJSON{}
		}
		j := goneJSON{Since: g.Since.UnixMilli()}
		if !g.Until.IsZero() {
			j.Until = g.Until.UnixMilli()
		}
		if !g.ClaimAt.IsZero() {
			j.Claim = g.ClaimAt.UnixMilli()
			if !ev.At.IsZero() {
				in := max(g.ClaimAt.Sub(ev.At), 0).Milliseconds()
				j.ClaimIn = &in
			}
		}
		st.Gone[g.Side.String()] = j
	}
	return st
}

// viewEvent is the data of a "move" or "state" frame for ev.
func viewEvent(ev game.Event, legal bool, timed bool) eventJSON {
	out := eventJSON{stateJSON: viewState(ev, legal)}
	if ev.Move != nil {
		out.Move = moveJSON{UCI: ev.Move.UCI, SAN: ev.Move.SAN}
		out.Opening = openingOfFEN(ev.FEN)
		if timed {
			ms := ev.Move.Remaining.Milliseconds()
			out.Move.Clock = &ms
		}
	}
	return out
}

// viewGame describes the game hdr (its players and settings: a stored
// record, whose moves and state may be older) as it stands at the full
// event ev.
func viewGame(hdr game.Record, ev game.Event, legal bool) gameJSON {
	tc := hdr.TimeControl
	g := gameJSON{
		ID:           hdr.ID,
		Speed:        string(rating.GameSpeed(tc)),
		TimeControl:  tc.String(),
		CreatedAt:    hdr.CreatedAt.UnixMilli(),
		Players:      map[string]player{"white": viewPlayer(hdr.White), "black": viewPlayer(hdr.Black)},
		InitialFEN:   hdr.StartFEN,
		Rated:        hdr.Rated,
		NoStartLoses: hdr.NoStartLoses,
		stateJSON:    viewState(ev, legal),
		SAN:          make([]string, 0, len(ev.Moves)),
	}
	scheduleFields(&g, hdr)
	switch tc.Mode() {
	case game.ModeWholeGame:
		g.Clock = &clockJSON{Initial: ms(tc.Base()), Increment: ms(tc.Increment())}
	case game.ModePerMove:
		g.Clock = &clockJSON{PerMove: ms(tc.PerMove())}
	case game.ModeCorrespondence:
		g.Clock = &clockJSON{PerMove: ms(tc.PerMove()), Days: tc.Days()}
	}
	uci := make([]string, 0, len(ev.Moves))
	for _, m := range ev.Moves {
		uci = append(uci, m.UCI)
		g.SAN = append(g.SAN, m.SAN)
		if g.Clock != nil {
			g.Clocks = append(g.Clocks, ms(m.Remaining))
		}
	}
	g.Moves = strings.Join(uci, " ")
	g.Opening = openingOfMoves(hdr.StartFEN, ev.Moves)
	return g
}

// scheduleFields fills in a scheduled game's default time, from the record
// hdr; its start, countdown and check-ins are its state at the event
// (viewState).
func scheduleFields(g *gameJSON, hdr game.Record) {
	if hdr.State.ScheduledAt.IsZero() {
		return
	}
	def := hdr.DefaultTime
	if def <= 0 {
		def = game.DefaultNoShowTime
	}
	g.DefaultTime = ms(def)
}

func viewPlayer(p game.Player) player {
	return player{ID: p.ID, Name: p.Name, AILevel: p.AILevel}
}

func ms(d time.Duration) int64 { return d.Milliseconds() }
