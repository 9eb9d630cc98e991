package storetest

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// endedGame returns a game between white and black (user ids; "" for the
// AI) that is over with result after plies moves, ended at the moment
// at(1000*ply...).
func endedGame(t testing.TB, id, white, black string, isRated bool, res game.Result, endMs int64) game.Record {
	rec := ratedRecord(t, id, white, black, "5+0", isRated)
	rec.Moves = []game.MoveRecord{move(0), move(1)}
	rec.State = endState(rec, res, endMs)
	return rec
}

// ratedRecord returns a created game between white and black ("" for the
// AI) with time control tc.
func ratedRecord(t testing.TB, id, white, black, tc string, isRated bool) game.Record {
	rec := newRecord(t, id)
	rec.TimeControl = mustTC(t, tc)
	rec.State.Clock.TimeControl = rec.TimeControl
	rec.State.Clock.WhiteMs = rec.TimeControl.Initial().Milliseconds()
	rec.State.Clock.BlackMs = rec.State.Clock.WhiteMs
	rec.Rated = isRated
	player := func(userID, name string) game.Player {
		if userID == "" {
			return game.Player{Name: "Maestro", AILevel: 8}
		}
		return game.Player{ID: userID, Name: name}
	}
	rec.White, rec.Black = player(white, "W "+white), player(black, "B "+black)
	return rec
}

// endState returns rec's state once it ended with res at at(endMs).
func endState(rec game.Record, res game.Result, endMs int64) game.State {
	st := stateAfter(rec, max(len(rec.Moves)-1, 0))
	st.Status, st.Result, st.EndedAt, st.DrawOffer = game.StatusEnded, res, at(endMs), nil
	switch res {
	case game.Drawn:
		st.Termination = game.Agreement
	default:
		st.Termination = game.Resignation
	}
	st.FirstMoveDeadline = time.Time{}
	if st.Clock != nil {
		st.Clock.State, st.Clock.TurnStart = game.ClockStopped, time.Time{}
	}
	return st
}

func mustRatings(t *testing.T, s AccountStore, userID string) map[rating.Speed]rating.Rating {
	t.Helper()
	r, err := s.Ratings(t.Context(), userID)
	if err != nil {
		t.Fatalf("Ratings(%q): %v", userID, err)
	}
	if len(r) != len(rating.Speeds()) {
		t.Errorf("Ratings(%q) has %d speeds, want %d", userID, len(r), len(rating.Speeds()))
	}
	return r
}

// sameRating compares ratings to the precision of a float64 written and
// read back, and the last game's moment exactly.
func sameRating(got, want rating.Rating) bool {
	close := func(a, b float64) bool { return a == b || (a-b)*(a-b) < 1e-18*(a*a+b*b) }
	return close(got.Value, want.Value) && close(got.Deviation, want.Deviation) &&
		close(got.Volatility, want.Volatility) && got.Games == want.Games && got.LastPlayed.Equal(want.LastPlayed) &&
		(got.LastPlayed.IsZero() || got.LastPlayed.Location() == time.UTC)
}

func checkRatings(t *testing.T, what string, s AccountStore, userID string, want map[rating.Speed]rating.Rating) {
	t.Helper()
	got := mustRatings(t, s, userID)
	for _, sp := range rating.Speeds() {
		w, ok := want[sp]
		if !ok {
			w = rating.New()
		}
		if !sameRating(got[sp], w) {
			t.Errorf("%s: %s's %s rating\n got %+v\nwant %+v", what, userID, sp, got[sp], w)
		}
	}
}

// playToEnd creates rec without its moves and plays them, the last one
// ending the game with rec.State (AppendMove), or, if endBySave, ends it
// with SaveState after the moves.
func playToEnd(t *testing.T, s AccountStore, rec game.Record, endBySave bool) error {
	t.Helper()
	created := createdOf(t, rec)
	mustCreate(t, s, created)
	for i, mv := range rec.Moves {
		st := stateAfter(created, mv.Ply)
		if i == len(rec.Moves)-1 && !endBySave {
			return s.AppendMove(t.Context(), rec.ID, mv, rec.State)
		}
		if err := s.AppendMove(t.Context(), rec.ID, mv, st); err != nil {
			t.Fatalf("AppendMove(%s, %d): %v", rec.ID, mv.Ply, err)
		}
	}
	return s.SaveState(t.Context(), rec.ID, rec.State)
}

