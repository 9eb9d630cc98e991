package broadcast

import (
	"context"
	"testing"
)

func TestHubDeliversToEverySubscriber(t *testing.T) {
	var h Hub[int]
	a, stopA := h.Subscribe()
	b, stopB := h.Subscribe()
	defer stopB()
	for i := 1; i <= 3; i++ {
		if err := h.Publish(context.Background(), i); err != nil {
			t.Fatal(err)
		}
	}
	for _, ch := range []<-chan int{a, b} {
		for want := 1; want <= 3; want++ {
			if got := <-ch; got != want {
				t.Fatalf("got %d, want %d", got, want)
			}
		}
	}
	stopA()
	stopA() // a second cancel changes nothing
	if _, open := <-a; open {
		t.Fatal("a cancelled subscription stays open")
	}
	h.Publish(context.Background(), 4)
	if got := <-b; got != 4 {
		t.Fatalf("after a's cancel, b got %d", got)
	}
}

// A subscriber that falls behind by more than its buffer is dropped, its
// channel closed after what it had; the others go on.
func TestHubDropsASlowSubscriber(t *testing.T) {
	h := Hub[int]{Buffer: 2}
	slow, _ := h.Subscribe()
	fast, stop := h.Subscribe()
	defer stop()
	for i := 1; i <= 3; i++ {
		h.Publish(context.Background(), i)
		if got := <-fast; got != i {
			t.Fatalf("fast got %d, want %d", got, i)
		}
	}
	var got []int
	for e := range slow {
		got = append(got, e)
	}
	if len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("the slow subscriber got %v, want [1 2] then a closed channel", got)
	}
}
