package server

import (
	"net/http"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/league"
)

// The clubs' HTTP API: /api/clubs (the list and search, and a new club)
// and /api/club/{id}… (one club: its page's data, joining and leaving,
// and its admins' controls). A club's page is public; a user's own place,
// and the requests and invitations an admin answers, need a session or a
// token with club:read; every change needs club:write and an account.
// Users are named by username in paths and bodies.

// clubGamesShown is how many of its members' games a club's page lists.
const clubGamesShown = 10

// clubTournamentsShown is how many of its tournaments a club's page lists.
const clubTournamentsShown = 20

// clubJSON is a club as the API shows it.
type clubJSON struct {
	club.Club
	URL string `json:"url"`
}

// clubPlace is the requester's place in a club, and what it lets them do.
type clubPlace struct {
	Role string `json:"role"`
	// Manage: an admin or the owner (answers requests, invites, removes
	// members, promotes); Own: the owner (hands over, deletes).
	Manage bool `json:"manage"`
	Own    bool `json:"own"`
}

// clubPageJSON is all a club's page shows.
type clubPageJSON struct {
	Club clubJSON `json:"club"`
	// Me is the requester's place (absent for nobody, a guest, or a token
	// without club:read); Role is "" without one.
	Me *clubPlace `json:"me,omitempty"`
	// Members are the owner, the admins and the members, in that order.
	Members []club.Membership `json:"members"`
	// Requests and Invitations are pending places, shown to those who
	// manage the club (empty for everyone else).
	Requests    []club.Membership `json:"requests"`
	Invitations []club.Membership `json:"invitations"`
	// Tournaments are the club's tournaments, newest first.
	Tournaments []tournamentJSON `json:"tournaments"`
	// Games are the newest finished games of its members.
	Games []summaryJSON `json:"games"`
	// ChatRoom names the club's chat room.
	ChatRoom string `json:"chatRoom"`
}

// clubNew is the body of POST /api/clubs.
type clubNew struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Policy      string `json:"policy"`
}

// clubSettings is the body of PUT /api/club/{id}.
type clubSettings struct {
	Description string `json:"description"`
	Policy      string `json:"policy"`
}

// clubUser is the body of POST /api/club/{id}/invite and …/transfer.
type clubUser struct {
	Username string `json:"username"`
}

// clubRole is the body of PUT /api/club/{id}/members/{username}/role.
type clubRole struct {
	Role string `json:"role"`
}

func viewClub(r *http.Request, c club.Club) clubJSON {
	return clubJSON{Club: c, URL: siteURL(r) + "/club/" + c.ID}
}

func clubPerson(u account.User) club.Person {
	return club.Person{ID: u.ID, Name: u.Username, Guest: u.Guest}
}

// clubService returns the clubs, or answers club.not_found when the server
// has none.
func (s *Server) clubService(w http.ResponseWriter, r *http.Request) (Clubs, bool) {
	if s.cfg.Clubs == nil {
		s.writeError(w, r, club.NotFoundError(r.PathValue("id")))
		return nil, false
	}
	return s.cfg.Clubs, true
}

