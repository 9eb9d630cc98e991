package lobby_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
)

func TestPresets(t *testing.T) {
	want := []struct {
		text  string
		speed rating.Speed
	}{
		{"1+0", rating.Bullet}, {"3+0", rating.Blitz}, {"3+2", rating.Blitz}, {"5+0", rating.Blitz},
		{"5+3", rating.Blitz}, {"10+0", rating.Rapid}, {"10+5", rating.Rapid}, {"15+10", rating.Rapid},
		{"30+0", rating.Classical},
		{"move:10s", rating.Blitz}, {"move:30s", rating.Rapid}, {"move:1m", rating.Classical},
	}
	got := lobby.Presets()
	if len(got) != len(want) {
		t.Fatalf("%d presets, want %d", len(got), len(want))
	}
	for i, p := range got {
		if p.TimeControl.String() != want[i].text || p.Speed != want[i].speed {
			t.Errorf("preset %d = %s (%s), want %s (%s)", i, p.TimeControl, p.Speed, want[i].text, want[i].speed)
		}
		// Valid: it parses back to itself and has a clock.
		back, err := game.ParseTimeControl(p.TimeControl.String())
		if err != nil || back != p.TimeControl || !p.TimeControl.Timed() {
			t.Errorf("preset %s is not a valid timed control: %v", p.TimeControl, err)
		}
	}
	got[0].TimeControl = game.NewUntimed()
	if lobby.Presets()[0].TimeControl.String() != "1+0" {
		t.Error("changing the slice Presets returned changed the presets")
	}
}

func TestCompatible(t *testing.T) {
	five := tc(t, "5+0")
	base := lobby.Seek{ID: "a", Owner: account("u:a", 1500), TimeControl: five, Color: lobby.Random}
	other := lobby.Seek{ID: "b", Owner: account("u:b", 1700), TimeControl: five, Color: lobby.Random}
	tests := []struct {
		name string
		a, b func(*lobby.Seek)
		want bool
	}{
		{"same everything", nil, nil, true},
		{"other time control", nil, func(s *lobby.Seek) { s.TimeControl = tc(t, "5+3") }, false},
		{"per move against whole game", func(s *lobby.Seek) { s.TimeControl = tc(t, "move:30s") }, nil, false},
		{"rated against casual", func(s *lobby.Seek) { s.Rated = true }, nil, false},
		{"both rated", func(s *lobby.Seek) { s.Rated = true }, func(s *lobby.Seek) { s.Rated = true }, true},
		{"white and black", func(s *lobby.Seek) { s.Color = lobby.White }, func(s *lobby.Seek) { s.Color = lobby.Black }, true},
		{"white and white", func(s *lobby.Seek) { s.Color = lobby.White }, func(s *lobby.Seek) { s.Color = lobby.White }, false},
		{"black and black", func(s *lobby.Seek) { s.Color = lobby.Black }, func(s *lobby.Seek) { s.Color = lobby.Black }, false},
		{"black and random", func(s *lobby.Seek) { s.Color = lobby.Black }, nil, true},
		{"same owner", nil, func(s *lobby.Seek) { s.Owner = base.Owner }, false},
		{"b inside a's range", func(s *lobby.Seek) { s.Range = lobby.RatingRange{Min: 1600, Max: 1800} }, nil, true},
		{"b on a's upper bound", func(s *lobby.Seek) { s.Range = lobby.RatingRange{Min: 1200, Max: 1700} }, nil, true},
		{"b on a's lower bound", func(s *lobby.Seek) { s.Range = lobby.RatingRange{Min: 1700, Max: 1900} }, nil, true},
		{"b above a's range", func(s *lobby.Seek) { s.Range = lobby.RatingRange{Min: 1200, Max: 1699} }, nil, false},
		{"a below b's range", nil, func(s *lobby.Seek) { s.Range = lobby.RatingRange{Min: 1501, Max: 2000} }, false},
		{"each inside the other's", func(s *lobby.Seek) { s.Range = lobby.RatingRange{Min: 1650, Max: 1750} },
			func(s *lobby.Seek) { s.Range = lobby.RatingRange{Min: 1400, Max: 1600} }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := base, other
			if tt.a != nil {
				tt.a(&a)
			}
			if tt.b != nil {
				tt.b(&b)
			}
			if got := a.Compatible(b); got != tt.want {
				t.Errorf("a.Compatible(b) = %v, want %v", got, tt.want)
			}
			if got := b.Compatible(a); got != tt.want {
				t.Errorf("b.Compatible(a) = %v, want %v (compatibility is symmetric)", got, tt.want)
			}
		})
	}
}

