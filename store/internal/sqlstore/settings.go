package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/account"
)

// Settings (migration 0010): one row of user_settings per user who saved
// them; the language stays in users.lang.

// Settings returns the settings of user id; see account.Store.
func (s *Store) Settings(ctx context.Context, id string) (account.Settings, error) {
	out := account.DefaultSettings()
	err := s.read(ctx, fmt.Sprintf("settings of user %q", id), func(q Querier) error {
		err := q.QueryRow("SELECT lang FROM users WHERE id = $1", id).Scan(&out.Lang)
		if errors.Is(err, sql.ErrNoRows) {
			return account.NotFoundError(id)
		}
		if err != nil {
			return err
		}
		err = q.QueryRow(`SELECT board, pieces, auto_queen, confirm_move, confirm_resign, sound,
			volume, zen, takebacks FROM user_settings WHERE user_id = $1`, id).
			Scan(&out.Board, &out.Pieces, &out.AutoQueen, &out.ConfirmMove, &out.ConfirmResign,
				&out.Sound, &out.Volume, &out.Zen, &out.Takebacks)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return account.Settings{}, err
	}
	return out, nil
}

// SetSettings replaces the settings of user id, its language included, in
// one write; see account.Store.
func (s *Store) SetSettings(ctx context.Context, id string, set account.Settings) error {
	op := fmt.Sprintf("set settings of user %q", id)
	if err := set.Validate(); err != nil {
		return s.fail(op, err)
	}
	return s.write(ctx, op, func(q Querier) error {
		n, err := q.Exec("UPDATE users SET lang = $1 WHERE id = $2", set.Lang, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return account.NotFoundError(id)
		}
		_, err = q.Exec(`INSERT INTO user_settings (user_id, board, pieces, auto_queen, confirm_move,
			confirm_resign, sound, volume, zen, takebacks) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
			ON CONFLICT (user_id) DO UPDATE SET board = excluded.board, pieces = excluded.pieces,
			auto_queen = excluded.auto_queen, confirm_move = excluded.confirm_move,
			confirm_resign = excluded.confirm_resign, sound = excluded.sound, volume = excluded.volume,
			zen = excluded.zen, takebacks = excluded.takebacks`,
			id, set.Board, set.Pieces, string(set.AutoQueen), set.ConfirmMove, set.ConfirmResign,
			set.Sound, set.Volume, set.Zen, string(set.Takebacks))
		return err
	})
}