// listClubs serves GET /api/clubs?q=…&max=N: the clubs whose name holds q
// (all for none), most members first; and, for a signed-in account, the
// clubs in which it has a place.
func (s *Server) listClubs(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.clubService(w, r)
	if !ok {
		return
	}
	limit, err := pageParam(r, "max", defaultPageSize)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := svc.Search(r.Context(), r.URL.Query().Get("q"), limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Clubs []clubJSON `json:"clubs"`
		Mine  []mineJSON `json:"mine"`
	}{Clubs: []clubJSON{}, Mine: []mineJSON{}}
	for _, c := range list {
		out.Clubs = append(out.Clubs, viewClub(r, c))
	}
	if who, err := s.viewer(r); err == nil && who.Known() && !who.User.Guest && who.Allows(scopeFor("club-read")) {
		mine, err := svc.Mine(r.Context(), who.User.ID)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		for _, m := range mine {
			out.Mine = append(out.Mine, mineJSON{Club: viewClub(r, m.Club), Role: string(m.Role)})
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// mineJSON is a club with the requester's place in it.
type mineJSON struct {
	Club clubJSON `json:"club"`
	Role string   `json:"role"`
}

// postClub serves POST /api/clubs: a new club, its founder its owner.
func (s *Server) postClub(w http.ResponseWriter, r *http.Request) {
	var req clubNew
	if !s.decodeJSON(w, r, &req) {
		return
	}
	svc, ok := s.clubService(w, r)
	if !ok {
		return
	}
	who, ok := s.signedIn(w, r, scopeFor("club-write"))
	if !ok {
		return
	}
	c, err := svc.Create(r.Context(), clubPerson(who.User), req.Name, req.Description, club.Policy(req.Policy))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeClubPage(w, r, http.StatusCreated, c, who)
}

// getClub serves GET /api/club/{id}: the club's page's data.
func (s *Server) getClub(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.clubService(w, r)
	if !ok {
		return
	}
	c, err := svc.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	who, _ := s.viewer(r) // a bad token on a public page is nobody
	s.writeClubPage(w, r, http.StatusOK, c, who)
}

// writeClubPage answers with club c's page as who sees it.
func (s *Server) writeClubPage(w http.ResponseWriter, r *http.Request, status int, c club.Club, who Identity) {
	ctx := r.Context()
	svc := s.cfg.Clubs
	all, err := svc.Members(ctx, c.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	games, err := svc.Games(ctx, c.ID, clubGamesShown)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := clubPageJSON{Club: viewClub(r, c), Members: []club.Membership{}, Requests: []club.Membership{},
		Invitations: []club.Membership{}, Tournaments: []tournamentJSON{}, Games: viewSummaries(games), ChatRoom: "club:" + c.ID}
	if s.cfg.Tournaments != nil {
		ts, err := s.cfg.Tournaments.List(ctx, league.Query{ClubID: c.ID, Limit: clubTournamentsShown})
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		for _, t := range ts {
			out.Tournaments = append(out.Tournaments, s.viewTournament(r, t, map[string]string{t.ClubID: c.Name}))
		}
	}
	var me *clubPlace
	if who.Known() && !who.User.Guest && who.Allows(scopeFor("club-read")) {
		me = &clubPlace{}
		for _, m := range all {
			if m.UserID == who.User.ID {
				me.Role = string(m.Role)
				me.Manage = m.Role == club.Owner || m.Role == club.Admin
				me.Own = m.Role == club.Owner
			}
		}
		out.Me = me
	}
	for _, m := range all {
		switch {
		case m.Role.IsMember():
			out.Members = append(out.Members, m)
		case me != nil && me.Manage && m.Role == club.Requested:
			out.Requests = append(out.Requests, m)
		case me != nil && me.Manage && m.Role == club.Invited:
			out.Invitations = append(out.Invitations, m)
		}
	}
	writeJSON(w, status, out)
}

// clubAction serves the POST /api/club/{id}/… changes of one's own place:
// join, accept, leave.
func (s *Server) clubAction(action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		svc, ok := s.clubService(w, r)
		if !ok {
			return
		}
		who, ok := s.signedIn(w, r, scopeFor("club-write"))
		if !ok {
			return
		}
		ctx, id, me := r.Context(), r.PathValue("id"), clubPerson(who.User)
		var (
			c   club.Club
			err error
		)
		switch action {
		case "join":
			c, err = svc.Join(ctx, me, id)
		case "accept":
			c, err = svc.Accept(ctx, me, id)
		case "leave":
			c, err = svc.Leave(ctx, me, id)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		s.writeClubPage(w, r, http.StatusOK, c, who)
	}
}

// clubMemberAction serves the changes an admin or the owner makes to
// another user's place: the user named by the path's {username}
// (approve, decline, remove, role) or by the body (invite, transfer).
func (s *Server) clubMemberAction(action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var (
			body clubUser
			role clubRole
		)
		username := r.PathValue("username")
		switch action {
		case "invite", "transfer":
			if !s.decodeJSON(w, r, &body) {
				return
			}
			username = body.Username
		case "role":
			if !s.decodeJSON(w, r, &role) {
				return
			}
		}
		svc, ok := s.clubService(w, r)
		if !ok {
			return
		}
		who, ok := s.signedIn(w, r, scopeFor("club-write"))
		if !ok {
			return
		}
		ctx, id, me := r.Context(), r.PathValue("id"), clubPerson(who.User)
		var newRole club.Role
		if action == "role" {
			var err error
			if newRole, err = club.ParseRole(role.Role); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		u, err := s.cfg.Accounts.UserByUsername(ctx, username)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		user := clubPerson(u)
		var c club.Club
		switch action {
		case "approve":
			c, err = svc.Approve(ctx, me, id, user)
		case "decline":
			c, err = svc.Decline(ctx, me, id, user)
		case "invite":
			c, err = svc.Invite(ctx, me, id, user)
		case "remove":
			c, err = svc.Remove(ctx, me, id, user)
		case "role":
			c, err = svc.SetRole(ctx, me, id, user, newRole)
		case "transfer":
			c, err = svc.Transfer(ctx, me, id, user)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		s.writeClubPage(w, r, http.StatusOK, c, who)
	}
}

// putClub serves PUT /api/club/{id}: its admins set the club's
// description and joining policy.
func (s *Server) putClub(w http.ResponseWriter, r *http.Request) {
	var req clubSettings
	if !s.decodeJSON(w, r, &req) {
		return
	}
	svc, ok := s.clubService(w, r)
	if !ok {
		return
	}
	who, ok := s.signedIn(w, r, scopeFor("club-write"))
	if !ok {
		return
	}
	c, err := svc.Edit(r.Context(), clubPerson(who.User), r.PathValue("id"), req.Description, club.Policy(req.Policy))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeClubPage(w, r, http.StatusOK, c, who)
}

// deleteClub serves DELETE /api/club/{id}: the owner deletes the club and
// every place in it.
func (s *Server) deleteClub(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.clubService(w, r)
	if !ok {
		return
	}
	who, ok := s.signedIn(w, r, scopeFor("club-write"))
	if !ok {
		return
	}
	if err := svc.Delete(r.Context(), clubPerson(who.User), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
