package server

import (
	"context"
	"slices"
	"strings"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// untimedMs is what lichess gives as the clocks of a game without one.
const untimedMs = 2147483647

// lichessClockJSON is a game's clock in lichess's gameFull, in ms.
type lichessClockJSON struct {
	Initial   int64 `json:"initial"`
	Increment int64 `json:"increment"`
}

// lichessPerfNameJSON is the perf of a gameFull.
type lichessPerfNameJSON struct {
	Name string `json:"name"`
}

// lichessGameFullJSON is the first line of a board game stream.
type lichessGameFullJSON struct {
	Type       string               `json:"type"`
	ID         string               `json:"id"`
	Variant    lichessVariantJSON   `json:"variant"`
	Clock      *lichessClockJSON    `json:"clock,omitempty"`
	Speed      string               `json:"speed"`
	Perf       lichessPerfNameJSON  `json:"perf"`
	Rated      bool                 `json:"rated"`
	CreatedAt  int64                `json:"createdAt"`
	White      lichessPlayerJSON    `json:"white"`
	Black      lichessPlayerJSON    `json:"black"`
	InitialFEN string               `json:"initialFen"`
	State      lichessGameStateJSON `json:"state"`
	// DaysPerTurn is a correspondence game's days per move.
	DaysPerTurn int `json:"daysPerTurn,omitempty"`
}

// lichessGameStateJSON is a gameState line of a board game stream (and
// gameFull's state).
type lichessGameStateJSON struct {
	Type      string `json:"type"`
	Moves     string `json:"moves"`
	WTime     int64  `json:"wtime"`
	BTime     int64  `json:"btime"`
	WInc      int64  `json:"winc"`
	BInc      int64  `json:"binc"`
	Status    string `json:"status"`
	Winner    string `json:"winner,omitempty"`
	WDraw     bool   `json:"wdraw,omitempty"`
	BDraw     bool   `json:"bdraw,omitempty"`
	WTakeback bool   `json:"wtakeback,omitempty"`
	BTakeback bool   `json:"btakeback,omitempty"`
	// Joinpal is JoinPal's extension (docs/LICHESS-API.md), a field
	// lichess's clients ignore.
	Joinpal *joinpalStateJSON `json:"joinpal,omitempty"`
}

// joinpalStateJSON is what JoinPal adds to a gameState: the clocks move
// by move, a per-move clock's limit, and a scheduled game's start and
// check-ins. Absent when the game has none of them.
type joinpalStateJSON struct {
	// Clocks is the mover's time left after each move, in ms, one for
	// each move of moves (timed games; the [%clk] of the game's PGN).
	Clocks []int64 `json:"clocks,omitempty"`
	// PerMove is the limit of each move in ms when the game has a clock
	// per move (JoinPal's own mode): wtime and btime are then the time
	// left for the current move, the side not to move having the whole
	// limit, and winc and binc are 0.
	PerMove int64 `json:"perMove,omitempty"`
	// ScheduledAt is a scheduled game's start (ms since 1970); CheckedIn
	// says, by side, who has checked in, as of the line. A gameState comes
	// when either changes.
	ScheduledAt int64          `json:"scheduledAt,omitempty"`
	CheckedIn   *checkedInJSON `json:"checkedIn,omitempty"`
}

// checkedInJSON is a scheduled game's check-ins, by side.
type checkedInJSON struct {
	White bool `json:"white"`
	Black bool `json:"black"`
}

// sameState reports whether two gameStates say the same.
func sameState(a, b lichessGameStateJSON) bool {
	ja, jb := a.Joinpal, b.Joinpal
	a.Joinpal, b.Joinpal = nil, nil
	if a != b || (ja == nil) != (jb == nil) {
		return false
	}
	if ja == nil {
		return true
	}
	return slices.Equal(ja.Clocks, jb.Clocks) && ja.PerMove == jb.PerMove && ja.ScheduledAt == jb.ScheduledAt &&
		(ja.CheckedIn == nil) == (jb.CheckedIn == nil) && (ja.CheckedIn == nil || *ja.CheckedIn == *jb.CheckedIn)
}

// joinpalState is the extension of game rec's gameState after ev, whose
// moves are moves; nil when there is nothing to add.
func joinpalState(rec game.Record, ev game.Event, moves []game.MoveRecord) *joinpalStateJSON {
	var out joinpalStateJSON
	tc := rec.TimeControl
	if !tc.Untimed() {
		out.Clocks = make([]int64, 0, len(moves))
		for _, m := range moves {
			out.Clocks = append(out.Clocks, ms(m.Remaining))
		}
	}
	if tc.Mode() == game.ModePerMove {
		out.PerMove = ms(tc.PerMove())
	}
	if sc := ev.Schedule; sc != nil {
		out.ScheduledAt = sc.StartAt.UnixMilli()
		out.CheckedIn = &checkedInJSON{White: sc.Present[game.White], Black: sc.Present[game.Black]}
	}
	if len(out.Clocks) == 0 && out.PerMove == 0 && out.CheckedIn == nil {
		return nil
	}
	return &out
}

// lichessChatLineJSON is a chatLine line of a board game stream.
type lichessChatLineJSON struct {
	Type     string `json:"type"`
	Room     string `json:"room"`
	Username string `json:"username"`
	Text     string `json:"text"`
}

// lichessOpponentGoneJSON is an opponentGone line of a board game stream.
type lichessOpponentGoneJSON struct {
	Type              string `json:"type"`
	Gone              bool   `json:"gone"`
	ClaimWinInSeconds *int64 `json:"claimWinInSeconds,omitempty"`
}

// lichessState is the gameState of game rec after ev, whose moves are
// moves.
func lichessState(rec game.Record, ev game.Event, moves []game.MoveRecord) lichessGameStateJSON {
	uci := make([]string, 0, len(moves))
	for _, m := range moves {
		uci = append(uci, m.UCI)
	}
	st := lichessGameStateJSON{
		Type: "gameState", Moves: strings.Join(uci, " "), WTime: untimedMs, BTime: untimedMs,
		Status: lichessGameStatus(ev.Status, ev.Termination), Joinpal: joinpalState(rec, ev, moves),
	}
	if ev.WhiteMs != nil {
		st.WTime = *ev.WhiteMs
	}
	if ev.BlackMs != nil {
		st.BTime = *ev.BlackMs
	}
	if tc := rec.TimeControl; tc.Mode() == game.ModeWholeGame {
		st.WInc, st.BInc = ms(tc.Increment()), ms(tc.Increment())
	}
	if w, ok := ev.Result.Winner(); ok && ev.Status.Finished() {
		st.Winner = w.String()
	}
	if d := ev.DrawOffer; d != nil {
		st.WDraw, st.BDraw = d.By == game.White, d.By == game.Black
	}
	if t := ev.TakebackOffer; t != nil {
		st.WTakeback, st.BTakeback = *t == game.White, *t == game.Black
	}
	return st
}

// lichessGameFull is the gameFull line of game rec, as ev (a full event)
// shows it.
func (s *Server) lichessGameFull(ctx context.Context, rec game.Record, ev game.Event, moves []game.MoveRecord) lichessGameFullJSON {
	speed := rating.GameSpeed(rec.TimeControl)
	out := lichessGameFullJSON{
		Type: "gameFull", ID: rec.ID, Variant: standardVariant, Speed: string(speed),
		Perf: lichessPerfNameJSON{Name: string(speed)}, Rated: rec.Rated, CreatedAt: rec.CreatedAt.UnixMilli(),
		White: s.lichessPlayer(ctx, rec.White, speed), Black: s.lichessPlayer(ctx, rec.Black, speed),
		InitialFEN: "startpos", State: lichessState(rec, ev, moves),
	}
	if rec.StartFEN != "" {
		out.InitialFEN = rec.StartFEN
	}
	switch tc := rec.TimeControl; tc.Mode() {
	case game.ModeWholeGame:
		out.Clock = &lichessClockJSON{Initial: ms(tc.Base()), Increment: ms(tc.Increment())}
	case game.ModePerMove:
		out.Clock = &lichessClockJSON{Initial: ms(tc.PerMove())}
	case game.ModeCorrespondence:
		out.DaysPerTurn = tc.Days()
	}
	return out
}
