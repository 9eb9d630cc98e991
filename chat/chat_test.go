package chat_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chat"
)

// clock is a settable clock.
type clock struct{ t time.Time }

func (c *clock) Now() time.Time { return c.t }

func newClock() *clock { return &clock{t: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)} }

var (
	ana  = chat.Author{ID: "ana", Name: "ana"}
	beto = chat.Author{ID: "beto", Name: "beto"}
	gus  = chat.Author{ID: "g1", Name: "Lince Veloz 4821", Guest: true}
)

func TestRoomKinds(t *testing.T) {
	for _, tc := range []struct {
		room chat.Room
		want chat.Kind
	}{
		{chat.Lobby, chat.KindLobby},
		{chat.GamePlayers("xc4kp2qa"), chat.KindPlayers},
		{chat.GameSpectators("xc4kp2qa"), chat.KindSpectators},
		{chat.Club("ajedrez-lorca"), chat.KindClub},
		{"club:", ""},
		{"", ""},
	} {
		if got := tc.room.Kind(); got != tc.want {
			t.Errorf("%q.Kind() = %q, want %q", tc.room, got, tc.want)
		}
	}
}

func TestRoomClubID(t *testing.T) {
	if id, ok := chat.Club("ajedrez-lorca").ClubID(); !ok || id != "ajedrez-lorca" {
		t.Errorf("ClubID of a club's room = %q, %v", id, ok)
	}
	for _, r := range []chat.Room{chat.Lobby, chat.GamePlayers("x"), "club:"} {
		if id, ok := r.ClubID(); ok {
			t.Errorf("%q.ClubID() = %q, true; want none", r, id)
		}
	}
}

// TestClubRoomIsForAccounts: in a club's room an account writes and a
// guest, like nobody, only reads (the server lets only members join).
func TestClubRoomIsForAccounts(t *testing.T) {
	c := chat.New(chat.Config{Now: newClock().Now})
	room := chat.Club("ajedrez-lorca")
	if _, err := c.Say(room, ana, "¡Hola, club!"); err != nil {
		t.Fatalf("an account's line: %v", err)
	}
	for _, who := range []chat.Author{gus, {}} {
		if _, err := c.Say(room, who, "hola"); chat.CodeOf(err) != chat.CodeReadOnly {
			t.Errorf("%+v's line: %v, want %s", who, err, chat.CodeReadOnly)
		}
	}
}

func TestRoomGameID(t *testing.T) {
	for _, tc := range []struct {
		room chat.Room
		id   string
		ok   bool
	}{
		{chat.GamePlayers("xc4kp2qa"), "xc4kp2qa", true},
		{chat.GameSpectators("xc4kp2qa"), "xc4kp2qa", true},
		{chat.Lobby, "", false},
		{"game:", "", false},
		{"game:a:b", "", false},
		{"club:x", "", false},
	} {
		if id, ok := tc.room.GameID(); id != tc.id || ok != tc.ok {
			t.Errorf("%q.GameID() = %q, %v; want %q, %v", tc.room, id, ok, tc.id, tc.ok)
		}
	}
}

func TestSayRules(t *testing.T) {
	game := chat.GamePlayers("g")
	for _, tc := range []struct {
		name string
		room chat.Room
		who  chat.Author
		text string
		want string // the text kept, or the code refused
	}{
		{"plain", chat.Lobby, ana, "hola", "hola"},
		{"trimmed and folded", chat.Lobby, ana, "  hola\n\n\tqué tal \u200b ", "hola qué tal"},
		{"140 characters", chat.Lobby, ana, strings.Repeat("ñ", 140), strings.Repeat("ñ", 140)},
		{"141 characters", chat.Lobby, ana, strings.Repeat("ñ", 141), "chat.too_long"},
		{"emoji counted as runes", chat.Lobby, ana, strings.Repeat("♞", 140), strings.Repeat("♞", 140)},
		{"empty", chat.Lobby, ana, "", "chat.empty"},
		{"only spaces", chat.Lobby, ana, " \n\t\u00a0", "chat.empty"},
		{"html kept as text", chat.Lobby, ana, "<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"},
		{"nobody", chat.Lobby, chat.Author{}, "hola", "chat.read_only"},
		{"guest in the lobby", chat.Lobby, gus, "hola", "chat.read_only"},
		{"guest among spectators", chat.GameSpectators("g"), gus, "hola", "chat.read_only"},
		{"guest to the opponent", game, gus, "¡Buena suerte!", "¡Buena suerte!"},
		{"unknown kind", "team:x", ana, "hola", "chat.read_only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := chat.New(chat.Config{Now: newClock().Now})
			l, err := c.Say(tc.room, tc.who, tc.text)
			got := l.Text
			if err != nil {
				got = string(chat.CodeOf(err))
			}
			if got != tc.want {
				t.Fatalf("Say(%q) = %q (%v), want %q", tc.text, got, err, tc.want)
			}
		})
	}
}

