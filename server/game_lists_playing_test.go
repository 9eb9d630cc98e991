package server

import (
	"net/http"
	"slices"
	"testing"

	"github.com/joinpal/joinpal/account"
)

// TestUserPlayingNow: GET /api/games/user/{username}/now lists the games
// the account is playing, on either side, newest first, even when newer
// games of others push them out of GET /api/games/now's first page; a
// game leaves the list as it ends.
func TestUserPlayingNow(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno, carla := env.account(t, "alba"), env.account(t, "bruno"), env.account(t, "carla")
	// start pairs white and black and plays white's first move: the game
	// is being played from then on.
	start := func(white, black *person) string {
		t.Helper()
		id := env.pairBySeek(white, black, "5+0")
		white.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e2e4?ply=0&id=1", nil, nil)
		return id
	}
	first := start(alba, bruno)  // alba white
	second := start(carla, alba) // alba black
	others := start(env.guest(t), env.guest(t))

	var now []summaryJSON
	alba.must(http.StatusOK, "GET", "/api/games/now?max=1", nil, &now)
	if len(now) != 1 || now[0].ID != others {
		t.Fatalf("the server's newest game: %+v, want %s", now, others)
	}
	ids := func(list []summaryJSON) []string {
		out := []string{}
		for _, g := range list {
			out = append(out, g.ID)
		}
		return out
	}
	for _, tt := range []struct {
		path string
		want []string
	}{
		{"/api/games/user/alba/now", []string{second, first}},
		{"/api/games/user/alba/now?max=1", []string{second}},
		{"/api/games/user/ALBA/now", []string{second, first}}, // usernames regardless of case
		{"/api/games/user/bruno/now", []string{first}},
		{"/api/games/user/carla/now?max=100", []string{second}},
	} {
		var list []summaryJSON
		bruno.must(http.StatusOK, "GET", tt.path, nil, &list)
		if got := ids(list); !slices.Equal(got, tt.want) {
			t.Errorf("GET %s = %v, want %v", tt.path, got, tt.want)
		}
	}

	var list []summaryJSON
	env.anonymous(t).must(http.StatusOK, "GET", "/api/games/user/alba/now", nil, &list)
	if len(list) != 2 {
		t.Fatalf("alba's games for a visitor without a session: %+v", list)
	}
	g := list[0]
	if g.Status != "started" || g.Plies != 1 || g.EndedAt != 0 || g.Termination != "" || g.Outcome != "" ||
		g.Players["white"].ID != carla.id || g.Players["black"].ID != alba.id || g.TimeControl != "5+0" {
		t.Errorf("alba's newest game in progress: %+v", g)
	}

	for _, tt := range []struct {
		path string
		code int
		want string
	}{
		{"/api/games/user/nobody/now", http.StatusNotFound, string(account.CodeNotFound)},
		{"/api/games/user/alba/now?max=0", http.StatusBadRequest, string(CodeBadPage)},
		{"/api/games/user/alba/now?max=101", http.StatusBadRequest, string(CodeBadPage)},
		{"/api/games/user/alba/now?max=x", http.StatusBadRequest, string(CodeBadPage)},
	} {
		res := bruno.do("GET", tt.path, nil)
		if res.status != tt.code || res.refusal(t).Code != tt.want {
			t.Errorf("GET %s: %d %s, want %d %s", tt.path, res.status, res.body, tt.code, tt.want)
		}
	}

	alba.must(http.StatusOK, "POST", "/api/game/"+second+"/resign", nil, nil)
	alba.must(http.StatusOK, "GET", "/api/games/user/alba/now", nil, &list)
	if got := ids(list); !slices.Equal(got, []string{first}) {
		t.Errorf("alba's games after resigning %s: %v, want [%s]", second, got, first)
	}
	carla.must(http.StatusOK, "GET", "/api/games/user/carla/now", nil, &list)
	if len(list) != 0 {
		t.Errorf("carla's games after her only one ended: %v", ids(list))
	}
}
