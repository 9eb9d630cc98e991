package arena

import (
	"context"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/game"
)

// End is how a game ended, as the service needs it.
type End struct {
	GameID      string
	Status      game.Status
	Termination game.Termination
	Result      game.Result
	Plies       int
	// At is when the game ended (aborted), by the game's clock.
	At time.Time
}

// Ended records the end of arena game e.GameID in its players' sheets
// (and, in a rated arena, their ratings after it) and pairs the waiting
// players at once while the arena runs (see PairAt). An end recorded
// already, or of a game that is not an arena's, changes nothing.
func (s *Service) Ended(ctx context.Context, e End) error {
	p, err := s.cfg.Store.PairingOf(ctx, e.GameID)
	if CodeOf(err) == CodeNotArenaGame {
		return nil
	}
	if err != nil || p.Ended {
		return err
	}
	st, err := s.acting()
	if err != nil {
		// The runner scores it: another node, or this one when its
		// renewed lease starts a new tenure (see Hold).
		return err
	}
	a, err := s.cfg.Store.Arena(ctx, p.ArenaID)
	if err != nil {
		return err
	}
	fresh := s.ratingsAfter(ctx, a, p, e)
	s.mu.Lock()
	s.ending[p.ArenaID]++
	s.mu.Unlock()
	l := s.lock(p.ArenaID)
	l.Lock()
	defer l.Unlock()
	s.mu.Lock()
	s.ending[p.ArenaID]--
	last := s.ending[p.ArenaID] == 0
	s.mu.Unlock()
	if err := s.endLocked(ctx, st, a, p, e, true, fresh); err != nil {
		return err
	}
	switch {
	case !last:
		// Another end of the arena waits for the lock: it pairs for both.
		return nil
	case a.PhaseAt(s.now()) == Running:
		return s.pairLocked(ctx, st, a)
	}
	return s.closeIfDone(ctx, st, a)
}

// ratingsAfter returns the ratings of p's players after its end e, by
// user id, when arena a is rated, e has a result and Config.Ratings is
// set (as lila's TournamentApi.updatePlayerAfterGame reads them); a
// rating that cannot be read is left out, and its entry keeps the one it
// had. It reads before the arena's lock is taken.
func (s *Service) ratingsAfter(ctx context.Context, a Arena, p Pairing, e End) map[string]int {
	if !a.Rated || s.cfg.Ratings == nil {
		return nil
	}
	if _, counts := OutcomeFor(e.Result, game.White); !counts {
		return nil
	}
	tc, err := a.TimeControl()
	if err != nil {
		return nil
	}
	out := make(map[string]int, 2)
	for _, id := range []string{p.White, p.Black} {
		r, err := s.cfg.Ratings.Rating(ctx, id, tc)
		if err != nil {
			s.cfg.Log.Warn("arena: reading a player's rating", "arena", a.ID, "user", id, "err", err)
			continue
		}
		out[id] = r
	}
	return out
}

// endLocked records p's end e, writing to st (the store of the tenure the
// caller acts under). The players' entries take their ratings from fresh
// (by user id; nil for none) after the game is scored, the opponent's
// rating on each sheet being the one the entry had before. A game with a result scores it; one lost
// by a player who did not make their first move in time (game.NoStart: the
// service's games are made with game.Config.NoStartLoses) scores as a win
// for the opponent, as on lichess, and pauses that player, as lichess
// withdraws them. A game without a result (aborted) scores nothing; when
// absent is set and the game was aborted at least the first move's window
// (game.FirstMoveWindow) after the pairing, so by the first-move deadline
// of a game made without that option and not by a player, the player who
// did not make their first move is paused too.
func (s *Service) endLocked(ctx context.Context, st Store, a Arena, p Pairing, e End, absent bool, fresh map[string]int) error {
	m, err := s.cached(ctx, a.ID)
	if err != nil {
		return err
	}
	w, okw := m[p.White]
	b, okb := m[p.Black]
	if !okw || !okb {
		return fmt.Errorf("arena: game %s: a player has no entry in arena %s", p.GameID, a.ID)
	}
	p.Ended, p.Result, p.Plies = true, e.Result, e.Plies
	if ow, counts := OutcomeFor(e.Result, game.White); counts {
		ob, _ := OutcomeFor(e.Result, game.Black)
		w.Sheet = w.Sheet.Add(Result{Outcome: ow, Plies: e.Plies, Berserk: p.WhiteBerserk, Opponent: b.UserID,
			OpponentRating: b.Rating, GameID: p.GameID, Colour: WithWhite}, a.Streaks)
		b.Sheet = b.Sheet.Add(Result{Outcome: ob, Plies: e.Plies, Berserk: p.BlackBerserk, Opponent: w.UserID,
			OpponentRating: w.Rating, GameID: p.GameID, Colour: WithBlack}, a.Streaks)
		if e.Termination == game.NoStart {
			w.Paused = w.Paused || ow == Loss
			b.Paused = b.Paused || ob == Loss
		}
	} else if tc, err := a.TimeControl(); absent && err == nil && !e.At.Before(p.StartedAt.Add(game.FirstMoveWindow(tc))) {
		switch e.Plies {
		case 0:
			w.Paused = true
		case 1:
			b.Paused = true
		}
	}
	for _, x := range []*Entry{&w, &b} {
		if x.GameID == p.GameID {
			x.GameID = ""
		}
		if r, ok := fresh[x.UserID]; ok {
			x.Rating = r
		}
	}
	err = st.EndArenaPairing(ctx, p, []Entry{w, b})
	if CodeOf(err) == CodeGameEnded {
		s.kept(a.ID, err) // another wrote it: read the entries again
		return nil
	}
	s.kept(a.ID, err, w, b)
	if err == nil {
		s.publish(ctx, a.ID)
	}
	return err
}
