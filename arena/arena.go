package arena

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/joinpal/joinpal/game"
)

// Limits of an arena's settings.
const (
	MinNameLen      = 3
	MaxNameLen      = 40
	MinDuration     = 5 * time.Minute
	MaxDuration     = 6 * time.Hour
	MaxStartAhead   = 30 * 24 * time.Hour
	MaxBaseMinutes  = 60
	MaxIncrementSec = 10
	// MaxPlayers is the most players an arena takes.
	MaxPlayers = 10000
)

// Phase is where an arena stands in time.
type Phase string

// The phases.
const (
	// Upcoming: before its start; players may join already.
	Upcoming Phase = "upcoming"
	// Running: between its start and its end; players are paired.
	Running Phase = "running"
	// Finished: its time is over; games still running finish and count,
	// but no new game is paired.
	Finished Phase = "finished"
)

// Arena is one arena's settings.
type Arena struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// CreatedBy is the user id of its creator, CreatorName their username.
	CreatedBy   string `json:"createdBy"`
	CreatorName string `json:"creatorName"`
	// Base and Increment are the games' clock: a whole-game clock.
	Base      time.Duration `json:"-"`
	Increment time.Duration `json:"-"`
	// Rated makes its games rated.
	Rated bool `json:"rated"`
	// Berserk allows berserking; Streaks turns fire on.
	Berserk bool `json:"berserk"`
	Streaks bool `json:"streaks"`
	// StartsAt and Duration fix its time.
	StartsAt time.Time     `json:"startsAt"`
	Duration time.Duration `json:"-"`
	// CreatedAt is when it was created.
	CreatedAt time.Time `json:"createdAt"`
	// ClosedAt is when its last game ended after its end (zero until
	// then): its standings are final.
	ClosedAt time.Time `json:"closedAt,omitzero"`
}

// EndsAt is when the arena stops pairing.
func (a Arena) EndsAt() time.Time { return a.StartsAt.Add(a.Duration) }

// PhaseAt returns the arena's phase at now.
func (a Arena) PhaseAt(now time.Time) Phase {
	switch {
	case now.Before(a.StartsAt):
		return Upcoming
	case now.Before(a.EndsAt()):
		return Running
	}
	return Finished
}

// TimeControl is the arena's clock as a game's time control.
func (a Arena) TimeControl() (game.TimeControl, error) {
	return game.NewWholeGame(a.Base, a.Increment)
}

// BerserkTime returns what a berserk player's clock is: half the initial
// time and no increment, as lichess does.
func (a Arena) BerserkTime() time.Duration { return a.Base / 2 }

// TidyName returns name with its spaces trimmed and runs of spaces made
// one.
func TidyName(name string) string { return strings.Join(strings.Fields(name), " ") }

// Validate checks a's settings as a new arena's at now.
func (a Arena) Validate(now time.Time) error {
	if n := utf8.RuneCountInString(a.Name); n < MinNameLen || n > MaxNameLen || !utf8.ValidString(a.Name) {
		return NewError(CodeNameLength, "an arena name has 3 to 40 characters", nil).
			With("min", strconv.Itoa(MinNameLen)).With("max", strconv.Itoa(MaxNameLen))
	}
	if a.Base < time.Minute || a.Base > MaxBaseMinutes*time.Minute || a.Base%time.Minute != 0 ||
		a.Increment < 0 || a.Increment > MaxIncrementSec*time.Second || a.Increment%time.Second != 0 {
		return NewError(CodeBadClock, "an arena's clock is 1 to 60 minutes and 0 to 10 seconds a move", nil)
	}
	if a.Duration < MinDuration || a.Duration > MaxDuration || a.Duration%time.Minute != 0 {
		return NewError(CodeBadDuration, "an arena lasts 5 to 360 whole minutes", nil).
			With("min", strconv.Itoa(int(MinDuration/time.Minute))).With("max", strconv.Itoa(int(MaxDuration/time.Minute)))
	}
	if a.StartsAt.Before(now.Add(-time.Minute)) || a.StartsAt.After(now.Add(MaxStartAhead)) {
		return NewError(CodeBadStart, "an arena starts from now to 30 days ahead", nil)
	}
	return nil
}

