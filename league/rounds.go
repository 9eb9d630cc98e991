package league

import (
	"slices"
	"strconv"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/tournament"
)

// nextRound is the change that pairs round, with the round before's
// overdue games scored.
func (s *Service) nextRound(st state, round int) (Change, error) {
	t := st.t
	switch {
	case round <= t.Round:
		return Change{}, NewError(CodeAlreadyPaired, "the round is paired", nil).With("round", strconv.Itoa(round))
	case t.Round >= t.TotalRounds:
		return Change{}, NewError(CodeNoMoreRounds, "the last round is paired", nil)
	case round != t.Round+1:
		return Change{}, NewError(CodeRoundUnfinished, "pair the rounds in order", nil).With("round", strconv.Itoa(t.Round))
	}
	scored, err := s.scoreOverdue(st)
	if err != nil {
		return Change{}, err
	}
	st.boards = merge(st.boards, scored)
	boards, err := s.pair(st, round)
	if err != nil {
		return Change{}, err
	}
	t.Round = round
	return Change{Tournament: t, Boards: append(scored, boards...)}, nil
}

// scoreOverdue scores the undecided games of the last round whose
// deadline has passed (a double forfeit by default), and fails when one
// stays undecided.
func (s *Service) scoreOverdue(st state) ([]Board, error) {
	now := s.now()
	var out []Board
	for _, b := range st.boards {
		if b.Round != st.t.Round || b.Decided() {
			continue
		}
		if b.Deadline.IsZero() || now.Before(b.Deadline) || st.t.Unplayed == Adjudicate {
			return nil, NewError(CodeRoundUnfinished, "games of the round are undecided", nil).With("round", strconv.Itoa(st.t.Round))
		}
		b.Result, b.Reason = tournament.DoubleForfeit, "deadline"
		out = append(out, b)
	}
	return out, nil
}

// merge returns boards with those of put in place of theirs.
func merge(boards, put []Board) []Board {
	out := slices.Clone(boards)
	for _, p := range put {
		for i := range out {
			if out[i].Round == p.Round && out[i].Board == p.Board {
				out[i] = p
			}
		}
	}
	return out
}

// players returns the tournament's numbered players and a map from user
// id to number.
func players(entries []Entry) ([]tournament.Player, map[string]int, map[int]Entry) {
	var ps []tournament.Player
	num := map[string]int{}
	byNum := map[int]Entry{}
	for _, e := range entries {
		if e.Number > 0 && !e.Removed {
			ps = append(ps, tournament.Player{Number: e.Number, Name: e.Name, Rating: e.Rating})
			num[e.UserID] = e.Number
			byNum[e.Number] = e
		}
	}
	slices.SortFunc(ps, func(a, b tournament.Player) int { return a.Number - b.Number })
	return ps, num, byNum
}

// games returns the boards as tournament games, by pairing number.
func games(boards []Board, num map[string]int) []tournament.Game {
	out := make([]tournament.Game, 0, len(boards))
	for _, b := range boards {
		out = append(out, tournament.Game{Round: b.Round, White: num[b.White], Black: num[b.Black], Result: b.Result})
	}
	return out
}

// pair pairs round r of st: a round-robin's by its Berger table, a
// Swiss's by the Pairer; asked-for byes first, then the games, then the
// pairing-allocated bye. Each game gets its id (and an arranged game its
// arrangement id, start and deadline) now, so that making it again after
// a crash finds it.
func (s *Service) pair(st state, r int) ([]Board, error) {
	t := st.t
	ps, num, byNum := players(st.entries)
	var out []Board
	var pairings []tournament.Pairing
	switch t.Format {
	case RoundRobin:
		rounds, err := tournament.RoundRobin(len(ps), t.Cycles)
		if err != nil {
			return nil, NewError(CodeNoPairing, "no round-robin table", err).With("round", strconv.Itoa(r))
		}
		pairings = rounds[r-1]
	default:
		gs := games(st.boards, num)
		var absent []int
		for _, e := range st.entries {
			switch {
			case e.Number == 0 || e.Removed:
			case slices.Contains(e.Byes, r) && !e.Withdrawn && e.FromRound <= r:
				gs = append(gs, tournament.Game{Round: r, White: e.Number, Black: tournament.Bye, Result: tournament.HalfPointBye})
				out = append(out, Board{Round: r, White: e.UserID, Result: tournament.HalfPointBye})
			case e.Withdrawn || e.FromRound > r:
				absent = append(absent, e.Number)
			}
		}
		var err error
		if pairings, err = s.cfg.Pair(ps, gs, r, absent, tournament.SwissOptions{Rounds: t.TotalRounds, Accelerated: t.Accelerated}); err != nil {
			return nil, NewError(CodeNoPairing, "no pairing", err).With("round", strconv.Itoa(r))
		}
	}
	var byes []Board
	var games []Board
	for _, p := range pairings {
		w, b := byNum[p.White], byNum[p.Black]
		switch {
		case p.IsBye():
			byes = append(byes, Board{Round: r, White: w.UserID, Result: tournament.PairingBye})
		case w.Withdrawn && b.Withdrawn:
			games = append(games, Board{Round: r, White: w.UserID, Black: b.UserID, Result: tournament.DoubleForfeit, Reason: "withdrawn"})
		case b.Withdrawn:
			games = append(games, Board{Round: r, White: w.UserID, Black: b.UserID, Result: tournament.WhiteWinsByForfeit, Reason: "withdrawn"})
		case w.Withdrawn:
			games = append(games, Board{Round: r, White: w.UserID, Black: b.UserID, Result: tournament.BlackWinsByForfeit, Reason: "withdrawn"})
		default:
			games = append(games, s.gameBoard(t, r, w.UserID, b.UserID))
		}
	}
	out = append(games, append(byes, out...)...)
	for i := range out {
		out[i].Board = i + 1
	}
	return out, nil
}

// gameBoard is a new board of a game to play between white and black.
func (s *Service) gameBoard(t Tournament, r int, white, black string) Board {
	now := s.now()
	b := Board{Round: r, White: white, Black: black, GameID: game.NewID(), StartAt: now.Add(LiveLead)}
	if t.Mode == Arranged {
		b.ArrangementID = s.cfg.NewID()
		b.StartAt = t.RoundStart(r)
		if earliest := now.Add(schedule.MinLead); b.StartAt.Before(earliest) {
			b.StartAt = earliest.Truncate(time.Minute).Add(time.Minute)
		}
		within := t.PlayWithin
		if within == 0 {
			within = t.RoundInterval - time.Hour
		}
		b.Deadline = b.StartAt.Add(max(within, time.Hour))
	}
	return b
}
