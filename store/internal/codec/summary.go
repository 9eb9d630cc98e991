package codec

import (
	"fmt"

	"github.com/joinpal/joinpal/game"
)

// SummarySelect selects the columns of a game.Summary (SummaryRow.Dest), the
// rating changes of each side joined; a store appends its WHERE and ORDER
// BY with its own placeholders.
const SummarySelect = `SELECT g.id, g.white_id, g.white_name, g.white_ai_level, g.black_id, g.black_name,
	g.black_ai_level, g.time_control, CASE WHEN g.rated THEN 1 ELSE 0 END, g.status, g.termination, g.result,
	g.next_ply, g.created_at, g.ended_at,
	w.speed, w.before_rating, w.after_rating, w.before_deviation, w.after_deviation,
	b.speed, b.before_rating, b.after_rating, b.before_deviation, b.after_deviation
	FROM games g
	LEFT JOIN rating_changes w ON w.game_id = g.id AND w.side = 0
	LEFT JOIN rating_changes b ON b.game_id = g.id AND b.side = 1 `

// FinishedWhere selects the games a player's history lists (alias g).
var FinishedWhere = fmt.Sprintf("g.status IN (%d, %d)", game.StatusAborted, game.StatusEnded)

// StartedWhere selects the games being played now (alias g).
var StartedWhere = fmt.Sprintf("g.status = %d", game.StatusStarted)

// SummaryRow is one row of SummarySelect as scanned.
type SummaryRow struct {
	s                game.Summary
	whiteAI, blackAI int64
	tc               string
	rated, plies     int64
	ids              IDs
	changes          [2]struct {
		speed                              *string
		before, after, beforeDev, afterDev *float64
	}
}

// Dest returns the scan destinations of SummarySelect's columns, the two
// times (created_at, ended_at) going to created and ended, which the store
// converts itself.
func (r *SummaryRow) Dest(created, ended any) []any {
	w, b := &r.changes[0], &r.changes[1]
	return []any{&r.s.ID, &r.s.White.ID, &r.s.White.Name, &r.whiteAI, &r.s.Black.ID, &r.s.Black.Name, &r.blackAI,
		&r.tc, &r.rated, &r.ids.Status, &r.ids.Termination, &r.ids.Result, &r.plies, created, ended,
		&w.speed, &w.before, &w.after, &w.beforeDev, &w.afterDev,
		&b.speed, &b.before, &b.after, &b.beforeDev, &b.afterDev}
}

// Summary returns the scanned game with its times; a row that cannot be
// decoded fails with game.CodeBadRecord.
func (r *SummaryRow) Summary() (game.Summary, error) {
	g := r.s
	var err error
	if g.TimeControl, err = game.ParseTimeControl(r.tc); err != nil {
		return g, BadRecord(g.ID, "bad time control", err)
	}
	var st game.State
	if err := r.ids.Decode(g.ID, &st); err != nil {
		return g, err
	}
	g.Status, g.Termination, g.Result = st.Status, st.Termination, st.Result
	g.White.AILevel, g.Black.AILevel = clampInt(r.whiteAI), clampInt(r.blackAI)
	g.Rated, g.Plies = r.rated != 0, clampInt(r.plies)
	for side, c := range r.changes {
		if c.speed != nil && c.before != nil && c.after != nil && c.beforeDev != nil && c.afterDev != nil {
			g.Ratings[side] = &game.RatingChange{Speed: *c.speed, Before: *c.before, After: *c.after,
				BeforeDeviation: *c.beforeDev, AfterDeviation: *c.afterDev}
		}
	}
	return g, nil
}
