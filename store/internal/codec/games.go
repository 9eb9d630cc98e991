package codec

import "github.com/joinpal/joinpal/game"

// Games assembles game records read as both stores read them: first the
// games' rows, then their moves' rows in game and ply order (LoadGame for
// one game, ActiveGames for many).
type Games struct {
	recs    []game.Record
	counted []int64
	index   map[string]int
}

// AddGame adds a game read from its row, with the number of moves its row
// counts (next_ply).
func (gs *Games) AddGame(rec game.Record, counted int64) {
	if gs.index == nil {
		gs.index = make(map[string]int)
	}
	gs.index[rec.ID] = len(gs.recs)
	if rec.Moves == nil {
		rec.Moves = []game.MoveRecord{}
	}
	gs.recs = append(gs.recs, rec)
	gs.counted = append(gs.counted, counted)
}

// AddMove adds a move of game id, after the moves added before; a move of
// a game not added is ignored.
func (gs *Games) AddMove(id string, mv game.MoveRecord) {
	if i, ok := gs.index[id]; ok {
		gs.recs[i].Moves = append(gs.recs[i].Moves, mv)
	}
}

// Len returns the number of games added.
func (gs *Games) Len() int { return len(gs.recs) }

// Records returns the games in the order they were added, once every one
// has been checked to hold the moves its row counts, numbered 0, 1, 2 …
// (CheckMoves); a game that does not fails with game.CodeBadRecord.
func (gs *Games) Records() ([]game.Record, error) {
	for i := range gs.recs {
		if err := CheckMoves(&gs.recs[i], gs.counted[i]); err != nil {
			return nil, err
		}
	}
	return gs.recs, nil
}
