package sqlstore

import (
	"context"

	"github.com/joinpal/joinpal/chat"
)

// The chat lines people reported (migration 0010), for the moderators.

var _ chat.Store = (*Store)(nil)

// AddReport stores a reported line; see chat.Store.
func (s *Store) AddReport(ctx context.Context, r chat.Report) error {
	return s.write(ctx, "add chat report "+r.ID, func(q Querier) error {
		_, err := q.Exec(`INSERT INTO chat_reports (id, room, line_id, author_id, author_name, author_guest,
			text, said_at, reporter_id, reported_at) VALUES (`+Params(1, 10)+`)`,
			r.ID, string(r.Room), r.LineID, r.Author.ID, r.Author.Name, r.Author.Guest,
			r.Text, r.SaidAt, r.ReporterID, r.ReportedAt)
		return err
	})
}

// Reports returns the newest reports first; see chat.Store.
func (s *Store) Reports(ctx context.Context, limit int) ([]chat.Report, error) {
	var out []chat.Report
	err := s.readOne(ctx, "chat reports", func(q Querier) error {
		rows, err := q.Query(`SELECT id, room, line_id, author_id, author_name, author_guest, text, said_at,
			reporter_id, reported_at FROM chat_reports ORDER BY reported_at DESC, id LIMIT $1`, limit)
		out, err = collect(rows, err, func(row Row) (chat.Report, error) {
			var (
				r    chat.Report
				room string
			)
			err := row.Scan(&r.ID, &room, &r.LineID, &r.Author.ID, &r.Author.Name, &r.Author.Guest,
				&r.Text, &r.SaidAt, &r.ReporterID, &r.ReportedAt)
			r.Room = chat.Room(room)
			return r, err
		})
		return err
	})
	return out, err
}
