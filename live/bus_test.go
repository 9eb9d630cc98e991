package live

import (
	"context"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// A follower gets its game's events in order, beside a subscriber, none
// of another game's, and none once cancelled.
func TestLocalBusFollow(t *testing.T) {
	b := NewLocalBus()
	var got []int64
	cancel := b.Follow("g", func(ev game.Event) { got = append(got, ev.Seq) })
	events, unsubscribe := b.Subscribe("g")
	defer unsubscribe()
	for seq := int64(1); seq <= 20; seq++ { // more than a subscription's buffer
		if err := b.Publish(context.Background(), game.Event{GameID: "g", Seq: seq}); err != nil {
			t.Fatal(err)
		}
	}
	_ = b.Publish(context.Background(), game.Event{GameID: "other", Seq: 99})
	cancel()
	cancel()
	_ = b.Publish(context.Background(), game.Event{GameID: "g", Seq: 21})
	if len(got) != 20 || got[0] != 1 || got[19] != 20 {
		t.Fatalf("the follower got %v, want 1 to 20", got)
	}
	n := 0
	for range events {
		n++
	}
	if n != 16 {
		t.Errorf("the subscriber got %d events before it was dropped, want its buffer's 16", n)
	}
}