func TestTooLongSaysTheLimit(t *testing.T) {
	c := chat.New(chat.Config{MaxRunes: 10})
	_, err := c.Say(chat.Lobby, ana, strings.Repeat("a", 11))
	var e *chat.Error
	if !errors.As(err, &e) || e.Params["max"] != "10" {
		t.Fatalf("err = %v, want chat.too_long with max 10", err)
	}
}

// TestFlood: a burst of lines, then one per Every, per author and room.
func TestFlood(t *testing.T) {
	type step struct {
		after time.Duration // since the previous step
		who   chat.Author
		room  chat.Room
		ok    bool
		wait  string // the seconds a refusal says
	}
	lobby, game := chat.Lobby, chat.GamePlayers("g")
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"a burst of four, then refused", []step{
			{0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""},
			{0, ana, lobby, false, "2"},
			{time.Second, ana, lobby, false, "1"},
			{time.Second, ana, lobby, true, ""},
			{0, ana, lobby, false, "2"},
		}},
		{"each author has a burst of their own", []step{
			{0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""},
			{0, beto, lobby, true, ""},
			{0, ana, lobby, false, "2"},
		}},
		{"each room has a burst of its own", []step{
			{0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""},
			{0, ana, game, true, ""},
			{0, ana, lobby, false, "2"},
		}},
		{"the burst comes back whole", []step{
			{0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""},
			{8 * time.Second, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""}, {0, ana, lobby, true, ""},
			{0, ana, lobby, false, "2"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newClock()
			c := chat.New(chat.Config{Now: clk.Now})
			for i, s := range tc.steps {
				clk.t = clk.t.Add(s.after)
				_, err := c.Say(s.room, s.who, "hola")
				if s.ok != (err == nil) {
					t.Fatalf("step %d: err = %v, want ok %v", i, err, s.ok)
				}
				if err != nil {
					var e *chat.Error
					if !errors.As(err, &e) || e.Code != chat.CodeTooFast || e.Params["seconds"] != s.wait {
						t.Fatalf("step %d: err = %v %v, want chat.too_fast after %s s", i, err, e.Params, s.wait)
					}
				}
			}
		})
	}
}

// receive returns the lines waiting on m.
func receive(m *chat.Member) []string {
	var out []string
	for {
		select {
		case l, ok := <-m.C:
			if !ok {
				return out
			}
			out = append(out, l.Author.ID+": "+l.Text)
		default:
			return out
		}
	}
}

