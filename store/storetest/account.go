package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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
		{"RatedGame", testRatedGame},
		{"UnratedEnds", testUnratedEnds},
		{"ConcurrentRatedEnds", testConcurrentRatedEnds},
		{"History", testHistory},
		{"PlayingNow", testPlayingNow},
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
func wantAccountCode(t *testing.T, what string, err error, code string) {
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

// endedGame returns a game between white and black (user ids; "" for the
// AI) that is over with result after plies moves, ended at the moment
// at(1000*ply...).
func endedGame(t testing.TB, id, white, black string, isRated bool, res game.Result, endMs int64) game.Record {
	rec := ratedRecord(t, id, white, black, "5+0", isRated)
	rec.Moves = []game.MoveRecord{move(0), move(1)}
	rec.State = endState(rec, res, endMs)
	return rec
}

// ratedRecord returns a created game between white and black ("" for the
// AI) with time control tc.
func ratedRecord(t testing.TB, id, white, black, tc string, isRated bool) game.Record {
	rec := newRecord(t, id)
	rec.TimeControl = mustTC(t, tc)
	rec.State.Clock.TimeControl = rec.TimeControl
	rec.State.Clock.WhiteMs = rec.TimeControl.Initial().Milliseconds()
	rec.State.Clock.BlackMs = rec.State.Clock.WhiteMs
	rec.Rated = isRated
	player := func(userID, name string) game.Player {
		if userID == "" {
			return game.Player{Name: "Maestro", AILevel: 8}
		}
		return game.Player{ID: userID, Name: name}
	}
	rec.White, rec.Black = player(white, "W "+white), player(black, "B "+black)
	return rec
}

// endState returns rec's state once it ended with res at at(endMs).
func endState(rec game.Record, res game.Result, endMs int64) game.State {
	st := stateAfter(rec, max(len(rec.Moves)-1, 0))
	st.Status, st.Result, st.EndedAt, st.DrawOffer = game.StatusEnded, res, at(endMs), nil
	switch res {
	case game.Drawn:
		st.Termination = game.Agreement
	default:
		st.Termination = game.Resignation
	}
	st.FirstMoveDeadline = time.Time{}
	if st.Clock != nil {
		st.Clock.State, st.Clock.TurnStart = game.ClockStopped, time.Time{}
	}
	return st
}

func mustRatings(t *testing.T, s AccountStore, userID string) map[rating.Speed]rating.Rating {
	t.Helper()
	r, err := s.Ratings(t.Context(), userID)
	if err != nil {
		t.Fatalf("Ratings(%q): %v", userID, err)
	}
	if len(r) != len(rating.Speeds()) {
		t.Errorf("Ratings(%q) has %d speeds, want %d", userID, len(r), len(rating.Speeds()))
	}
	return r
}

// sameRating compares ratings to the precision of a float64 written and
// read back, and the last game's moment exactly.
func sameRating(got, want rating.Rating) bool {
	close := func(a, b float64) bool { return a == b || (a-b)*(a-b) < 1e-18*(a*a+b*b) }
	return close(got.Value, want.Value) && close(got.Deviation, want.Deviation) &&
		close(got.Volatility, want.Volatility) && got.Games == want.Games && got.LastPlayed.Equal(want.LastPlayed) &&
		(got.LastPlayed.IsZero() || got.LastPlayed.Location() == time.UTC)
}

func checkRatings(t *testing.T, what string, s AccountStore, userID string, want map[rating.Speed]rating.Rating) {
	t.Helper()
	got := mustRatings(t, s, userID)
	for _, sp := range rating.Speeds() {
		w, ok := want[sp]
		if !ok {
			w = rating.New()
		}
		if !sameRating(got[sp], w) {
			t.Errorf("%s: %s's %s rating\n got %+v\nwant %+v", what, userID, sp, got[sp], w)
		}
	}
}

// playToEnd creates rec without its moves and plays them, the last one
// ending the game with rec.State (AppendMove), or, if endBySave, ends it
// with SaveState after the moves.
func playToEnd(t *testing.T, s AccountStore, rec game.Record, endBySave bool) error {
	t.Helper()
	created := createdOf(t, rec)
	mustCreate(t, s, created)
	for i, mv := range rec.Moves {
		st := stateAfter(created, mv.Ply)
		if i == len(rec.Moves)-1 && !endBySave {
			return s.AppendMove(t.Context(), rec.ID, mv, rec.State)
		}
		if err := s.AppendMove(t.Context(), rec.ID, mv, st); err != nil {
			t.Fatalf("AppendMove(%s, %d): %v", rec.ID, mv.Ply, err)
		}
	}
	return s.SaveState(t.Context(), rec.ID, rec.State)
}

// createdOf returns rec as it was created: no moves, a waiting clock.
func createdOf(t testing.TB, rec game.Record) game.Record {
	created := rec
	created.Moves, created.State = nil, newRecord(t, rec.ID).State
	created.State.Clock.TimeControl = rec.TimeControl
	created.State.Clock.WhiteMs = rec.TimeControl.Initial().Milliseconds()
	created.State.Clock.BlackMs = created.State.Clock.WhiteMs
	return created
}

// testRatedGame plays rated games between two accounts: each end changes
// both ratings as rating.Game does, once, and the game's list shows it.
func testRatedGame(t *testing.T, s AccountStore) {
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	mustCreateUser(t, s, accountUser("bea", "Bea"))
	ana, bea := rating.New(), rating.New()

	// A blitz win by white, ended by the last move.
	g1 := endedGame(t, "g1", "ana", "bea", true, game.WhiteWins, 10_000)
	if err := playToEnd(t, s, g1, false); err != nil {
		t.Fatalf("the ending AppendMove: %v", err)
	}
	anaAfter, beaAfter, err := rating.Game(ana, bea, rating.Win, at(10_000))
	if err != nil {
		t.Fatal(err)
	}
	checkRatings(t, "after a blitz win", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter})
	checkRatings(t, "after a blitz loss", s, "bea", map[rating.Speed]rating.Rating{rating.Blitz: beaAfter})
	if rec := mustLoad(t, s, "g1"); !rec.Rated {
		t.Error("LoadGame of a rated game: Rated is false")
	}

	// Recording the end again (a later SaveState of the ended game) rates
	// nobody twice.
	again := g1.State
	again.Seq++
	if err := s.SaveState(ctx, "g1", again); err != nil {
		t.Fatalf("SaveState of the ended game: %v", err)
	}
	checkRatings(t, "after the end was saved again", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter})

	// A draw, black being ana, ended by SaveState a day later: it starts
	// from the ratings after g1, their deviations grown with the time.
	g2 := endedGame(t, "g2", "bea", "ana", true, game.Drawn, 10_000+24*3600_000)
	if err := playToEnd(t, s, g2, true); err != nil {
		t.Fatalf("the ending SaveState: %v", err)
	}
	beaAfter2, anaAfter2, err := rating.Game(beaAfter, anaAfter, rating.Draw, at(10_000+24*3600_000))
	if err != nil {
		t.Fatal(err)
	}
	checkRatings(t, "after a draw", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter2})
	checkRatings(t, "after a draw", s, "bea", map[rating.Speed]rating.Rating{rating.Blitz: beaAfter2})

	// A bullet game changes the bullet ratings only.
	g3 := endedGame(t, "g3", "bea", "ana", true, game.BlackWins, 10_000+25*3600_000)
	g3.TimeControl = mustTC(t, "1+0")
	g3.State = endState(g3, game.BlackWins, 10_000+25*3600_000)
	g3.State.Clock.TimeControl = g3.TimeControl
	if err := playToEnd(t, s, g3, false); err != nil {
		t.Fatalf("the bullet game's end: %v", err)
	}
	beaBullet, anaBullet, _ := rating.Game(rating.New(), rating.New(), rating.Loss, at(10_000+25*3600_000))
	checkRatings(t, "after a bullet win", s, "ana", map[rating.Speed]rating.Rating{rating.Blitz: anaAfter2, rating.Bullet: anaBullet})
	checkRatings(t, "after a bullet loss", s, "bea", map[rating.Speed]rating.Rating{rating.Blitz: beaAfter2, rating.Bullet: beaBullet})

	// The history shows each game's change.
	list, err := s.PlayerGames(ctx, "ana", 0, 10)
	if err != nil || len(list) != 3 {
		t.Fatalf("PlayerGames = %v, %v; want 3 games", list, err)
	}
	if ids := summaryIDs(list); !slices.Equal(ids, []string{"g3", "g2", "g1"}) {
		t.Errorf("PlayerGames order %v, want newest first", ids)
	}
	g1s := list[2]
	w, b := g1s.Ratings[game.White], g1s.Ratings[game.Black]
	if w == nil || b == nil {
		t.Fatalf("g1's summary has no rating changes: %+v", g1s)
	}
	wantW := game.RatingChange{Speed: "blitz", Before: ana.Value, After: anaAfter.Value, BeforeDeviation: ana.Deviation, AfterDeviation: anaAfter.Deviation}
	wantB := game.RatingChange{Speed: "blitz", Before: bea.Value, After: beaAfter.Value, BeforeDeviation: bea.Deviation, AfterDeviation: beaAfter.Deviation}
	if !sameChange(*w, wantW) || !sameChange(*b, wantB) {
		t.Errorf("g1's rating changes %+v, %+v; want %+v, %+v", *w, *b, wantW, wantB)
	}
	if w.Diff() <= 0 || w.Diff() != -b.Diff() {
		t.Errorf("g1's rating diffs %+d and %+d: the winner gains what the loser loses", w.Diff(), b.Diff())
	}
	if !g1s.Rated || g1s.Result != game.WhiteWins || g1s.Termination != game.Resignation || g1s.Plies != 2 {
		t.Errorf("g1's summary %+v", g1s)
	}
}