// createdOf returns rec as it was created: no moves, a waiting clock.
func createdOf(t testing.TB, rec game.Record) game.Record {
	created := rec
	created.Moves, created.State = nil, newRecord(t, rec.ID).State
	created.State.Clock.TimeControl = rec.TimeControl
	created.State.Clock.WhiteMs = rec.TimeControl.Initial().Milliseconds()
	created.State.Clock.BlackMs = created.State.Clock.WhiteMs
	return created
}

// testRatedGame plays rated games between two accounts: each end changes
// both ratings as rating.Game does, once, and the game's list shows it.
func testRatedGame(t *testing.T, s AccountStore) {
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	mustCreateUser(t, s, accountUser("bea", "Bea"))
	ana, bea := rating.New(), rating.New()

	// A blitz win by white, ended by the last move.
	g1 := endedGame(t, "g1", "ana", "bea", true, game.WhiteWins, 10_000)
	if err := playToEnd(t, s, g1, false); err != nil {
		t.Fatalf("the ending AppendMove: %v", err)
	}
	anaAfter, beaAfter, err := rating.Game(ana, bea, rating.Win, at(10_000))
	if err != nil {
		t.Fatal(err)
	}
	checkRatings(t, "after a blitz win", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter})
	checkRatings(t, "after a blitz loss", s, "bea", map[rating.Speed]rating.Rating{rating.Blitz: beaAfter})
	if rec := mustLoad(t, s, "g1"); !rec.Rated {
		t.Error("LoadGame of a rated game: Rated is false")
	}

	// Recording the end again (a later SaveState of the ended game) rates
	// nobody twice.
	again := g1.State
	again.Seq++
	if err := s.SaveState(ctx, "g1", again); err != nil {
		t.Fatalf("SaveState of the ended game: %v", err)
	}
	checkRatings(t, "after the end was saved again", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter})

	// A draw, black being ana, ended by SaveState a day later: it starts
	// from the ratings after g1, their deviations grown with the time.
	g2 := endedGame(t, "g2", "bea", "ana", true, game.Drawn, 10_000+24*3600_000)
	if err := playToEnd(t, s, g2, true); err != nil {
		t.Fatalf("the ending SaveState: %v", err)
	}
	beaAfter2, anaAfter2, err := rating.Game(beaAfter, anaAfter, rating.Draw, at(10_000+24*3600_000))
	if err != nil {
		t.Fatal(err)
	}
	checkRatings(t, "after a draw", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter2})
	checkRatings(t, "after a draw", s, "bea", map[rating.Speed]rating.Rating{rating.Blitz: beaAfter2})

	// A bullet game changes the bullet ratings only.
	g3 := endedGame(t, "g3", "bea", "ana", true, game.BlackWins, 10_000+25*3600_000)
	g3.TimeControl = mustTC(t, "1+0")
	g3.State = endState(g3, game.BlackWins, 10_000+25*3600_000)
	g3.State.Clock.TimeControl = g3.TimeControl
	if err := playToEnd(t, s, g3, false); err != nil {
		t.Fatalf("the bullet game's end: %v", err)
	}
	beaBullet, anaBullet, _ := rating.Game(rating.New(), rating.New(), rating.Loss, at(10_000+25*3600_000))
	checkRatings(t, "after a bullet win", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter2, rating.Bullet: anaBullet})
	checkRatings(t, "after a bullet loss", s, "bea", map[rating.Speed]rating.Rating{rating.Blitz: beaAfter2, rating.Bullet: beaBullet})

	// The history shows each game's change.
	list, err := s.PlayerGames(ctx, "ana", 0, 10)
	if err != nil || len(list) != 3 {
		t.Fatalf("PlayerGames = %v, %v; want 3 games", list, err)
	}
	if ids := summaryIDs(list); !slices.Equal(ids, []string{"g3", "g2", "g1"}) {
		t.Errorf("PlayerGames order %v, want newest first", ids)
	}
	g1s := list[2]
	w, b := g1s.Ratings[game.White], g1s.Ratings[game.Black]
	if w == nil || b == nil {
		t.Fatalf("g1's summary has no rating changes: %+v", g1s)
	}
	wantW := game.RatingChange{Speed: "blitz", Before: ana.Value, After: anaAfter.Value, BeforeDeviation: ana.Deviation, AfterDeviation: anaAfter.Deviation}
	wantB := game.RatingChange{Speed: "blitz", Before: bea.Value, After: beaAfter.Value, BeforeDeviation: bea.Deviation, AfterDeviation: beaAfter.Deviation}
	if !sameChange(*w, wantW) || !sameChange(*b, wantB) {
		t.Errorf("g1's rating changes %+v, %+v; want %+v, %+v", *w, *b, wantW, wantB)
	}
	if w.Diff() <= 0 || w.Diff() != -b.Diff() {
		t.Errorf("g1's rating diffs %+d and %+d: the winner gains what the loser loses", w.Diff(), b.Diff())
	}
	if !g1s.Rated || g1s.Result != game.WhiteWins || g1s.Termination != game.Resignation || g1s.Plies != 2 {
		t.Errorf("g1's summary %+v", g1s)
	}
}

