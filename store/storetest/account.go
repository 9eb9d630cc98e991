package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// AccountStore is what the suite of people, ratings and game lists needs of
// a store: the game store (Store), account.Store, rating.Store and
// game.Listing.
type AccountStore interface {
	Store
	account.Store
	rating.Store
	game.Listing
}

// RefusedPrefix starts the id of every game whose rating changes the
// storage refuses once the suite's refuse function has run.
const RefusedPrefix = "refused"

// RunAccounts runs the conformance suite of account.Store, rating.Store and
// game.Listing against the store open opens, under the contract of Run (the
// first call for a t opens new, empty storage; a later call with the same
// t, after the suite closed the store, reopens it).
//
// refuse, called with a t after open(t), must make that storage refuse —
// with an error of the database itself, as a full disk or a broken
// connection would fail a statement — every row of rating_changes whose
// game id starts with RefusedPrefix: the last statement of the transaction
// that records a rated game's end. The suite checks that such a failure
// leaves the game, its moves and both ratings as they were.
//
// Beyond the interfaces' documentation, the suite holds stores to this:
// usernames are unique without regard to case, and of two sign-ups of one
// name at once exactly one wins; times come back in UTC, Equal to those
// written; a rated game between two accounts changes both ratings exactly
// as rating.Game computes, once, in the write that ends it.
func RunAccounts(t *testing.T, open func(t *testing.T) AccountStore, refuse func(t *testing.T)) {
	tests := []struct {
		name string
		test func(t *testing.T, s AccountStore)
	}{
		{"Users", testUsers},
		{"SignUp", testSignUp},
		{"SignUpRace", testSignUpRace},
		{"Sessions", testSessions},
		{"Tokens", testTokens},
		{"Settings", testSettings},
		{"Bots", testBots},
		{"RatedGame", testRatedGame},
		{"UnratedEnds", testUnratedEnds},
		{"ConcurrentRatedEnds", testConcurrentRatedEnds},
		{"History", testHistory},
		{"PlayingNow", testPlayingNow},
		{"PlayerPlaying", testPlayerPlaying},
		{"AccountsCanceledAndClosed", testAccountsCanceledAndClosed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, open(t))
		})
	}
	t.Run("RefusedEnd", func(t *testing.T) {
		t.Parallel()
		s := open(t)
		refuse(t)
		testRefusedEnd(t, s)
	})
	t.Run("AccountsReopen", func(t *testing.T) {
		t.Parallel()
		testAccountsReopen(t, open)
	})
}

func guestUser(id string) account.User {
	return account.User{ID: id, DisplayName: "Invitado " + id, Guest: true, CreatedAt: t0}
}

func accountUser(id, username string) account.User {
	return account.User{ID: id, Username: username, DisplayName: username,
		PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", Lang: "es", CreatedAt: t0}
}

func mustCreateUser(t *testing.T, s AccountStore, u account.User) {
	t.Helper()
	if err := s.CreateUser(t.Context(), u); err != nil {
		t.Fatalf("CreateUser(%q): %v", u.ID, err)
	}
}

// wantAccountCode fails t unless err is an account error with code.
func wantAccountCode(t *testing.T, what string, err error, code account.Code) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %s", what, code)
	} else if account.CodeOf(err) != code {
		t.Errorf("%s: error %q has code %q, want %s", what, err, account.CodeOf(err), code)
	}
}

// utcUser returns u as a store gives it back.
func utcUser(u account.User) account.User {
	u.CreatedAt = utcTime(u.CreatedAt)
	return u
}