func sameChange(a, b game.RatingChange) bool {
	return a.Speed == b.Speed && sameRating(rating.Rating{Value: a.Before, Deviation: a.BeforeDeviation, Volatility: 1},
		rating.Rating{Value: b.Before, Deviation: b.BeforeDeviation, Volatility: 1}) &&
		sameRating(rating.Rating{Value: a.After, Deviation: a.AfterDeviation, Volatility: 1},
			rating.Rating{Value: b.After, Deviation: b.AfterDeviation, Volatility: 1})
}

func summaryIDs(list []game.Summary) []string {
	out := make([]string, len(list))
	for i, g := range list {
		out[i] = g.ID
	}
	return out
}

// testUnratedEnds ends games that change no rating: casual, aborted, both
// lose, against a guest, against the AI.
func testUnratedEnds(t *testing.T, s AccountStore) {
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	mustCreateUser(t, s, accountUser("bea", "Bea"))
	mustCreateUser(t, s, guestUser("guest"))
	aborted := endedGame(t, "aborted", "ana", "bea", true, game.NoResult, 5000)
	aborted.State.Status, aborted.State.Termination = game.StatusAborted, game.TerminationNone
	bothLose := endedGame(t, "both-lose", "ana", "bea", true, game.BothLose, 5000)
	bothLose.State.Termination = game.Abandonment
	for _, rec := range []game.Record{
		endedGame(t, "casual", "ana", "bea", false, game.WhiteWins, 5000),
		aborted,
		bothLose,
		endedGame(t, "guest", "ana", "guest", true, game.WhiteWins, 5000),
		endedGame(t, "guest-white", "guest", "bea", true, game.BlackWins, 5000),
		endedGame(t, "ai", "ana", "", true, game.WhiteWins, 5000),
		endedGame(t, "unknown-user", "ana", "nobody", true, game.WhiteWins, 5000),
	} {
		if err := playToEnd(t, s, rec, false); err != nil {
			t.Errorf("the end of %s: %v", rec.ID, err)
		}
		list, err := s.PlayerGames(t.Context(), "ana", 0, 1)
		if err != nil || len(list) != 1 {
			t.Fatalf("PlayerGames: %v, %v", list, err)
		}
		if list[0].Ratings != [2]*game.RatingChange{} {
			t.Errorf("%s: rating changes %+v, want none", rec.ID, list[0].Ratings)
		}
	}
	for _, id := range []string{"ana", "bea", "guest"} {
		checkRatings(t, "after games that change no rating", s, id, nil)
	}
	for _, id := range []string{"nobody", ""} {
		checkRatings(t, "an unknown user", s, id, nil)
	}
}

