package server

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// The search for a rated game's rating change in its player's history: a
// game the scan does not reach shows the players' ratings of today
// without a change.
const (
	// changeScanPages is how many pages of game.MaxListLimit games of the
	// white player's history are read to find the game.
	changeScanPages = 5
	// maxChangeCache is how many finished games' changes are kept; the
	// cache is emptied when it is full.
	maxChangeCache = 4096
	// frameRatingsTimeout bounds the reads of a socket frame's ratings:
	// a frame waits no longer for them, and goes without.
	frameRatingsTimeout = 2 * time.Second
)

// barRatingJSON is one player's rating as a game's player bar shows it:
// the rating in the game's speed ("?" after it when provisional, as
// lichess writes it) and, once a rated game has ended, what the end did to
// it.
type barRatingJSON struct {
	// Rating is the rating now in the game's speed; for a rated game that
	// has ended, the rating before it.
	Rating int `json:"rating"`
	// Provisional says the rating is not yet established (its deviation
	// above 110, rating.Rating.Provisional).
	Provisional bool `json:"provisional,omitempty"`
	// Diff is the change the end made (rounded after less rounded before).
	Diff *int `json:"diff,omitempty"`
	// Title is the title shown before the player's name: BOT for a bot
	// account (lichess's Bot API), absent for anyone else.
	Title string `json:"title,omitempty"`
}

// changeCache keeps the rating changes of finished rated games, which
// never change.
type changeCache struct {
	mu   sync.Mutex
	byID map[string][2]*game.RatingChange
}

func (c *changeCache) get(id string) ([2]*game.RatingChange, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch, ok := c.byID[id]
	return ch, ok
}

func (c *changeCache) put(id string, ch [2]*game.RatingChange) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byID == nil || len(c.byID) >= maxChangeCache {
		c.byID = make(map[string][2]*game.RatingChange)
	}
	c.byID[id] = ch
}

// gameRatings returns the ratings the player bars of game hdr show, by
// side ("white", "black"), when it stands at status: for a rated game that
// has ended with a rating change, each side's rating before it and the
// change; otherwise each account's rating now in the game's speed. Guests
// and the AI have none (the AI is named by its level); nil when no side
// has one. A rating that cannot be read is left out (and logged).
func (s *Server) gameRatings(ctx context.Context, hdr game.Record, status game.Status) map[string]barRatingJSON {
	if status == game.StatusEnded && hdr.Rated {
		if ch := s.ratingChanges(ctx, hdr); ch[game.White] != nil && ch[game.Black] != nil {
			out := make(map[string]barRatingJSON, 2)
			for side, p := range map[game.Side]game.Player{game.White: hdr.White, game.Black: hdr.Black} {
				c := ch[side]
				diff := c.Diff()
				before := rating.Rating{Value: c.Before, Deviation: c.BeforeDeviation}
				out[side.String()] = barRatingJSON{Rating: round(c.Before), Provisional: before.Provisional(), Diff: &diff,
					Title: s.titleOf(ctx, p.ID)}
			}
			return out
		}
	}
	speed := rating.GameSpeed(hdr.TimeControl)
	var out map[string]barRatingJSON
	for side, p := range map[game.Side]game.Player{game.White: hdr.White, game.Black: hdr.Black} {
		r, u, ok := s.accountRatingOf(ctx, p, speed)
		if !ok {
			continue
		}
		if out == nil {
			out = make(map[string]barRatingJSON, 2)
		}
		bar := barRatingJSON{Rating: round(r.Value), Provisional: r.Provisional()}
		if u.Bot {
			bar.Title = botTitle
		}
		out[side.String()] = bar
	}
	return out
}

// frameRatings is gameRatings for a socket's frame, read within
// frameRatingsTimeout.
func (s *Server) frameRatings(hdr game.Record, status game.Status) map[string]barRatingJSON {
	ctx, cancel := context.WithTimeout(context.Background(), frameRatingsTimeout)
	defer cancel()
	return s.gameRatings(ctx, hdr, status)
}

// accountRating returns player p's rating in speed when p is an account
// (not a guest, not the AI) whose ratings can be read.
func (s *Server) accountRating(ctx context.Context, p game.Player, speed rating.Speed) (rating.Rating, bool) {
	r, _, ok := s.accountRatingOf(ctx, p, speed)
	return r, ok
}

// accountRatingOf is accountRating with the account read for it.
func (s *Server) accountRatingOf(ctx context.Context, p game.Player, speed rating.Speed) (rating.Rating, account.User, bool) {
	if p.IsAI() || p.ID == "" || s.cfg.Ratings == nil {
		return rating.Rating{}, account.User{}, false
	}
	u, err := s.cfg.Accounts.UserByID(ctx, p.ID)
	if err != nil || u.Guest {
		return rating.Rating{}, account.User{}, false
	}
	all, err := s.cfg.Ratings.Ratings(ctx, u.ID)
	if err != nil {
		s.log.WarnContext(ctx, "server: reading ratings", "user", u.ID, "err", err)
		return rating.Rating{}, account.User{}, false
	}
	return all[speed], u, true
}

// ratingChanges returns the rating change the end of the finished game hdr
// made, per side (both nil when it made none or the game is not within
// the scan of its white player's history, see changeScanPages). The
// stores record it with the end; it is found in the player's history.
func (s *Server) ratingChanges(ctx context.Context, hdr game.Record) [2]*game.RatingChange {
	if ch, ok := s.changes.get(hdr.ID); ok {
		return ch
	}
	var none [2]*game.RatingChange
	if s.cfg.Listing == nil || hdr.White.ID == "" {
		return none
	}
	for page := range changeScanPages {
		list, err := s.cfg.Listing.PlayerGames(ctx, hdr.White.ID, page*game.MaxListLimit, game.MaxListLimit)
		if err != nil {
			s.log.WarnContext(ctx, "server: reading a player's games", "user", hdr.White.ID, "err", err)
			return none // not cached: a later call may read it
		}
		for _, g := range list {
			if g.ID == hdr.ID {
				s.changes.put(hdr.ID, g.Ratings)
				return g.Ratings
			}
		}
		if len(list) < game.MaxListLimit {
			break
		}
	}
	s.changes.put(hdr.ID, none)
	return none
}

// round rounds a rating to the whole number shown.
func round(v float64) int { return int(math.Round(v)) }