// Entry is one player's place in an arena.
type Entry struct {
	ArenaID string `json:"-"`
	UserID  string `json:"id"`
	Name    string `json:"name"`
	// Rating is the player's rating in the arena's speed: the one they
	// joined with, and in a rated arena the one each game's end left
	// them (see Config.Ratings).
	Rating int `json:"rating"`
	// Sheet is their games, oldest first.
	Sheet Sheet `json:"sheet"`
	// Paused players are not paired until they join again.
	Paused bool `json:"paused"`
	// GameID is their running arena game; empty while they wait.
	GameID string `json:"gameId,omitempty"`
	// LastOpponent is the user id of their last opponent, whom they are
	// not paired with next.
	LastOpponent string `json:"-"`
	// Whites is how many more games they were paired with white than
	// black, aborted games included; the pairing reads the colours of
	// their Sheet instead (Sheet.Colours), as lichess counts finished
	// games only.
	Whites int `json:"-"`
	// JoinedAt is when they first joined.
	JoinedAt time.Time `json:"joinedAt"`
}

// Pairing is an arena game: who plays whom, and once it ends, its result.
type Pairing struct {
	ArenaID string `json:"-"`
	GameID  string `json:"gameId"`
	// White and Black are user ids.
	White string `json:"white"`
	Black string `json:"black"`
	// WhiteBerserk and BlackBerserk tell who berserked.
	WhiteBerserk bool `json:"whiteBerserk,omitempty"`
	BlackBerserk bool `json:"blackBerserk,omitempty"`
	// StartedAt is when it was paired.
	StartedAt time.Time `json:"startedAt"`
	// Ended tells whether its end is recorded; Result and Plies are then
	// the game's.
	Ended  bool        `json:"ended"`
	Result game.Result `json:"-"`
	Plies  int         `json:"plies"`
}

// Row is one line of the standings.
type Row struct {
	Rank        int    `json:"rank"`
	UserID      string `json:"id"`
	Name        string `json:"name"`
	Rating      int    `json:"rating"`
	Score       int    `json:"score"`
	Performance int    `json:"performance"`
	Fire        bool   `json:"fire"`
	Games       int    `json:"games"`
	Wins        int    `json:"wins"`
	Paused      bool   `json:"paused"`
	Playing     bool   `json:"playing"`
	// Points is each game's points, oldest first.
	Points []int `json:"points"`
}

// Standings ranks entries as lichess ranks an arena (lila's Player
// magicScore): by score, then by performance — a player who has not
// played yet counts their rating instead — then by rating, then by user
// id so that the order is total. Ranks are 1, 2, 3 ... in that order.
func Standings(entries []Entry, streaks bool) []Row {
	rows := make([]Row, len(entries))
	for i, e := range entries {
		w, _, _ := e.Sheet.Counts()
		pts := make([]int, len(e.Sheet))
		for j, sc := range e.Sheet {
			pts[j] = sc.Points
		}
		rows[i] = Row{UserID: e.UserID, Name: e.Name, Rating: e.Rating, Score: e.Sheet.Total(),
			Performance: e.Sheet.Performance(), Fire: streaks && e.Sheet.OnFire(), Games: len(e.Sheet), Wins: w,
			Paused: e.Paused, Playing: e.GameID != "", Points: pts}
	}
	slices.SortFunc(rows, compareRows)
	for i := range rows {
		rows[i].Rank = i + 1
	}
	return rows
}

// performanceOrRating is what ranks r after its score: its performance,
// or its rating before its first game.
func (r Row) performanceOrRating() int {
	if r.Games == 0 {
		return r.Rating
	}
	return r.Performance
}

func compareRows(a, b Row) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := cmp.Compare(b.performanceOrRating(), a.performanceOrRating()); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
		return c
	}
	return cmp.Compare(a.UserID, b.UserID)
}

// OutcomeFor returns what result r of a game is for side, and whether it
// counts at all (an aborted game, without a result, does not).
func OutcomeFor(r game.Result, side game.Side) (Outcome, bool) {
	switch r {
	case game.Drawn:
		return Draw, true
	case game.BothLose:
		return Loss, true
	case game.WhiteWins, game.BlackWins:
		if game.WinFor(side) == r {
			return Win, true
		}
		return Loss, true
	}
	return Loss, false
}
