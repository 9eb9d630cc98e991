package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"github.com/joinpal/joinpal/server"
	"github.com/joinpal/joinpal/store/sqlite"
)

// A server on a SQLite store: a browser becomes a guest at once, and a
// refusal comes back as a coded JSON error in the request's language.
func Example() {
	dir, _ := os.MkdirTemp("", "joinpal-example")
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "joinpal.db"))
	if err != nil {
		panic(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Accounts: st})
	if err != nil {
		panic(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()

	resp, _ := http.Post(hs.URL+"/api/guest", "application/json", nil)
	var guest struct{ Guest bool }
	json.NewDecoder(resp.Body).Decode(&guest)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, "guest:", guest.Guest)

	req, _ := http.NewRequest("GET", hs.URL+"/api/account/me", nil)
	req.Header.Set("Accept-Language", "en")
	resp, _ = http.DefaultClient.Do(req)
	var refusal struct{ Code, Message string }
	json.NewDecoder(resp.Body).Decode(&refusal)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, refusal.Code, "—", refusal.Message)
	// Output:
	// 201 guest: true
	// 401 server.unauthorized — You need to sign in
}
