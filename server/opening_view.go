package server

import (
	"context"
	"sync"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/opening"
)

// openingJSON is a game's opening: its ECO code, its English name (the
// name the PGN's Opening tag and lichess's API give) and its name in each
// interface language, for a page to show in its own.
type openingJSON struct {
	ECO   string            `json:"eco"`
	Name  string            `json:"name"`
	Names map[string]string `json:"names"`
}

func viewOpening(o opening.Opening) *openingJSON {
	return &openingJSON{ECO: o.ECO, Name: o.Name, Names: map[string]string{
		opening.Spanish: o.In(opening.Spanish), opening.English: o.In(opening.English),
	}}
}

// openingOfMoves names the opening of moves played from startFEN (the
// standard position when empty); nil when no position is named.
func openingOfMoves(startFEN string, moves []game.MoveRecord) *openingJSON {
	uci := make([]string, len(moves))
	for i, m := range moves {
		uci[i] = m.UCI
	}
	if o, ok := opening.FromUCI(startFEN, uci); ok {
		return viewOpening(o)
	}
	return nil
}

// openingOfFEN names the position fen itself, for a move frame: a client
// that follows a game keeps the last opening named.
func openingOfFEN(fen string) *openingJSON {
	if o, ok := opening.ByFEN(fen); ok {
		return viewOpening(o)
	}
	return nil
}

// maxOpeningCache bounds how many finished games' openings are kept; the
// cache is emptied when it is full.
const maxOpeningCache = 4096

// openingCache keeps the openings of finished games, which never change,
// so that a list names its games without reading each one's moves again.
type openingCache struct {
	mu   sync.Mutex
	byID map[string]*openingJSON
}

func (c *openingCache) get(id string) (*openingJSON, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	o, ok := c.byID[id]
	return o, ok
}

func (c *openingCache) put(id string, o *openingJSON) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byID == nil || len(c.byID) >= maxOpeningCache {
		c.byID = make(map[string]*openingJSON)
	}
	c.byID[id] = o
}

// nameOpenings fills in the opening of each listed game from its stored
// moves (a list holds no moves): finished games from the cache when it has
// them. A game that cannot be read is listed without one.
func (s *Server) nameOpenings(ctx context.Context, list []summaryJSON, games []game.Summary) {
	for i, g := range games {
		finished := g.Status == game.StatusEnded || g.Status == game.StatusAborted
		if finished {
			if o, ok := s.openings.get(g.ID); ok {
				list[i].Opening = o
				continue
			}
		}
		rec, err := s.loadGame(ctx, g.ID)
		if err != nil {
			continue
		}
		list[i].Opening = openingOfMoves(rec.StartFEN, rec.Moves)
		if finished {
			s.openings.put(g.ID, list[i].Opening)
		}
	}
}
