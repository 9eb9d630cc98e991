package league

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/tournament"
)

// Row is one line of a tournament's standings.
type Row struct {
	Rank   int    `json:"rank"`
	UserID string `json:"userId"`
	Name   string `json:"name"`
	Number int    `json:"number"`
	Rating int    `json:"rating"`
	// Points in points (2.5).
	Points float64 `json:"points"`
	// TieBreaks are the values of the tournament's tie-breaks, in order.
	TieBreaks []float64 `json:"tieBreaks"`
	// Performance is the rating performance over the games played over
	// the board (0 for none).
	Performance int  `json:"performance"`
	Withdrawn   bool `json:"withdrawn,omitempty"`
}

// Standings returns tournament id's standings: by points, then its
// tie-breaks (FIDE C.07), with each player's performance rating. Before
// the start it is the entries in the order they joined, with nothing
// scored.
func (s *Service) Standings(ctx context.Context, id string) ([]Row, error) {
	t, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	entries, err := s.Entries(ctx, id)
	if err != nil {
		return nil, err
	}
	boards, err := s.Boards(ctx, id)
	if err != nil {
		return nil, err
	}
	return standings(t, entries, boards)
}

func standings(t Tournament, entries []Entry, boards []Board) ([]Row, error) {
	ps, num, byNum := players(entries)
	if len(ps) == 0 {
		out := make([]Row, 0, len(entries))
		for i, e := range entries {
			out = append(out, Row{Rank: i + 1, UserID: e.UserID, Name: e.Name, Rating: e.Rating, TieBreaks: []float64{}})
		}
		return out, nil
	}
	gs := games(boards, num)
	st, err := tournament.Standings(ps, gs, t.Rules())
	if err != nil {
		return nil, fmt.Errorf("league: standings: %w", err)
	}
	perf := Performances(ps, gs)
	out := make([]Row, 0, len(st))
	for _, r := range st {
		e := byNum[r.Player.Number]
		tb := r.TieBreaks
		if tb == nil {
			tb = []float64{}
		}
		out = append(out, Row{Rank: r.Rank, UserID: e.UserID, Name: e.Name, Number: e.Number, Rating: e.Rating,
			Points: r.Points.Float(), TieBreaks: tb, Performance: perf[e.Number], Withdrawn: e.Withdrawn})
	}
	return out, nil
}

// dp is FIDE's table of rating differences by percentage score (FIDE
// Rating Regulations, Table 8.1a): dp[i] for a score of i per cent, 50 to
// 100.
var dp = [...]int{0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800}

// Performances returns each player's performance rating by number: the
// average rating of the opponents met over the board (unrated ones left
// out) plus FIDE's dp for the percentage scored against them; players
// without such a game are left out.
func Performances(players []tournament.Player, games []tournament.Game) map[int]int {
	ratings := map[int]int{}
	for _, p := range players {
		ratings[p.Number] = p.Rating
	}
	type sum struct{ opp, n, score int }
	acc := map[int]*sum{}
	add := func(me, opp, score int) {
		if ratings[opp] == 0 {
			return
		}
		a := acc[me]
		if a == nil {
			a = &sum{}
			acc[me] = a
		}
		a.opp += ratings[opp]
		a.n++
		a.score += score
	}
	for _, g := range games {
		var w int
		switch g.Result {
		case tournament.WhiteWins:
			w = 2
		case tournament.Drawn:
			w = 1
		case tournament.BlackWins:
			w = 0
		default:
			continue
		}
		add(g.White, g.Black, w)
		add(g.Black, g.White, 2-w)
	}
	out := map[int]int{}
	for me, a := range acc {
		aro := float64(a.opp) / float64(a.n)
		pct := int(math.Round(float64(a.score) * 50 / float64(a.n))) // per cent
		d := 0
		if pct >= 50 {
			d = dp[pct-50]
		} else {
			d = -dp[50-pct]
		}
		out[me] = int(math.Round(aro)) + d
	}
	return out
}

// TRF writes tournament id as a FIDE Tournament Report File (TRF-16 with
// the XXR line of its number of rounds).
func (s *Service) TRF(ctx context.Context, id string, w io.Writer) error {
	t, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if t.Status == Registration {
		return NewError(CodeNotStarted, "the tournament has not started", nil)
	}
	entries, err := s.Entries(ctx, id)
	if err != nil {
		return err
	}
	boards, err := s.Boards(ctx, id)
	if err != nil {
		return err
	}
	ps, num, _ := players(entries)
	typ := "Swiss System (Dutch)"
	if t.Format == RoundRobin {
		typ = "Round Robin"
	}
	rep := tournament.Report{Name: t.Name, Type: typ, TimeControl: t.TimeControl, Rounds: t.TotalRounds,
		Start: t.StartedAt.Format("2006/01/02")}
	if !t.FinishedAt.IsZero() {
		rep.End = t.FinishedAt.Format("2006/01/02")
	}
	var buf bytes.Buffer
	if err := tournament.WriteTRF(&buf, rep, ps, games(boards, num), t.Rules()); err != nil {
		return fmt.Errorf("league: trf: %w", err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// PGN writes the games of tournament id played so far (finished or not),
// round by round, board by board, with the tournament's name as Event and
// the round and board as Round ("3.1").
func (s *Service) PGN(ctx context.Context, id string, site func(gameID string) string, w io.Writer) error {
	t, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	boards, err := s.Boards(ctx, id)
	if err != nil {
		return err
	}
	for _, b := range boards {
		if b.GameID == "" || !b.Created {
			continue
		}
		rec, err := s.cfg.Records.LoadGame(ctx, b.GameID)
		if game.CodeOf(err) == game.CodeGameNotFound {
			continue
		}
		if err != nil {
			return err
		}
		g, err := game.Restore(rec, s.cfg.Now)
		if err != nil {
			return fmt.Errorf("league: pgn of %s: %w", b.GameID, err)
		}
		if err := g.WritePGN(w, game.PGNOptions{Event: t.Name, Site: site(b.GameID),
			Round: strconv.Itoa(b.Round) + "." + strconv.Itoa(b.Board)}); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return nil
}

// ICS returns userID's game of round `round` of arranged tournament id
// as an iCalendar file (RFC 5545), the schedule's own: its start as it
// stands (postponements included), a UID stable for the arrangement so
// that a calendar updates it. host names the site in the UID; url is the
// tournament's page; summary is the event's title.
func (s *Service) ICS(ctx context.Context, id string, round int, userID, host, url, summary string) (string, error) {
	t, err := s.Get(ctx, id)
	if err != nil {
		return "", err
	}
	boards, err := s.Boards(ctx, id)
	if err != nil {
		return "", err
	}
	for _, b := range boards {
		if b.Round != round || b.ArrangementID == "" || !b.Created || (b.White != userID && b.Black != userID) || s.cfg.Arranger == nil {
			continue
		}
		a, err := s.cfg.Arranger.Get(ctx, b.ArrangementID)
		if err != nil {
			return "", err
		}
		return a.ICS(s.now(), host, url, summary, t.Name), nil
	}
	return "", NewError(CodeNoBoard, "no arranged game of yours in the round", nil)
}