// testRefusedEnd makes the database refuse the last statement of a rated
// end: the game, its moves and the ratings stay as they were, and other
// games' writes go on.
func testRefusedEnd(t *testing.T, s AccountStore) {
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	mustCreateUser(t, s, accountUser("bea", "Bea"))
	for _, endBySave := range []bool{false, true} {
		id := fmt.Sprintf("%s-%v", RefusedPrefix, endBySave)
		rec := endedGame(t, id, "ana", "bea", true, game.WhiteWins, 5000)
		var wg sync.WaitGroup
		other := newRecord(t, "other-"+id)
		mustCreate(t, s, other)
		wg.Go(func() {
			if err := s.AppendMove(t.Context(), other.ID, move(0), stateAfter(other, 0)); err != nil {
				t.Errorf("AppendMove of another game beside the refused end: %v", err)
			}
		})
		err := playToEnd(t, s, rec, endBySave)
		wg.Wait()
		if err == nil {
			t.Fatalf("%s: the end was stored though the database refused its rating changes", id)
		}
		if code := game.CodeOf(err); code != "" {
			t.Errorf("%s: the refused end has the game code %s, want a database error", id, code)
		}
		got := mustLoad(t, s, id)
		want := createdOf(t, rec)
		if endBySave {
			want.Moves = rec.Moves
		} else {
			want.Moves = rec.Moves[:len(rec.Moves)-1]
		}
		want.State = stateAfter(want, len(want.Moves)-1)
		if got.State.Status != game.StatusStarted || len(got.Moves) != len(want.Moves) {
			t.Errorf("%s after the refused end: status %v with %d moves; want started with %d", id,
				got.State.Status, len(got.Moves), len(want.Moves))
		}
		checkRecord(t, id+" after the refused end", got, want)
		for _, u := range []string{"ana", "bea"} {
			checkRatings(t, id+": ratings after the refused end", s, u, nil)
		}
	}
}

