package live

import (
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// ackWatch is the acked of a MoveThen under test: it records each Ack it
// is handed, the events a follower of the game had seen by then, and
// whether it ran on the store's group-commit writer.
type ackWatch struct {
	mu       sync.Mutex
	seen     []int64 // the events the follower was handed, by Seq
	acks     []Ack
	seenThen [][]int64
	onWriter []bool
}

func (w *ackWatch) follow(ev game.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen = append(w.seen, ev.Seq)
}

func (w *ackWatch) acked(ack Ack) {
	buf := make([]byte, 8<<10)
	stack := string(buf[:runtime.Stack(buf, false)])
	w.mu.Lock()
	defer w.mu.Unlock()
	w.acks = append(w.acks, ack)
	w.seenThen = append(w.seenThen, append([]int64(nil), w.seen...))
	w.onWriter = append(w.onWriter, strings.Contains(stack, "groupcommit.(*Queue["))
}

// MoveThen hands acked the move's Ack exactly once when the move is
// stored — after the move's event was published, on the store's writer
// when the write went through the group commit — and never when it is
// refused or not stored.
func TestMoveThenAcksOnceWhenDurable(t *testing.T) {
	tests := []struct {
		name string
		// fault and down are the store's failure for the move's write
		// (faults); unused without faulty.
		faulty      bool
		fault       fault
		down        bool
		req         MoveRequest
		wantAck     bool
		wantOnStore bool // acked on the store's writer
	}{
		{name: "a move", req: MoveRequest{UCI: "e7e5", Ply: 1, ID: 7}, wantAck: true, wantOnStore: true},
		{name: "a move resent", req: MoveRequest{UCI: "e2e4", Ply: 0, ID: 1}, wantAck: true},
		{name: "an illegal move", req: MoveRequest{UCI: "e7e4", Ply: 1, ID: 7}},
		{name: "a stale ply", req: MoveRequest{UCI: "e7e5", Ply: 0, ID: 7}},
		{name: "the store down", faulty: true, down: true, req: MoveRequest{UCI: "e7e5", Ply: 1, ID: 7}},
		{name: "the store's answer lost", faulty: true, fault: lostAnswer, req: MoveRequest{UCI: "e7e5", Ply: 1, ID: 7},
			wantAck: true, wantOnStore: true},
		{name: "the write refused before the store", faulty: true, fault: refuse, req: MoveRequest{UCI: "e7e5", Ply: 1, ID: 7}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var f *fixture
			if tc.faulty {
				f = newFaultyFixture(t)
			} else {
				f = newFixture(t)
			}
			f.create("g1", "5+0")
			f.move("g1", "alice", "e2e4", 0, 1)
			player := "bob"
			if tc.req.Ply == 0 {
				player = "alice"
			}
			w := &ackWatch{}
			stop := f.rt.Bus().(*LocalBus).Follow("g1", w.follow)
			defer stop()
			ctx := f.ctx
			if tc.faulty {
				ctx = f.inject("AppendMove", tc.fault, tc.down)
			}
			ack, err := f.rt.MoveThen(ctx, "g1", player, tc.req, w.acked)
			if tc.faulty {
				f.faults.setDown(false)
			}
			w.mu.Lock()
			defer w.mu.Unlock()
			if !tc.wantAck {
				if err == nil || len(w.acks) != 0 {
					t.Fatalf("MoveThen: %+v, %v; acked %d times, want an error and none", ack, err, len(w.acks))
				}
				return
			}
			if err != nil || len(w.acks) != 1 || w.acks[0] != ack {
				t.Fatalf("MoveThen: %+v, %v; acked with %+v, want it once with the Ack returned", ack, err, w.acks)
			}
			if ack.Resent != (tc.req.Ply == 0) || f.storedPlies("g1") != 2-boolInt(ack.Resent) {
				t.Fatalf("ack %+v with %d plies stored", ack, f.storedPlies("g1"))
			}
			if !ack.Resent && (len(w.seenThen[0]) != 1 || w.seenThen[0][0] != ack.Seq) {
				t.Fatalf("the follower had events %v when acked with %d; want the move's event first", w.seenThen[0], ack.Seq)
			}
			if w.onWriter[0] != tc.wantOnStore {
				t.Fatalf("acked on the store's writer: %v, want %v", w.onWriter[0], tc.wantOnStore)
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
