package loadtest

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/live"
)

// driver plays the games of one slot of the move phase: random legal moves
// for both sides, one game after another.
type driver struct {
	p    *movePhase
	slot int
	rng  *rand.Rand

	id   string         // the game being played
	gen  int            // how many games the slot started before it
	hist *chess.History // its moves, as acknowledged
	live bool           // whether it is still running

	lat      []time.Duration // every acknowledged move's latency
	games    []GameMoves     // every game of the slot, with its moves
	finished int             // games that ended
}

func (p *movePhase) newDriver(slot int, id string) *driver {
	d := &driver{p: p, slot: slot, rng: rand.New(rand.NewPCG(p.cfg.Seed, uint64(slot)))}
	d.begin(id)
	return d
}

// begin starts following game id, just created.
func (d *driver) begin(id string) {
	d.id, d.hist, d.live = id, chess.NewHistory(chess.StartingPosition()), true
	d.games = append(d.games, GameMoves{ID: id})
}

// run plays until the phase stops.
func (d *driver) run(ctx context.Context) {
	p := d.p
	if p.cfg.Think > 0 && !d.wait(time.Duration(d.rng.Int64N(int64(p.cfg.Think)))) {
		return // spread the first moves over one think time
	}
	for !p.stopped() {
		if p.cfg.MaxMoves > 0 && p.claimed.Add(1) > p.cfg.MaxMoves {
			p.halt() // wake the games that are thinking
			return
		}
		if !d.live && !d.next(ctx) {
			return
		}
		pos := d.hist.Position()
		var list chess.MoveList
		pos.GenerateLegal(&list)
		m := list.Moves[d.rng.IntN(list.N)]
		player := d.id + "-w"
		if pos.Turn() == chess.Black {
			player = d.id + "-b"
		}
		ply := d.hist.Len()
		start := time.Now()
		_, err := p.rt.Move(ctx, d.id, player, live.MoveRequest{UCI: pos.UCI(m), Ply: ply, ID: int64(ply + 1)})
		took := time.Since(start)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			p.failed(err)
			d.live = false // in an unknown state: play another game
			continue
		}
		d.lat = append(d.lat, took)
		d.games[len(d.games)-1].Moves++
		if err := d.hist.Play(m); err != nil {
			p.failed(err)
			d.live = false
			continue
		}
		if d.hist.Outcome(chess.AutomaticDraws).Over() {
			d.live = false
			d.finished++
		}
		if p.cfg.Think > 0 && !d.wait(p.cfg.Think) {
			return
		}
	}
}

// next starts the slot's next game, and reports whether it could.
func (d *driver) next(ctx context.Context) bool {
	d.gen++
	id := gameID(d.p.tag, "m", d.slot, d.gen)
	if err := d.p.create(ctx, id); err != nil {
		if ctx.Err() == nil {
			d.p.failed(err)
		}
		return false
	}
	d.begin(id)
	return true
}

// wait sleeps for t, or less if the phase stops; it reports whether play
// goes on.
func (d *driver) wait(t time.Duration) bool {
	timer := time.NewTimer(t)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-d.p.stop:
		return false
	}
}
