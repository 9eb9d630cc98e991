package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
)

// Clubs (migration 0012): a club's row under its slug, which the primary
// key keeps unique (two clubs of one name at once: the second fails with
// club.name_taken), and each user's place in it. Every change is one
// transaction that first moves the club's version from the one read.

var _ club.Store = (*Store)(nil)

const clubCols = `c.id, c.name, c.description, c.policy, c.owner_id, c.members, c.created_at, c.version`

func clubDest(c *club.Club) []any {
	return []any{&c.ID, &c.Name, &c.Description, &c.Policy, &c.OwnerID, &c.Members, &c.CreatedAt, &c.Version}
}

func scanClub(row Row) (c club.Club, err error) { return c, row.Scan(clubDest(&c)...) }

const memberCols = `m.club_id, m.user_id, m.name, m.role, m.since`

func scanMember(row Row) (m club.Membership, err error) {
	return m, row.Scan(&m.ClubID, &m.UserID, &m.Name, &m.Role, &m.Since)
}

// ClubMemberRoles is the SQL list of a member's ranks (not the pending).
const ClubMemberRoles = `('owner', 'admin', 'member')`

// roleOrder orders places: owner, admins, members, requests, invitations.
const roleOrder = `CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'member' THEN 2 WHEN 'requested' THEN 3 ELSE 4 END`

// CreateClub stores a new club with its owner; see club.Store.
func (s *Store) CreateClub(ctx context.Context, c club.Club, owner club.Membership) error {
	op := fmt.Sprintf("create club %q", c.ID)
	if c.ID == "" || owner.UserID == "" || owner.Role != club.Owner || c.OwnerID != owner.UserID {
		return s.fail(op, errors.New("a club needs an id and its owner's place"))
	}
	return s.write(ctx, op, func(q Querier) error {
		n, err := q.Exec(`INSERT INTO clubs (id, name, description, policy, owner_id, members, created_at, version)
			VALUES ($1, $2, $3, $4, $5, 1, $6, 1) ON CONFLICT (id) DO NOTHING`,
			c.ID, c.Name, c.Description, string(c.Policy), c.OwnerID, c.CreatedAt)
		if err != nil {
			return err
		}
		if n == 0 {
			return club.NameTakenError(c.Name)
		}
		return putMember(q, c.ID, owner)
	})
}

func putMember(q Querier, clubID string, m club.Membership) error {
	_, err := q.Exec(`INSERT INTO club_members (club_id, user_id, name, role, since) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (club_id, user_id) DO UPDATE SET name = excluded.name, role = excluded.role, since = excluded.since`,
		clubID, m.UserID, m.Name, string(m.Role), m.Since)
	return err
}

// Club returns club id; see club.Store.
func (s *Store) Club(ctx context.Context, id string) (club.Club, error) {
	return readRow(s, ctx, fmt.Sprintf("club %q", id), club.NotFoundError(id), scanClub,
		"SELECT "+clubCols+" FROM clubs c WHERE c.id = $1", id)
}

// Clubs returns the clubs whose id holds key; see club.Store.
func (s *Store) Clubs(ctx context.Context, key string, limit int) ([]club.Club, error) {
	var out []club.Club
	err := s.readOne(ctx, "clubs", func(q Querier) error {
		rows, err := q.Query("SELECT "+clubCols+" FROM clubs c WHERE c.id LIKE $1 ESCAPE '!' ORDER BY c.members DESC, c.id LIMIT $2",
			"%"+likeLiteral(key)+"%", limit)
		out, err = collect(rows, err, scanClub)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// likeLiteral escapes the characters LIKE reads as patterns (with the
// escape character '!').
func likeLiteral(key string) string {
	return strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(key)
}

// ClubsOf returns the clubs in which userID has a place; see club.Store.
func (s *Store) ClubsOf(ctx context.Context, userID string) ([]club.Mine, error) {
	var out []club.Mine
	err := s.readOne(ctx, fmt.Sprintf("clubs of %q", userID), func(q Querier) error {
		rows, err := q.Query("SELECT "+clubCols+", m.role FROM club_members m JOIN clubs c ON c.id = m.club_id WHERE m.user_id = $1 ORDER BY c.id", userID)
		out, err = collect(rows, err, func(r Row) (club.Mine, error) {
			var mine club.Mine
			err := r.Scan(append(clubDest(&mine.Club), &mine.Role)...)
			return mine, err
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Membership returns userID's place in club id; see club.Store.
func (s *Store) Membership(ctx context.Context, id, userID string) (club.Membership, error) {
	m, err := readRow(s, ctx, fmt.Sprintf("place of %q in club %q", userID, id), sql.ErrNoRows, scanMember,
		"SELECT "+memberCols+" FROM club_members m WHERE m.club_id = $1 AND m.user_id = $2", id, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return club.Membership{ClubID: id, UserID: userID, Role: club.None}, nil
	}
	return m, err
}

// Members returns every place of club id; see club.Store.
func (s *Store) Members(ctx context.Context, id string) ([]club.Membership, error) {
	var out []club.Membership
	err := s.readOne(ctx, fmt.Sprintf("members of club %q", id), func(q Querier) error {
		rows, err := q.Query("SELECT "+memberCols+" FROM club_members m WHERE m.club_id = $1 ORDER BY "+roleOrder+", m.since, m.user_id", id)
		out, err = collect(rows, err, scanMember)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Apply makes one change of a club if its version is the one read; see
// club.Store.
func (s *Store) Apply(ctx context.Context, ch club.Change) (club.Club, error) {
	c := ch.Club
	var out club.Club
	err := s.write(ctx, fmt.Sprintf("change club %q", c.ID), func(q Querier) error {
		n, err := q.Exec(`UPDATE clubs SET owner_id = $3, description = $4, policy = $5, version = version + 1
			WHERE id = $1 AND version = $2`, c.ID, c.Version, c.OwnerID, c.Description, string(c.Policy))
		if err != nil {
			return err
		}
		if n == 0 {
			var v int64
			err := q.QueryRow("SELECT version FROM clubs WHERE id = $1", c.ID).Scan(&v)
			if errors.Is(err, sql.ErrNoRows) {
				return club.NotFoundError(c.ID)
			} else if err != nil {
				return err
			}
			return club.ConflictError(c.ID)
		}
		if ch.Delete {
			if _, err := q.Exec("DELETE FROM club_members WHERE club_id = $1", c.ID); err != nil {
				return err
			}
			_, err := q.Exec("DELETE FROM clubs WHERE id = $1", c.ID)
			return err
		}
		for _, m := range ch.Put {
			if err := putMember(q, c.ID, m); err != nil {
				return err
			}
		}
		for _, u := range ch.Remove {
			if _, err := q.Exec("DELETE FROM club_members WHERE club_id = $1 AND user_id = $2", c.ID, u); err != nil {
				return err
			}
		}
		out, err = scanClub(q.QueryRow(`UPDATE clubs SET members = (SELECT COUNT(*) FROM club_members m
			WHERE m.club_id = $1 AND m.role IN `+ClubMemberRoles+`) WHERE id = $1 RETURNING `+
			strings.ReplaceAll(clubCols, "c.", ""), c.ID))
		return err
	})
	if err != nil {
		return club.Club{}, err
	}
	return out, nil
}

// ClubGames returns the newest finished games of club id's members; see
// club.Store. The query is the dialect's (Dialect.ClubGames).
func (s *Store) ClubGames(ctx context.Context, id string, limit int) ([]game.Summary, error) {
	return s.summaries(ctx, fmt.Sprintf("games of club %q", id), s.d.ClubGames, id, game.ClampListLimit(limit))
}
