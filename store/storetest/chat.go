package storetest

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chat"
)

// RunChat runs the conformance suite of chat.Store: reports round trip
// (times in UTC to the microsecond, text as it was, a guest author), newest
// first, the limit kept, and a report made through chat.Chat stored whole;
// then the lines (RunChatLines) and the mutes (RunChatMutes).
func RunChat(t *testing.T, open func(t *testing.T) chat.Store) {
	t.Run("Lines", func(t *testing.T) { RunChatLines(t, open) })
	t.Run("Mutes", func(t *testing.T) { RunChatMutes(t, open) })
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
	l, err := c.Say(ctx, room, chat.Author{ID: "u4", Name: "beto"}, "feo")
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

// RunChatLines checks the lines of chat.Store: each room numbered from 1
// on its own, a line round trip (a guest, text as it was, the time in UTC
// to the microsecond), the last lines oldest first, Keep deleting the
// older lines without an id ever given twice, one write of several rooms'
// lines numbered room by room in the order given, lines stored at once
// by several writers all numbered apart (writes of two rooms given in
// either order too: none deadlocks), and a chat.Chat on the store
// after another (a restart) loading a room, numbering on, and storing
// nothing of a refused line.
func RunChatLines(t *testing.T, open func(t *testing.T) chat.Store) {
	ctx := context.Background()
	st := open(t)
	base := time.Date(2026, 12, 1, 10, 0, 0, 123456789, time.UTC)
	g, lobby := chat.GamePlayers("g1"), chat.Lobby
	if lines, mutes, err := st.LoadRoom(ctx, g, 50); err != nil || len(lines) != 0 || len(mutes) != 0 {
		t.Fatalf("LoadRoom of a room never written = %v, %v, %v", lines, mutes, err)
	}
	add := func(l chat.Line, keep int) int64 {
		t.Helper()
		ids, err := st.AddLines(ctx, []chat.Line{l}, keep)
		if err != nil || len(ids) != 1 {
			t.Fatalf("AddLines(%q) = %v, %v", l.Text, ids, err)
		}
		return ids[0]
	}
	guest := chat.Author{ID: "g-1", Name: "Lince Veloz 4821", Guest: true}
	first := chat.Line{ID: 99, Room: g, Author: guest, Text: "<img src=x onerror=alert(1)> ñ ♞ 'x' \"y\"", At: base}
	if id := add(first, 0); id != 1 {
		t.Fatalf("the first line's id = %d, want 1 (the id passed is ignored)", id)
	}
	if id := add(chat.Line{Room: lobby, Author: chat.Author{ID: "u1", Name: "ana"}, Text: "hola", At: base}, 0); id != 1 {
		t.Fatalf("the lobby's first line's id = %d, want 1 (each room numbers its own)", id)
	}
	if id := add(chat.Line{Room: g, Author: chat.Author{ID: "u2", Name: "beto"}, Text: "dos", At: base.Add(time.Second)}, 0); id != 2 {
		t.Fatalf("the second line's id = %d, want 2", id)
	}
	lines, _, err := st.LoadRoom(ctx, g, 50)
	if err != nil || len(lines) != 2 {
		t.Fatalf("LoadRoom = %+v, %v", lines, err)
	}
	want := first
	want.ID, want.At = 1, base.Truncate(time.Microsecond)
	if got := lines[0]; got.ID != want.ID || got.Room != want.Room || got.Author != want.Author ||
		got.Text != want.Text || !got.At.Equal(want.At) || got.At.Location() != time.UTC {
		t.Fatalf("the line came back as %+v, want %+v", got, want)
	}
	if lines[1].ID != 2 || lines[1].Text != "dos" || lines[1].Author.Guest {
		t.Fatalf("the second line came back as %+v", lines[1])
	}

	// Keep: the room keeps its last 3 lines; ids go on.
	for i := 3; i <= 6; i++ {
		if id := add(chat.Line{Room: g, Author: chat.Author{ID: "u2", Name: "beto"}, Text: strconv.Itoa(i), At: base}, 3); id != int64(i) {
			t.Fatalf("line %d got id %d", i, id)
		}
	}
	ids := func(r chat.Room, last int) string {
		t.Helper()
		lines, _, err := st.LoadRoom(ctx, r, last)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range lines {
			out = append(out, strconv.FormatInt(l.ID, 10))
		}
		return strings.Join(out, " ")
	}
	if got := ids(g, 50); got != "4 5 6" {
		t.Fatalf("after keeping 3: lines %s, want 4 5 6", got)
	}
	if got := ids(g, 2); got != "5 6" {
		t.Fatalf("the last 2 lines: %s, want 5 6", got)
	}
	if got := ids(lobby, 50); got != "1" {
		t.Fatalf("the lobby after another room kept 3: %s", got)
	}

	// Lines of several rooms in one write: each room numbers its own, in
	// the order given, and keeps its last lines.
	spect, club2 := chat.GameSpectators("g1"), chat.Club("c2")
	batch := []chat.Line{
		{Room: spect, Author: chat.Author{ID: "u1", Name: "ana"}, Text: "a", At: base},
		{Room: lobby, Author: chat.Author{ID: "u1", Name: "ana"}, Text: "b", At: base},
		{Room: spect, Author: chat.Author{ID: "u2", Name: "beto"}, Text: "c", At: base},
		{Room: club2, Author: chat.Author{ID: "u2", Name: "beto"}, Text: "d", At: base},
		{Room: spect, Author: chat.Author{ID: "u1", Name: "ana"}, Text: "e", At: base},
	}
	got, err := st.AddLines(ctx, batch, 2)
	if err != nil || fmt.Sprint(got) != "[1 2 2 1 3]" {
		t.Fatalf("AddLines of three rooms = %v, %v; want [1 2 2 1 3]", got, err)
	}
	if lines, _, err := st.LoadRoom(ctx, spect, 50); err != nil || len(lines) != 2 || lines[0].Text != "c" || lines[1].Text != "e" {
		t.Fatalf("the spectators' room after a batch keeping 2: %+v, %v", lines, err)
	}
	if got := ids(lobby, 50); got != "1 2" {
		t.Fatalf("the lobby after the batch: %s", got)
	}
	// Lines stored at once are numbered apart, in one sequence.
	room := chat.GameSpectators("g9")
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 5 {
				if _, err := st.AddLines(ctx, []chat.Line{{Room: room, Author: chat.Author{ID: "u" + strconv.Itoa(w), Name: "u"},
					Text: strconv.Itoa(i), At: base}}, 0); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if got, want := ids(room, 50), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"; got != want {
		t.Fatalf("20 lines stored at once: ids %s", got)
	}
	// Writes of two rooms at once, given in either order, all succeed
	// (no deadlock between them) and number each room apart.
	ra, rb := chat.GamePlayers("x1"), chat.GamePlayers("x2")
	for w := range 4 {
		wg.Go(func() {
			for range 5 {
				pair := []chat.Line{{Room: ra, Author: chat.Author{ID: "u", Name: "u"}, Text: "a", At: base},
					{Room: rb, Author: chat.Author{ID: "u", Name: "u"}, Text: "b", At: base}}
				if w%2 == 1 {
					pair[0], pair[1] = pair[1], pair[0]
				}
				if _, err := st.AddLines(ctx, pair, 0); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	for _, r := range []chat.Room{ra, rb} {
		if got, want := ids(r, 50), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"; got != want {
			t.Fatalf("%s after 20 writes of two rooms at once: ids %s", r, got)
		}
	}

	// A chat on the store, then another (a restart).
	club := chat.Club("c1")
	at := base.Add(time.Hour)
	now := func() time.Time { return at }
	c := chat.New(chat.Config{Store: st, Now: now})
	for _, text := range []string{"uno", "dos"} {
		if _, err := c.Say(ctx, club, chat.Author{ID: "u1", Name: "ana"}, text); err != nil {
			t.Fatal(err)
		}
	}
	for _, text := range []string{"", strings.Repeat("x", chat.DefaultMaxRunes+1)} {
		if _, err := c.Say(ctx, club, chat.Author{ID: "u1", Name: "ana"}, text); chat.CodeOf(err) == "" {
			t.Fatalf("Say(%q) = %v, want refused", text, err)
		}
	}
	if _, err := c.Say(ctx, club, chat.Author{ID: "g-1", Name: "x", Guest: true}, "hola"); chat.CodeOf(err) != chat.CodeReadOnly {
		t.Fatalf("a guest's line in a club: %v", err)
	}
	restarted := chat.New(chat.Config{Store: st, Now: now})
	m, history, err := restarted.Join(ctx, club, "u2")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Leave()
	if len(history) != 2 || history[0].ID != 1 || history[1].Text != "dos" || !history[1].At.Equal(at.Truncate(time.Microsecond)) {
		t.Fatalf("the history after the restart: %+v", history)
	}
	l, err := restarted.Say(ctx, club, chat.Author{ID: "u2", Name: "beto"}, "tres")
	if err != nil || l.ID != 3 {
		t.Fatalf("the next line: %+v, %v; want id 3", l, err)
	}
	if got := ids(club, 50); got != "1 2 3" {
		t.Fatalf("the club's stored lines: %s", got)
	}
}

// RunChatMutes checks the mutes of chat.Store: stored once (again is no
// error), of their room only, deleted (again is no error), and loaded by
// a chat.Chat after another (a restart).
func RunChatMutes(t *testing.T, open func(t *testing.T) chat.Store) {
	ctx := context.Background()
	st := open(t)
	base := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	g := chat.GamePlayers("g1")
	set := func(m chat.Mute, on bool) {
		t.Helper()
		if err := st.SetMute(ctx, m, on); err != nil {
			t.Fatalf("SetMute(%+v, %v): %v", m, on, err)
		}
	}
	mutes := func(r chat.Room) []chat.Mute {
		t.Helper()
		_, ms, err := st.LoadRoom(ctx, r, 50)
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}
	ana := chat.Mute{Room: g, Muter: "ana", Muted: "beto", At: base}
	set(ana, true)
	set(chat.Mute{Room: g, Muter: "ana", Muted: "beto", At: base.Add(time.Hour)}, true)
	set(chat.Mute{Room: g, Muter: "beto", Muted: "ana", At: base}, true)
	set(chat.Mute{Room: chat.Lobby, Muter: "ana", Muted: "carla", At: base}, true)
	if got := mutes(g); len(got) != 2 || got[0] != ana || got[1].Muter != "beto" {
		t.Fatalf("the game's mutes: %+v, want ana's (its first time) and beto's", got)
	}
	set(chat.Mute{Room: g, Muter: "beto", Muted: "ana"}, false)
	set(chat.Mute{Room: g, Muter: "beto", Muted: "ana"}, false)
	if got := mutes(g); len(got) != 1 || got[0] != ana {
		t.Fatalf("after beto's unmute: %+v", got)
	}
	if got := mutes(chat.Lobby); len(got) != 1 || got[0].Muted != "carla" {
		t.Fatalf("the lobby's mutes: %+v", got)
	}

	room := chat.GameSpectators("g2")
	c := chat.New(chat.Config{Store: st, Now: func() time.Time { return base }})
	if _, err := c.Say(ctx, room, chat.Author{ID: "beto", Name: "beto"}, "pesado"); err != nil {
		t.Fatal(err)
	}
	if err := c.Mute(ctx, room, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	restarted := chat.New(chat.Config{Store: st, Now: func() time.Time { return base }})
	if h, err := restarted.History(ctx, room, "ana"); err != nil || len(h) != 0 || !restarted.Muted(room, "ana", "beto") {
		t.Fatalf("ana's history after the restart: %+v, %v; want beto muted", h, err)
	}
	if h, err := restarted.History(ctx, room, "carla"); err != nil || len(h) != 1 {
		t.Fatalf("carla's history after the restart: %+v, %v", h, err)
	}
}
