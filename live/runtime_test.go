package live

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

var (
	alice = game.Player{ID: "alice", Name: "Alice"}
	bob   = game.Player{ID: "bob", Name: "Bob"}
)

type fixture struct {
	t     *testing.T
	path  string
	store *sqlite.Store
	// faults, when the fixture was made by newFaultyFixture, is what the
	// runtime sees: store with faults that tests inject.
	faults *faultyStore
	clock  *fakeClock
	// opts are the options the store is opened with.
	opts []sqlite.Option
	// logs holds what the runtime logged.
	logs *syncBuffer
	rt   *Runtime
	ctx  context.Context
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{t: t, path: sqlitetest.File(t), clock: newFakeClock(), ctx: context.Background()}
	f.open()
	f.cleanup()
	return f
}

// newFaultyFixture is newFixture with a runtime on a faultyStore.
func newFaultyFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{t: t, path: sqlitetest.File(t), clock: newFakeClock(), ctx: context.Background(),
		faults: &faultyStore{}}
	f.open()
	f.cleanup()
	return f
}

func (f *fixture) cleanup() {
	t := f.t
	t.Cleanup(func() {
		if f.rt != nil {
			_ = f.rt.Stop(f.ctx)
		}
		if f.store != nil {
			_ = f.store.Close()
		}
	})
}

// open opens the store and starts a runtime on it.
func (f *fixture) open() {
	f.t.Helper()
	st, err := sqlite.Open(f.ctx, f.path, f.opts...)
	if err != nil {
		f.t.Fatal(err)
	}
	f.store = st
	var store game.Store = st
	if f.faults != nil {
		f.faults = newFaultyStore(st)
		store = f.faults
	}
	if f.logs == nil {
		f.logs = &syncBuffer{}
	}
	f.rt = New(Config{Store: store, Clock: f.clock, HeartbeatEvery: time.Hour,
		Logger: slog.New(slog.NewTextHandler(f.logs, nil))})
	if err := f.rt.Start(f.ctx); err != nil {
		f.t.Fatal(err)
	}
}

// restart stops the runtime gracefully, lets time pass, and starts again.
func (f *fixture) restart(down time.Duration) {
	f.t.Helper()
	if err := f.rt.Stop(f.ctx); err != nil {
		f.t.Fatal(err)
	}
	if err := f.store.Close(); err != nil {
		f.t.Fatal(err)
	}
	f.rt, f.store = nil, nil
	f.clock.Advance(down)
	f.open()
}

func (f *fixture) create(id string, tc string) game.Event {
	f.t.Helper()
	control, err := game.ParseTimeControl(tc)
	if err != nil {
		f.t.Fatal(err)
	}
	ev, err := f.rt.Create(f.ctx, game.Config{ID: id, White: alice, Black: bob, TimeControl: control})
	if err != nil {
		f.t.Fatal(err)
	}
	return ev
}

func (f *fixture) move(id, player, uci string, ply int, moveID int64) Ack {
	f.t.Helper()
	ack, err := f.rt.Move(f.ctx, id, player, MoveRequest{UCI: uci, Ply: ply, ID: moveID})
	if err != nil {
		f.t.Fatalf("%s %s: %v", player, uci, err)
	}
	return ack
}

func TestMoveIsDurableBeforeItIsPublished(t *testing.T) {
	f := newFixture(t)
	created := f.create("g1", "5+3")
	if created.Seq != 1 || created.Type != game.EventFull || len(created.Legal) != 20 {
		t.Fatalf("creation event %+v", created)
	}
	events, cancel := f.rt.Bus().Subscribe("g1")
	defer cancel()

	ack := f.move("g1", "alice", "e2e4", 0, 1)
	if ack.Move.SAN != "e4" || ack.Seq != 2 || ack.Resent {
		t.Fatalf("ack %+v", ack)
	}
	ev := <-events
	if ev.Seq != 2 || ev.Type != game.EventMove || ev.Move.UCI != "e2e4" || ev.Ply != 1 || ev.Turn != game.Black ||
		ev.FEN != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" || len(ev.Legal) != 20 {
		t.Fatalf("event %+v", ev)
	}
	// The acknowledged move is in the store.
	rec, err := f.store.LoadGame(f.ctx, "g1")
	if err != nil || len(rec.Moves) != 1 || rec.Moves[0].ClientMoveID != 1 || rec.State.Seq != 2 {
		t.Fatalf("stored %+v, %v", rec, err)
	}
}

