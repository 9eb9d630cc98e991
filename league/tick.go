package league

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/tournament"
)

// makeAtOnce is how many of a round's games are made at once (the
// stores commit their writes in groups).
const makeAtOnce = 16

// startGames makes the games of tournament id's boards that have none
// yet, several at once: a live round's through Games, an arranged round's through the
// Arranger. Each is looked for first, so that making them again after a
// crash (or on another node) makes none twice; the boards are then marked.
func (s *Service) startGames(ctx context.Context, id string) {
	t, err := s.Get(ctx, id)
	if err != nil {
		s.cfg.Log.Warn("league: start games", "id", id, "err", err)
		return
	}
	boards, err := s.Boards(ctx, id)
	if err != nil {
		s.cfg.Log.Warn("league: start games", "id", id, "err", err)
		return
	}
	entries, err := s.Entries(ctx, id)
	if err != nil {
		s.cfg.Log.Warn("league: start games", "id", id, "err", err)
		return
	}
	names := map[string]string{}
	for _, e := range entries {
		names[e.UserID] = e.Name
	}
	tc, err := t.Clock()
	if err != nil {
		s.cfg.Log.Error("league: stored clock", "id", id, "err", err)
		return
	}
	var (
		made []Board
		mu   sync.Mutex
		wg   sync.WaitGroup
		slot = make(chan struct{}, makeAtOnce)
	)
	for _, b := range boards {
		if b.Created || b.GameID == "" || b.Decided() {
			continue
		}
		if b.ArrangementID != "" && s.cfg.Arranger == nil {
			s.cfg.Log.Error("league: an arranged round without an arranger", "id", id)
			return
		}
		wg.Add(1)
		slot <- struct{}{}
		go func() {
			defer func() { <-slot; wg.Done() }()
			cfg := game.Config{ID: b.GameID, White: game.Player{ID: b.White, Name: names[b.White]},
				Black: game.Player{ID: b.Black, Name: names[b.Black]}, TimeControl: tc, Rated: t.Rated, ScheduledAt: b.StartAt}
			var err error
			if b.ArrangementID != "" {
				_, err = s.cfg.Arranger.Arrange(ctx, b.ArrangementID, cfg, t.Zone)
			} else if _, err = s.cfg.Records.LoadGame(ctx, b.GameID); game.CodeOf(err) == game.CodeGameNotFound {
				_, err = s.cfg.Games.Create(ctx, cfg)
			}
			if err != nil {
				s.cfg.Log.Warn("league: a round's game could not be made", "id", id, "game", b.GameID, "err", err)
				return
			}
			if b.ArrangementID == "" {
				// A live game's players are told here (an arranged game's
				// by the schedule); one found made by an attempt that
				// failed before marking it is told again: twice rather
				// than never.
				s.publishPaired(Paired{TournamentID: t.ID, Tournament: t.Name, Round: b.Round, Board: b.Board, GameID: b.GameID,
					White: Player{b.White, names[b.White]}, Black: Player{b.Black, names[b.Black]}, StartAt: b.StartAt})
			}
			b.Created = true
			mu.Lock()
			made = append(made, b)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(made) == 0 {
		return
	}
	if _, err := s.change(ctx, id, func(st state) (Change, error) {
		return Change{Tournament: st.t, Boards: keep(st.boards, made, func(old, b Board) Board {
			old.Created = true
			return old
		})}, nil
	}); err != nil {
		s.cfg.Log.Warn("league: games made but not marked (made again: found)", "id", id, "err", err)
	}
}

// keep returns, for each board of put still present in boards, f of the
// stored board and put's.
func keep(boards, put []Board, f func(old, b Board) Board) []Board {
	var out []Board
	for _, p := range put {
		for _, o := range boards {
			if o.Round == p.Round && o.Board == p.Board {
				out = append(out, f(o, p))
			}
		}
	}
	return out
}

// resultOf maps a finished game to a board's result: a no-show is a
// forfeit (TRF "+"/"-", both absent a double forfeit); a game not over
// (or aborted) is Pending.
func resultOf(rec game.Record) tournament.Result {
	st := rec.State
	if st.Status != game.StatusEnded {
		return tournament.Pending
	}
	forfeit := st.Termination == game.NoShow
	switch st.Result {
	case game.WhiteWins:
		if forfeit {
			return tournament.WhiteWinsByForfeit
		}
		return tournament.WhiteWins
	case game.BlackWins:
		if forfeit {
			return tournament.BlackWinsByForfeit
		}
		return tournament.BlackWins
	case game.Drawn:
		return tournament.Drawn
	case game.BothLose:
		return tournament.DoubleForfeit
	}
	return tournament.Pending
}

// Tick does what is due in every running tournament, and starts the live
// tournaments whose start time has come: games not yet made are made,
// finished games' results are recorded, arranged games past their
// deadline are scored, and the next round is paired when the last one is
// decided (or at its set time). It returns how many tournaments changed.
// Every step reads the store first, so running it again — after a crash,
// or on two nodes at once — does nothing twice.
func (s *Service) Tick(ctx context.Context) (int, error) {
	n := 0
	s.mu.Lock()
	changes := s.changes
	s.mu.Unlock()
	waiting, err := s.cfg.Store.Tournaments(ctx, Query{Status: []Status{Registration}, Limit: 1000})
	if err != nil {
		return 0, err
	}
	now := s.now()
	var nextStart time.Time
	for _, t := range waiting {
		if t.Mode != Live || t.StartsAt.IsZero() {
			continue
		}
		if now.Before(t.StartsAt) {
			if nextStart.IsZero() || t.StartsAt.Before(nextStart) {
				nextStart = t.StartsAt
			}
			continue
		}
		if _, err := s.change(ctx, t.ID, s.startChange); err != nil {
			s.cfg.Log.Warn("league: a tournament due could not start", "id", t.ID, "err", err)
			continue
		}
		s.startGames(ctx, t.ID)
		n++
	}
	running, err := s.cfg.Store.Tournaments(ctx, Query{Status: []Status{Running, Paused}, Limit: 1000})
	if err != nil {
		return n, err
	}
	s.settle(changes, n == 0 && len(running) == 0, nextStart)
	for _, t := range running {
		changed, err := s.advance(ctx, t.ID)
		if err != nil {
			s.cfg.Log.Warn("league: a tournament could not advance", "id", t.ID, "err", err)
		}
		if changed {
			n++
		}
	}
	return n, nil
}

// advance records the results of tournament id's finished games and
// pairs its next round when due.
func (s *Service) advance(ctx context.Context, id string) (bool, error) {
	s.startGames(ctx, id)
	boards, err := s.Boards(ctx, id)
	if err != nil {
		return false, err
	}
	// The results are read outside the change: they are facts of the
	// games, the same on every read.
	var found []Board
	for _, b := range boards {
		if b.Decided() || b.GameID == "" || !b.Created {
			continue
		}
		gameID := b.GameID
		if b.ArrangementID != "" && s.cfg.Arranger != nil {
			a, err := s.cfg.Arranger.Get(ctx, b.ArrangementID)
			if err != nil {
				return false, err
			}
			if a.GameID != "" {
				gameID = a.GameID // a new game after a suspension
			}
		}
		rec, err := s.cfg.Records.LoadGame(ctx, gameID)
		if err != nil {
			if game.CodeOf(err) == game.CodeGameNotFound {
				continue
			}
			return false, err
		}
		if r := resultOf(rec); r != tournament.Pending || gameID != b.GameID {
			b.Result, b.GameID = r, gameID
			found = append(found, b)
		}
	}
	changed := false
	t, err := s.change(ctx, id, func(st state) (Change, error) {
		t := st.t
		put := keep(st.boards, found, func(old, b Board) Board {
			if !old.Decided() {
				old.Result, old.GameID = b.Result, b.GameID
			}
			return old
		})
		boards := merge(st.boards, put)
		st.boards = boards
		if t.Status == Running && done(boards, t) {
			t.Status, t.FinishedAt = Finished, s.now()
		}
		if t.Status == Running && s.due(st) {
			st.t = t
			ch, err := s.nextRound(st, t.Round+1)
			if err == nil {
				ch.Boards = append(put, ch.Boards...)
				changed = true
				return ch, nil
			}
			switch CodeOf(err) {
			case CodeRoundUnfinished:
			case CodeNoPairing:
				// No pairing satisfies the absolute criteria: no later
				// round would have one either (the players only meet
				// more), so the tournament ends here, its standings final.
				t.Status, t.FinishedAt, t.Ended = Finished, s.now(), EndNoPairing
				s.cfg.Log.Info("league: no more pairings, the tournament ends early", "id", id, "round", t.Round+1)
			default:
				s.cfg.Log.Warn("league: the next round could not be paired", "id", id, "err", err)
			}
		}
		if len(put) == 0 && t.Status == st.t.Status {
			return Change{}, errUnchanged
		}
		changed = true
		return Change{Tournament: t, Boards: put}, nil
	})
	if errors.Is(err, errUnchanged) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if t.Round > 0 {
		s.startGames(ctx, id)
	}
	return changed, nil
}

var errUnchanged = errors.New("league: unchanged")

// due reports whether st's next round should pair now: its last round
// decided (or, arranged, past its deadline), and a live round with set
// times at its time.
func (s *Service) due(st state) bool {
	t := st.t
	if t.Round >= t.TotalRounds || t.Round == 0 {
		return false
	}
	now := s.now()
	for _, b := range st.boards {
		if b.Round == t.Round && !b.Decided() && (b.Deadline.IsZero() || now.Before(b.Deadline) || t.Unplayed == Adjudicate) {
			return false
		}
	}
	if t.Mode == Live && t.RoundInterval > 0 {
		return !now.Before(t.RoundStart(t.Round + 1))
	}
	return true
}

// Wake has Run tick at once (a game ended, the clock moved).
func (s *Service) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// settle records, alone, what a Tick that began after changes changes
// found: calm (no tournament running or paused, none started) and the
// earliest start of a live one waiting; a change since the Tick began
// leaves the service as it was (not calm).
func (s *Service) settle(changes uint64, calm bool, nextStart time.Time) {
	if !s.cfg.Alone {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.changes == changes {
		s.calm, s.nextStart = calm, nextStart
	}
}

// calmQuiet is the longest Run sleeps, alone, while no tournament runs.
const calmQuiet = time.Minute

// nextTick returns how long Run waits after a Tick: interval, or, alone
// and calm, until the first live start (at least interval, at most
// calmQuiet).
func (s *Service) nextTick(interval time.Duration) time.Duration {
	s.mu.Lock()
	calm, next := s.calm, s.nextStart
	s.mu.Unlock()
	if !s.cfg.Alone || !calm {
		return interval
	}
	wait := calmQuiet
	if !next.IsZero() {
		wait = min(wait, next.Sub(s.now()))
	}
	return max(wait, interval)
}

// Run ticks until ctx ends: every interval, and at once when woken (a
// game ended, the clock moved). Alone (Config.Alone), while no tournament
// runs it ticks only when woken, when the first live start is due, and at
// least every calmQuiet; a change made through the service ends that
// sleep, its next tick within interval (not at once: the change does its
// own work, the games of a start included).
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	var stirred <-chan struct{}
	if s.cfg.Alone {
		stirred = s.stirred
	}
	for {
		if _, err := s.Tick(ctx); err != nil && ctx.Err() == nil {
			s.cfg.Log.Warn("league: tick", "err", err)
		}
		if !s.sleep(ctx, s.nextTick(interval), interval, stirred) {
			return
		}
	}
}

// sleep waits for wait, for a Wake, or until ctx ends (false); a stir
// shortens what is left of the wait to interval at most.
func (s *Service) sleep(ctx context.Context, wait, interval time.Duration, stirred <-chan struct{}) bool {
	t := time.NewTimer(wait)
	defer t.Stop()
	due := time.Now().Add(wait)
	for {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
			return true
		case <-s.wake:
			return true
		case <-stirred:
			if time.Until(due) > interval {
				t.Reset(interval)
				due = time.Now().Add(interval)
			}
		}
	}
}