// Every refusal has its code and changes nothing: no seek, no game.
func TestAddSeekRefuses(t *testing.T) {
	e := newEnv(t)
	e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "5+3"), Color: lobby.White})
	tests := []struct {
		name string
		req  lobby.SeekRequest
		code string
	}{
		{"no time control", lobby.SeekRequest{Owner: account("u:2", 1500), Color: lobby.Random}, string(game.CodeBadTimeControl)},
		{"untimed", lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: game.NewUntimed(), Color: lobby.Random},
			string(game.CodeUntimedNotAllowed)},
		{"no colour", lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0")}, string(lobby.CodeBadColor)},
		{"bad colour", lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0"), Color: "red"}, string(lobby.CodeBadColor)},
		{"range upside down", lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0"), Color: lobby.Random,
			Range: lobby.RatingRange{Min: 1800, Max: 1200}}, string(lobby.CodeBadRatingRange)},
		{"range too high", lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0"), Color: lobby.Random,
			Range: lobby.RatingRange{Min: 1800, Max: 4001}}, string(lobby.CodeBadRatingRange)},
		{"range below zero", lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0"), Color: lobby.Random,
			Range: lobby.RatingRange{Min: -1, Max: 1200}}, string(lobby.CodeBadRatingRange)},
		{"rated guest", lobby.SeekRequest{Owner: guest("g:3"), TimeControl: tc(t, "3+0"), Color: lobby.Random, Rated: true},
			string(lobby.CodeRatedNeedsAccounts)},
		{"owner without id", lobby.SeekRequest{Owner: lobby.Player{Name: "x"}, TimeControl: tc(t, "3+0"), Color: lobby.Random},
			string(lobby.CodeBadPlayer)},
		{"second seek, same time control", lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "5+3"), Color: lobby.Black},
			string(lobby.CodeSeekExists)},
	}
	for _, tt := range tests {
		_, err := e.svc.AddSeek(t.Context(), tt.req)
		wantCode(t, tt.name, err, tt.code)
	}
	if got := e.seeks(t); len(got) != 1 || got[0].Owner.ID != "u:1" {
		t.Errorf("seeks after the refusals: %+v", got)
	}
	if g := e.games.started(); len(g) != 0 {
		t.Errorf("games started by refusals: %+v", g)
	}
	// A guest's casual seek at another time control is fine.
	e.seek(t, lobby.SeekRequest{Owner: guest("g:3"), TimeControl: tc(t, "5+3"), Color: lobby.Random, Range: lobby.RatingRange{Min: 0, Max: 1000}})
	// ... and so is the same owner at another time control.
	e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+2"), Color: lobby.Black})
	if got := e.seeks(t); len(got) != 3 {
		t.Errorf("%d seeks, want 3", len(got))
	}
}

// Colours: a colour asked for is given; two randoms go by the coin.
func TestPairingColours(t *testing.T) {
	tests := []struct {
		newcomer, waiting lobby.Color
		heads             bool
		whiteIsNewcomer   bool
	}{
		{lobby.White, lobby.Black, true, true},
		{lobby.White, lobby.Random, false, true},
		{lobby.Black, lobby.White, true, false},
		{lobby.Black, lobby.Random, true, false},
		{lobby.Random, lobby.White, true, false},
		{lobby.Random, lobby.Black, false, true},
		{lobby.Random, lobby.Random, true, true},
		{lobby.Random, lobby.Random, false, false},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s against %s, heads %v", tt.newcomer, tt.waiting, tt.heads)
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			e.heads = tt.heads
			waiting := e.seek(t, lobby.SeekRequest{Owner: account("u:w", 1500), TimeControl: tc(t, "3+0"), Color: tt.waiting})
			if waiting.GameID != "" {
				t.Fatalf("the first seek paired: %+v", waiting)
			}
			res := e.seek(t, lobby.SeekRequest{Owner: account("u:n", 1500), TimeControl: tc(t, "3+0"), Color: tt.newcomer})
			want := "u:w"
			if tt.whiteIsNewcomer {
				want = "u:n"
			}
			if res.GameID != "game-1" || res.White == nil || res.White.ID != want {
				t.Fatalf("result %+v, want game-1 with white %s", res, want)
			}
			g := e.games.started()
			if len(g) != 1 || g[0].White.ID != want || g[0].Black.ID == want || g[0].TimeControl != tc(t, "3+0") {
				t.Errorf("games started: %+v", g)
			}
			if left := e.seeks(t); len(left) != 0 {
				t.Errorf("seeks left after pairing: %+v", left)
			}
		})
	}
}