// testHistory pages through a player's finished games.
func testHistory(t *testing.T, s AccountStore) {
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("ana", "Ana"))
	var want []string
	for i := range 7 {
		id := fmt.Sprintf("h%d", i)
		white, black := "ana", fmt.Sprintf("opp%d", i)
		if i%2 == 1 {
			white, black = black, white
		}
		rec := endedGame(t, id, white, black, false, game.WhiteWins, int64(10_000+1000*(i%4))) // ties in EndedAt
		mustCreate(t, s, rec)
		want = append(want, id)
	}
	running := ratedRecord(t, "running", "ana", "x", "3+2", false)
	mustCreate(t, s, running)
	mustCreate(t, s, endedGame(t, "others", "x", "y", false, game.Drawn, 99_000))
	// newest first: by EndedAt, then id, descending
	slices.SortFunc(want, func(a, b string) int {
		ea, eb := (a[1]-'0')%4, (b[1]-'0')%4
		if ea != eb {
			return int(eb) - int(ea)
		}
		return strings.Compare(b, a)
	})
	var got []string
	for offset := 0; ; offset += 3 {
		page, err := s.PlayerGames(ctx, "ana", offset, 3)
		if err != nil {
			t.Fatalf("PlayerGames(offset %d): %v", offset, err)
		}
		if len(page) > 3 {
			t.Fatalf("PlayerGames(limit 3) returned %d", len(page))
		}
		got = append(got, summaryIDs(page)...)
		if len(page) < 3 {
			break
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("PlayerGames pages %v, want %v", got, want)
	}
	page, err := s.PlayerGames(ctx, "ana", 0, 1)
	if err != nil || len(page) != 1 {
		t.Fatalf("PlayerGames(limit 1) = %v, %v", page, err)
	}
	first := page[0]
	opp, ok := first.Opponent("ana")
	if !ok || opp.ID == "ana" || !strings.HasPrefix(opp.ID, "opp") {
		t.Errorf("the opponent of the newest game = %+v, %v", opp, ok)
	}
	rec := mustLoad(t, s, first.ID)
	if first.White != rec.White || first.Black != rec.Black || first.TimeControl != rec.TimeControl ||
		first.Status != game.StatusEnded || first.Result != rec.State.Result || first.Termination != rec.State.Termination ||
		!first.EndedAt.Equal(rec.State.EndedAt) || !first.CreatedAt.Equal(rec.CreatedAt) || first.Plies != len(rec.Moves) {
		t.Errorf("summary %+v does not match its record %+v", first, rec)
	}
	for _, tt := range []struct {
		user          string
		offset, limit int
		want          int
	}{
		{"ana", 0, 0, 1},     // a limit below 1 is 1
		{"ana", 0, 1000, 7},  // above MaxListLimit is MaxListLimit
		{"ana", -5, 2, 2},    // a negative offset is 0
		{"ana", 100, 10, 0},  // past the end
		{"", 0, 10, 0},       // no user: nothing
		{"nobody", 0, 10, 0}, // a user without games
		{"x", 0, 10, 1},      // the running game is not history
	} {
		page, err := s.PlayerGames(ctx, tt.user, tt.offset, tt.limit)
		if err != nil || len(page) != tt.want {
			t.Errorf("PlayerGames(%q, %d, %d) = %d games, %v; want %d", tt.user, tt.offset, tt.limit, len(page), err, tt.want)
		}
	}
}

