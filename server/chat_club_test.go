package server

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/club"
)

// TestE2EClubChat: a club's members talk on its socket; anyone else — an
// account asking to join, a guest, nobody — is refused before the upgrade,
// and cannot report the room's lines either.
func TestE2EClubChat(t *testing.T) {
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		svc, err := club.New(club.Config{Store: c.Accounts.(club.Store), Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		c.Clubs = svc
	}})
	ana, beto, cris := env.account(t, "ana"), env.account(t, "beto"), env.account(t, "cris")
	var page clubPageJSON
	ana.must(http.StatusCreated, "POST", "/api/clubs", map[string]any{"name": "Peón Rojo", "description": "", "policy": "request"}, &page)
	id := page.Club.ID
	beto.must(http.StatusOK, "POST", "/api/club/"+id+"/join", nil, nil)
	ana.must(http.StatusOK, "POST", "/api/club/"+id+"/requests/beto/approve", nil, nil)
	cris.must(http.StatusOK, "POST", "/api/club/"+id+"/join", nil, nil) // only a request

	path := "/api/club/" + id + "/socket"
	a, b := ana.dial(path), beto.dial(path)
	if h := history(t, a); h.Room != chat.KindClub || !h.Write {
		t.Fatalf("the owner's history frame: %+v, want the club's room, writable", h)
	}
	history(t, b)
	if code := say(b, 1, "¿Quedamos el jueves?"); code != "" {
		t.Fatalf("a member's line refused: %s", code)
	}
	line := said(t, a, "¿Quedamos el jueves?")
	if line.User.Name == "" || line.User.Guest {
		t.Errorf("the line's author: %+v", line.User)
	}

	for who, p := range map[string]*person{"an account that asked to join": cris, "a guest": env.guest(t), "nobody": env.anonymous(t)} {
		_, err := p.tryDial(path, nil)
		var de *dialError
		if !errors.As(err, &de) || !strings.Contains(string(de.body), string(club.CodeNotMember)) {
			t.Errorf("%s dialled the club's chat: %v, want %s", who, err, club.CodeNotMember)
		}
	}
	res := cris.do("POST", "/api/chat/report", map[string]any{"room": string(chat.Club(id)), "line": line.ID})
	if code := res.refusal(t).Code; code != string(chat.CodeNoLine) {
		t.Errorf("a non-member's report of a club line: %s, want %s", code, chat.CodeNoLine)
	}
	beto.must(http.StatusCreated, "POST", "/api/chat/report", map[string]any{"room": string(chat.Club(id)), "line": line.ID}, nil)
}