func checkUser(t *testing.T, what string, got, want account.User) {
	t.Helper()
	if want = utcUser(want); got != want {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func testUsers(t *testing.T, s AccountStore) {
	ctx := t.Context()
	g, a := guestUser("u1"), accountUser("u2", "Ana_Lopez")
	mustCreateUser(t, s, g)
	mustCreateUser(t, s, a)
	for _, tt := range []struct {
		name string
		get  func() (account.User, error)
		want account.User
	}{
		{"guest by id", func() (account.User, error) { return s.UserByID(ctx, "u1") }, g},
		{"account by id", func() (account.User, error) { return s.UserByID(ctx, "u2") }, a},
		{"account by username", func() (account.User, error) { return s.UserByUsername(ctx, "Ana_Lopez") }, a},
		{"account by username in other case", func() (account.User, error) { return s.UserByUsername(ctx, "aNA_LOPEZ") }, a},
	} {
		got, err := tt.get()
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		checkUser(t, tt.name, got, tt.want)
	}
	err := s.CreateUser(ctx, accountUser("u3", "ana_lopez"))
	wantAccountCode(t, "CreateUser of a username taken in other case", err, account.CodeUsernameTaken)
	_, err = s.UserByID(ctx, "u3")
	wantAccountCode(t, "UserByID of the refused user", err, account.CodeNotFound)
	_, err = s.UserByUsername(ctx, "nobody")
	wantAccountCode(t, "UserByUsername of nobody", err, account.CodeNotFound)
	_, err = s.UserByUsername(ctx, "")
	wantAccountCode(t, "UserByUsername of an empty name", err, account.CodeNotFound)
	err = s.CreateUser(ctx, accountUser("u4", "ana lopez"))
	wantAccountCode(t, "CreateUser of a bad username", err, account.CodeUsernameChars)
	if err := s.CreateUser(ctx, guestUser("u1")); err == nil {
		t.Error("CreateUser of a taken id: no error")
	}
	checkUser(t, "the guest after a second CreateUser of its id", mustUser(t, s, "u1"), g)

	if err := s.SetPasswordHash(ctx, "u2", "$argon2id$new"); err != nil {
		t.Fatalf("SetPasswordHash: %v", err)
	}
	a.PasswordHash = "$argon2id$new"
	checkUser(t, "after SetPasswordHash", mustUser(t, s, "u2"), a)
	wantAccountCode(t, "SetPasswordHash of nobody", s.SetPasswordHash(ctx, "nobody", "x"), account.CodeNotFound)
	wantAccountCode(t, "SetPasswordHash of a guest", s.SetPasswordHash(ctx, "u1", "x"), account.CodeNotFound)

	for _, id := range []string{"u1", "u2"} { // a guest and an account
		if err := s.SetLang(ctx, id, "en"); err != nil {
			t.Fatalf("SetLang(%s): %v", id, err)
		}
		if got := mustUser(t, s, id).Lang; got != "en" {
			t.Errorf("user %s: lang %q after SetLang, want en", id, got)
		}
	}
	if err := s.SetLang(ctx, "u1", ""); err != nil || mustUser(t, s, "u1").Lang != "" {
		t.Errorf("SetLang back to the browser's choice: %v", err)
	}
	wantAccountCode(t, "SetLang of nobody", s.SetLang(ctx, "nobody", "es"), account.CodeNotFound)
	a.Lang = "en"
	checkUser(t, "after SetLang", mustUser(t, s, "u2"), a)
}

func mustUser(t *testing.T, s AccountStore, id string) account.User {
	t.Helper()
	u, err := s.UserByID(t.Context(), id)
	if err != nil {
		t.Fatalf("UserByID(%q): %v", id, err)
	}
	return u
}

// testSignUp turns a guest who has played into an account: the id, and so
// the games, stay.
func testSignUp(t *testing.T, s AccountStore) {
	ctx := t.Context()
	g := guestUser("g1")
	mustCreateUser(t, s, g)
	mustCreateUser(t, s, accountUser("a1", "Bea"))
	rec := endedGame(t, "played-as-guest", "g1", "a1", false, game.Drawn, 1)
	mustCreate(t, s, rec)

	u, err := s.SignUp(ctx, "g1", "Carla", "$argon2id$carla")
	if err != nil {
		t.Fatalf("SignUp: %v", err)
	}
	want := account.User{ID: "g1", Username: "Carla", DisplayName: "Carla", PasswordHash: "$argon2id$carla", CreatedAt: t0}
	checkUser(t, "SignUp's user", u, want)
	checkUser(t, "UserByUsername after SignUp", mustUsername(t, s, "carla"), want)
	games, err := s.PlayerGames(ctx, "g1", 0, 10)
	if err != nil || len(games) != 1 || games[0].ID != rec.ID {
		t.Errorf("PlayerGames after SignUp = %v, %v; want the game played as a guest", games, err)
	}

	mustCreateUser(t, s, guestUser("g2"))
	_, err = s.SignUp(ctx, "g2", "BEA", "$argon2id$x")
	wantAccountCode(t, "SignUp with a taken username", err, account.CodeUsernameTaken)
	checkUser(t, "the guest after a refused SignUp", mustUser(t, s, "g2"), guestUser("g2"))
	_, err = s.SignUp(ctx, "a1", "Other", "$argon2id$x")
	wantAccountCode(t, "SignUp of an account", err, account.CodeNotFound)
	_, err = s.SignUp(ctx, "nobody", "Other", "$argon2id$x")
	wantAccountCode(t, "SignUp of nobody", err, account.CodeNotFound)
	_, err = s.SignUp(ctx, "g2", "9lives", "$argon2id$x")
	wantAccountCode(t, "SignUp with a bad username", err, account.CodeUsernameStart)
	checkUser(t, "the guest after refused SignUps", mustUser(t, s, "g2"), guestUser("g2"))
}

func mustUsername(t *testing.T, s AccountStore, name string) account.User {
	t.Helper()
	u, err := s.UserByUsername(t.Context(), name)
	if err != nil {
		t.Fatalf("UserByUsername(%q): %v", name, err)
	}
	return u
}

// testSignUpRace signs many guests up with one username (in different
// cases) at once: exactly one wins.
func testSignUpRace(t *testing.T, s AccountStore) {
	const n = 8
	for i := range n {
		mustCreateUser(t, s, guestUser(fmt.Sprintf("g%d", i)))
	}
	names := []string{"Dani", "dani", "DANI", "dAnI"}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		winner []string
		start  = make(chan struct{})
	)
	for i := range n {
		wg.Go(func() {
			<-start
			id := fmt.Sprintf("g%d", i)
			_, err := s.SignUp(t.Context(), id, names[i%len(names)], "$argon2id$"+id)
			switch code := account.CodeOf(err); {
			case err == nil:
				mu.Lock()
				winner = append(winner, id)
				mu.Unlock()
			case code != account.CodeUsernameTaken:
				t.Errorf("SignUp(%s): %v, want success or %s", id, err, account.CodeUsernameTaken)
			}
		})
	}
	close(start)
	wg.Wait()
	if len(winner) != 1 {
		t.Fatalf("%d sign-ups won (%v), want exactly 1", len(winner), winner)
	}
	if u := mustUsername(t, s, "DANI"); u.ID != winner[0] || u.Guest {
		t.Errorf("the username belongs to %+v, want the winner %s", u, winner[0])
	}
	for i := range n {
		if id := fmt.Sprintf("g%d", i); id != winner[0] && !mustUser(t, s, id).Guest {
			t.Errorf("loser %s is no longer a guest", id)
		}
	}
}

func testSessions(t *testing.T, s AccountStore) {
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("a", "Elena"))
	mustCreateUser(t, s, guestUser("g"))
	_, d1 := account.NewSecret(account.SessionPrefix)
	_, d2 := account.NewSecret(account.SessionPrefix)
	_, d3 := account.NewSecret(account.SessionPrefix)
	_, unknown := account.NewSecret(account.SessionPrefix)
	s1 := account.Session{Digest: d1, UserID: "a", CreatedAt: t0, ExpiresAt: at(60_000)}
	for _, ses := range []account.Session{s1,
		{Digest: d2, UserID: "a", CreatedAt: t0, ExpiresAt: at(60_000)},
		{Digest: d3, UserID: "g", CreatedAt: t0, ExpiresAt: at(60_000)}} {
		if err := s.CreateSession(ctx, ses); err != nil {
			t.Fatalf("CreateSession: %v", err)
		}
	}
	if err := s.CreateSession(ctx, account.Session{Digest: unknown, UserID: "nobody", ExpiresAt: at(1)}); err == nil {
		t.Error("CreateSession of nobody's session: no error")
	}

	// Used before it expires: found, not extended to an earlier time.
	got, u, err := s.Session(ctx, d1, at(10_000), at(30_000))
	if err != nil {
		t.Fatalf("Session: %v", err)
	}
	if want := utcSession(s1); got != want || u.ID != "a" || u.Username != "Elena" {
		t.Errorf("Session = %+v, %+v; want %+v and user a", got, u, want)
	}
	// Extended to a later time.
	got, _, err = s.Session(ctx, d1, at(50_000), at(120_000))
	if err != nil || !got.ExpiresAt.Equal(at(120_000)) {
		t.Errorf("Session extended = %+v, %v; want it to expire at %v", got, err, at(120_000))
	}
	if _, _, err := s.Session(ctx, d1, at(100_000), time.Time{}); err != nil {
		t.Errorf("Session within the extension: %v", err)
	}
	// Expired: at the moment of expiry and after; not revived by extendTo.
	_, _, err = s.Session(ctx, d2, at(60_000), at(200_000))
	wantAccountCode(t, "Session at its expiry", err, account.CodeBadToken)
	_, _, err = s.Session(ctx, d2, at(59_999), time.Time{})
	if err != nil {
		t.Errorf("Session just before its expiry: %v (an expired lookup must not have extended or removed it)", err)
	}
	_, _, err = s.Session(ctx, unknown, at(0), time.Time{})
	wantAccountCode(t, "Session of an unknown digest", err, account.CodeBadToken)

	// Housekeeping at 60 000 removes the sessions that expired then (d2,
	// d3), not the extended d1 nor a later d4.
	if n, err := s.DeleteExpiredSessions(ctx, at(59_999)); err != nil || n != 0 {
		t.Errorf("DeleteExpiredSessions before any expiry = %d, %v; want 0", n, err)
	}
	_, d4 := account.NewSecret(account.SessionPrefix)
	if err := s.CreateSession(ctx, account.Session{Digest: d4, UserID: "g", CreatedAt: t0, ExpiresAt: at(200_000)}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.DeleteExpiredSessions(ctx, at(60_000)); err != nil || n != 2 {
		t.Errorf("DeleteExpiredSessions = %d, %v; want 2 (the sessions of a and g that expired at 60 000)", n, err)
	}
	if _, _, err := s.Session(ctx, d1, at(60_000), time.Time{}); err != nil {
		t.Errorf("the extended session after DeleteExpiredSessions: %v", err)
	}
	if _, _, err := s.Session(ctx, d4, at(60_000), time.Time{}); err != nil {
		t.Errorf("a later session after DeleteExpiredSessions: %v", err)
	}
	// d3 is gone: put it back for what follows.
	if err := s.CreateSession(ctx, account.Session{Digest: d3, UserID: "g", CreatedAt: t0, ExpiresAt: at(200_000)}); err != nil {
		t.Fatal(err)
	}

	if err := s.DeleteSession(ctx, d1); err != nil {
		t.Fatalf("DeleteSession: %v", err)
	}
	_, _, err = s.Session(ctx, d1, at(0), time.Time{})
	wantAccountCode(t, "Session after DeleteSession", err, account.CodeBadToken)
	if err := s.DeleteSession(ctx, d1); err != nil {
		t.Errorf("DeleteSession of a deleted session: %v", err)
	}
	if err := s.DeleteSessions(ctx, "a"); err != nil {
		t.Fatalf("DeleteSessions: %v", err)
	}
	_, _, err = s.Session(ctx, d2, at(0), time.Time{})
	wantAccountCode(t, "Session after DeleteSessions", err, account.CodeBadToken)
	if _, u, err := s.Session(ctx, d3, at(0), time.Time{}); err != nil || u.ID != "g" || !u.Guest {
		t.Errorf("another user's session after DeleteSessions = %+v, %v; want the guest's", u, err)
	}
}

func utcSession(s account.Session) account.Session {
	s.CreatedAt, s.ExpiresAt = utcTime(s.CreatedAt), utcTime(s.ExpiresAt)
	return s
}

func utcToken(tk account.Token) account.Token {
	tk.CreatedAt, tk.Revoked = utcTime(tk.CreatedAt), utcTime(tk.Revoked)
	return tk
}

func checkToken(t *testing.T, what string, got, want account.Token) {
	t.Helper()
	want = utcToken(want)
	if got.ID != want.ID || got.Digest != want.Digest || got.UserID != want.UserID || got.Name != want.Name ||
		!slices.Equal(got.Scopes, want.Scopes) || !got.CreatedAt.Equal(want.CreatedAt) || got.CreatedAt.Location() != time.UTC ||
		!got.Revoked.Equal(want.Revoked) || !got.Revoked.IsZero() && got.Revoked.Location() != time.UTC {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func testTokens(t *testing.T, s AccountStore) {
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("a", "Fran"))
	mustCreateUser(t, s, accountUser("b", "Gala"))
	_, d1 := account.NewSecret(account.TokenPrefix)
	_, d2 := account.NewSecret(account.TokenPrefix)
	_, unknown := account.NewSecret(account.TokenPrefix)
	t1 := account.Token{ID: "t1", Digest: d1, UserID: "a", Name: "mi bot ♞",
		Scopes: []account.Scope{account.ScopeBoardPlay, account.ScopeChallengeWrite}, CreatedAt: at(1)}
	t2 := account.Token{ID: "t2", Digest: d2, UserID: "a", Name: "lector", Scopes: []account.Scope{}, CreatedAt: at(2)}
	for _, tk := range []account.Token{t1, t2} {
		if err := s.CreateToken(ctx, tk); err != nil {
			t.Fatalf("CreateToken(%s): %v", tk.ID, err)
		}
	}
	if err := s.CreateToken(ctx, account.Token{ID: "t3", Digest: d1, UserID: "b", Name: "copy"}); err == nil {
		t.Error("CreateToken with a digest taken: no error")
	}
	got, u, err := s.Token(ctx, d1)
	if err != nil {
		t.Fatalf("Token: %v", err)
	}
	checkToken(t, "Token", got, t1)
	if u.ID != "a" || !got.Allows(account.ScopeBoardPlay) || got.Allows(account.ScopeChallengeRead) {
		t.Errorf("Token's user %q and scopes %v", u.ID, got.Scopes)
	}
	_, _, err = s.Token(ctx, unknown)
	wantAccountCode(t, "Token of an unknown digest", err, account.CodeBadToken)

	list, err := s.Tokens(ctx, "a")
	if err != nil || len(list) != 2 {
		t.Fatalf("Tokens = %v, %v; want 2", list, err)
	}
	checkToken(t, "Tokens[0]", list[0], t1)
	checkToken(t, "Tokens[1]", list[1], t2)
	if list, err := s.Tokens(ctx, "b"); err != nil || len(list) != 0 {
		t.Errorf("Tokens of a user without any = %v, %v", list, err)
	}

	wantAccountCode(t, "RevokeToken of another user's token", s.RevokeToken(ctx, "b", "t1", at(5)), account.CodeBadToken)
	wantAccountCode(t, "RevokeToken of an unknown token", s.RevokeToken(ctx, "a", "t9", at(5)), account.CodeBadToken)
	if err := s.RevokeToken(ctx, "a", "t1", at(10)); err != nil {
		t.Fatalf("RevokeToken: %v", err)
	}
	if err := s.RevokeToken(ctx, "a", "t1", at(20)); err != nil {
		t.Errorf("RevokeToken again: %v", err)
	}
	got, _, err = s.Token(ctx, d1)
	t1.Revoked = at(10) // the first revocation counts
	if err != nil {
		t.Fatalf("Token of a revoked token: %v (want it returned with Revoked set)", err)
	}
	checkToken(t, "the revoked token", got, t1)
	if got.Allows(account.ScopeBoardPlay) {
		t.Error("a revoked token allows a scope")
	}
	got, _, _ = s.Token(ctx, d2)
	checkToken(t, "the other token after a revocation", got, t2)
}

// testAccountsReopen checks that users, sessions, tokens and ratings
// survive a close and a new start.
func testAccountsReopen(t *testing.T, open func(t *testing.T) AccountStore) {
	s := open(t)
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	mustCreateUser(t, s, accountUser("bea", "Bea"))
	_, sd := account.NewSecret(account.SessionPrefix)
	_, td := account.NewSecret(account.TokenPrefix)
	if err := s.CreateSession(ctx, account.Session{Digest: sd, UserID: "ana", CreatedAt: t0, ExpiresAt: at(1000)}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateToken(ctx, account.Token{ID: "t", Digest: td, UserID: "bea", Name: "bot", CreatedAt: t0}); err != nil {
		t.Fatal(err)
	}
	rec := endedGame(t, "g", "ana", "bea", true, game.BlackWins, 3000)
	if err := playToEnd(t, s, rec, false); err != nil {
		t.Fatal(err)
	}
	before := mustRatings(t, s, "bea")
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = open(t)
	checkUser(t, "after reopening", mustUser(t, s, "ana"), accountUser("ana", "Ana"))
	if _, u, err := s.Session(ctx, sd, t0, time.Time{}); err != nil || u.ID != "ana" {
		t.Errorf("Session after reopening: %+v, %v", u, err)
	}
	if tk, _, err := s.Token(ctx, td); err != nil || tk.ID != "t" {
		t.Errorf("Token after reopening: %+v, %v", tk, err)
	}
	after := mustRatings(t, s, "bea")
	if !sameRating(after[rating.Blitz], before[rating.Blitz]) || after[rating.Blitz].Games != 1 {
		t.Errorf("ratings after reopening %+v, want %+v", after[rating.Blitz], before[rating.Blitz])
	}
	if !mustLoad(t, s, "g").Rated {
		t.Error("Rated lost after reopening")
	}
}

// testAccountsCanceledAndClosed calls every method with a canceled context
// (each fails with the context's error and changes nothing), then after
// Close (each fails).
func testAccountsCanceledAndClosed(t *testing.T, s AccountStore) {
	mustCreateUser(t, s, guestUser("g"))
	mustCreateUser(t, s, accountUser("a", "Hugo"))
	_, sd := account.NewSecret(account.SessionPrefix)
	_, td := account.NewSecret(account.TokenPrefix)
	if err := s.CreateSession(t.Context(), account.Session{Digest: sd, UserID: "a", CreatedAt: t0, ExpiresAt: at(1000)}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateToken(t.Context(), account.Token{ID: "t", Digest: td, UserID: "a", Name: "bot", CreatedAt: t0}); err != nil {
		t.Fatal(err)
	}
	calls := func(ctx context.Context) []struct {
		name string
		call func() error
	} {
		second := func(_ any, err error) error { return err }
		return []struct {
			name string
			call func() error
		}{
			{"CreateUser", func() error { return s.CreateUser(ctx, guestUser("new")) }},
			{"SignUp", func() error { return second(s.SignUp(ctx, "g", "Irene", "$argon2id$x")) }},
			{"UserByID", func() error { return second(s.UserByID(ctx, "a")) }},
			{"UserByUsername", func() error { return second(s.UserByUsername(ctx, "hugo")) }},
			{"SetPasswordHash", func() error { return s.SetPasswordHash(ctx, "a", "$argon2id$y") }},
			{"CreateSession", func() error {
				_, d := account.NewSecret(account.SessionPrefix)
				return s.CreateSession(ctx, account.Session{Digest: d, UserID: "a", ExpiresAt: at(1000)})
			}},
			{"Session", func() error { _, _, err := s.Session(ctx, sd, t0, at(5000)); return err }},
			{"DeleteSession", func() error { return s.DeleteSession(ctx, sd) }},
			{"DeleteSessions", func() error { return s.DeleteSessions(ctx, "a") }},
			{"DeleteExpiredSessions", func() error { return second(s.DeleteExpiredSessions(ctx, at(1_000_000))) }},
			{"CreateToken", func() error {
				_, d := account.NewSecret(account.TokenPrefix)
				return s.CreateToken(ctx, account.Token{ID: "t2", Digest: d, UserID: "a", Name: "x"})
			}},
			{"Token", func() error { _, _, err := s.Token(ctx, td); return err }},
			{"Tokens", func() error { return second(s.Tokens(ctx, "a")) }},
			{"RevokeToken", func() error { return s.RevokeToken(ctx, "a", "t", at(1)) }},
			{"Ratings", func() error { return second(s.Ratings(ctx, "a")) }},
			{"PlayerGames", func() error { return second(s.PlayerGames(ctx, "a", 0, 10)) }},
			{"PlayingNow", func() error { return second(s.PlayingNow(ctx, 10)) }},
			{"PlayerPlaying", func() error { return second(s.PlayerPlaying(ctx, "a", 10)) }},
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, c := range calls(ctx) {
		if err := c.call(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a canceled context: %v, want context.Canceled", c.name, err)
		}
	}
	if _, err := s.UserByID(t.Context(), "new"); account.CodeOf(err) != account.CodeNotFound {
		t.Errorf("CreateUser with a canceled context stored the user: %v", err)
	}
	if u := mustUser(t, s, "g"); !u.Guest {
		t.Error("SignUp with a canceled context signed the guest up")
	}
	if ses, _, err := s.Session(t.Context(), sd, t0, time.Time{}); err != nil || !ses.ExpiresAt.Equal(at(1000)) {
		t.Errorf("the session after canceled calls: %+v, %v; want it as created", ses, err)
	}
	if tk, _, err := s.Token(t.Context(), td); err != nil || !tk.Revoked.IsZero() {
		t.Errorf("the token after canceled calls: %+v, %v; want it valid", tk, err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for _, c := range calls(t.Context()) {
		if err := c.call(); err == nil {
			t.Errorf("%s after Close: no error", c.name)
		}
	}
}