func testPlayingNow(t *testing.T, s AccountStore) {
	ctx := t.Context()
	var want []string
	for i := range 5 {
		rec := ratedRecord(t, fmt.Sprintf("p%d", i), "a", "b", "3+2", i%2 == 0)
		rec.CreatedAt = at(int64(1000 * i))
		mustCreate(t, s, rec)
		if i != 2 {
			if err := s.AppendMove(ctx, rec.ID, move(0), stateAfter(rec, 0)); err != nil {
				t.Fatal(err)
			}
			want = append([]string{rec.ID}, want...)
		}
	}
	mustCreate(t, s, endedGame(t, "over", "a", "b", false, game.Drawn, 1))
	got, err := s.PlayingNow(ctx, 10)
	if err != nil {
		t.Fatalf("PlayingNow: %v", err)
	}
	if !slices.Equal(summaryIDs(got), want) {
		t.Errorf("PlayingNow = %v, want %v (started games, newest first)", summaryIDs(got), want)
	}
	if len(got) > 0 && (got[0].Plies != 1 || got[0].Status != game.StatusStarted || !got[0].Rated || !got[0].EndedAt.IsZero()) {
		t.Errorf("PlayingNow's newest %+v", got[0])
	}
	if got, err := s.PlayingNow(ctx, 2); err != nil || !slices.Equal(summaryIDs(got), want[:2]) {
		t.Errorf("PlayingNow(2) = %v, %v; want %v", summaryIDs(got), err, want[:2])
	}
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

// testConcurrentRatedEnds ends many rated games at once, every one with a
// player in common with others: no update is lost, each player's changes
// form one chain from a new player's rating to the stored one, and every
// game's end is rated once.
func testConcurrentRatedEnds(t *testing.T, s AccountStore) {
	players := []string{"ana", "bea", "cris"}
	for _, p := range players {
		mustCreateUser(t, s, accountUser(p, strings.ToUpper(p[:1])+p[1:]))
	}
	const games = 24
	var recs []game.Record
	for i := range games {
		white, black := players[i%3], players[(i+1+i/3%2)%3]
		res := []game.Result{game.WhiteWins, game.BlackWins, game.Drawn}[i%3]
		rec := endedGame(t, fmt.Sprintf("c%02d", i), white, black, true, res, int64(10_000+i))
		recs = append(recs, rec)
		created := createdOf(t, rec)
		mustCreate(t, s, created)
		for _, mv := range rec.Moves[:len(rec.Moves)-1] {
			if err := s.AppendMove(t.Context(), rec.ID, mv, stateAfter(created, mv.Ply)); err != nil {
				t.Fatal(err)
			}
		}
	}
	var wg sync.WaitGroup
	for i, rec := range recs {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				last := rec.Moves[len(rec.Moves)-1]
				err = s.AppendMove(t.Context(), rec.ID, last, rec.State)
			} else {
				err = s.SaveState(t.Context(), rec.ID, rec.State)
			}
			if err != nil {
				t.Errorf("the end of %s: %v", rec.ID, err)
			}
		})
	}
	wg.Wait()
	for _, p := range players {
		list, err := s.PlayerGames(t.Context(), p, 0, game.MaxListLimit)
		if err != nil {
			t.Fatal(err)
		}
		var changes []game.RatingChange
		for _, g := range list {
			side, _ := g.Side(p)
			if g.Ratings[side] == nil {
				t.Errorf("%s: game %s has no rating change", p, g.ID)
				continue
			}
			changes = append(changes, *g.Ratings[side])
		}
		cur := rating.New()
		for len(changes) > 0 {
			i := slices.IndexFunc(changes, func(c game.RatingChange) bool {
				return c.Before == cur.Value && c.BeforeDeviation == cur.Deviation
			})
			if i < 0 {
				t.Fatalf("%s: no game starts from %.6f/%.6f: an update was lost or applied out of turn (%d changes left)",
					p, cur.Value, cur.Deviation, len(changes))
			}
			cur.Value, cur.Deviation = changes[i].After, changes[i].AfterDeviation
			changes = slices.Delete(changes, i, i+1)
		}
		got := mustRatings(t, s, p)[rating.Blitz]
		if got.Value != cur.Value || got.Deviation != cur.Deviation {
			t.Errorf("%s: stored rating %.6f/%.6f, but the chain of changes ends at %.6f/%.6f", p, got.Value, got.Deviation, cur.Value, cur.Deviation)
		}
		if want := len(list); got.Games != want {
			t.Errorf("%s: %d rated games counted, %d played", p, got.Games, want)
		}
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