func TestCommandsAreChecked(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	tests := []struct {
		name   string
		player string
		req    MoveRequest
		code   game.Code
	}{
		{"a spectator", "carol", MoveRequest{UCI: "e7e5", Ply: 1}, game.CodeNotAPlayer},
		{"out of turn", "alice", MoveRequest{UCI: "d2d4", Ply: 1, ID: 2}, game.CodeNotYourTurn},
		{"stale ply", "bob", MoveRequest{UCI: "e7e5", Ply: 0, ID: 1}, game.CodeStalePly},
		{"illegal", "bob", MoveRequest{UCI: "e7e4", Ply: 1, ID: 1}, game.CodeIllegalMove},
		{"garbage", "bob", MoveRequest{UCI: "zz", Ply: 1, ID: 1}, game.CodeIllegalMove},
	}
	for _, tc := range tests {
		_, err := f.rt.Move(f.ctx, "g1", tc.player, tc.req)
		if game.CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
	if _, err := f.rt.Move(f.ctx, "nope", "alice", MoveRequest{UCI: "e2e4"}); !errors.Is(err, game.ErrGameNotFound) {
		t.Errorf("unknown game: %v", err)
	}
	if err := f.rt.Resign(f.ctx, "g1", "carol"); !errors.Is(err, game.ErrNotAPlayer) {
		t.Errorf("a spectator resigned: %v", err)
	}
	rec, _ := f.store.LoadGame(f.ctx, "g1")
	if len(rec.Moves) != 1 || rec.State.Seq != 2 {
		t.Fatalf("refused commands changed the stored game: %d moves, seq %d", len(rec.Moves), rec.State.Seq)
	}
}

// TestMoveRefusalsComeInOrder: when a move breaks several rules, the
// reason given is the first of: the game over (an ended game is no longer
// run, so even a spectator hears it), a spectator, out of turn (the
// game's judgement, game.Game.MayMove), a stale ply, a scheduled game not
// started, an illegal move.
func TestMoveRefusalsComeInOrder(t *testing.T) {
	f := newFixture(t)
	tc, _ := game.ParseTimeControl("5+0")
	start := f.clock.Now().Add(2 * time.Hour)
	if _, err := f.rt.Create(f.ctx, game.Config{ID: "later", White: alice, Black: bob, TimeControl: tc, ScheduledAt: start}); err != nil {
		t.Fatal(err)
	}
	f.create("over", "5+0")
	f.move("over", "alice", "e2e4", 0, 1)
	if err := f.rt.Resign(f.ctx, "over", "bob"); err != nil {
		t.Fatal(err)
	}
	f.create("g1", "5+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	tests := []struct {
		name, game, player string
		req                MoveRequest
		code               game.Code
	}{
		{"a spectator of an ended game", "over", "carol", MoveRequest{UCI: "e7e5", Ply: 0}, game.CodeGameOver},
		{"a spectator, stale", "g1", "carol", MoveRequest{UCI: "e7e5", Ply: 0}, game.CodeNotAPlayer},
		{"over, out of turn and stale", "over", "alice", MoveRequest{UCI: "d2d4", Ply: 0, ID: 2}, game.CodeGameOver},
		{"out of turn and stale", "g1", "alice", MoveRequest{UCI: "d2d4", Ply: 0, ID: 2}, game.CodeNotYourTurn},
		{"stale and illegal", "g1", "bob", MoveRequest{UCI: "e7e4", Ply: 0, ID: 1}, game.CodeStalePly},
		{"not started, out of turn", "later", "bob", MoveRequest{UCI: "e7e5", Ply: 0, ID: 1}, game.CodeNotYourTurn},
		{"not started, stale", "later", "alice", MoveRequest{UCI: "e2e4", Ply: 3, ID: 1}, game.CodeStalePly},
		{"not started, illegal", "later", "alice", MoveRequest{UCI: "e2e5", Ply: 0, ID: 1}, game.CodeNotStarted},
	}
	for _, tc := range tests {
		_, err := f.rt.Move(f.ctx, tc.game, tc.player, tc.req)
		if game.CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
}

func TestResentMoveIsAnsweredAgainNotAppliedTwice(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	first := f.move("g1", "alice", "e2e4", 0, 41)
	again := f.move("g1", "alice", "e2e4", 0, 41)
	if !again.Resent || again.Move != first.Move || again.Seq != first.Seq {
		t.Fatalf("resent ack %+v, first %+v", again, first)
	}
	// After a restart, the id is still recognised (it is stored).
	f.restart(time.Second)
	again = f.move("g1", "alice", "e2e4", 0, 41)
	if !again.Resent || again.Move.SAN != "e4" {
		t.Fatalf("resent after restart: %+v", again)
	}
	rec, _ := f.store.LoadGame(f.ctx, "g1")
	if len(rec.Moves) != 1 {
		t.Fatalf("%d moves stored", len(rec.Moves))
	}
}

func TestFlagFallsByTimer(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "1+0")
	events, cancel := f.rt.Bus().Subscribe("g1")
	defer cancel()
	f.move("g1", "alice", "e2e4", 0, 1)
	f.move("g1", "bob", "e7e5", 1, 1)
	<-events
	<-events
	f.clock.Advance(time.Minute + 1170*time.Millisecond - time.Millisecond) // the raw deadline plus the lag grace (flag_test.go)
	select {
	case ev := <-events:
		t.Fatalf("event before the flag: %+v", ev)
	default:
	}
	f.clock.Advance(time.Millisecond)
	ev := <-events
	if ev.Status != game.StatusEnded || ev.Termination != game.Timeout || ev.Result != game.BlackWins || len(ev.Legal) != 0 {
		t.Fatalf("flag event %+v", ev)
	}
	if *ev.WhiteMs != 0 {
		t.Fatalf("white has %d ms after the flag", *ev.WhiteMs)
	}
	rec, _ := f.store.LoadGame(f.ctx, "g1")
	if rec.State.Termination != game.Timeout {
		t.Fatalf("stored termination %v", rec.State.Termination)
	}
	if f.rt.Len() != 0 {
		t.Fatalf("%d games still running", f.rt.Len())
	}
	if _, err := f.rt.Move(f.ctx, "g1", "alice", MoveRequest{UCI: "g1f3", Ply: 2}); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("move after the end: %v", err)
	}
}

