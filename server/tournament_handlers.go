package server

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/tournament"
)

// The tournaments' HTTP API: /api/tournaments (the lists, and a new
// tournament) and /api/tournament/{id}… (one tournament: its page's data,
// registration, byes, the organiser's controls, the TRF, the PGN, an
// arranged round's .ics and the page's socket). Reading is public; every
// change needs an account, and a token the tournament:write scope.

// Tournaments is what the tournament routes ask of the tournaments
// (league.Service has it).
type Tournaments interface {
	Create(ctx context.Context, by league.Person, name, clubID string, set league.Settings) (league.Tournament, error)
	Get(ctx context.Context, id string) (league.Tournament, error)
	List(ctx context.Context, q league.Query) ([]league.Tournament, error)
	Entries(ctx context.Context, id string) ([]league.Entry, error)
	Boards(ctx context.Context, id string) ([]league.Board, error)
	Standings(ctx context.Context, id string) ([]league.Row, error)
	MayOrganise(ctx context.Context, t league.Tournament, userID string) bool
	Join(ctx context.Context, by league.Person, id string) (league.Tournament, error)
	Leave(ctx context.Context, by league.Person, id string) (league.Tournament, error)
	AskBye(ctx context.Context, by league.Person, id string, round int, on bool) (league.Tournament, error)
	Start(ctx context.Context, by league.Person, id string) (league.Tournament, error)
	Pause(ctx context.Context, by league.Person, id string, pause bool) (league.Tournament, error)
	PairNext(ctx context.Context, by league.Person, id string, round int) (league.Tournament, error)
	SetResult(ctx context.Context, by league.Person, id string, round, board int, result, reason string) (league.Tournament, error)
	Withdraw(ctx context.Context, by league.Person, id, userID string) (league.Tournament, error)
	Finish(ctx context.Context, by league.Person, id string) (league.Tournament, error)
	GameBoard(ctx context.Context, gameID string) (league.Tournament, league.Board, error)
	TRF(ctx context.Context, id string, w io.Writer) error
	PGN(ctx context.Context, id string, site func(gameID string) string, w io.Writer) error
	ICS(ctx context.Context, id string, round int, userID, host, url, summary string) (string, error)
	// Subscribe returns the ids of the tournaments that change from now
	// on, and the function that ends the subscription.
	Subscribe() (<-chan string, func())
}

// tournamentsListed is how many tournaments each of the list's groups
// shows.
const tournamentsListed = 50

// tournamentJSON is a tournament as the API shows it.
type tournamentJSON struct {
	league.Tournament
	// ClubName is the name of the club it belongs to ("" for an open
	// tournament, or when the club is gone).
	ClubName string `json:"clubName,omitempty"`
	URL      string `json:"url"`
}

// tournamentNew is the body of POST /api/tournaments: the name, the club
// ("" for an open tournament) and the settings; times as RFC 3339,
// durations in minutes.
type tournamentNew struct {
	Name        string   `json:"name"`
	Club        string   `json:"club"`
	Format      string   `json:"format"`
	Cycles      int      `json:"cycles"`
	Rounds      int      `json:"rounds"`
	TimeControl string   `json:"timeControl"`
	Rated       bool     `json:"rated"`
	MinRating   int      `json:"minRating"`
	MaxRating   int      `json:"maxRating"`
	MaxPlayers  int      `json:"maxPlayers"`
	TieBreaks   []string `json:"tieBreaks"`
	Mode        string   `json:"mode"`
	StartsAt    string   `json:"startsAt"`
	// RoundMinutes is the time between rounds, in minutes.
	RoundMinutes int    `json:"roundMinutes"`
	Zone         string `json:"zone"`
	LateEntries  bool   `json:"lateEntries"`
	MaxByes      int    `json:"maxByes"`
	// ByeNoticeMinutes and PlayWithinMinutes are the bye deadline before
	// a round and the time an arranged round's games have.
	ByeNoticeMinutes  int    `json:"byeNoticeMinutes"`
	PlayWithinMinutes int    `json:"playWithinMinutes"`
	Unplayed          string `json:"unplayed"`
	Accelerated       bool   `json:"accelerated"`
}

// tournamentPlayer is an entry as a tournament's page shows it.
type tournamentPlayer struct {
	league.Entry
	Username string `json:"username"`
}

// boardJSON is a board with its players' names and its game's address.
type boardJSON struct {
	league.Board
	WhiteName string `json:"whiteName"`
	BlackName string `json:"blackName,omitempty"`
	// Score is the result as text ("1-0", "½-½", "+-", "1" for a bye ...;
	// "" while pending).
	Score   string `json:"score"`
	GameURL string `json:"gameUrl,omitempty"`
}