func sameChange(a, b game.RatingChange) bool {
	return a.Speed == b.Speed && sameRating(rating.Rating{Value: a.Before, Deviation: a.BeforeDeviation, Volatility: 1},
		rating.Rating{Value: b.Before, Deviation: b.BeforeDeviation, Volatility: 1}) &&
		sameRating(rating.Rating{Value: a.After, Deviation: a.AfterDeviation, Volatility: 1},
			rating.Rating{Value: b.After, Deviation: b.AfterDeviation, Volatility: 1})
}

func summaryIDs(list []game.Summary) []string {
	out := make([]string, len(list))
	for i, g := range list {
		out[i] = g.ID
	}
	return out
}

// testUnratedEnds ends games that change no rating: casual, aborted, both
// lose, against a guest, against the AI.
func testUnratedEnds(t *testing.T, s AccountStore) {
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	mustCreateUser(t, s, accountUser("bea", "Bea"))
	mustCreateUser(t, s, guestUser("guest"))
	aborted := endedGame(t, "aborted", "ana", "bea", true, game.NoResult, 5000)
	aborted.State.Status, aborted.State.Termination = game.StatusAborted, game.TerminationNone
	bothLose := endedGame(t, "both-lose", "ana", "bea", true, game.BothLose, 5000)
	bothLose.State.Termination = game.Abandonment
	for _, rec := range []game.Record{
		endedGame(t, "casual", "ana", "bea", false, game.WhiteWins, 5000),
		aborted,
		bothLose,
		endedGame(t, "guest", "ana", "guest", true, game.WhiteWins, 5000),
		endedGame(t, "guest-white", "guest", "bea", true, game.BlackWins, 5000),
		endedGame(t, "ai", "ana", "", true, game.WhiteWins, 5000),
		endedGame(t, "unknown-user", "ana", "nobody", true, game.WhiteWins, 5000),
	} {
		if err := playToEnd(t, s, rec, false); err != nil {
			t.Errorf("the end of %s: %v", rec.ID, err)
		}
		list, err := s.PlayerGames(t.Context(), "ana", 0, 1)
		if err != nil || len(list) != 1 {
			t.Fatalf("PlayerGames: %v, %v", list, err)
		}
		if list[0].Ratings != [2]*game.RatingChange{} {
			t.Errorf("%s: rating changes %+v, want none", rec.ID, list[0].Ratings)
		}
	}
	for _, id := range []string{"ana", "bea", "guest"} {
		checkRatings(t, "after games that change no rating", s, id, nil)
	}
	for _, id := range []string{"nobody", ""} {
		checkRatings(t, "an unknown user", s, id, nil)
	}
}

