package server

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// maxTokensTested is how many tokens one POST /api/token/test checks.
const maxTokensTested = 1000

// tokenTestJSON is what POST /api/token/test tells of a valid token.
type tokenTestJSON struct {
	UserID string `json:"userId"`
	// Scopes are the token's scopes, comma-separated.
	Scopes string `json:"scopes"`
	// Expires is when the token expires: JoinPal's tokens do not (null).
	Expires *int64 `json:"expires"`
}

// postTokenTest serves POST /api/token/test, lichess's: the body is
// tokens separated by commas; the answer maps each to its user and scopes,
// or to null when it is not a valid token. It needs no credentials.
func (s *Server) postTokenTest(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		s.writeLichessError(w, r, jsonError(err))
		return
	}
	out := map[string]*tokenTestJSON{}
	for i, text := range strings.Split(string(body), ",") {
		if i == maxTokensTested {
			break
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		out[text] = s.testToken(r.Context(), text)
	}
	writeJSON(w, http.StatusOK, out)
}

// testToken is what POST /api/token/test says of one token: nil when it
// is malformed, unknown or revoked.
func (s *Server) testToken(ctx context.Context, secret string) *tokenTestJSON {
	d, err := account.ParseSecret(account.TokenPrefix, secret)
	if err != nil {
		return nil
	}
	t, u, err := s.cfg.Accounts.Token(ctx, d)
	if err != nil || !t.Revoked.IsZero() {
		return nil
	}
	scopes := make([]string, 0, len(t.Scopes))
	for _, sc := range t.Scopes {
		scopes = append(scopes, string(sc))
	}
	return &tokenTestJSON{UserID: lichessUserID(u), Scopes: strings.Join(scopes, ",")}
}

// lichessPerfJSON is one speed's rating as lichess's account shows it.
type lichessPerfJSON struct {
	Games       int  `json:"games"`
	Rating      int  `json:"rating"`
	RD          int  `json:"rd"`
	Prog        int  `json:"prog"`
	Provisional bool `json:"prov,omitempty"`
}

// lichessUserJSON is a user as lichess's User shows it, in the parts
// JoinPal has (GET /api/bot/online's lines).
type lichessUserJSON struct {
	ID        string                     `json:"id"`
	Username  string                     `json:"username"`
	Perfs     map[string]lichessPerfJSON `json:"perfs"`
	CreatedAt int64                      `json:"createdAt"`
	// Title is BOT for a bot account.
	Title string `json:"title,omitempty"`
	// Guest is JoinPal's: the user has no account.
	Guest bool `json:"guest,omitempty"`
}

// lichessAccountJSON is GET /api/account's answer, lichess's UserExtended
// in the parts JoinPal has: the user and its profile page.
type lichessAccountJSON struct {
	lichessUserJSON
	URL string `json:"url"`
}