func TestMembersAndMutes(t *testing.T) {
	room := chat.GamePlayers("g")
	c := chat.New(chat.Config{Now: newClock().Now})
	must := func(_ chat.Line, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(c.Say(room, beto, "antes"))
	a, history := c.Join(room, "ana")
	if len(history) != 1 || history[0].Text != "antes" || history[0].ID != 1 {
		t.Fatalf("history = %+v", history)
	}
	b, _ := c.Join(room, "beto")
	must(c.Say(room, beto, "¡Buena suerte!"))
	must(c.Say(room, ana, "Gracias"))
	if got := receive(a); strings.Join(got, "|") != "beto: ¡Buena suerte!|ana: Gracias" {
		t.Fatalf("ana got %v", got)
	}
	if err := c.Mute(room, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	must(c.Say(room, beto, "muted"))
	must(c.Say(room, ana, "still here"))
	if got := receive(a); strings.Join(got, "|") != "ana: still here" {
		t.Fatalf("ana, who muted beto, got %v", got)
	}
	if got := receive(b); len(got) != 4 {
		t.Fatalf("beto got %v, want all 4 lines", got)
	}
	// A new socket of ana's gets the history without beto.
	a2, history := c.Join(room, "ana")
	for _, l := range history {
		if l.Author.ID == "beto" {
			t.Fatalf("ana's history has beto's %q", l.Text)
		}
	}
	if !c.Muted(room, "ana", "beto") || c.Muted(chat.Lobby, "ana", "beto") {
		t.Fatal("the mute is of the game's room only")
	}
	if err := c.Unmute(room, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	must(c.Say(room, beto, "back"))
	if got := receive(a2); strings.Join(got, "|") != "beto: back" {
		t.Fatalf("after unmute ana got %v", got)
	}
	for _, tc := range [][2]string{{"ana", "ana"}, {"", "beto"}, {"ana", ""}} {
		if err := c.Mute(room, tc[0], tc[1]); chat.CodeOf(err) != chat.CodeBadMute {
			t.Errorf("Mute(%q, %q) = %v, want chat.bad_mute", tc[0], tc[1], err)
		}
	}
	a.Leave()
	a.Leave()
	receive(a)
	if _, ok := <-a.C; ok {
		t.Fatal("a left member's channel is open")
	}
}

func TestHistoryKeepsTheLastLines(t *testing.T) {
	clk := newClock()
	c := chat.New(chat.Config{History: 3, Burst: 100, Now: clk.Now})
	for _, s := range []string{"1", "2", "3", "4", "5"} {
		if _, err := c.Say(chat.Lobby, ana, s); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, l := range c.History(chat.Lobby, "") {
		got = append(got, l.Text)
	}
	if strings.Join(got, "") != "345" {
		t.Fatalf("history %v, want 3 4 5", got)
	}
}

func TestIdleRoomsAreForgotten(t *testing.T) {
	clk := newClock()
	c := chat.New(chat.Config{Idle: time.Minute, Now: clk.Now})
	m, _ := c.Join(chat.GamePlayers("kept"), "ana")
	if _, err := c.Say(chat.GamePlayers("quiet"), ana, "hola"); err != nil {
		t.Fatal(err)
	}
	muted := chat.GamePlayers("muted")
	if _, err := c.Say(muted, beto, "pesado"); err != nil {
		t.Fatal(err)
	}
	if err := c.Mute(muted, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	clk.t = clk.t.Add(2 * time.Minute)
	c.Join(chat.Lobby, "")
	if n := c.Rooms(); n != 3 {
		t.Fatalf("%d rooms, want the lobby, the room someone is in and the one with a mute", n)
	}
	if !c.Muted(muted, "ana", "beto") || len(c.History(muted, "beto")) != 0 {
		t.Fatal("an idle room with a mute keeps the mute and forgets its lines")
	}
	l, err := c.Say(muted, beto, "otra vez")
	if err != nil || l.ID != 2 {
		t.Fatalf("a line after the sweep: %+v, %v; want id 2 (ids never repeat)", l, err)
	}
	m.Leave()
}

// memStore keeps reports in memory.
type memStore struct {
	mu  sync.Mutex
	got []chat.Report
}

func (s *memStore) AddReport(_ context.Context, r chat.Report) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.got = append(s.got, r)
	return nil
}

func (s *memStore) Reports(_ context.Context, limit int) ([]chat.Report, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.got[:min(limit, len(s.got))], nil
}

func TestReport(t *testing.T) {
	clk := newClock()
	st := &memStore{}
	c := chat.New(chat.Config{Store: st, Now: clk.Now})
	room := chat.GameSpectators("g")
	l, err := c.Say(room, beto, "feo")
	if err != nil {
		t.Fatal(err)
	}
	clk.t = clk.t.Add(time.Minute)
	r, err := c.Report(context.Background(), room, l.ID, "ana")
	if err != nil {
		t.Fatal(err)
	}
	want := chat.Report{ID: r.ID, Room: room, LineID: l.ID, Author: beto, Text: "feo", SaidAt: l.At, ReporterID: "ana", ReportedAt: clk.t}
	if r != want || len(st.got) != 1 || st.got[0] != want || r.ID == "" {
		t.Fatalf("report %+v, stored %+v", r, st.got)
	}
	again, err := c.Report(context.Background(), room, l.ID, "ana")
	if err != nil || again.ID != r.ID || len(st.got) != 1 {
		t.Fatalf("a second report by the same person: %+v, %v; stored %d", again, err, len(st.got))
	}
	if other, err := c.Report(context.Background(), room, l.ID, "carla"); err != nil || other.ID == r.ID || len(st.got) != 2 {
		t.Fatalf("another person's report: %+v, %v; stored %d", other, err, len(st.got))
	}
	if _, err := c.Report(context.Background(), room, 99, "ana"); chat.CodeOf(err) != chat.CodeNoLine {
		t.Fatalf("an unknown line: %v", err)
	}
	if _, err := c.Report(context.Background(), chat.Lobby, l.ID, "ana"); chat.CodeOf(err) != chat.CodeNoLine {
		t.Fatalf("another room's line: %v", err)
	}
	if _, err := c.Report(context.Background(), room, l.ID, ""); chat.CodeOf(err) != chat.CodeReadOnly {
		t.Fatalf("a report by nobody: %v", err)
	}
}

// A follower gets the same lines a member does, handed to its function as
// they are said, and nothing once it has left.
func TestFollow(t *testing.T) {
	room := chat.GamePlayers("g")
	c := chat.New(chat.Config{Now: newClock().Now})
	say := func(who chat.Author, text string) {
		t.Helper()
		if _, err := c.Say(room, who, text); err != nil {
			t.Fatal(err)
		}
	}
	say(beto, "antes")
	var got []string
	m, history := c.Follow(room, "ana", func(l chat.Line) { got = append(got, l.Author.ID+": "+l.Text) })
	if len(history) != 1 || history[0].Text != "antes" {
		t.Fatalf("history = %+v", history)
	}
	if m.C != nil {
		t.Error("a follower has a channel")
	}
	say(beto, "hola")
	if err := c.Mute(room, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	say(beto, "muted")
	say(ana, "still here")
	m.Leave()
	m.Leave()
	say(ana, "gone")
	if want := "beto: hola|ana: still here"; strings.Join(got, "|") != want {
		t.Fatalf("the follower got %q, want %q", strings.Join(got, "|"), want)
	}
}
