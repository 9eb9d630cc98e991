package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chat"
)

// RunChat runs the conformance suite of chat.Store: reports round trip
// (times in UTC to the microsecond, text as it was, a guest author), newest
// first, the limit kept, and a report made through chat.Chat stored whole.
func RunChat(t *testing.T, open func(t *testing.T) chat.Store) {
	ctx := context.Background()
	st := open(t)
	base := time.Date(2026, 12, 1, 10, 0, 0, 123456000, time.UTC)
	reports := []chat.Report{
		{ID: "r1", Room: chat.GamePlayers("g1"), LineID: 3, Author: chat.Author{ID: "u1", Name: "Lince Veloz 4821", Guest: true},
			Text: "<img src=x onerror=alert(1)> ñ ♞", SaidAt: base, ReporterID: "u2", ReportedAt: base.Add(time.Second)},
		{ID: "r2", Room: chat.Lobby, LineID: 1, Author: chat.Author{ID: "u3", Name: "ana"},
			Text: "hola", SaidAt: base.Add(time.Minute), ReporterID: "u2", ReportedAt: base.Add(2 * time.Minute)},
	}
	for _, r := range reports {
		if err := st.AddReport(ctx, r); err != nil {
			t.Fatalf("AddReport(%s): %v", r.ID, err)
		}
	}
	got, err := st.Reports(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != reports[1] || got[1] != reports[0] {
		t.Fatalf("Reports = %+v, want r2 then r1 as stored", got)
	}
	if got, err := st.Reports(ctx, 1); err != nil || len(got) != 1 || got[0].ID != "r2" {
		t.Fatalf("Reports(1) = %+v, %v", got, err)
	}

	at := base.Add(time.Hour)
	c := chat.New(chat.Config{Store: st, Now: func() time.Time { return at }})
	room := chat.GameSpectators("g2")
	l, err := c.Say(room, chat.Author{ID: "u4", Name: "beto"}, "feo")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(ctx, room, l.ID, "u5")
	if err != nil {
		t.Fatal(err)
	}
	got, err = st.Reports(ctx, 1)
	if err != nil || len(got) != 1 || got[0] != rep {
		t.Fatalf("the chat's report stored as %+v (%v), want %+v", got, err, rep)
	}
}