// getLichessAccount serves GET /api/account: the requester, as lichess's
// GET /api/account shows its user.
func (s *Server) getLichessAccount(w http.ResponseWriter, r *http.Request) {
	who, ok := s.lichessSignedIn(w, r, "")
	if !ok {
		return
	}
	out, err := s.lichessAccount(r.Context(), who.User, siteURL(r))
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// lichessAccount is user u as lichess's GET /api/account shows a user,
// site the server's address.
func (s *Server) lichessAccount(ctx context.Context, u account.User, site string) (lichessAccountJSON, error) {
	ratings := rating.Defaults()
	if s.cfg.Ratings != nil && !u.Guest {
		var err error
		if ratings, err = s.cfg.Ratings.Ratings(ctx, u.ID); err != nil {
			return lichessAccountJSON{}, err
		}
	}
	perfs := make(map[string]lichessPerfJSON, len(ratings))
	for sp, rt := range ratings {
		perfs[string(sp)] = lichessPerfJSON{Games: rt.Games, Rating: int(rt.Value + 0.5), RD: int(rt.Deviation + 0.5), Provisional: rt.Provisional()}
	}
	name := u.Username
	if name == "" {
		name = u.DisplayName
	}
	out := lichessAccountJSON{
		lichessUserJSON: lichessUserJSON{ID: lichessUserID(u), Username: name, Perfs: perfs, CreatedAt: u.CreatedAt.UnixMilli(), Guest: u.Guest},
		URL:             site + "/@/" + url.PathEscape(name),
	}
	if u.Bot {
		out.Title = botTitle
	}
	return out, nil
}

// lichessStatusJSON is a game's status as lichess's game objects give it:
// its number and its name.
type lichessStatusJSON struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// lichessStatusIDs are lichess's numbers of its statuses.
var lichessStatusIDs = map[string]int{
	"created": 10, "started": 20, "aborted": 25, "mate": 30, "resign": 31, "stalemate": 32,
	"timeout": 33, "draw": 34, "outoftime": 35, "cheat": 36, "noStart": 37, "unknownFinish": 38,
	"variantEnd": 60,
}

// lichessOpponentJSON is the opponent of a game in lichess's game objects.
type lichessOpponentJSON struct {
	ID       *string `json:"id"`
	Username string  `json:"username"`
	Rating   int     `json:"rating,omitempty"`
	AI       int     `json:"ai,omitempty"`
}

// lichessCompatJSON says which of lichess's APIs may play a game: both.
type lichessCompatJSON struct {
	Bot   bool `json:"bot"`
	Board bool `json:"board"`
}

// lichessGameInfoJSON is a game as lichess's GET /api/account/playing and
// the event stream's gameStart and gameFinish show it (GameEventInfo).
type lichessGameInfoJSON struct {
	FullID      string              `json:"fullId"`
	GameID      string              `json:"gameId"`
	ID          string              `json:"id"`
	Color       string              `json:"color"`
	FEN         string              `json:"fen"`
	HasMoved    bool                `json:"hasMoved"`
	IsMyTurn    bool                `json:"isMyTurn"`
	LastMove    string              `json:"lastMove"`
	Opponent    lichessOpponentJSON `json:"opponent"`
	Perf        string              `json:"perf"`
	Rated       bool                `json:"rated"`
	SecondsLeft *int64              `json:"secondsLeft,omitempty"`
	Source      string              `json:"source"`
	Speed       string              `json:"speed"`
	Variant     lichessVariantJSON  `json:"variant"`
	Status      lichessStatusJSON   `json:"status"`
	Compat      lichessCompatJSON   `json:"compat"`
	Winner      string              `json:"winner,omitempty"`
}

// lichessGameInfo describes game rec, as it stands after ev, for userID,
// one of its players.
func (s *Server) lichessGameInfo(ctx context.Context, rec game.Record, ev game.Event, userID string) lichessGameInfoJSON {
	side, _ := sideOfUser(rec, userID)
	speed := rating.GameSpeed(rec.TimeControl)
	opp := rec.White
	if side == game.White {
		opp = rec.Black
	}
	status := lichessGameStatus(ev.Status, ev.Termination)
	out := lichessGameInfoJSON{
		FullID: rec.ID, GameID: rec.ID, ID: rec.ID, Color: side.String(), FEN: ev.FEN,
		HasMoved: hasMoved(ev, side), IsMyTurn: ev.Turn == side && !ev.Status.Finished(),
		Perf: string(speed), Rated: rec.Rated, Source: "lobby", Speed: string(speed), Variant: standardVariant,
		Status: lichessStatusJSON{ID: lichessStatusIDs[status], Name: status}, Compat: lichessCompatJSON{Bot: true, Board: true},
	}
	if n := len(ev.Moves); n > 0 {
		out.LastMove = ev.Moves[n-1].UCI
	} else if ev.Move != nil {
		out.LastMove = ev.Move.UCI
	}
	if left := clockOf(ev, side); left != nil {
		secs := *left / 1000
		out.SecondsLeft = &secs
	}
	if w, ok := ev.Result.Winner(); ok && ev.Status.Finished() {
		out.Winner = w.String()
	}
	if opp.IsAI() {
		out.Source = "ai"
		out.Opponent = lichessOpponentJSON{Username: aiName(opp.AILevel), AI: opp.AILevel}
		return out
	}
	p := s.lichessPlayer(ctx, opp, speed)
	out.Opponent = lichessOpponentJSON{ID: &p.ID, Username: p.Name, Rating: p.Rating}
	return out
}

// hasMoved reports whether side has made a move in the game after ev.
func hasMoved(ev game.Event, side game.Side) bool {
	if side == game.White {
		return ev.Ply >= 1
	}
	return ev.Ply >= 2
}

// clockOf is side's time in ms after ev (nil for an untimed game).
func clockOf(ev game.Event, side game.Side) *int64 {
	if side == game.White {
		return ev.WhiteMs
	}
	return ev.BlackMs
}

// lichessPlayingJSON is GET /api/account/playing's answer: the games and
// how many wait for the requester's move.
type lichessPlayingJSON struct {
	NbMyTurn   int                  `json:"nbMyTurn"`
	NowPlaying []lichessPlayingGame `json:"nowPlaying"`
}

// lichessPlayingGame is one game of GET /api/account/playing: the event
// stream's game object, but for its status, which is the name alone, and
// without compat and id, as lichess lists it.
type lichessPlayingGame struct {
	lichessGameInfoJSON
	Status string    `json:"status"`
	Compat *struct{} `json:"compat,omitempty"`
	ID     string    `json:"id,omitempty"`
}

// getLichessPlaying serves GET /api/account/playing?nb=N: the games the
// requester is playing (at most N, 9 when absent, at most
// game.MaxListLimit), lichess's shape.
func (s *Server) getLichessPlaying(w http.ResponseWriter, r *http.Request) {
	who, ok := s.lichessSignedIn(w, r, "")
	if !ok {
		return
	}
	nb, err := pageParam(r, "nb", 9)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	list, err := s.cfg.Listing.PlayerPlaying(r.Context(), who.User.ID, game.ClampListLimit(nb))
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	out := lichessPlayingJSON{NowPlaying: []lichessPlayingGame{}}
	for _, g := range list {
		rec, err := s.loadGame(r.Context(), g.ID)
		if err != nil {
			continue // gone since the list was read
		}
		ev, err := s.cfg.Runtime.Snapshot(r.Context(), g.ID)
		if err != nil || ev.Status.Finished() {
			continue
		}
		info := s.lichessGameInfo(r.Context(), rec, ev, who.User.ID)
		if info.IsMyTurn {
			out.NbMyTurn++
		}
		out.NowPlaying = append(out.NowPlaying, lichessPlayingGame{lichessGameInfoJSON: info, Status: info.Status.Name})
	}
	writeJSON(w, http.StatusOK, out)
}