// testRefusedEnd makes the database refuse the last statement of a rated
// end: the game, its moves and the ratings stay as they were, and other
// games' writes go on.
func testRefusedEnd(t *testing.T, s AccountStore) {
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	mustCreateUser(t, s, accountUser("bea", "Bea"))
	for _, endBySave := range []bool{false, true} {
		id := fmt.Sprintf("%s-%v", RefusedPrefix, endBySave)
		rec := endedGame(t, id, "ana", "bea", true, game.WhiteWins, 5000)
		var wg sync.WaitGroup
		other := newRecord(t, "other-"+id)
		mustCreate(t, s, other)
		wg.Go(func() {
			if err := s.AppendMove(t.Context(), other.ID, move(0), stateAfter(other, 0)); err != nil {
				t.Errorf("AppendMove of another game beside the refused end: %v", err)
			}
		})
		err := playToEnd(t, s, rec, endBySave)
		wg.Wait()
		if err == nil {
			t.Fatalf("%s: the end was stored though the database refused its rating changes", id)
		}
		if code := game.CodeOf(err); code != "" {
			t.Errorf("%s: the refused end has the game code %s, want a database error", id, code)
		}
		got := mustLoad(t, s, id)
		want := createdOf(t, rec)
		if endBySave {
			want.Moves = rec.Moves
		} else {
			want.Moves = rec.Moves[:len(rec.Moves)-1]
		}
		want.State = stateAfter(want, len(want.Moves)-1)
		if got.State.Status != game.StatusStarted || len(got.Moves) != len(want.Moves) {
			t.Errorf("%s after the refused end: status %v with %d moves; want started with %d", id,
				got.State.Status, len(got.Moves), len(want.Moves))
		}
		checkRecord(t, id+" after the refused end", got, want)
		for _, u := range []string{"ana", "bea"} {
			checkRatings(t, id+": ratings after the refused end", s, u, nil)
		}
	}
}

// testConcurrentRatedEnds ends many rated games at once, every one with a
// player in common with others: no update is lost, each player's changes
// form one chain from a new player's rating to the stored one, and every
// game's end is rated once.
func testConcurrentRatedEnds(t *testing.T, s AccountStore) {
	players := []string{"ana", "bea", "cris"}
	for _, p := range players {
		mustCreateUser(t, s, accountUser(p, strings.ToUpper(p[:1])+p[1:]))
	}
	const games = 24
	var recs []game.Record
	for i := range games {
		white, black := players[i%3], players[(i+1+i/3%2)%3]
		res := []game.Result{game.WhiteWins, game.BlackWins, game.Drawn}[i%3]
		rec := endedGame(t, fmt.Sprintf("c%02d", i), white, black, true, res, int64(10_000+i))
		recs = append(recs, rec)
		created := createdOf(t, rec)
		mustCreate(t, s, created)
		for _, mv := range rec.Moves[:len(rec.Moves)-1] {
			if err := s.AppendMove(t.Context(), rec.ID, mv, stateAfter(created, mv.Ply)); err != nil {
				t.Fatal(err)
			}
		}
	}
	var wg sync.WaitGroup
	for i, rec := range recs {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				last := rec.Moves[len(rec.Moves)-1]
				err = s.AppendMove(t.Context(), rec.ID, last, rec.State)
			} else {
				err = s.SaveState(t.Context(), rec.ID, rec.State)
			}
			if err != nil {
				t.Errorf("the end of %s: %v", rec.ID, err)
			}
		})
	}
	wg.Wait()
	for _, p := range players {
		list, err := s.PlayerGames(t.Context(), p, 0, game.MaxListLimit)
		if err != nil {
			t.Fatal(err)
		}
		var changes []game.RatingChange
		for _, g := range list {
			side, _ := g.Side(p)
			if g.Ratings[side] == nil {
				t.Errorf("%s: game %s has no rating change", p, g.ID)
				continue
			}
			changes = append(changes, *g.Ratings[side])
		}
		cur := rating.New()
		for len(changes) > 0 {
			i := slices.IndexFunc(changes, func(c game.RatingChange) bool {
				return c.Before == cur.Value && c.BeforeDeviation == cur.Deviation
			})
			if i < 0 {
				t.Fatalf("%s: no game starts from %.6f/%.6f: an update was lost or applied out of turn (%d changes left)",
					p, cur.Value, cur.Deviation, len(changes))
			}
			cur.Value, cur.Deviation = changes[i].After, changes[i].AfterDeviation
			changes = slices.Delete(changes, i, i+1)
		}
		got := mustRatings(t, s, p)[rating.Blitz]
		if got.Value != cur.Value || got.Deviation != cur.Deviation {
			t.Errorf("%s: stored rating %.6f/%.6f, but the chain of changes ends at %.6f/%.6f", p, got.Value, got.Deviation, cur.Value, cur.Deviation)
		}
		if want := len(list); got.Games != want {
			t.Errorf("%s: %d rated games counted, %d played", p, got.Games, want)
		}
	}
}
