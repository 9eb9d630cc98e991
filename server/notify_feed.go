package server

import (
	"context"
	"sync"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/schedule"
)

// notice is one event a user's notification socket may tell: a scheduled
// game's, a live round's new game, or an arena's event (its pairings).
type notice struct {
	schedule *schedule.Event
	round    *league.Paired
	arena    *arena.Event
}

// PairedTournaments is where the notifications hear of the live rounds'
// new games (league.Service has it); a Tournaments without it tells none.
type PairedTournaments interface {
	SubscribePaired() (<-chan league.Paired, func())
}

// noticeFeed merges the sources of the notification socket: the
// schedule's events, the live rounds' new games and the arenas' events,
// those of them the server has.
type noticeFeed struct{ s *Server }

// Subscribe returns the notices from now on and the function that ends
// the subscription. When a source drops it (it fell behind), the channel
// is closed, and a new subscription starts over.
func (f noticeFeed) Subscribe() (<-chan notice, func()) {
	out := make(chan notice, 16)
	stop := make(chan struct{})
	var once sync.Once
	end := func() { once.Do(func() { close(stop) }) }
	var wg sync.WaitGroup
	var cancels []func()
	start := func(cancel func(), pump func()) {
		cancels = append(cancels, cancel)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer end() // a source that closed ends them all
			pump()
		}()
	}
	if sch := f.s.cfg.Schedule; sch != nil {
		ch, cancel := sch.Events().Subscribe()
		start(cancel, func() { pump(ch, stop, out, func(e schedule.Event) notice { return notice{schedule: &e} }) })
	}
	if ts, ok := f.s.cfg.Tournaments.(PairedTournaments); ok {
		ch, cancel := ts.SubscribePaired()
		start(cancel, func() { pump(ch, stop, out, func(p league.Paired) notice { return notice{round: &p} }) })
	}
	if as := f.s.cfg.Arenas; as != nil {
		ch, cancel := as.Events().Subscribe()
		start(cancel, func() {
			pump(ch, stop, out, func(e arena.Event) notice { return notice{arena: &e} })
		})
	}
	go func() {
		<-stop
		wg.Wait()
		for _, cancel := range cancels {
			cancel()
		}
		close(out)
	}()
	return out, end
}

// pump sends the events of ch to out as notices until ch closes or stop
// is closed.
func pump[E any](ch <-chan E, stop <-chan struct{}, out chan<- notice, wrap func(E) notice) {
	for {
		select {
		case e, ok := <-ch:
			if !ok {
				return
			}
			select {
			case out <- wrap(e):
			case <-stop:
				return
			}
		case <-stop:
			return
		}
	}
}

// newGameOf returns the id of the game n pairs for userID: a live
// round's or an arena's; "" for any other notice.
func (n notice) newGameOf(userID string) string {
	switch {
	case n.round != nil && n.round.Concerns(userID):
		return n.round.GameID
	case n.arena != nil:
		for _, p := range n.arena.Paired {
			if p.White == userID || p.Black == userID {
				return p.GameID
			}
		}
	}
	return ""
}

// newGameJSON is a "newGame" frame's data: a game a tournament's live
// round or an arena paired for the user.
type newGameJSON struct {
	// Kind is "round" (a live round of a tournament) or "arena".
	Kind   string `json:"kind"`
	GameID string `json:"gameId"`
	// ID and Name are the tournament's or the arena's.
	ID   string `json:"id"`
	Name string `json:"name"`
	// Round is the tournament's round.
	Round    int       `json:"round,omitempty"`
	Opponent string    `json:"opponent"`
	StartAt  time.Time `json:"startAt,omitzero"`
}

// noticeFrame returns the frame of n for userID, and whether n concerns
// them at all.
func (s *Server) noticeFrame(ctx context.Context, n notice, userID string) (outFrame, bool) {
	switch {
	case n.schedule != nil:
		return outFrame{T: frameSchedule, D: scheduleEventJSON(*n.schedule)}, n.schedule.Concerns(userID)
	case n.round != nil:
		p := n.round
		return outFrame{T: frameNewGame, D: newGameJSON{Kind: "round", GameID: p.GameID, ID: p.TournamentID, Name: p.Tournament,
			Round: p.Round, Opponent: p.Opponent(userID), StartAt: p.StartAt}}, p.Concerns(userID)
	case n.arena != nil:
		for _, p := range n.arena.Paired {
			opponent := p.White
			switch userID {
			case p.White:
				opponent = p.Black
			case p.Black:
			default:
				continue
			}
			d := newGameJSON{Kind: "arena", GameID: p.GameID, ID: n.arena.ArenaID, Opponent: opponent}
			if a, err := s.cfg.Arenas.Get(ctx, n.arena.ArenaID); err == nil {
				d.Name = a.Name
			}
			if e, ok, err := s.cfg.Arenas.Entry(ctx, n.arena.ArenaID, opponent); err == nil && ok {
				d.Opponent = e.Name
			}
			return outFrame{T: frameNewGame, D: d}, true
		}
	}
	return outFrame{}, false
}
