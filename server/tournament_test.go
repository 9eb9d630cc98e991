package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/tournament"
)

// withTournaments wires clubs and a league service on the test store, its
// games run by a runtime of their own, on the test clock.
func withTournaments(t *testing.T) func(*Config) {
	return func(c *Config) {
		st := c.Accounts.(testStore)
		clubs, err := club.New(club.Config{Store: st.(club.Store), Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		rt := live.New(live.Config{Store: st, Nodes: st, HeartbeatEvery: time.Hour})
		if err := rt.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = rt.Stop(context.Background()) })
		sched, err := schedule.New(schedule.Config{Store: st.(schedule.Store), Games: rt, Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		svc, err := league.New(league.Config{Store: st.(league.Store), Games: rt, Records: st, Arranger: sched, Clubs: clubs, Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		c.Clubs, c.Tournaments = clubs, svc
	}
}

// TestTournamentOverHTTP: a club's admin creates a round-robin league over
// the API, members join (a non-member is refused, in Spanish and in
// English), the organiser starts it and sets the results; the standings,
// the crosstable, the TRF with XXR, the PGN and the lists; the club's
// page lists it; on both stores.
func TestTournamentOverHTTP(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) { testTournamentOverHTTP(t, newEnv(withTournaments(t))) })
}

func testTournamentOverHTTP(t *testing.T, env *testEnv) {
	ana, _ := env.signUp(t, "ana", "password-ana")
	beto, _ := env.signUp(t, "beto", "password-beto")
	cris, _ := env.signUp(t, "cris", "password-cris")
	dani, _ := env.signUp(t, "dani", "password-dani")
	nobody := env.browser(t)
	mustStatus(t, ana.do("POST", "/api/clubs", `{"name":"Peón Rojo","description":"","policy":"open"}`), http.StatusCreated)
	mustStatus(t, beto.do("POST", "/api/club/peon-rojo/join", ""), http.StatusOK)
	mustStatus(t, cris.do("POST", "/api/club/peon-rojo/join", ""), http.StatusOK)

	e := mustStatus(t, beto.do("POST", "/api/tournaments", `{"name":"Liga","club":"peon-rojo","format":"round-robin","timeControl":"10+5"}`),
		http.StatusForbidden).refusal(t)
	if e.Code != string(league.CodeNotClubAdmin) {
		t.Fatalf("a member creating: %+v", e)
	}
	var p tournamentPageJSON
	mustStatus(t, ana.do("POST", "/api/tournaments", `{"name":"Liga de invierno","club":"peon-rojo","format":"round-robin","timeControl":"10+5","tieBreaks":["SB","WIN"]}`),
		http.StatusCreated).decode(t, &p)
	id := p.Tournament.ID
	if p.Me == nil || !p.Me.Organiser || p.Tournament.Status != league.Registration || len(p.TieBreaks) != 2 {
		t.Fatalf("created: %+v", p)
	}
	if p.Tournament.ClubName != "Peón Rojo" {
		t.Fatalf("the club's name: %q", p.Tournament.ClubName)
	}
	// The page's socket tells of each change.
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(env.http.URL, "http")+"/api/tournament/"+id+"/socket",
		&websocket.DialOptions{HTTPClient: nobody.hc})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	for _, c := range []*client{ana, beto, cris} {
		mustStatus(t, c.do("POST", "/api/tournament/"+id+"/join", ""), http.StatusOK)
	}
	_, frame, err := ws.Read(ctx)
	if err != nil || !strings.Contains(string(frame), `"t":"tournament"`) || !strings.Contains(string(frame), id) {
		t.Fatalf("socket frame %s, %v", frame, err)
	}
	for _, lang := range []struct{ header, want string }{{"es", "miembros del club"}, {"en", "club's members"}} {
		r := dani.do("POST", "/api/tournament/"+id+"/join", "", "Accept-Language", lang.header)
		if e := mustStatus(t, r, http.StatusForbidden).refusal(t); e.Code != string(league.CodeNotClubMember) || !strings.Contains(e.Message, lang.want) {
			t.Fatalf("a non-member joining (%s): %+v", lang.header, e)
		}
	}
	mustStatus(t, nobody.do("POST", "/api/tournament/"+id+"/join", ""), http.StatusUnauthorized)
	e = mustStatus(t, beto.do("POST", "/api/tournament/"+id+"/start", ""), http.StatusForbidden).refusal(t)
	if e.Code != string(league.CodeNotOrganiser) {
		t.Fatalf("a player starting: %+v", e)
	}
	mustStatus(t, nobody.do("GET", "/api/tournament/"+id+"/trf", ""), http.StatusConflict)
	mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/start", ""), http.StatusOK).decode(t, &p)
	if p.Tournament.Round != 1 || p.Tournament.TotalRounds != 3 || len(p.Rounds) != 1 || len(p.Rounds[0]) != 2 {
		t.Fatalf("started: %+v", p)
	}
	e = mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/pair", `{"round":1}`), http.StatusConflict).refusal(t)
	if e.Code != string(league.CodeAlreadyPaired) {
		t.Fatalf("pairing twice: %+v", e)
	}
	for r := 1; r <= 3; r++ {
		for _, b := range p.Rounds[r-1] {
			if b.IsBye() {
				continue
			}
			if b.GameURL == "" {
				t.Fatalf("round %d: a board without its game: %+v", r, b)
			}
			mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/result",
				`{"round":`+strconv.Itoa(r)+`,"board":`+strconv.Itoa(b.Board.Board)+`,"result":"1-0","reason":"played over the board"}`), http.StatusOK).decode(t, &p)
		}
		if r < 3 {
			mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/pair", `{"round":`+strconv.Itoa(r+1)+`}`), http.StatusOK).decode(t, &p)
		}
	}
	if p.Tournament.Status != league.Finished || len(p.Standings) != 3 || p.Standings[0].Points != 2 ||
		len(p.Standings[0].TieBreaks) != 2 {
		t.Fatalf("finished: %+v", p)
	}
	// Each game links to its tournament board; another game to none.
	b2 := p.Rounds[1][0]
	if b2.IsBye() {
		b2 = p.Rounds[1][1]
	}
	var gt gameTournamentJSON
	mustStatus(t, nobody.do("GET", "/api/game/"+b2.GameID+"/tournament", ""), http.StatusOK).decode(t, &gt)
	if gt.TournamentID != id || gt.TournamentName != "Liga de invierno" || gt.Round != 2 || gt.Board != b2.Board.Board ||
		!strings.HasSuffix(gt.URL, "/tournament/"+id) {
		t.Fatalf("the game's tournament: %+v", gt)
	}
	mustStatus(t, nobody.do("GET", "/api/game/none/tournament", ""), http.StatusNoContent)
	e = mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/finish", ""), http.StatusConflict).refusal(t)
	if e.Code != string(league.CodeNotRunning) || p.Tournament.Ended != "" {
		t.Fatalf("finishing a finished tournament: %+v (ended %q)", e, p.Tournament.Ended)
	}
	// The round-robin's grid: rows and columns by pairing number, "*" on
	// the diagonal, every game decided.
	if x := p.Crosstable; !x.RoundRobin || len(x.Rows) != 3 || len(x.TieBreaks) != 2 {
		t.Fatalf("crosstable: %+v", x)
	}
	for i, row := range p.Crosstable.Rows {
		if row.Number != i+1 || len(row.Results) != 3 || row.Results[i] != "*" || row.Rounds != nil || len(row.TieBreaks) != 2 {
			t.Fatalf("crosstable row %d: %+v", i, row)
		}
		for j, c := range row.Results {
			if j != i && c != "1" && c != "0" {
				t.Fatalf("crosstable row %d, column %d: %q", i, j, c)
			}
		}
	}
	r := mustStatus(t, nobody.do("GET", "/api/tournament/"+id+"/trf", ""), http.StatusOK)
	if !strings.Contains(string(r.body), "XXR 3") || !strings.Contains(r.header.Get("Content-Disposition"), "Liga_de_invierno.trf") {
		t.Fatalf("TRF: %s %v", r.body, r.header)
	}
	r = mustStatus(t, nobody.do("GET", "/api/tournament/"+id+"/pgn", ""), http.StatusOK)
	if strings.Count(string(r.body), `[Event "Liga de invierno"]`) != 3 {
		t.Fatalf("PGN: %s", r.body)
	}
	var lists map[string][]tournamentJSON
	mustStatus(t, nobody.do("GET", "/api/tournaments?club=peon-rojo", ""), http.StatusOK).decode(t, &lists)
	if len(lists["finished"]) != 1 || len(lists["upcoming"]) != 0 || len(lists["running"]) != 0 || lists["finished"][0].ClubName != "Peón Rojo" {
		t.Fatalf("lists: %+v", lists)
	}
	cp, _ := clubPageOf(t, nobody, "peon-rojo")
	if len(cp.Tournaments) != 1 || cp.Tournaments[0].ID != id || cp.Tournaments[0].ClubName != "Peón Rojo" {
		t.Fatalf("the club's page: %+v", cp.Tournaments)
	}
	mustStatus(t, nobody.do("GET", "/api/tournament/none", ""), http.StatusNotFound)
}

