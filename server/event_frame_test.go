package server

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
)

// wantEventFrame is what encodeFrame makes of the frame.
func wantEventFrame(typ string, seq int64, e eventJSON) string {
	return string(encodeFrame(outFrame{T: typ, V: seq, D: e}))
}

func TestEventFrame(t *testing.T) {
	ms := func(v int64) *int64 { return &v }
	start := chess.StartingPosition()
	var list chess.MoveList
	start.GenerateLegal(&list)
	var legal game.LegalMoves
	for _, m := range list.Slice() {
		u, err := game.ParseUCIText(start.UCI(m))
		if err != nil {
			t.Fatal(err)
		}
		legal = append(legal, u)
	}
	base := stateJSON{Ply: 0, FEN: start.FEN(), Turn: "white", Status: "started", Result: "*"}
	with := func(f func(e *eventJSON)) eventJSON {
		e := eventJSON{stateJSON: base}
		f(&e)
		return e
	}
	tests := []struct {
		name string
		typ  string
		seq  int64
		e    eventJSON
	}{
		{"a state at the start", "state", 1, with(func(e *eventJSON) {})},
		{"no seq", "state", 0, with(func(e *eventJSON) {})},
		{"a move with clocks and legal moves", "move", 7, with(func(e *eventJSON) {
			e.Move = moveJSON{UCI: "e2e4", SAN: "e4", Clock: ms(179_000)}
			e.Ply, e.Turn, e.WTime, e.BTime, e.ClockRunning, e.Legal = 1, "black", ms(179_000), ms(-1), true, legal
		})},
		{"a move untimed", "move", 2, with(func(e *eventJSON) {
			e.Move = moveJSON{UCI: "e7e8q", SAN: "e8=Q+"}
			e.Legal = game.LegalMoves{}
		})},
		{"an opening", "move", 3, with(func(e *eventJSON) {
			e.Move = moveJSON{UCI: "e2e4", SAN: "e4"}
			e.Opening = &openingJSON{ECO: "C20", Name: "King's Pawn Game", Names: map[string]string{"es": "Apertura de peón de rey", "en": "King's Pawn Game & <more>"}}
		})},
		{"an opening without names", "move", 3, with(func(e *eventJSON) {
			e.Opening = &openingJSON{ECO: "A00", Name: "Irregular"}
		})},
		{"an opening with names for many languages", "move", 3, with(func(e *eventJSON) {
			e.Opening = &openingJSON{ECO: "B00", Name: "x", Names: map[string]string{"fr": "1", "es": "2", "en": "3", "de": "4", "ca": "5"}}
		})},
		{"ended, with offers", "state", 40, with(func(e *eventJSON) {
			e.Status, e.Termination, e.Winner, e.Result, e.Outcome = "mate", "checkmate", "white", "1-0", "outcome.checkmate.white"
			e.DrawOffer, e.TakebackOffer = "black", "white"
		})},
		{"scheduled", "state", 2, with(func(e *eventJSON) {
			e.Status, e.ScheduledAt, e.StartsIn = "created", 1_796_000_000_000, ms(0)
		})},
		{"checked in (a map)", "state", 2, with(func(e *eventJSON) {
			e.CheckedIn = map[string]bool{"white": true, "black": false}
		})},
		{"a player gone (a map)", "state", 9, with(func(e *eventJSON) {
			e.Gone = map[string]goneJSON{"black": {Since: 5, Until: 9, Claim: 10, ClaimIn: ms(3)}}
		})},
		{"ratings (a map)", "state", 9, with(func(e *eventJSON) {
			e.Ratings = map[string]barRatingJSON{}
		})},
		{"text to escape", "st\"ate", 5, with(func(e *eventJSON) {
			e.FEN, e.Turn, e.Status, e.Result = "<fen>&\u2028", "\x00", "ñ", "\xff"
			e.Move = moveJSON{UCI: "\"", SAN: "\t"}
		})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := wantEventFrame(tc.typ, tc.seq, tc.e)
			if got := string(encodeEventFrame(tc.typ, tc.seq, tc.e)); got != want {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestEventFrameOfGames: the frames of the events of random games, for a
// player and a spectator, timed and untimed, are encodeFrame's.
func TestEventFrameOfGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 20))
	frames := 0
	for range 40 {
		tc, err := game.NewWholeGame(3*time.Minute, 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.New(game.Config{ID: "g", White: game.Player{ID: "w", Name: "W"}, Black: game.Player{ID: "b", Name: "B"}, TimeControl: tc})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; !g.Over() && ply < 120; ply++ {
			ev := g.NewEvent(game.EventState, nil)
			if len(ev.Legal) == 0 {
				break
			}
			uci := ev.Legal[rng.IntN(len(ev.Legal))].String()
			side := game.White
			if ply%2 == 1 {
				side = game.Black
			}
			rec, err := g.Move(side, uci, 0, int64(ply))
			if err != nil {
				t.Fatalf("ply %d, %s: %v", ply, uci, err)
			}
			ev = g.NewEvent(game.EventMove, &rec)
			ev.Seq = int64(ply + 2)
			for _, legal := range []bool{true, false} {
				for _, timed := range []bool{true, false} {
					e := viewEvent(ev, legal, timed)
					want := wantEventFrame(string(ev.Type), ev.Seq, e)
					if got := string(encodeEventFrame(string(ev.Type), ev.Seq, e)); got != want {
						t.Fatalf("ply %d: got  %s\nwant %s", ply, got, want)
					}
					frames++
				}
			}
		}
	}
	if frames < 1000 {
		t.Fatalf("only %d frames compared", frames)
	}
}

// FuzzEventFrame: the hand-written frame is encodeFrame's, whatever the
// text in it.
func FuzzEventFrame(f *testing.F) {
	f.Add("move", int64(3), "e2e4", "e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "C20", "Apertura", int64(1000), true)
	f.Add("state", int64(0), "", "", "\u2028<>&", "", "\xff", int64(-1), false)
	f.Fuzz(func(t *testing.T, typ string, seq int64, uci, san, fen, eco, name string, clock int64, running bool) {
		e := eventJSON{stateJSON: stateJSON{Ply: int(seq % 500), FEN: fen, Turn: san, WTime: &clock, ClockRunning: running, Status: name, Result: eco}}
		if u, err := game.ParseUCIText(uci); err == nil {
			e.Legal = game.LegalMoves{u, u}
		}
		if uci != "" {
			e.Move = moveJSON{UCI: uci, SAN: san, Clock: &clock}
		}
		if eco != "" {
			e.Opening = &openingJSON{ECO: eco, Name: name, Names: map[string]string{name: eco, eco: uci}}
		}
		want := wantEventFrame(typ, seq, e)
		if got := string(encodeEventFrame(typ, seq, e)); got != want {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
	})
}
