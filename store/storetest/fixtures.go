package storetest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// t0 is the suite's reference moment: a whole millisecond in a zone other
// than UTC, so that the suite sees stores convert to UTC.
var t0 = time.Date(2025, time.March, 14, 15, 9, 26, 535_000_000, time.FixedZone("UTC+3", 3*60*60))

// at returns t0 plus ms milliseconds.
func at(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }

func mustTC(tb testing.TB, text string) game.TimeControl {
	tb.Helper()
	tc, err := game.ParseTimeControl(text)
	if err != nil {
		tb.Fatalf("ParseTimeControl(%q): %v", text, err)
	}
	return tc
}

// runningClock returns the snapshot of a running whole-game clock after
// moves moves, the turn having started at turnStart.
func runningClock(tc game.TimeControl, moves int, turnStart time.Time) *game.ClockSnapshot {
	turn := game.White
	if moves%2 == 1 {
		turn = game.Black
	}
	return &game.ClockSnapshot{
		TimeControl:     tc,
		State:           game.ClockRunning,
		Turn:            turn,
		Moves:           moves,
		WhiteMs:         tc.Initial().Milliseconds() - int64(moves)*731,
		BlackMs:         tc.Initial().Milliseconds() - int64(moves)*1009,
		WhiteLagQuotaMs: 600,
		BlackLagQuotaMs: 1400,
		TurnStart:       turnStart,
	}
}

// move returns a move at ply with every field set.
func move(ply int) game.MoveRecord {
	ucis := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"}
	sans := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"}
	return game.MoveRecord{
		Ply:          ply,
		UCI:          ucis[ply%len(ucis)],
		SAN:          sans[ply%len(sans)],
		ClientMoveID: int64(1000 + ply),
		Spent:        time.Duration(1234+ply) * time.Millisecond,
		LagCredit:    time.Duration(80+ply) * time.Millisecond,
		Remaining:    time.Duration(295_000-ply*1000) * time.Millisecond,
		At:           at(int64(2000 * (ply + 1))),
	}
}

var black = game.Black

// fullRecord returns a game with every field of the record, its state and
// its moves set to a value other than the zero one.
func fullRecord(tb testing.TB, id string) game.Record {
	tc := mustTC(tb, "5+3")
	return game.Record{
		ID:           id,
		White:        game.Player{ID: "acct:ana", Name: "Ana Núñez"},
		Black:        game.Player{Name: "Maestra", AILevel: 7},
		TimeControl:  tc,
		StartFEN:     "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		Rated:        true,
		DefaultTime:  7 * time.Minute,
		NoStartLoses: true,
		CreatedAt:    t0,
		State: game.State{
			Status:            game.StatusStarted,
			Clock:             runningClock(tc, 2, at(4000)),
			DrawOffer:         &game.DrawOffer{By: game.Black, LapsesAtPly: 3},
			Takebacks:         game.Takebacks{Offer: &black, Offers: [2]int{1, 2}},
			FirstMoveDeadline: at(30_000),
			GoneSince:         [2]time.Time{at(5001), at(5002)},
			Present:           [2]bool{true, false},
			ScheduledAt:       at(-3_600_000),
			EndedAt:           at(99_999),
			Seq:               42,
		},
		Moves: []game.MoveRecord{move(0), move(1)},
	}
}

// newRecord returns a fresh game, created and without moves.
func newRecord(tb testing.TB, id string) game.Record {
	tc := mustTC(tb, "3+2")
	return game.Record{
		ID:          id,
		White:       game.Player{ID: "w-" + id, Name: "White " + id},
		Black:       game.Player{ID: "b-" + id, Name: "Black " + id},
		TimeControl: tc,
		CreatedAt:   t0,
		State: game.State{
			Status: game.StatusCreated,
			Clock: &game.ClockSnapshot{TimeControl: tc, State: game.ClockWaiting, Turn: game.White,
				WhiteMs: tc.Initial().Milliseconds(), BlackMs: tc.Initial().Milliseconds(),
				WhiteLagQuotaMs: 600, BlackLagQuotaMs: 600},
		},
	}
}

// stateAfter returns the state of rec after its move at ply.
func stateAfter(rec game.Record, ply int) game.State {
	st := rec.State
	st.Status = game.StatusStarted
	st.Seq = int64(ply + 1)
	if rec.TimeControl.Timed() {
		st.Clock = runningClock(rec.TimeControl, ply+1, move(ply).At)
	}
	if ply >= 1 {
		st.FirstMoveDeadline = time.Time{}
	}
	return st
}

// normal returns rec as a store gives it back: times in UTC, Moves never
// nil.
func normal(rec game.Record) game.Record {
	rec.CreatedAt = rec.CreatedAt.UTC()
	rec.State = normalState(rec.State)
	moves := make([]game.MoveRecord, len(rec.Moves))
	for i, mv := range rec.Moves {
		mv.At = mv.At.UTC()
		moves[i] = mv
	}
	rec.Moves = moves
	return rec
}

func normalState(st game.State) game.State {
	if st.Clock != nil {
		c := *st.Clock
		c.TurnStart = c.TurnStart.UTC()
		st.Clock = &c
	}
	if st.DrawOffer != nil {
		d := *st.DrawOffer
		st.DrawOffer = &d
	}
	st.FirstMoveDeadline = st.FirstMoveDeadline.UTC()
	st.GoneSince = [2]time.Time{st.GoneSince[0].UTC(), st.GoneSince[1].UTC()}
	st.ScheduledAt = st.ScheduledAt.UTC()
	st.EndedAt = st.EndedAt.UTC()
	return st
}

// checkRecord fails tb unless got is want as a store must give it back:
// every field equal, every time in UTC.
func checkRecord(tb testing.TB, what string, got, want game.Record) {
	tb.Helper()
	want = normal(want)
	if got.Moves == nil {
		tb.Errorf("%s: Moves is nil, want a slice (empty if no moves)", what)
		got.Moves = []game.MoveRecord{}
	}
	if !reflect.DeepEqual(got, want) {
		tb.Errorf("%s: the record differs\n got: %s\nwant: %s", what, show(got), show(want))
	}
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%+v", v)
	}
	return string(b)
}

// byID indexes records by id.
func byID(recs []game.Record) map[string]game.Record {
	m := make(map[string]game.Record, len(recs))
	for _, r := range recs {
		m[r.ID] = r
	}
	return m
}