// TestSwissCrosstableJSON: a Swiss page's crosstable has a row per player
// in rank order and a cell per round: the opponent, the colour and the
// result, a forfeit as + and −, the bye without an opponent; before the
// start it has no rows.
func TestSwissCrosstableJSON(t *testing.T) {
	env := newTestServer(t, withTournaments(t))
	ana, _ := env.signUp(t, "ana", "password-ana")
	beto, _ := env.signUp(t, "beto", "password-beto")
	cris, _ := env.signUp(t, "cris", "password-cris")
	var p tournamentPageJSON
	mustStatus(t, ana.do("POST", "/api/tournaments", `{"name":"Suizo","format":"swiss","rounds":2,"timeControl":"10+5"}`),
		http.StatusCreated).decode(t, &p)
	id := p.Tournament.ID
	r := mustStatus(t, ana.do("GET", "/api/tournament/"+id, ""), http.StatusOK)
	if !strings.Contains(string(r.body), `"crosstable":{"roundRobin":false,"rounds":0,"tieBreaks":[],"rows":[]}`) {
		t.Fatalf("before the start: %s", r.body)
	}
	for _, c := range []*client{ana, beto, cris} {
		mustStatus(t, c.do("POST", "/api/tournament/"+id+"/join", ""), http.StatusOK)
	}
	mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/start", ""), http.StatusOK).decode(t, &p)
	var game boardJSON
	for _, b := range p.Rounds[0] {
		if !b.IsBye() {
			game = b
		}
	}
	p = tournamentPageJSON{} // decoding into the old rows would keep their fields
	mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/result",
		`{"round":1,"board":`+strconv.Itoa(game.Board.Board)+`,"result":"+-","reason":"did not come"}`), http.StatusOK).decode(t, &p)
	x := p.Crosstable
	if x.RoundRobin || x.Rounds != 1 || len(x.Rows) != 3 || len(x.TieBreaks) != len(p.TieBreaks) {
		t.Fatalf("crosstable: %+v", x)
	}
	cells := map[string]tournament.Cell{}
	number := map[string]int{}
	for i, row := range x.Rows {
		if row.Rank < 1 || i > 0 && row.Rank < x.Rows[i-1].Rank || len(row.Rounds) != 1 || row.Results != nil {
			t.Fatalf("row %d: %+v", i, row)
		}
		cells[row.Name], number[row.Name] = row.Rounds[0], row.Number
	}
	white, black := game.WhiteName, game.BlackName
	if c := cells[white]; c != (tournament.Cell{Opponent: number[black], Colour: "w", Result: "+"}) {
		t.Errorf("the forfeit's winner: %+v", c)
	}
	if c := cells[black]; c != (tournament.Cell{Opponent: number[white], Colour: "b", Result: tournament.Minus}) {
		t.Errorf("the forfeit's loser: %+v", c)
	}
	for name, c := range cells {
		if name != white && name != black && c != (tournament.Cell{Bye: "pairing", Result: "1"}) {
			t.Errorf("the bye: %+v", c)
		}
	}
	if x.Rows[len(x.Rows)-1].Name != black || x.Rows[len(x.Rows)-1].Points != "0" {
		t.Errorf("last row: %+v", x.Rows[len(x.Rows)-1])
	}
	r = mustStatus(t, ana.do("GET", "/api/tournament/"+id, ""), http.StatusOK)
	if !strings.Contains(string(r.body), `{"opponent":`+strconv.Itoa(number[black])+`,"colour":"w","result":"+"}`) ||
		!strings.Contains(string(r.body), `{"result":"1","bye":"pairing"}`) {
		t.Fatalf("JSON: %s", r.body)
	}
}

