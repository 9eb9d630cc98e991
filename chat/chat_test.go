package chat_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/internal/manualclock"
)

// newClock is the chat's clock in these tests, moved by hand.
func newClock() *manualclock.Clock {
	return manualclock.New(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
}

// ctx is the tests' context.
var ctx = context.Background()

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
	if _, err := c.Say(ctx, room, ana, "¡Hola, club!"); err != nil {
		t.Fatalf("an account's line: %v", err)
	}
	for _, who := range []chat.Author{gus, {}} {
		if _, err := c.Say(ctx, room, who, "hola"); chat.CodeOf(err) != chat.CodeReadOnly {
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
			l, err := c.Say(ctx, tc.room, tc.who, tc.text)
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
	_, err := c.Say(ctx, chat.Lobby, ana, strings.Repeat("a", 11))
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
				clk.Advance(s.after)
				_, err := c.Say(ctx, s.room, s.who, "hola")
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
	must(c.Say(ctx, room, beto, "antes"))
	a, history, _ := c.Join(ctx, room, "ana")
	if len(history) != 1 || history[0].Text != "antes" || history[0].ID != 1 {
		t.Fatalf("history = %+v", history)
	}
	b, _, _ := c.Join(ctx, room, "beto")
	must(c.Say(ctx, room, beto, "¡Buena suerte!"))
	must(c.Say(ctx, room, ana, "Gracias"))
	if got := receive(a); strings.Join(got, "|") != "beto: ¡Buena suerte!|ana: Gracias" {
		t.Fatalf("ana got %v", got)
	}
	if err := c.Mute(ctx, room, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	must(c.Say(ctx, room, beto, "muted"))
	must(c.Say(ctx, room, ana, "still here"))
	if got := receive(a); strings.Join(got, "|") != "ana: still here" {
		t.Fatalf("ana, who muted beto, got %v", got)
	}
	if got := receive(b); len(got) != 4 {
		t.Fatalf("beto got %v, want all 4 lines", got)
	}
	// A new socket of ana's gets the history without beto.
	a2, history, _ := c.Join(ctx, room, "ana")
	for _, l := range history {
		if l.Author.ID == "beto" {
			t.Fatalf("ana's history has beto's %q", l.Text)
		}
	}
	if !c.Muted(room, "ana", "beto") || c.Muted(chat.Lobby, "ana", "beto") {
		t.Fatal("the mute is of the game's room only")
	}
	if err := c.Unmute(ctx, room, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	must(c.Say(ctx, room, beto, "back"))
	if got := receive(a2); strings.Join(got, "|") != "beto: back" {
		t.Fatalf("after unmute ana got %v", got)
	}
	for _, tc := range [][2]string{{"ana", "ana"}, {"", "beto"}, {"ana", ""}} {
		if err := c.Mute(ctx, room, tc[0], tc[1]); chat.CodeOf(err) != chat.CodeBadMute {
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
		if _, err := c.Say(ctx, chat.Lobby, ana, s); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	history, _ := c.History(ctx, chat.Lobby, "")
	for _, l := range history {
		got = append(got, l.Text)
	}
	if strings.Join(got, "") != "345" {
		t.Fatalf("history %v, want 3 4 5", got)
	}
}

func TestIdleRoomsAreForgotten(t *testing.T) {
	clk := newClock()
	c := chat.New(chat.Config{Idle: time.Minute, Now: clk.Now})
	m, _, _ := c.Join(ctx, chat.GamePlayers("kept"), "ana")
	if _, err := c.Say(ctx, chat.GamePlayers("quiet"), ana, "hola"); err != nil {
		t.Fatal(err)
	}
	muted := chat.GamePlayers("muted")
	if _, err := c.Say(ctx, muted, beto, "pesado"); err != nil {
		t.Fatal(err)
	}
	if err := c.Mute(ctx, muted, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	clk.Advance(2 * time.Minute)
	c.Join(ctx, chat.Lobby, "")
	if n := c.Rooms(); n != 3 {
		t.Fatalf("%d rooms, want the lobby, the room someone is in and the one with a mute", n)
	}
	if !c.Muted(muted, "ana", "beto") || len(mustHistory(t, c, muted, "beto")) != 0 {
		t.Fatal("an idle room with a mute keeps the mute and forgets its lines")
	}
	l, err := c.Say(ctx, muted, beto, "otra vez")
	if err != nil || l.ID != 2 {
		t.Fatalf("a line after the sweep: %+v, %v; want id 2 (ids never repeat)", l, err)
	}
	m.Leave()
}

// memStore is a chat.Store in memory: it numbers each room's lines as
// the SQL stores do, and fails every call while fail is set.
type memStore struct {
	mu    sync.Mutex
	got   []chat.Report
	last  map[chat.Room]int64
	lines map[chat.Room][]chat.Line
	mutes map[chat.Mute]bool // At zero
	keeps []int
	// batches are the numbers of lines of each AddLines; hold, if set,
	// runs before each (outside mu).
	batches   []int
	hold      func()
	loads     int
	lineReads int
	fail      error
}

func newMemStore() *memStore {
	return &memStore{last: map[chat.Room]int64{}, lines: map[chat.Room][]chat.Line{}, mutes: map[chat.Mute]bool{}}
}

func (s *memStore) AddLines(_ context.Context, lines []chat.Line, keep int) ([]int64, error) {
	s.mu.Lock()
	hold := s.hold
	s.mu.Unlock()
	if hold != nil {
		hold()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return nil, s.fail
	}
	ids := make([]int64, len(lines))
	for i, l := range lines {
		s.last[l.Room]++
		l.ID = s.last[l.Room]
		ids[i] = l.ID
		s.lines[l.Room] = append(s.lines[l.Room], l)
		if over := len(s.lines[l.Room]) - keep; keep > 0 && over > 0 {
			s.lines[l.Room] = s.lines[l.Room][over:]
		}
	}
	s.keeps = append(s.keeps, keep)
	s.batches = append(s.batches, len(lines))
	return ids, nil
}

func (s *memStore) LoadRoom(_ context.Context, r chat.Room, last int) ([]chat.Line, []chat.Mute, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loads++
	if s.fail != nil {
		return nil, nil, s.fail
	}
	lines := s.lines[r]
	lines = slices.Clone(lines[max(0, len(lines)-last):])
	var mutes []chat.Mute
	for m := range s.mutes {
		if m.Room == r {
			mutes = append(mutes, m)
		}
	}
	return lines, mutes, nil
}

func (s *memStore) SetMute(_ context.Context, m chat.Mute, on bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	m.At = time.Time{}
	if on {
		s.mutes[m] = true
	} else {
		delete(s.mutes, m)
	}
	return nil
}

func (s *memStore) LoadLine(_ context.Context, r chat.Room, id int64) (chat.Line, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lineReads++
	if s.fail != nil {
		return chat.Line{}, false, s.fail
	}
	for _, l := range s.lines[r] {
		if l.ID == id {
			return l, true, nil
		}
	}
	return chat.Line{}, false, nil
}

// AddReport stores r unless its reporter reported its line before, as the
// SQL stores' unique index does.
func (s *memStore) AddReport(_ context.Context, r chat.Report) (chat.Report, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return chat.Report{}, s.fail
	}
	for _, first := range s.got {
		if first.Room == r.Room && first.LineID == r.LineID && first.ReporterID == r.ReporterID {
			return first, nil
		}
	}
	s.got = append(s.got, r)
	return r, nil
}

func (s *memStore) Reports(_ context.Context, limit int) ([]chat.Report, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.got[:min(limit, len(s.got))], nil
}

// stored returns the texts room r holds in s.
func (s *memStore) stored(r chat.Room) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, l := range s.lines[r] {
		out = append(out, l.Text)
	}
	return strings.Join(out, " ")
}

// mustHistory returns c's history of room r for reader.
func mustHistory(t *testing.T, c *chat.Chat, r chat.Room, reader string) []chat.Line {
	t.Helper()
	h, err := c.History(ctx, r, reader)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// texts returns the ids and texts of lines, "1:a 2:b".
func texts(lines []chat.Line) string {
	var out []string
	for _, l := range lines {
		out = append(out, strconv.FormatInt(l.ID, 10)+":"+l.Text)
	}
	return strings.Join(out, " ")
}

// TestStoredRoomsOutliveTheChat: a Chat on a store that another Chat
// wrote (a restarted process) loads a room's last History lines and its
// mutes when the room is first joined, and numbers its lines on from
// the stored ones.
func TestStoredRoomsOutliveTheChat(t *testing.T) {
	st := newMemStore()
	room := chat.GamePlayers("g")
	before := chat.New(chat.Config{Store: st, History: 3, Keep: 4, Burst: 100, Now: newClock().Now})
	for _, text := range []string{"a", "b", "c", "d", "e"} {
		if _, err := before.Say(ctx, room, beto, text); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := before.Say(ctx, room, ana, "f"); err != nil {
		t.Fatal(err)
	}
	if err := before.Mute(ctx, room, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	if got := st.stored(room); got != "c d e f" {
		t.Fatalf("the store holds %q, want the last 4 lines (Keep)", got)
	}
	if slices.ContainsFunc(st.keeps, func(k int) bool { return k != 4 }) {
		t.Fatalf("AddLines was asked to keep %v, want 4", st.keeps)
	}

	after := chat.New(chat.Config{Store: st, History: 3, Burst: 100, Now: newClock().Now})
	m, history, err := after.Join(ctx, room, "beto")
	if err != nil || texts(history) != "4:d 5:e 6:f" {
		t.Fatalf("beto joins after the restart: %q, %v; want the last 3 lines", texts(history), err)
	}
	defer m.Leave()
	if got := texts(mustHistory(t, after, room, "ana")); got != "6:f" {
		t.Fatalf("ana's history after the restart = %q, want her line only (her mute of beto kept)", got)
	}
	l, err := after.Say(ctx, room, ana, "g")
	if err != nil || l.ID != 7 {
		t.Fatalf("the first line after the restart: %+v, %v; want id 7", l, err)
	}
	if got := receive(m); strings.Join(got, "|") != "ana: g" {
		t.Fatalf("beto got %v", got)
	}
	if st.loads != 1 {
		t.Fatalf("%d loads, want 1 (saying loads nothing; a room is held once loaded)", st.loads)
	}
}

// TestTwoChatsShareTheNumbering: two Chats on one store (two nodes)
// number a room's lines as one; a line delivered from the other keeps
// its id, comes in id order into the history, and is not sent twice; a
// room a Chat does not hold ignores deliveries and loads them instead.
func TestTwoChatsShareTheNumbering(t *testing.T) {
	st := newMemStore()
	room := chat.Lobby
	a := chat.New(chat.Config{Store: st, Burst: 100, Now: newClock().Now})
	b := chat.New(chat.Config{Store: st, Burst: 100, Now: newClock().Now})
	l1, _ := a.Say(ctx, room, ana, "uno")
	l2, _ := b.Say(ctx, room, beto, "dos")
	l3, _ := a.Say(ctx, room, ana, "tres")
	if l1.ID != 1 || l2.ID != 2 || l3.ID != 3 {
		t.Fatalf("ids %d %d %d, want 1 2 3", l1.ID, l2.ID, l3.ID)
	}
	// b holds the room (it said a line there) but never loaded it: a's
	// lines reach it out of order, then b loads it, then a's next line
	// reaches it twice.
	b.Deliver(l3)
	b.Deliver(l1)
	var got []string
	m, history, err := b.Follow(ctx, room, "carla", func(l chat.Line) { got = append(got, texts([]chat.Line{l})) })
	if err != nil || texts(history) != "1:uno 2:dos 3:tres" {
		t.Fatalf("b's history = %q, %v", texts(history), err)
	}
	defer m.Leave()
	l4, _ := a.Say(ctx, room, ana, "cuatro")
	b.Deliver(l4)
	b.Deliver(l4)
	b.Deliver(l1)
	b.Deliver(chat.Line{Room: room, Author: ana, Text: "sin número"}) // from a Chat without a store
	if strings.Join(got, " ") != "4:cuatro" {
		t.Fatalf("b's follower got %v, want each new line once", got)
	}
	// c never held the room: a delivery is ignored, a join loads it.
	c := chat.New(chat.Config{Store: st, Now: newClock().Now})
	c.Deliver(chat.Line{ID: 9, Room: room, Author: ana, Text: "nunca"})
	if n := c.Rooms(); n != 0 {
		t.Fatalf("a delivery made %d rooms on a Chat that held none", n)
	}
	c.DeliverMute(room, "ana", "beto", true)
	if h := texts(mustHistory(t, c, room, "ana")); h != "1:uno 2:dos 3:tres 4:cuatro" {
		t.Fatalf("c's history = %q, want the stored lines (a mute not stored is not one)", h)
	}
}

// TestNothingHalfWritten: a line or mute the store refuses is an error,
// and nobody reads it; a line the chat refuses is not stored.
func TestNothingHalfWritten(t *testing.T) {
	st := newMemStore()
	room := chat.GamePlayers("g")
	c := chat.New(chat.Config{Store: st, Now: newClock().Now})
	m, _, err := c.Join(ctx, room, "ana")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Leave()
	st.fail = errors.New("disk full")
	if _, err := c.Say(ctx, room, beto, "hola"); !errors.Is(err, st.fail) || chat.CodeOf(err) != "" {
		t.Fatalf("Say with the store failing: %v", err)
	}
	if err := c.Mute(ctx, room, "ana", "beto"); !errors.Is(err, st.fail) {
		t.Fatalf("Mute with the store failing: %v", err)
	}
	st.fail = nil
	for _, text := range []string{"", strings.Repeat("x", 141)} {
		if _, err := c.Say(ctx, room, beto, text); chat.CodeOf(err) == "" {
			t.Fatalf("Say(%q) = %v, want refused", text, err)
		}
	}
	if _, err := c.Say(ctx, room, chat.Author{}, "hola"); chat.CodeOf(err) != chat.CodeReadOnly {
		t.Fatalf("nobody's line: %v", err)
	}
	if got := receive(m); len(got) != 0 {
		t.Fatalf("ana got %v", got)
	}
	if h := mustHistory(t, c, room, "ana"); len(h) != 0 || st.stored(room) != "" || c.Muted(room, "ana", "beto") {
		t.Fatalf("history %q, stored %q, muted %v; want nothing", texts(h), st.stored(room), c.Muted(room, "ana", "beto"))
	}
	l, err := c.Say(ctx, room, beto, "ahora sí")
	if err != nil || l.ID != 1 {
		t.Fatalf("the first line stored: %+v, %v; want id 1", l, err)
	}
}

// TestLoadFailure: a join whose load fails is made all the same, with
// what memory holds and the error; the next join loads the room.
func TestLoadFailure(t *testing.T) {
	st := newMemStore()
	room := chat.Club("c")
	if _, err := chat.New(chat.Config{Store: st}).Say(ctx, room, ana, "hola"); err != nil {
		t.Fatal(err)
	}
	c := chat.New(chat.Config{Store: st, Now: newClock().Now})
	st.fail = errors.New("down")
	m, history, err := c.Join(ctx, room, "beto")
	if !errors.Is(err, st.fail) || len(history) != 0 || m == nil {
		t.Fatalf("Join with the store down: %v, %v, %v", m, history, err)
	}
	defer m.Leave()
	if _, err := c.Report(ctx, room, 1, "beto"); !errors.Is(err, st.fail) {
		t.Fatalf("Report with the store down: %v", err)
	}
	st.fail = nil
	m2, history, err := c.Join(ctx, room, "beto")
	if err != nil || texts(history) != "1:hola" {
		t.Fatalf("Join once the store is back: %q, %v", texts(history), err)
	}
	m2.Leave()
	if _, err := c.Report(ctx, room, 1, "beto"); err != nil {
		t.Fatalf("a report of a loaded line: %v", err)
	}
}

// TestIdleStoredRoomsAreForgottenWhole: with a store an idle room is
// forgotten with its mutes, which come back with it from the store.
func TestIdleStoredRoomsAreForgottenWhole(t *testing.T) {
	clk := newClock()
	st := newMemStore()
	c := chat.New(chat.Config{Store: st, Idle: time.Minute, Now: clk.Now})
	muted := chat.GamePlayers("muted")
	if _, err := c.Say(ctx, muted, beto, "pesado"); err != nil {
		t.Fatal(err)
	}
	if err := c.Mute(ctx, muted, "ana", "beto"); err != nil {
		t.Fatal(err)
	}
	clk.Advance(2 * time.Minute)
	m, _, _ := c.Join(ctx, chat.Lobby, "")
	defer m.Leave()
	if n := c.Rooms(); n != 1 {
		t.Fatalf("%d rooms, want the lobby only", n)
	}
	if h := mustHistory(t, c, muted, "ana"); len(h) != 0 || !c.Muted(muted, "ana", "beto") {
		t.Fatalf("ana's history %q after the room came back, muted %v", texts(h), c.Muted(muted, "ana", "beto"))
	}
	if h := texts(mustHistory(t, c, muted, "beto")); h != "1:pesado" {
		t.Fatalf("beto's history %q", h)
	}
}

// TestConcurrentChatsOneStore: lines said at once on two Chats of one
// store, each delivered to the other as a node's would be, get unique
// ids, and both Chats end with the same history in id order.
func TestConcurrentChatsOneStore(t *testing.T) {
	st := newMemStore()
	room := chat.GameSpectators("g")
	nodes := []*chat.Chat{
		chat.New(chat.Config{Store: st, Burst: 1000, History: 200}),
		chat.New(chat.Config{Store: st, Burst: 1000, History: 200}),
	}
	for _, n := range nodes {
		m, _, err := n.Join(ctx, room, "carla")
		if err != nil {
			t.Fatal(err)
		}
		defer m.Leave()
	}
	var wg sync.WaitGroup
	for i, n := range nodes {
		other := nodes[1-i]
		for w := range 4 {
			who := chat.Author{ID: fmt.Sprintf("u%d-%d", i, w), Name: "u"}
			wg.Go(func() {
				for range 10 {
					l, err := n.Say(ctx, room, who, "hola")
					if err != nil {
						t.Error(err)
						return
					}
					other.Deliver(l)
				}
			})
		}
	}
	wg.Wait()
	a, b := mustHistory(t, nodes[0], room, ""), mustHistory(t, nodes[1], room, "")
	if len(a) != 80 || texts(a) != texts(b) {
		t.Fatalf("%d lines; the two histories differ: %v", len(a), texts(a) != texts(b))
	}
	for i, l := range a {
		if l.ID != int64(i+1) {
			t.Fatalf("line %d has id %d", i, l.ID)
		}
	}
}

func TestReport(t *testing.T) {
	clk := newClock()
	st := newMemStore()
	c := chat.New(chat.Config{Store: st, Now: clk.Now})
	room := chat.GameSpectators("g")
	l, err := c.Say(ctx, room, beto, "feo")
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Minute)
	r, err := c.Report(context.Background(), room, l.ID, "ana")
	if err != nil {
		t.Fatal(err)
	}
	want := chat.Report{ID: r.ID, Room: room, LineID: l.ID, Author: beto, Text: "feo", SaidAt: l.At, ReporterID: "ana", ReportedAt: clk.Now()}
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

// TestReportStoredLines: a line the chat no longer holds in memory is
// read from the store to be reported (a held one is not), a second report
// of a line by one person is the first one on every Chat of the store,
// and a line the store no longer holds, or a chat without a store, stores
// nothing.
func TestReportStoredLines(t *testing.T) {
	room := chat.GameSpectators("g")
	for _, tc := range []struct {
		name      string
		store     bool
		keep      int   // the store keeps this many lines of the room
		line      int64 // of lines 1 to 3; the chat holds 2 and 3
		down      bool  // the store fails
		code      chat.Code
		err       bool // another error
		lineReads int
	}{
		{name: "held", store: true, line: 3},
		{name: "stored only", store: true, line: 1, lineReads: 1},
		{name: "never said", store: true, line: 4, code: chat.CodeNoLine, lineReads: 1},
		{name: "deleted past keep", store: true, keep: 2, line: 1, code: chat.CodeNoLine, lineReads: 1},
		{name: "no line zero", store: true, line: 0, code: chat.CodeNoLine},
		{name: "store down", store: true, line: 1, down: true, err: true, lineReads: 1},
		{name: "no store, held", line: 3, err: true},
		{name: "no store, not held", line: 1, code: chat.CodeNoLine},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newClock()
			st := newMemStore()
			cfg := chat.Config{History: 2, Keep: tc.keep, Now: clk.Now}
			if tc.store {
				cfg.Store = st
			}
			c := chat.New(cfg)
			var said []chat.Line
			for _, text := range []string{"uno", "dos", "tres"} {
				l, err := c.Say(ctx, room, beto, text)
				if err != nil {
					t.Fatal(err)
				}
				said = append(said, l)
			}
			st.fail = map[bool]error{true: errors.New("down")}[tc.down]
			clk.Advance(time.Minute)
			rep, err := c.Report(ctx, room, tc.line, "ana")
			if st.lineReads != tc.lineReads {
				t.Fatalf("%d reads of a line from the store, want %d", st.lineReads, tc.lineReads)
			}
			switch {
			case tc.code != "" || tc.err:
				if chat.CodeOf(err) != tc.code || err == nil || len(st.got) != 0 {
					t.Fatalf("Report = %+v, %v (stored %d); want code %q", rep, err, len(st.got), tc.code)
				}
			default:
				l := said[tc.line-1]
				want := chat.Report{ID: rep.ID, Room: room, LineID: l.ID, Author: beto, Text: l.Text, SaidAt: l.At, ReporterID: "ana", ReportedAt: clk.Now()}
				if err != nil || rep != want || rep.ID == "" || len(st.got) != 1 || st.got[0] != want {
					t.Fatalf("Report = %+v, %v; stored %+v; want %+v", rep, err, st.got, want)
				}
				clk.Advance(time.Hour)
				restarted := chat.New(chat.Config{Store: st, Now: clk.Now})
				for _, ch := range []*chat.Chat{c, restarted} {
					if again, err := ch.Report(ctx, room, tc.line, "ana"); err != nil || again != rep || len(st.got) != 1 {
						t.Fatalf("a second report = %+v, %v; stored %d; want the first", again, err, len(st.got))
					}
				}
			}
		})
	}
}

// A follower gets the same lines a member does, handed to its function as
// they are said, and nothing once it has left.
func TestFollow(t *testing.T) {
	room := chat.GamePlayers("g")
	c := chat.New(chat.Config{Now: newClock().Now})
	say := func(who chat.Author, text string) {
		t.Helper()
		if _, err := c.Say(ctx, room, who, text); err != nil {
			t.Fatal(err)
		}
	}
	say(beto, "antes")
	var got []string
	m, history, _ := c.Follow(ctx, room, "ana", func(l chat.Line) { got = append(got, l.Author.ID+": "+l.Text) })
	if len(history) != 1 || history[0].Text != "antes" {
		t.Fatalf("history = %+v", history)
	}
	if m.C != nil {
		t.Error("a follower has a channel")
	}
	say(beto, "hola")
	if err := c.Mute(ctx, room, "ana", "beto"); err != nil {
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

// TestLinesAreStoredTogether: the lines said while the store writes are
// stored together in its next write (at most Batch), in the order they
// were queued, and each sayer gets its own line's id; the members get
// them in id order.
func TestLinesAreStoredTogether(t *testing.T) {
	st := newMemStore()
	entered, release := make(chan struct{}), make(chan struct{})
	st.hold = func() {
		entered <- struct{}{}
		<-release
	}
	room := chat.Lobby
	c := chat.New(chat.Config{Store: st, Burst: 100, Batch: 3})
	var got []int64
	m, _, err := c.Follow(ctx, room, "carla", func(l chat.Line) { got = append(got, l.ID) })
	if err != nil {
		t.Fatal(err)
	}
	defer m.Leave()
	var wg sync.WaitGroup
	said := make([]chat.Line, 6)
	wg.Go(func() { said[0], _ = c.Say(ctx, room, ana, "0") })
	<-entered // the first line's write has begun
	for i := 1; i < 6; i++ {
		wg.Go(func() {
			var err error
			if said[i], err = c.Say(ctx, room, chat.Author{ID: "u" + strconv.Itoa(i), Name: "u"}, strconv.Itoa(i)); err != nil {
				t.Error(err)
			}
		})
	}
	for deadline := time.Now().Add(10 * time.Second); c.Queued() < 5; runtime.Gosched() {
		if time.Now().After(deadline) {
			t.Fatalf("%d lines queued, want 5", c.Queued())
		}
	}
	close(release)
	go func() {
		for range entered {
		}
	}()
	wg.Wait()
	close(entered)
	if fmt.Sprint(st.batches) != "[1 3 2]" {
		t.Fatalf("writes of %v lines, want 1, then 3 (Batch), then 2", st.batches)
	}
	for _, l := range said {
		if l.ID == 0 || st.stored(room) == "" {
			t.Fatalf("a sayer got %+v", l)
		}
	}
	if want := "[1 2 3 4 5 6]"; fmt.Sprint(got) != want {
		t.Fatalf("the follower got ids %v, want %s", got, want)
	}
}