func TestAbandonmentAndReconnection(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "10+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	f.move("g1", "bob", "e7e5", 1, 1)
	window := game.ReconnectWindow(mustTC(t, "10+0"))
	if err := f.rt.Disconnected(f.ctx, "g1", "bob"); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(window - time.Second)
	if err := f.rt.Connected(f.ctx, "g1", "bob"); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(window)
	if err := f.rt.Disconnected(f.ctx, "g1", "bob"); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(window)
	ev, err := f.rt.Snapshot(f.ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if ev.Termination != game.Abandonment || ev.Result != game.WhiteWins {
		t.Fatalf("after the window: %v %v", ev.Termination, ev.Result)
	}
}

func mustTC(t *testing.T, s string) game.TimeControl {
	tc, err := game.ParseTimeControl(s)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

// TestRestartChargesDowntimeToNobody: a graceful stop and a start later;
// the clock of the side to move stands where it stood at the stop.
func TestRestartChargesDowntimeToNobody(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	f.clock.Advance(2 * time.Second)
	f.move("g1", "bob", "c7c5", 1, 1)
	f.clock.Advance(7 * time.Second) // white thinks 7 s, then the node stops
	before, _ := f.rt.Snapshot(f.ctx, "g1")
	f.restart(10 * time.Minute)
	after, err := f.rt.Snapshot(f.ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if *after.WhiteMs != *before.WhiteMs || *after.BlackMs != *before.BlackMs {
		t.Fatalf("clocks %d/%d before the stop, %d/%d after", *before.WhiteMs, *before.BlackMs, *after.WhiteMs, *after.BlackMs)
	}
	if after.Status != game.StatusStarted || after.Seq <= before.Seq {
		t.Fatalf("after restart: status %v seq %d (before %d)", after.Status, after.Seq, before.Seq)
	}
	// Play goes on, and both players have a fresh reconnection window.
	f.clock.Advance(time.Second)
	ack := f.move("g1", "alice", "g1f3", 2, 2)
	if ack.Move.Remaining != 5*time.Minute-8*time.Second {
		t.Fatalf("white has %v, want 4m52s", ack.Move.Remaining)
	}
}

func TestEventsSince(t *testing.T) {
	f := newFixture(t)
	f.rt.cfg.KeepEvents = 2 // holds 2 to 4 events
	f.create("g1", "5+0")
	for i, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"} {
		player := "alice"
		if i%2 == 1 {
			player = "bob"
		}
		f.move("g1", player, u, i, int64(i+1))
	}
	evs, err := f.rt.EventsSince(f.ctx, "g1", 4)
	if err != nil {
		t.Fatal(err)
	}
	var seqs []int64
	for _, ev := range evs {
		seqs = append(seqs, ev.Seq)
	}
	if !slices.Equal(seqs, []int64{5, 6}) {
		t.Fatalf("since 4: %v", seqs)
	}
	// Only the newest kept event carries the legal moves.
	if len(evs[0].Legal) != 0 || len(evs[1].Legal) == 0 {
		t.Fatalf("legal moves kept: %d and %d", len(evs[0].Legal), len(evs[1].Legal))
	}
	evs, _ = f.rt.EventsSince(f.ctx, "g1", 1)
	if len(evs) != 1 || evs[0].Type != game.EventFull || evs[0].Seq != 6 || len(evs[0].Moves) != 5 {
		t.Fatalf("since 1 (no longer kept): %+v", evs)
	}
	evs, _ = f.rt.EventsSince(f.ctx, "g1", 6)
	if len(evs) != 0 {
		t.Fatalf("since the last: %+v", evs)
	}
}

func TestDrawAndAbort(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	if err := f.rt.Abort(f.ctx, "g1", "bob"); err != nil {
		t.Fatal(err)
	}
	ev, _ := f.rt.Snapshot(f.ctx, "g1")
	if ev.Status != game.StatusAborted {
		t.Fatalf("status %v", ev.Status)
	}
	f.create("g2", "5+0")
	f.move("g2", "alice", "d2d4", 0, 1)
	f.move("g2", "bob", "d7d5", 1, 1)
	if err := f.rt.OfferDraw(f.ctx, "g2", "alice"); err != nil {
		t.Fatal(err)
	}
	if err := f.rt.AcceptDraw(f.ctx, "g2", "alice"); !errors.Is(err, game.ErrNoDrawOffer) {
		t.Fatalf("accepting one's own offer: %v", err)
	}
	if err := f.rt.AcceptDraw(f.ctx, "g2", "bob"); err != nil {
		t.Fatal(err)
	}
	rec, _ := f.store.LoadGame(f.ctx, "g2")
	if rec.State.Termination != game.Agreement || rec.State.Result != game.Drawn {
		t.Fatalf("stored %v %v", rec.State.Termination, rec.State.Result)
	}
}

// syncBuffer is a bytes.Buffer safe for the runtime's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestReusedMoveID: a move sent again with its id is the same move,
// acknowledged as resent; the id of an applied move given to another move
// (or another ply) is refused with CodeMoveIDReused, and nothing changes.
func TestReusedMoveID(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	f.move("g1", "alice", "e2e4", 0, 7)
	f.move("g1", "bob", "e7e5", 1, 7) // ids are each player's own
	for _, tc := range []struct {
		name   string
		player string
		uci    string
		ply    int
		want   Code
	}{
		{"the same move again", "alice", "e2e4", 0, ""},
		{"another move", "alice", "d2d4", 0, CodeMoveIDReused},
		{"the same text at another ply", "alice", "e2e4", 2, CodeMoveIDReused},
		{"a legal next move", "alice", "g1f3", 2, CodeMoveIDReused},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ack, err := f.rt.Move(f.ctx, "g1", tc.player, MoveRequest{UCI: tc.uci, Ply: tc.ply, ID: 7})
			if tc.want == "" {
				if err != nil || !ack.Resent || ack.Move.UCI != "e2e4" {
					t.Fatalf("resend: %+v, %v", ack, err)
				}
			} else if CodeOf(err) != tc.want {
				t.Fatalf("got %+v, %v; want %s", ack, err, tc.want)
			}
			if rec, _ := f.store.LoadGame(f.ctx, "g1"); len(rec.Moves) != 2 {
				t.Fatalf("%d moves stored, want 2", len(rec.Moves))
			}
		})
	}
}
