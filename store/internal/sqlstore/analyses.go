package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/analysis"
)

// SaveAnalysis stores a game's computer analysis, replacing any earlier
// one (analysis.Store). The report is kept as JSON: it is read and written
// whole.
func (s *Store) SaveAnalysis(ctx context.Context, gameID string, r analysis.Report) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("%s: save analysis: %w", s.d.Name, err)
	}
	return s.write(ctx, "save analysis", func(q Querier) error {
		_, err := q.Exec(`INSERT INTO analyses (game_id, report) VALUES ($1, $2)
			ON CONFLICT (game_id) DO UPDATE SET report = excluded.report`, gameID, string(data))
		return err
	})
}

// Analysis returns a game's stored analysis; ok is false when there is
// none (analysis.Store).
func (s *Store) Analysis(ctx context.Context, gameID string) (r analysis.Report, ok bool, err error) {
	var data string
	err = s.readOne(ctx, "analysis", func(q Querier) error {
		return q.QueryRow(`SELECT report FROM analyses WHERE game_id = $1`, gameID).Scan(&data)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return analysis.Report{}, false, nil
	}
	if err != nil {
		return analysis.Report{}, false, err
	}
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		return analysis.Report{}, false, fmt.Errorf("%s: analysis of %s: %w", s.d.Name, gameID, err)
	}
	return r, true, nil
}
