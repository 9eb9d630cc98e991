package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/joinpal/joinpal/chat"
)

// The chat: every line of every room and the mutes (migration 0016), and
// the lines people reported (migration 0010, one report of a line by each
// person since 0019), for the moderators.

var _ chat.Store = (*Store)(nil)

// AddLines stores lines, each as its room's next, in one write; see
// chat.Store. Each room's row in chat_rooms is moved on by its number of
// lines first, rooms in key order: in PostgreSQL the row's lock holds
// back another node's lines of the room until this write commits, so ids
// are given in commit order, and two writes lock their rooms in one
// order (no deadlock); SQLite writes one at a time.
func (s *Store) AddLines(ctx context.Context, lines []chat.Line, keep int) ([]int64, error) {
	byRoom := map[chat.Room][]int{} // the lines of each room, in order
	for i, l := range lines {
		byRoom[l.Room] = append(byRoom[l.Room], i)
	}
	rooms := slices.Sorted(maps.Keys(byRoom))
	ids := make([]int64, len(lines))
	err := s.write(ctx, fmt.Sprintf("add %d chat lines", len(lines)), func(q Querier) error {
		for _, r := range rooms {
			idx := byRoom[r]
			var last int64
			if err := q.QueryRow(`INSERT INTO chat_rooms (room, last_id) VALUES ($1, $2)
				ON CONFLICT (room) DO UPDATE SET last_id = chat_rooms.last_id + $2 RETURNING last_id`,
				string(r), int64(len(idx))).Scan(&last); err != nil {
				return err
			}
			for k, i := range idx {
				l := lines[i]
				ids[i] = last - int64(len(idx)-1-k)
				if _, err := q.Exec(`INSERT INTO chat_lines (room, id, author_id, author_name, author_guest, text, said_at)
					VALUES (`+Params(1, 7)+`)`,
					string(r), ids[i], l.Author.ID, l.Author.Name, l.Author.Guest, l.Text, l.At); err != nil {
					return err
				}
			}
			if keep > 0 && last > int64(keep) {
				if _, err := q.Exec(`DELETE FROM chat_lines WHERE room = $1 AND id <= $2`, string(r), last-int64(keep)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// LoadRoom returns a room's last lines and its mutes; see chat.Store.
func (s *Store) LoadRoom(ctx context.Context, r chat.Room, last int) ([]chat.Line, []chat.Mute, error) {
	var (
		lines []chat.Line
		mutes []chat.Mute
	)
	err := s.read(ctx, "load chat room "+string(r), func(q Querier) error {
		rows, err := q.Query(`SELECT id, author_id, author_name, author_guest, text, said_at FROM chat_lines
			WHERE room = $1 ORDER BY id DESC LIMIT $2`, string(r), last)
		lines, err = collect(rows, err, func(row Row) (chat.Line, error) {
			l := chat.Line{Room: r}
			err := row.Scan(&l.ID, &l.Author.ID, &l.Author.Name, &l.Author.Guest, &l.Text, &l.At)
			return l, err
		})
		if err != nil {
			return err
		}
		slices.Reverse(lines)
		rows, err = q.Query(`SELECT muter_id, muted_id, muted_at FROM chat_mutes WHERE room = $1
			ORDER BY muter_id, muted_id`, string(r))
		mutes, err = collect(rows, err, func(row Row) (chat.Mute, error) {
			m := chat.Mute{Room: r}
			err := row.Scan(&m.Muter, &m.Muted, &m.At)
			return m, err
		})
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return lines, mutes, nil
}

// SetMute stores or deletes a mute; see chat.Store. A mute stored again
// keeps its first time.
func (s *Store) SetMute(ctx context.Context, m chat.Mute, on bool) error {
	if !on {
		return s.changeOne(ctx, "delete chat mute in "+string(m.Room), nil,
			`DELETE FROM chat_mutes WHERE room = $1 AND muter_id = $2 AND muted_id = $3`,
			string(m.Room), m.Muter, m.Muted)
	}
	return s.changeOne(ctx, "add chat mute in "+string(m.Room), nil,
		`INSERT INTO chat_mutes (room, muter_id, muted_id, muted_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (room, muter_id, muted_id) DO NOTHING`,
		string(m.Room), m.Muter, m.Muted, m.At)
}

// LoadLine returns one stored line of a room; see chat.Store.
func (s *Store) LoadLine(ctx context.Context, r chat.Room, id int64) (chat.Line, bool, error) {
	l := chat.Line{Room: r}
	err := s.readOne(ctx, fmt.Sprintf("load chat line %d of %s", id, r), func(q Querier) error {
		return q.QueryRow(`SELECT id, author_id, author_name, author_guest, text, said_at FROM chat_lines
			WHERE room = $1 AND id = $2`, string(r), id).Scan(&l.ID, &l.Author.ID, &l.Author.Name, &l.Author.Guest, &l.Text, &l.At)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return chat.Line{}, false, nil
	}
	if err != nil {
		return chat.Line{}, false, err
	}
	return l, true, nil
}

// reportColumns are chat_reports' columns in the order scanReport reads
// them.
const reportColumns = `id, room, line_id, author_id, author_name, author_guest, text, said_at, reporter_id, reported_at`

// scanReport reads a row of reportColumns.
func scanReport(row Row) (chat.Report, error) {
	var (
		r    chat.Report
		room string
	)
	err := row.Scan(&r.ID, &room, &r.LineID, &r.Author.ID, &r.Author.Name, &r.Author.Guest,
		&r.Text, &r.SaidAt, &r.ReporterID, &r.ReportedAt)
	r.Room = chat.Room(room)
	return r, err
}

// AddReport stores a reported line once per reporter and returns the
// report stored; see chat.Store. The unique index chat_reports_once
// (migration 0019) holds one report of a stored line (line_id > 0) by
// each person: a second is not inserted, and the first is read back in
// the same write (on PostgreSQL a write runs in READ COMMITTED, so it
// reads a first report that another node committed meanwhile, which the
// insert waited for).
func (s *Store) AddReport(ctx context.Context, r chat.Report) (chat.Report, error) {
	if r.LineID <= 0 {
		return chat.Report{}, fmt.Errorf("%s: add chat report %s: line id %d is not a stored line's", s.d.Name, r.ID, r.LineID)
	}
	var out chat.Report
	err := s.write(ctx, "add chat report "+r.ID, func(q Querier) error {
		if _, err := q.Exec(`INSERT INTO chat_reports (`+reportColumns+`) VALUES (`+Params(1, 10)+`)
			ON CONFLICT (room, line_id, reporter_id) WHERE line_id > 0 DO NOTHING`,
			r.ID, string(r.Room), r.LineID, r.Author.ID, r.Author.Name, r.Author.Guest,
			r.Text, r.SaidAt, r.ReporterID, r.ReportedAt); err != nil {
			return err
		}
		var err error
		out, err = scanReport(q.QueryRow(`SELECT `+reportColumns+` FROM chat_reports
			WHERE room = $1 AND line_id = $2 AND reporter_id = $3`, string(r.Room), r.LineID, r.ReporterID))
		return err
	})
	if err != nil {
		return chat.Report{}, err
	}
	return out, nil
}

// Reports returns the newest reports first; see chat.Store.
func (s *Store) Reports(ctx context.Context, limit int) ([]chat.Report, error) {
	var out []chat.Report
	err := s.readOne(ctx, "chat reports", func(q Querier) error {
		rows, err := q.Query(`SELECT `+reportColumns+` FROM chat_reports
			ORDER BY reported_at DESC, id LIMIT $1`, limit)
		out, err = collect(rows, err, scanReport)
		return err
	})
	return out, err
}
