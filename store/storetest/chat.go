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
// then the lines (RunChatLines), the mutes (RunChatMutes) and a line
// reported once by each person (RunChatReports).
func RunChat(t *testing.T, open func(t *testing.T) chat.Store) {
	t.Run("Lines", func(t *testing.T) { RunChatLines(t, open) })
	t.Run("Mutes", func(t *testing.T) { RunChatMutes(t, open) })
	t.Run("Reports", func(t *testing.T) { RunChatReports(t, open) })
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
		if got, err := st.AddReport(ctx, r); err != nil || got != r {
			t.Fatalf("AddReport(%s) = %+v, %v; want it as given", r.ID, got, err)
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

// RunChatReports checks that a line is reported once by each person:
// LoadLine reads one stored line (and nothing of a line never stored or
// of another room); AddReport of a line its reporter reported before
// stores nothing and returns the first report whole, also when several
// writers report it at once; a report needs a stored line's id. Then
// through chat.Chat: a stored line that the chat no longer holds in
// memory may be reported, a second report of it after a restart (another
// Chat on the store) is the first one, a line deleted past Keep is
// chat.no_line, and the moderators' list (Reports) holds each report
// once with its room and the line's text.
func RunChatReports(t *testing.T, open func(t *testing.T) chat.Store) {
	ctx := context.Background()
	st := open(t)
	base := time.Date(2026, 12, 1, 10, 0, 0, 123456000, time.UTC)
	room := chat.GameSpectators("g1")
	beto := chat.Author{ID: "u1", Name: "beto"}
	var said []chat.Line
	for i, text := range []string{"uno", "feo", "tres"} {
		l := chat.Line{Room: room, Author: beto, Text: text, At: base.Add(time.Duration(i) * time.Second)}
		ids, err := st.AddLines(ctx, []chat.Line{l}, 0)
		if err != nil {
			t.Fatal(err)
		}
		l.ID = ids[0]
		said = append(said, l)
	}
	if l, ok, err := st.LoadLine(ctx, room, 2); err != nil || !ok || l.ID != 2 || l.Room != room || l.Author != beto ||
		l.Text != "feo" || !l.At.Equal(said[1].At) || l.At.Location() != time.UTC {
		t.Fatalf("LoadLine(2) = %+v, %v, %v; want %+v", l, ok, err, said[1])
	}
	for _, miss := range []struct {
		room chat.Room
		id   int64
	}{{room, 9}, {room, 0}, {chat.GamePlayers("g1"), 2}, {chat.Lobby, 1}} {
		if l, ok, err := st.LoadLine(ctx, miss.room, miss.id); err != nil || ok {
			t.Fatalf("LoadLine(%s, %d) = %+v, %v, %v; want none", miss.room, miss.id, l, ok, err)
		}
	}

	report := func(id string, line chat.Line, reporter string, at time.Time) chat.Report {
		return chat.Report{ID: id, Room: line.Room, LineID: line.ID, Author: line.Author, Text: line.Text,
			SaidAt: line.At, ReporterID: reporter, ReportedAt: at}
	}
	first := report("a1", said[1], "u2", base.Add(time.Minute))
	if got, err := st.AddReport(ctx, first); err != nil || got != first {
		t.Fatalf("AddReport = %+v, %v; want %+v", got, err, first)
	}
	if got, err := st.AddReport(ctx, report("a2", said[1], "u2", base.Add(time.Hour))); err != nil || got != first {
		t.Fatalf("the same person's second report = %+v, %v; want the first, %+v", got, err, first)
	}
	other := report("b1", said[1], "u3", base.Add(2*time.Minute))
	if got, err := st.AddReport(ctx, other); err != nil || got != other {
		t.Fatalf("another person's report = %+v, %v", got, err)
	}
	if _, err := st.AddReport(ctx, report("z", chat.Line{Room: room, Author: beto, Text: "x", At: base}, "u2", base)); err == nil {
		t.Fatal("AddReport of line id 0 succeeded, want an error")
	}
	// Reports of one line by one person at once (nodes): one is stored,
	// and every writer gets it.
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		got = map[string]int{}
	)
	for w := range 4 {
		wg.Go(func() {
			r, err := st.AddReport(ctx, report(fmt.Sprintf("c%d", w), said[2], "u4", base.Add(time.Duration(w)*time.Second)))
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			got[r.ID]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(got) != 1 {
		t.Fatalf("four reports of a line by one person at once came back as %v, want one report", got)
	}

	// Through the chat: it holds a room's last 2 lines; a line before
	// them is read from the store.
	at := base.Add(24 * time.Hour)
	c := chat.New(chat.Config{Store: st, History: 2, Now: func() time.Time { return at }})
	talk := chat.GamePlayers("g2")
	ana := chat.Author{ID: "u5", Name: "ana"}
	var lines []chat.Line
	for _, text := range []string{"¡tonto!", "dos", "tres"} {
		l, err := c.Say(ctx, talk, ana, text)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	if h, err := c.History(ctx, talk, ""); err != nil || len(h) != 2 || h[0].ID != 2 {
		t.Fatalf("the chat holds %+v (%v), want lines 2 and 3 only", h, err)
	}
	rep, err := c.Report(ctx, talk, lines[0].ID, "u6")
	want := report(rep.ID, lines[0], "u6", at)
	if err != nil || rep != want || rep.ID == "" {
		t.Fatalf("a report of a stored line not held: %+v, %v; want %+v", rep, err, want)
	}
	at = at.Add(time.Hour)
	restarted := chat.New(chat.Config{Store: st, History: 2, Now: func() time.Time { return at }})
	for _, ch := range []*chat.Chat{restarted, c} {
		if again, err := ch.Report(ctx, talk, lines[0].ID, "u6"); err != nil || again != rep {
			t.Fatalf("a second report: %+v, %v; want the first, %+v", again, err, rep)
		}
	}
	if held, err := restarted.Report(ctx, talk, lines[2].ID, "u6"); err != nil || held.Text != "tres" || held.ID == rep.ID {
		t.Fatalf("a report of another line after the restart: %+v, %v", held, err)
	}
	for _, id := range []int64{0, -1, 4} {
		if _, err := restarted.Report(ctx, talk, id, "u6"); chat.CodeOf(err) != chat.CodeNoLine {
			t.Fatalf("a report of line %d: %v, want chat.no_line", id, err)
		}
	}
	// A line deleted past Keep is no longer there to report.
	kept := chat.New(chat.Config{Store: st, Keep: 2, Now: func() time.Time { return at }})
	lobby := chat.Lobby
	var old chat.Line
	for i := range 3 {
		l, err := kept.Say(ctx, lobby, ana, "l"+strconv.Itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			old = l
		}
	}
	if _, err := restarted.Report(ctx, lobby, old.ID, "u6"); chat.CodeOf(err) != chat.CodeNoLine {
		t.Fatalf("a report of a line deleted past Keep: %v, want chat.no_line", err)
	}

	// The moderators' list: each report once, with its room and text.
	list, err := st.Reports(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var texts []string
	for _, r := range list {
		key := fmt.Sprintf("%s/%d/%s", r.Room, r.LineID, r.ReporterID)
		if seen[key] {
			t.Fatalf("the list holds %s twice: %+v", key, list)
		}
		seen[key] = true
		texts = append(texts, fmt.Sprintf("%s %d %s %s", r.Room, r.LineID, r.ReporterID, r.Text))
	}
	wantList := []string{ // newest first
		"game:g2 3 u6 tres", "game:g2 1 u6 ¡tonto!",
		"game:g1:spectators 2 u3 feo", "game:g1:spectators 2 u2 feo", "game:g1:spectators 3 u4 tres",
	}
	if strings.Join(texts, "|") != strings.Join(wantList, "|") {
		t.Fatalf("the moderators' list:\n%s\nwant\n%s", strings.Join(texts, "\n"), strings.Join(wantList, "\n"))
	}
}

// RunChatReportsUpgrade checks migration 0019 (a line reported once by
// each person) on a database that JoinPal left at migration 0018 with
// reports stored twice. old makes such a database for t and returns
// exec, which runs a statement on it as the store does ($n parameters;
// times and booleans as the store keeps them), and open, which opens the
// store on it, applying the later migrations.
//
// Of the reports made before migration 0016 (their line ids numbered per
// process), those of one line (room, id, author, text, time) by one person
// are kept once, the earliest; two of one number but different lines are
// both kept; all keep their copy of the line and get the negative of
// their id. Of the later ones, those of one line id by one person are
// kept once: the earliest, of one instant the smallest id. A stored
// line's report is then not taken for an older report's second, and a
// second report of a line is the first one.
func RunChatReportsUpgrade(t *testing.T, old func(t *testing.T) (exec func(query string, args ...any) error, open func(t *testing.T) chat.Store)) {
	ctx := context.Background()
	exec, open := old(t)
	cut := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) // when 0016 was applied
	if err := exec(`UPDATE schema_migrations SET applied_at = $1 WHERE version = 16`, cut); err != nil {
		t.Fatal(err)
	}
	before, after := cut.Add(-30*24*time.Hour), cut.Add(24*time.Hour)
	spect := chat.GameSpectators("g1")
	rep := func(id string, room chat.Room, line int64, author, text string, said time.Time, reporter string, at time.Time) chat.Report {
		return chat.Report{ID: id, Room: room, LineID: line, Author: chat.Author{ID: author, Name: "n-" + author, Guest: author == "guest"},
			Text: text, SaidAt: said, ReporterID: reporter, ReportedAt: at}
	}
	rows := []chat.Report{
		// Before 0016: line 3 of the lobby in one process, reported twice
		// (o1 first), and another line 3 of another process.
		rep("o1", chat.Lobby, 3, "guest", "hola", before, "u2", before.Add(time.Second)),
		rep("o3", chat.Lobby, 3, "guest", "hola", before, "u2", before.Add(time.Minute)),
		rep("o2", chat.Lobby, 3, "u4", "otra", before.Add(time.Hour), "u2", before.Add(time.Hour+time.Second)),
		// After: line 5 of the spectators reported by u2 three times, two
		// at one instant (n0 is kept), and by u3 once; the lobby's stored
		// line 3 by u2, which is not o1's line.
		rep("n1", spect, 5, "u1", "feo", after, "u2", after.Add(time.Second)),
		rep("n0", spect, 5, "u1", "feo", after, "u2", after.Add(time.Second)),
		rep("n2", spect, 5, "u1", "feo", after, "u2", after.Add(time.Hour)),
		rep("n5", spect, 5, "u1", "feo", after, "u3", after.Add(2*time.Second)),
		rep("n4", chat.Lobby, 3, "u7", "nueva", after, "u2", after.Add(3*time.Second)),
	}
	for _, r := range rows {
		if err := exec(`INSERT INTO chat_reports (id, room, line_id, author_id, author_name, author_guest,
			text, said_at, reporter_id, reported_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			r.ID, string(r.Room), r.LineID, r.Author.ID, r.Author.Name, r.Author.Guest,
			r.Text, r.SaidAt, r.ReporterID, r.ReportedAt); err != nil {
			t.Fatalf("insert %s: %v", r.ID, err)
		}
	}
	st := open(t)
	list, err := st.Reports(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]chat.Report{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	var want []chat.Report
	for _, id := range []string{"n4", "n5", "n0", "o2", "o1"} { // newest first
		r := byID[id]
		if r.ReportedAt.Before(cut) {
			r.LineID = -r.LineID
		}
		want = append(want, r)
	}
	if len(list) != len(want) {
		t.Fatalf("after the migration %d reports, want %d: %+v", len(list), len(want), list)
	}
	for i := range want {
		if list[i] != want[i] {
			t.Fatalf("report %d after the migration: %+v, want %+v", i, list[i], want[i])
		}
	}
	// The index holds: a second report is the first one; the lobby's line
	// 3 is n4's, not o1's.
	for _, again := range []chat.Report{
		rep("x1", spect, 5, "u1", "feo", after, "u2", after.Add(48*time.Hour)),
		rep("x2", chat.Lobby, 3, "u7", "nueva", after, "u2", after.Add(48*time.Hour)),
	} {
		first := byID["n0"]
		if again.Room == chat.Lobby {
			first = byID["n4"]
		}
		if got, err := st.AddReport(ctx, again); err != nil || got != first {
			t.Fatalf("a second report after the migration: %+v, %v; want %+v", got, err, first)
		}
	}
	if list, err := st.Reports(ctx, 100); err != nil || len(list) != len(want) {
		t.Fatalf("after second reports: %d reports, %v; want %d", len(list), err, len(want))
	}
}
