package arena

// Thresholds of lichess's arena scoring, in plies (half-moves).
const (
	// QuickDrawPlies: a draw in fewer plies (ten moves each) scores
	// nothing.
	QuickDrawPlies = 20
	// LongGamePlies: a draw of at least this many plies (thirty moves
	// each) scores its point even in a draw streak.
	LongGamePlies = 60
	// BerserkPlies: a berserk win earns its extra point only if the game
	// lasted at least this many plies (seven moves each).
	BerserkPlies = 14
)

// Outcome is how one game ended for one player.
type Outcome int8

// The outcomes.
const (
	Loss Outcome = iota
	Draw
	Win
)

// Flag is how a game's points were counted, as lichess's sheet flags them.
type Flag int8

// The flags.
const (
	// Normal: 2 for a win, 1 for a draw.
	Normal Flag = iota
	// StreakStarter: a win that may start a streak (its points normal).
	StreakStarter
	// Double: a win or draw while on fire, its points doubled.
	Double
	// Null: a draw worth nothing: a quick draw, or one in a draw streak.
	Null
)

// Result is one game of a player as the arena scores it.
type Result struct {
	// Outcome is the player's result.
	Outcome Outcome `json:"o"`
	// Plies is the number of half-moves the game lasted.
	Plies int `json:"p"`
	// Berserk tells whether the player berserked.
	Berserk bool `json:"b,omitempty"`
	// Opponent is the opponent's user id, OpponentRating their rating when
	// paired, GameID the game's id.
	Opponent       string `json:"u"`
	OpponentRating int    `json:"r"`
	GameID         string `json:"g"`
	// Colour is the colour the player had.
	Colour Colour `json:"c,omitempty"`
}

// Score is one game on a player's sheet: its result, how it was counted
// and its points.
type Score struct {
	Result
	Flag Flag `json:"f"`
	// BerserkBonus tells whether the game earned berserk's extra point.
	BerserkBonus bool `json:"x,omitempty"`
	// Points is what the game scored.
	Points int `json:"s"`
}

// Sheet is a player's games in an arena, oldest first.
type Sheet []Score

// Total is the sum of the sheet's points.
func (s Sheet) Total() int {
	t := 0
	for _, sc := range s {
		t += sc.Points
	}
	return t
}

// OnFire reports whether the player's last two games were wins: their
// next win or draw, if streaks are on, counts double.
func (s Sheet) OnFire() bool {
	n := len(s)
	return n >= 2 && s[n-1].Outcome == Win && s[n-2].Outcome == Win
}

// drawStreak reports whether the player has drawn since their last win,
// as lila's ArenaSheet reads it: any draw, a quick one too, starts a
// streak; a loss neither starts nor breaks it; only a win breaks it.
func (s Sheet) drawStreak() bool {
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i].Outcome {
		case Win:
			return false
		case Draw:
			return true
		}
	}
	return false
}

// Counts returns the numbers of wins, draws and losses on the sheet.
func (s Sheet) Counts() (wins, draws, losses int) {
	for _, sc := range s {
		switch sc.Outcome {
		case Win:
			wins++
		case Draw:
			draws++
		default:
			losses++
		}
	}
	return
}

// Score returns how r counts after the games of s, under lichess's rules:
//   - a win scores 2, or 4 if the player is on fire and streaks are on
//     (the third win in a row and every win after it);
//   - a draw scores 1, or 2 on fire; but a draw of fewer than
//     QuickDrawPlies scores 0, and so does one of fewer than LongGamePlies
//     when the player has drawn since their last win, quickly or not (a
//     draw streak is broken only by a win);
//   - a loss scores 0;
//   - a berserk win of at least BerserkPlies scores one point more.
func (s Sheet) Score(r Result, streaks bool) Score {
	sc := Score{Result: r}
	fire := streaks && s.OnFire()
	switch r.Outcome {
	case Win:
		switch {
		case fire:
			sc.Flag, sc.Points = Double, 4
		case streaks:
			sc.Flag, sc.Points = StreakStarter, 2
		default:
			sc.Points = 2
		}
		if r.Berserk && r.Plies >= BerserkPlies {
			sc.BerserkBonus = true
			sc.Points++
		}
	case Draw:
		switch {
		case r.Plies < QuickDrawPlies:
			sc.Flag = Null
		case fire:
			sc.Flag, sc.Points = Double, 2
		case r.Plies < LongGamePlies && s.drawStreak():
			sc.Flag = Null
		default:
			sc.Points = 1
		}
	}
	return sc
}

// Add returns s with r's score appended (s itself is not changed).
func (s Sheet) Add(r Result, streaks bool) Sheet {
	out := make(Sheet, len(s), len(s)+1)
	copy(out, s)
	return append(out, s.Score(r, streaks))
}

// Performance is lichess's arena performance rating, as lila's
// TournamentApi keeps it: each game performs at the opponent's rating
// plus 500 for a win and minus 500 for a loss, and after the n-th game the
// performance is (the previous one × (n-1) + this game's) / n rounded half
// up, a running mean rounded at every game; 0 before the first game.
func (s Sheet) Performance() int {
	p := 0
	for i, sc := range s {
		g := sc.OpponentRating
		switch sc.Outcome {
		case Win:
			g += 500
		case Loss:
			g -= 500
		}
		n := i + 1
		p = floorDiv(2*(p*(n-1)+g)+n, 2*n)
	}
	return p
}

// floorDiv is a/b rounded towards minus infinity (b > 0).
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