// tournamentMe is the requester's place in a tournament.
type tournamentMe struct {
	Joined    bool  `json:"joined"`
	Withdrawn bool  `json:"withdrawn"`
	Byes      []int `json:"byes"`
	Organiser bool  `json:"organiser"`
}

// tournamentPageJSON is all a tournament's page shows.
type tournamentPageJSON struct {
	Tournament tournamentJSON     `json:"tournament"`
	Players    []tournamentPlayer `json:"players"`
	// Rounds are the boards, round by round (index 0: round 1).
	Rounds    [][]boardJSON `json:"rounds"`
	Standings []league.Row  `json:"standings"`
	// TieBreaks names the standings' tie-break columns.
	TieBreaks []tournament.TieBreak `json:"tieBreaks"`
	// Crosstable is the crosstable laid out as data: no rows until the
	// players have pairing numbers.
	Crosstable tournament.Table `json:"crosstable"`
	Me         *tournamentMe    `json:"me,omitempty"`
}

// viewTournament is t as the API shows it; names caches the clubs'
// names the request has looked up (nil: look up each time).
func (s *Server) viewTournament(r *http.Request, t league.Tournament, names map[string]string) tournamentJSON {
	out := tournamentJSON{Tournament: t, URL: siteURL(r) + "/tournament/" + t.ID}
	if t.ClubID == "" || s.cfg.Clubs == nil {
		return out
	}
	name, ok := names[t.ClubID]
	if !ok {
		if c, err := s.cfg.Clubs.Get(r.Context(), t.ClubID); err == nil {
			name = c.Name
		}
		if names != nil {
			names[t.ClubID] = name
		}
	}
	out.ClubName = name
	return out
}

func leaguePerson(u account.User) league.Person {
	return league.Person{ID: u.ID, Name: u.Username, Guest: u.Guest}
}

// tournamentService returns the tournaments, or answers league.not_found
// when the server has none.
func (s *Server) tournamentService(w http.ResponseWriter, r *http.Request) (Tournaments, bool) {
	if s.cfg.Tournaments == nil {
		s.writeError(w, r, league.NotFoundError(r.PathValue("id")))
		return nil, false
	}
	return s.cfg.Tournaments, true
}

