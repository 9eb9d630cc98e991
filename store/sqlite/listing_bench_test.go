package sqlite

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// The game lists (history.go) on a server-sized database: 200,000 finished
// and 20,000 started games among 5,000 players, a few of whom play far more
// than the others. BenchmarkListing runs each list's query as it stands
// beside the query it replaced (legacy*), after checking that both return
// the same games, and logs the plans of both (go test -v).

// listingSet is the size of a synthetic database.
type listingSet struct{ players, finished, started int }

var (
	benchSet = listingSet{players: 5000, finished: 200_000, started: 20_000}
	testSet  = listingSet{players: 50, finished: 3000, started: 300}
)

const listingLimit = 20

// The queries before migrations/0006_lists.sql. SQLite, without ANALYZE's
// statistics, read both through games_status and sorted what it found:
// every finished game of the server for one player's history (one OR over
// both sides), every started game for the newest 20.
var (
	legacyPlayerGames = codec.SummarySelect + "WHERE (g.white_id = ? OR g.black_id = ?) AND " + codec.FinishedWhere +
		" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT ? OFFSET ?"
	// The same text as now: migration 0006 changed the index. INDEXED BY
	// holds SQLite to the plan it chose before.
	legacyPlayingNow = strings.Replace(codec.SummarySelect, "FROM games g", "FROM games g INDEXED BY games_status", 1) +
		"WHERE " + codec.StartedWhere +
		" ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT ?"
)

// listingPlayer returns the id of player i; low numbers play the most.
func listingPlayer(i int) string { return fmt.Sprintf("u%04d", i) }

// skewedPlayer picks one of n players, player 0 about 1/sqrt(n) of the
// time (1.4% of 5,000) and the median one about 0.7/n.
func skewedPlayer(r *rand.Rand, n int) int {
	f := r.Float64()
	return min(int(f*f*float64(n)), n-1)
}