// The random colour is fair: the default coin gives white to the newcomer
// about half the time.
func TestDefaultCoinIsFair(t *testing.T) {
	if testing.Short() {
		t.Skip("short: 200 pairings")
	}
	e := newEnv(t, func(c *lobby.Config) { c.Heads = nil })
	const n = 200
	newcomerWhite := 0
	for i := range n {
		e.seek(t, lobby.SeekRequest{Owner: account(fmt.Sprintf("w%d", i), 1500), TimeControl: tc(t, "3+0"), Color: lobby.Random})
		res := e.seek(t, lobby.SeekRequest{Owner: account(fmt.Sprintf("n%d", i), 1500), TimeControl: tc(t, "3+0"), Color: lobby.Random})
		if res.White.ID == fmt.Sprintf("n%d", i) {
			newcomerWhite++
		}
	}
	// Binomial(200, 1/2): 5 standard deviations either side is 65..135.
	if newcomerWhite < 65 || newcomerWhite > 135 {
		t.Errorf("newcomer white in %d of %d pairings", newcomerWhite, n)
	}
}

// A new seek pairs with the oldest compatible one, and leaves the others.
// (Open seeks are never compatible with each other: they would have been
// paired. Two seeks both asking for white can both suit a newcomer.)
func TestPairsWithOldestCompatible(t *testing.T) {
	e := newEnv(t)
	events, cancel := e.svc.Events().Subscribe()
	defer cancel()
	place := func(owner lobby.Player, text string, color lobby.Color, r lobby.RatingRange, rated bool) lobby.SeekResult {
		e.clock.Advance(time.Second)
		return e.seek(t, lobby.SeekRequest{Owner: owner, TimeControl: tc(t, text), Color: color, Range: r, Rated: rated})
	}
	place(account("u:narrow", 1500), "5+0", lobby.Random, lobby.RatingRange{Min: 1000, Max: 1200}, false) // excludes 1300
	place(account("u:other-clock", 1500), "5+3", lobby.Random, lobby.RatingRange{}, false)
	place(account("u:rated", 1500), "5+0", lobby.Random, lobby.RatingRange{}, true)
	place(account("u:oldest", 1500), "5+0", lobby.White, lobby.RatingRange{}, false)
	place(account("u:younger", 1500), "5+0", lobby.White, lobby.RatingRange{}, false)
	if got := e.seeks(t); len(got) != 5 {
		t.Fatalf("%d open seeks, want 5: %+v", len(got), got)
	}
	res := place(account("u:new", 1300), "5+0", lobby.Random, lobby.RatingRange{}, false)
	if res.GameID != "game-1" || res.White.ID != "u:oldest" || res.Black.ID != "u:new" {
		t.Fatalf("u:new: %+v, want game-1 with u:oldest as white", res)
	}
	var left []string
	for _, s := range e.seeks(t) {
		left = append(left, s.Owner.ID)
	}
	if want := []string{"u:narrow", "u:other-clock", "u:rated", "u:younger"}; !slices.Equal(left, want) {
		t.Errorf("open seeks %v, want %v", left, want)
	}
	var got []string
	for range 7 {
		ev := <-events
		what := string(ev.Type)
		switch {
		case ev.Seek != nil:
			what += " " + ev.Seek.Owner.ID
		case ev.Type == lobby.Paired:
			what += " " + ev.GameID + " " + ev.White.ID + " " + ev.Black.ID
		}
		got = append(got, what)
	}
	want := []string{"seekAdded u:narrow", "seekAdded u:other-clock", "seekAdded u:rated", "seekAdded u:oldest",
		"seekAdded u:younger", "seekRemoved u:oldest", "paired game-1 u:oldest u:new"}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %q\nwant %q", got, want)
	}
}
