package storetest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// testHistory pages through a player's finished games.
func testHistory(t *testing.T, s AccountStore) {
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	var want []string
	for i := range 7 {
		id := fmt.Sprintf("h%d", i)
		white, black := "ana", fmt.Sprintf("opp%d", i)
		if i%2 == 1 {
			white, black = black, white
		}
		rec := endedGame(t, id, white, black, false, game.WhiteWins, int64(10_000+1000*(i%4))) // ties in EndedAt
		mustCreate(t, s, rec)
		want = append(want, id)
	}
	running := ratedRecord(t, "running", "ana", "x", "3+2", false)
	mustCreate(t, s, running)
	mustCreate(t, s, endedGame(t, "others", "x", "y", false, game.Drawn, 99_000))
	// newest first: by EndedAt, then id, descending
	slices.SortFunc(want, func(a, b string) int {
		ea, eb := (a[1]-'0')%4, (b[1]-'0')%4
		if ea != eb {
			return int(eb) - int(ea)
		}
		return strings.Compare(b, a)
	})
	var got []string
	for offset := 0; ; offset += 3 {
		page, err := s.PlayerGames(ctx, "ana", offset, 3)
		if err != nil {
			t.Fatalf("PlayerGames(offset %d): %v", offset, err)
		}
		if len(page) > 3 {
			t.Fatalf("PlayerGames(limit 3) returned %d", len(page))
		}
		got = append(got, summaryIDs(page)...)
		if len(page) < 3 {
			break
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("PlayerGames pages %v, want %v", got, want)
	}
	page, err := s.PlayerGames(ctx, "ana", 0, 1)
	if err != nil || len(page) != 1 {
		t.Fatalf("PlayerGames(limit 1) = %v, %v", page, err)
	}
	first := page[0]
	opp, ok := first.Opponent("ana")
	if !ok || opp.ID == "ana" || !strings.HasPrefix(opp.ID, "opp") {
		t.Errorf("the opponent of the newest game = %+v, %v", opp, ok)
	}
	rec := mustLoad(t, s, first.ID)
	if first.White != rec.White || first.Black != rec.Black || first.TimeControl != rec.TimeControl ||
		first.Status != game.StatusEnded || first.Result != rec.State.Result || first.Termination != rec.State.Termination ||
		!first.EndedAt.Equal(rec.State.EndedAt) || !first.CreatedAt.Equal(rec.CreatedAt) || first.Plies != len(rec.Moves) {
		t.Errorf("summary %+v does not match its record %+v", first, rec)
	}
	for _, tt := range []struct {
		user          string
		offset, limit int
		want          int
	}{
		{"ana", 0, 0, 1},     // a limit below 1 is 1
		{"ana", 0, 1000, 7},  // above MaxListLimit is MaxListLimit
		{"ana", -5, 2, 2},    // a negative offset is 0
		{"ana", 100, 10, 0},  // past the end
		{"", 0, 10, 0},       // no user: nothing
		{"nobody", 0, 10, 0}, // a user without games
		{"x", 0, 10, 1},      // the running game is not history
	} {
		page, err := s.PlayerGames(ctx, tt.user, tt.offset, tt.limit)
		if err != nil || len(page) != tt.want {
			t.Errorf("PlayerGames(%q, %d, %d) = %d games, %v; want %d", tt.user, tt.offset, tt.limit, len(page), err, tt.want)
		}
	}
}

func testPlayingNow(t *testing.T, s AccountStore) {
	ctx := t.Context()
	var want []string
	for i := range 5 {
		rec := ratedRecord(t, fmt.Sprintf("p%d", i), "a", "b", "3+2", i%2 == 0)
		rec.CreatedAt = at(int64(1000 * i))
		mustCreate(t, s, rec)
		if i != 2 {
			if err := s.AppendMove(ctx, rec.ID, move(0), stateAfter(rec, 0)); err != nil {
				t.Fatal(err)
			}
			want = append([]string{rec.ID}, want...)
		}
	}
	mustCreate(t, s, endedGame(t, "over", "a", "b", false, game.Drawn, 1))
	got, err := s.PlayingNow(ctx, 10)
	if err != nil {
		t.Fatalf("PlayingNow: %v", err)
	}
	if !slices.Equal(summaryIDs(got), want) {
		t.Errorf("PlayingNow = %v, want %v (started games, newest first)", summaryIDs(got), want)
	}
	if len(got) > 0 && (got[0].Plies != 1 || got[0].Status != game.StatusStarted || !got[0].Rated || !got[0].EndedAt.IsZero()) {
		t.Errorf("PlayingNow's newest %+v", got[0])
	}
	if got, err := s.PlayingNow(ctx, 2); err != nil || !slices.Equal(summaryIDs(got), want[:2]) {
		t.Errorf("PlayingNow(2) = %v, %v; want %v", summaryIDs(got), err, want[:2])
	}
}

// testPlayerPlaying lists one player's started games, on either side,
// however many newer games others play, and drops a game once it ends.
func testPlayerPlaying(t *testing.T, s AccountStore) {
	ctx := t.Context()
	games := []struct {
		id, white, black string
		createdMs        int64
		started          bool
	}{
		{"q0", "ana", "bob", 1000, true},
		{"q1", "bob", "ana", 3000, true},
		{"q2", "ana", "bob", 4000, false}, // created, no move yet: not being played
		{"q3", "ana", "", 2000, true},     // against the AI
		{"q4", "cid", "ana", 3000, true},  // ties q1 in CreatedAt: by id
		{"q5", "cid", "bob", 9000, true},  // newer, without ana
		{"q6", "dan", "eva", 8000, true},
	}
	recs := map[string]game.Record{}
	for _, g := range games {
		rec := ratedRecord(t, g.id, g.white, g.black, "3+2", g.id == "q0")
		rec.CreatedAt = at(g.createdMs)
		mustCreate(t, s, rec)
		if g.started {
			if err := s.AppendMove(ctx, rec.ID, move(0), stateAfter(rec, 0)); err != nil {
				t.Fatal(err)
			}
			rec.Moves = []game.MoveRecord{move(0)}
		}
		recs[g.id] = rec
	}
	mustCreate(t, s, endedGame(t, "over", "ana", "bob", false, game.Drawn, 99_000))
	for _, tt := range []struct {
		user  string
		limit int
		want  []string
	}{
		{"ana", 10, []string{"q4", "q1", "q3", "q0"}}, // newest first, then by id
		{"ana", 2, []string{"q4", "q1"}},
		{"ana", 0, []string{"q4"}}, // a limit below 1 is 1
		{"ana", 1000, []string{"q4", "q1", "q3", "q0"}},
		{"bob", 10, []string{"q5", "q1", "q0"}},
		{"eva", 10, []string{"q6"}},
		{"nobody", 10, []string{}},
		{"", 10, []string{}}, // the AI's empty id, or no user: nothing
	} {
		got, err := s.PlayerPlaying(ctx, tt.user, tt.limit)
		if err != nil || !slices.Equal(summaryIDs(got), tt.want) {
			t.Errorf("PlayerPlaying(%q, %d) = %v, %v; want %v", tt.user, tt.limit, summaryIDs(got), err, tt.want)
		}
	}
	got, err := s.PlayerPlaying(ctx, "ana", 1)
	if err != nil || len(got) != 1 {
		t.Fatalf("PlayerPlaying(ana, 1) = %v, %v", got, err)
	}
	rec := recs["q4"]
	if g := got[0]; g.White != rec.White || g.Black != rec.Black || g.TimeControl != rec.TimeControl || g.Rated ||
		g.Status != game.StatusStarted || g.Plies != 1 || !g.CreatedAt.Equal(rec.CreatedAt) || !g.EndedAt.IsZero() {
		t.Errorf("PlayerPlaying's newest %+v, want the started game %+v", g, rec)
	}
	// Once q4 ends it is ana's history, no longer her game in progress.
	end := endState(rec, game.WhiteWins, 10_000)
	end.Seq++
	if err := s.SaveState(ctx, "q4", end); err != nil {
		t.Fatal(err)
	}
	if got, err := s.PlayerPlaying(ctx, "ana", 10); err != nil || !slices.Equal(summaryIDs(got), []string{"q1", "q3", "q0"}) {
		t.Errorf("PlayerPlaying(ana) after q4 ended = %v, %v; want [q1 q3 q0]", summaryIDs(got), err)
	}
}