// fillListing writes the synthetic games straight into the tables the
// store's writes fill, in one transaction.
func fillListing(tb testing.TB, s *Store, set listingSet) {
	tb.Helper()
	ctx := context.Background()
	tx, err := s.wconn.BeginTx(ctx, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer tx.Rollback()
	ins, err := tx.PrepareContext(ctx, `INSERT INTO games (id, white_id, white_name, black_id, black_name,
		black_ai_level, time_control, created_at, status, termination, result, ended_at, rated, next_ply)
		VALUES (?, ?, ?, ?, ?, ?, '5+3', ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		tb.Fatal(err)
	}
	rc, err := tx.PrepareContext(ctx, `INSERT INTO rating_changes (game_id, side, user_id, speed,
		before_rating, before_deviation, before_volatility, after_rating, after_deviation, after_volatility)
		VALUES (?, ?, ?, 'blitz', 1500, 80, 0.06, ?, 78, 0.06)`)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	const start = int64(1_700_000_000_000_000) // µs
	at := start
	for i := range set.finished + set.started {
		id := fmt.Sprintf("g%07d", i)
		white := skewedPlayer(r, set.players)
		black := skewedPlayer(r, set.players)
		for black == white {
			black = r.IntN(set.players)
		}
		w, b := listingPlayer(white), listingPlayer(black)
		bName, bAI := b, 0
		if r.IntN(20) == 0 { // against the computer
			b, bName, bAI = "", "Stockfish", 1+r.IntN(8)
		}
		at += int64(r.IntN(10_000_000)) // up to 10 s between game starts
		var (
			status       game.Status
			term, result int
			ended        any
			rated        = 0
		)
		switch {
		case i >= set.finished:
			status = game.StatusStarted
		case r.IntN(10) == 0:
			status, ended = game.StatusAborted, at+int64(r.IntN(60_000_000))
		default:
			status, term, result = game.StatusEnded, int(game.Resignation), int(game.WhiteWins)
			// Some games last longer than others: the order of ends is not that of starts.
			ended = at + int64(r.IntN(1_800_000_000))
			if b != "" && r.IntN(2) == 0 {
				rated = 1
			}
		}
		if _, err := ins.ExecContext(ctx, id, w, w, b, bName, bAI, at, int(status), term, result, ended,
			rated, r.IntN(120)); err != nil {
			tb.Fatal(err)
		}
		if rated == 1 {
			for side, u := range []string{w, b} {
				if _, err := rc.ExecContext(ctx, id, side, u, 1500+float64(r.IntN(20))-10); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
}

// openListing returns a store holding the synthetic games.
func openListing(tb testing.TB, set listingSet) *Store {
	tb.Helper()
	s, err := Open(context.Background(), filepath.Join(tb.TempDir(), "listing.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	fillListing(tb, s, set)
	return s
}

// listingCase is one list read two ways: by the store, and by the query it
// replaced.
type listingCase struct {
	name   string
	store  func(ctx context.Context, s *Store) ([]game.Summary, error)
	legacy string
	args   []any
	query  string // the store's query and its arguments, for its plan
	qargs  []any
}

func listingCases(set listingSet) []listingCase {
	var cs []listingCase
	for _, p := range []struct {
		name, id string
		offset   int
	}{
		{"PlayerGames/busy", listingPlayer(0), 0},
		{"PlayerGames/busy-page5", listingPlayer(0), 4 * listingLimit},
		{"PlayerGames/median", listingPlayer(set.players / 2), 0},
		{"PlayerGames/nobody", "nobody", 0},
		{"PlayerGames/past-the-end", listingPlayer(0), math.MaxInt},
	} {
		cs = append(cs, listingCase{
			name: p.name,
			store: func(ctx context.Context, s *Store) ([]game.Summary, error) {
				return s.PlayerGames(ctx, p.id, p.offset, listingLimit)
			},
			legacy: legacyPlayerGames, args: []any{p.id, p.id, listingLimit, p.offset},
			query: codec.SummarySelect + dialect.PlayerGames, qargs: []any{p.id, listingLimit, p.offset, p.offset + listingLimit},
		})
	}
	cs = append(cs, listingCase{
		name:   "PlayingNow",
		store:  func(ctx context.Context, s *Store) ([]game.Summary, error) { return s.PlayingNow(ctx, listingLimit) },
		legacy: legacyPlayingNow, args: []any{listingLimit},
		query: codec.SummarySelect + sqlstore.PlayingNowWhere, qargs: []any{listingLimit},
	})
	return cs
}

// queryPlan returns SQLite's EXPLAIN QUERY PLAN of query, one step a line.
func queryPlan(ctx context.Context, s *Store, query string, args ...any) (string, error) {
	sq := text(query)
	args, err := sq.args(args)
	if err != nil {
		return "", err
	}
	rows, err := s.rdb.QueryContext(ctx, "EXPLAIN QUERY PLAN "+sq.text, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var id, parent, notUsed int
		var detail string
		if err := rows.Scan(&id, &parent, &notUsed, &detail); err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\n    %d<%d %s", id, parent, detail)
	}
	return b.String(), rows.Err()
}

// checkListing fails tb unless the store and the legacy queries list the
// same games, a full page where the player has one; it logs both plans.
func checkListing(tb testing.TB, s *Store, set listingSet) {
	tb.Helper()
	ctx := context.Background()
	for _, c := range listingCases(set) {
		want, err := sqlstore.Summaries(querier{ctx, s.rdb}, c.legacy, c.args...)
		if err != nil {
			tb.Fatalf("%s legacy: %v", c.name, err)
		}
		got, err := c.store(ctx, s)
		if err != nil {
			tb.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			tb.Fatalf("%s: the store lists %d games, the legacy query %d, or others", c.name, len(got), len(want))
		}
		if full := !strings.HasSuffix(c.name, "/nobody") && !strings.HasSuffix(c.name, "/past-the-end"); full && len(want) != listingLimit {
			tb.Fatalf("%s: %d games, want a full page of %d", c.name, len(want), listingLimit)
		}
		legacyPlan, err := queryPlan(ctx, s, c.legacy, c.args...)
		if err != nil {
			tb.Fatal(err)
		}
		plan, err := queryPlan(ctx, s, c.query, c.qargs...)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Logf("%s\n  legacy:%s\n  store:%s", c.name, legacyPlan, plan)
	}
}

// TestListingMatchesLegacy: on a small synthetic set, the lists read the
// same games as the queries they replaced.
func TestListingMatchesLegacy(t *testing.T) {
	checkListing(t, openListing(t, testSet), testSet)
}

func BenchmarkListing(b *testing.B) {
	s := openListing(b, benchSet)
	checkListing(b, s, benchSet)
	ctx := context.Background()
	for _, c := range listingCases(benchSet) {
		b.Run(c.name+"/store", func(b *testing.B) {
			for b.Loop() {
				if _, err := c.store(ctx, s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/legacy", func(b *testing.B) {
			for b.Loop() {
				if _, err := sqlstore.Summaries(querier{ctx, s.rdb}, c.legacy, c.args...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