// listTournaments serves GET /api/tournaments?club=…: the tournaments
// (of one club, or all) in three groups: upcoming (taking entries),
// running (and paused) and finished, newest first.
func (s *Server) listTournaments(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.tournamentService(w, r)
	if !ok {
		return
	}
	clubID := r.URL.Query().Get("club")
	out := map[string][]tournamentJSON{}
	names := map[string]string{}
	for key, st := range map[string][]league.Status{
		"upcoming": {league.Registration}, "running": {league.Running, league.Paused}, "finished": {league.Finished},
	} {
		list, err := svc.List(r.Context(), league.Query{ClubID: clubID, Status: st, Limit: tournamentsListed})
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		out[key] = []tournamentJSON{}
		for _, t := range list {
			out[key] = append(out[key], s.viewTournament(r, t, names))
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// postTournament serves POST /api/tournaments: a new tournament, its
// creator the organiser.
func (s *Server) postTournament(w http.ResponseWriter, r *http.Request) {
	var req tournamentNew
	if !s.decodeJSON(w, r, &req) {
		return
	}
	svc, ok := s.tournamentService(w, r)
	if !ok {
		return
	}
	who, ok := s.signedIn(w, r, scopeFor("tournament-write"))
	if !ok {
		return
	}
	set, err := settingsOf(req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := svc.Create(r.Context(), leaguePerson(who.User), req.Name, req.Club, set)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeTournamentPage(w, r, http.StatusCreated, t, who)
}

// settingsOf reads the settings of a new tournament's body.
func settingsOf(req tournamentNew) (league.Settings, error) {
	set := league.Settings{Format: league.Format(req.Format), Cycles: req.Cycles, Rounds: req.Rounds,
		TimeControl: req.TimeControl, Rated: req.Rated, MinRating: req.MinRating, MaxRating: req.MaxRating,
		MaxPlayers: req.MaxPlayers, Mode: league.Mode(req.Mode), RoundInterval: time.Duration(req.RoundMinutes) * time.Minute,
		Zone: req.Zone, LateEntries: req.LateEntries, MaxByes: req.MaxByes,
		ByeNotice: time.Duration(req.ByeNoticeMinutes) * time.Minute, PlayWithin: time.Duration(req.PlayWithinMinutes) * time.Minute,
		Unplayed: league.Unplayed(req.Unplayed), Accelerated: req.Accelerated}
	for _, tb := range req.TieBreaks {
		set.TieBreaks = append(set.TieBreaks, tournament.TieBreak(tb))
	}
	if req.StartsAt != "" {
		at, err := time.Parse(time.RFC3339, req.StartsAt)
		if err != nil {
			return league.Settings{}, league.NewError(league.CodeBadStart, "a start in RFC 3339", nil)
		}
		set.StartsAt = at
	}
	return set, nil
}

// getTournament serves GET /api/tournament/{id}: the tournament's page's
// data.
func (s *Server) getTournament(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.tournamentService(w, r)
	if !ok {
		return
	}
	t, err := svc.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	who, _ := s.viewer(r)
	s.writeTournamentPage(w, r, http.StatusOK, t, who)
}

// writeTournamentPage answers with tournament t's page as who sees it.
func (s *Server) writeTournamentPage(w http.ResponseWriter, r *http.Request, status int, t league.Tournament, who Identity) {
	ctx, svc := r.Context(), s.cfg.Tournaments
	entries, err := svc.Entries(ctx, t.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	boards, err := svc.Boards(ctx, t.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows, err := svc.Standings(ctx, t.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := tournamentPageJSON{Tournament: s.viewTournament(r, t, nil), Players: []tournamentPlayer{}, Rounds: [][]boardJSON{},
		Standings: rows, TieBreaks: t.TieBreaks,
		Crosstable: tournament.Table{RoundRobin: t.Format == league.RoundRobin, TieBreaks: []tournament.TieBreak{}, Rows: []tournament.Row{}}}
	names := map[string]string{}
	var ps []tournament.Player
	num := map[string]int{}
	for _, e := range entries {
		names[e.UserID] = e.Name
		out.Players = append(out.Players, tournamentPlayer{Entry: e, Username: e.Name})
		if e.Number > 0 {
			ps = append(ps, tournament.Player{Number: e.Number, Name: e.Name, Rating: e.Rating})
			num[e.UserID] = e.Number
		}
	}
	var gs []tournament.Game
	for _, b := range boards {
		for len(out.Rounds) < b.Round {
			out.Rounds = append(out.Rounds, []boardJSON{})
		}
		bj := boardJSON{Board: b, WhiteName: names[b.White], BlackName: names[b.Black], Score: league.ResultText(b.Result)}
		if b.GameID != "" && b.Created {
			bj.GameURL = "/game/" + b.GameID
		}
		out.Rounds[b.Round-1] = append(out.Rounds[b.Round-1], bj)
		gs = append(gs, tournament.Game{Round: b.Round, White: num[b.White], Black: num[b.Black], Result: b.Result})
	}
	if len(ps) > 0 {
		if tab, err := tournament.Crosstable(ps, gs, t.Rules()); err == nil {
			out.Crosstable = tab
		}
	}
	if who.Known() && !who.User.Guest {
		me := &tournamentMe{Byes: []int{}, Organiser: svc.MayOrganise(ctx, t, who.User.ID)}
		for _, e := range entries {
			if e.UserID == who.User.ID {
				me.Joined, me.Withdrawn = true, e.Withdrawn
				if e.Byes != nil {
					me.Byes = e.Byes
				}
			}
		}
		out.Me = me
	}
	writeJSON(w, status, out)
}

// tournamentBody is the body of the tournament actions that take one:
// bye (round, on), pair (round), result (round, board, result, reason),
// withdraw (username).
type tournamentBody struct {
	Round    int    `json:"round"`
	On       bool   `json:"on"`
	Board    int    `json:"board"`
	Result   string `json:"result"`
	Reason   string `json:"reason"`
	Username string `json:"username"`
}

// tournamentAction serves POST /api/tournament/{id}/{action}: join,
// leave, bye, and the organiser's start, pause, resume, pair, result,
// withdraw and finish; it answers with the page's data.
func (s *Server) tournamentAction(action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body tournamentBody
		switch action {
		case "bye", "pair", "result", "withdraw":
			if !s.decodeJSON(w, r, &body) {
				return
			}
		}
		svc, ok := s.tournamentService(w, r)
		if !ok {
			return
		}
		who, ok := s.signedIn(w, r, scopeFor("tournament-write"))
		if !ok {
			return
		}
		ctx, id, me := r.Context(), r.PathValue("id"), leaguePerson(who.User)
		var (
			t   league.Tournament
			err error
		)
		switch action {
		case "join":
			t, err = svc.Join(ctx, me, id)
		case "leave":
			t, err = svc.Leave(ctx, me, id)
		case "bye":
			t, err = svc.AskBye(ctx, me, id, body.Round, body.On)
		case "start":
			t, err = svc.Start(ctx, me, id)
		case "pause", "resume":
			t, err = svc.Pause(ctx, me, id, action == "pause")
		case "pair":
			t, err = svc.PairNext(ctx, me, id, body.Round)
		case "finish":
			t, err = svc.Finish(ctx, me, id)
		case "result":
			t, err = svc.SetResult(ctx, me, id, body.Round, body.Board, body.Result, body.Reason)
		case "withdraw":
			var u account.User
			if u, err = s.cfg.Accounts.UserByUsername(ctx, body.Username); err == nil {
				t, err = svc.Withdraw(ctx, me, id, u.ID)
			}
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		s.writeTournamentPage(w, r, http.StatusOK, t, who)
	}
}

// gameTournamentJSON is a game's tournament board: the tournament, its
// page, the round and the board.
type gameTournamentJSON struct {
	TournamentID   string `json:"tournamentId"`
	TournamentName string `json:"tournamentName"`
	URL            string `json:"url"`
	Round          int    `json:"round"`
	Board          int    `json:"board"`
}

// gameTournament serves GET /api/game/{id}/tournament: the tournament
// (Swiss or league) whose round paired the game, as GET
// /api/game/{id}/arena an arena's; 204 and no body for a game of no
// tournament (every game page asks, so that is no refusal).
func (s *Server) gameTournament(w http.ResponseWriter, r *http.Request) {
	svc := s.cfg.Tournaments
	if svc == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	t, b, err := svc.GameBoard(r.Context(), r.PathValue("id"))
	if league.CodeOf(err) == league.CodeNotTournamentGame {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, gameTournamentJSON{TournamentID: t.ID, TournamentName: t.Name,
		URL: siteURL(r) + "/tournament/" + t.ID, Round: b.Round, Board: b.Board})
}

// fileName is a tournament's name made safe for a download's file name.
func fileName(name string) string {
	var b strings.Builder
	for _, c := range name {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-':
			b.WriteRune(c)
		case c == ' ' || c == '_':
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "tournament"
	}
	return b.String()
}

// download answers with a file built by write: its type and name.
func (s *Server) download(w http.ResponseWriter, r *http.Request, typ, ext string, write func(t league.Tournament, w io.Writer) error) {
	svc, ok := s.tournamentService(w, r)
	if !ok {
		return
	}
	t, err := svc.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := write(t, &buf); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", typ)
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName(t.Name)+"."+ext+`"`)
	_, _ = w.Write(buf.Bytes())
}

// getTournamentTRF serves GET /api/tournament/{id}/trf: the FIDE
// Tournament Report File (TRF-16, with XXR).
func (s *Server) getTournamentTRF(w http.ResponseWriter, r *http.Request) {
	s.download(w, r, "text/plain; charset=utf-8", "trf", func(t league.Tournament, w io.Writer) error {
		return s.cfg.Tournaments.TRF(r.Context(), t.ID, w)
	})
}

// getTournamentPGN serves GET /api/tournament/{id}/pgn: every game so far.
func (s *Server) getTournamentPGN(w http.ResponseWriter, r *http.Request) {
	site := siteURL(r)
	s.download(w, r, "application/x-chess-pgn", "pgn", func(t league.Tournament, w io.Writer) error {
		return s.cfg.Tournaments.PGN(r.Context(), t.ID, func(id string) string { return site + "/game/" + id }, w)
	})
}

// getTournamentICS serves GET /api/tournament/{id}/round/{round}/ics: the
// requester's game of an arranged round as an iCalendar file.
func (s *Server) getTournamentICS(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.tournamentService(w, r)
	if !ok {
		return
	}
	who, ok := s.signedIn(w, r, "")
	if !ok {
		return
	}
	round, err := strconv.Atoi(r.PathValue("round"))
	if err != nil {
		s.writeError(w, r, league.NewError(league.CodeNoBoard, "no such round", nil))
		return
	}
	id := r.PathValue("id")
	lang := s.lang(r)
	summary := i18n.Message(lang, "ui.tournament.round_n", map[string]string{"round": strconv.Itoa(round)})
	text, err := svc.ICS(r.Context(), id, round, who.User.ID, r.Host, siteURL(r)+"/tournament/"+id, summary)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="round-`+strconv.Itoa(round)+`.ics"`)
	_, _ = io.WriteString(w, text)
}

// handleTournamentSocket serves GET /api/tournament/{id}/socket: a
// "tournament" frame each time the tournament changes (a player joins, a
// round pairs, a result comes in), for the page to read it again.
func (s *Server) handleTournamentSocket(w http.ResponseWriter, r *http.Request) {
	who, ok := s.socketViewer(w, r)
	if !ok {
		return
	}
	svc, ok := s.tournamentService(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	if _, err := svc.Get(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	sub := subscribe[string](svc, nil)
	sock, done, ok := s.upgrade(w, r, who)
	if !ok {
		sub.cancel()
		return
	}
	s.detach(sock, done, func(ctx context.Context) {
		defer sub.cancel()
		listen(ctx, sock, sub, func(changed string) (outFrame, bool) {
			return outFrame{T: frameTournament, D: map[string]string{"id": changed}}, changed == id
		})
	})
}

// frameTournament is the frame that tells a tournament's page it changed.
const frameTournament = "tournament"