// TestArrangedTournamentOverHTTP: an arranged league's round is a set of
// scheduled games; a player downloads their game of the round as .ics,
// someone without a game in it is refused.
func TestArrangedTournamentOverHTTP(t *testing.T) {
	env := newTestServer(t, withTournaments(t))
	ana, _ := env.signUp(t, "ana", "password-ana")
	beto, _ := env.signUp(t, "beto", "password-beto")
	cris, _ := env.signUp(t, "cris", "password-cris")
	var p tournamentPageJSON
	mustStatus(t, ana.do("POST", "/api/tournaments", `{"name":"Liga de los lunes","format":"round-robin","timeControl":"15+10",`+
		`"mode":"arranged","startsAt":"2026-12-07T19:00:00Z","roundMinutes":10080,"zone":"Europe/Madrid"}`), http.StatusCreated).decode(t, &p)
	id := p.Tournament.ID
	for _, c := range []*client{ana, beto} {
		mustStatus(t, c.do("POST", "/api/tournament/"+id+"/join", ""), http.StatusOK)
	}
	mustStatus(t, ana.do("POST", "/api/tournament/"+id+"/start", ""), http.StatusOK).decode(t, &p)
	b := p.Rounds[0][0]
	if b.ArrangementID == "" || b.StartAt.Format(time.RFC3339) != "2026-12-07T19:00:00Z" || b.Deadline.IsZero() {
		t.Fatalf("an arranged board: %+v", b)
	}
	r := mustStatus(t, beto.do("GET", "/api/tournament/"+id+"/round/1/ics", ""), http.StatusOK)
	if !strings.HasPrefix(r.header.Get("Content-Type"), "text/calendar") || !strings.Contains(string(r.body), "DTSTART:20261207T190000Z") {
		t.Fatalf("ics: %v %s", r.header, r.body)
	}
	if e := mustStatus(t, cris.do("GET", "/api/tournament/"+id+"/round/1/ics", ""), http.StatusNotFound).refusal(t); e.Code != string(league.CodeNoBoard) {
		t.Fatalf("ics of someone else's round: %+v", e)
	}
	mustStatus(t, env.browser(t).do("GET", "/api/tournament/"+id+"/round/1/ics", ""), http.StatusUnauthorized)
}
