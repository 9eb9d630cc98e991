package storetest

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
)

// ClubStore is what a store implements for clubs: the game store (whose
// finished games a club lists) and club.Store.
type ClubStore interface {
	Store
	club.Store
}

// RunClubs runs the conformance suite of club.Store: a club and its places
// round trip (times in UTC, to the millisecond) and survive a reopen; a
// name is taken once, even by two creations at once; every change is a
// compare-and-set that changes nothing when refused (conflict, no such
// club) and recounts the members when it commits; a deletion removes every
// place; the lists (search, a user's clubs, the members in role order, the
// members' newest games); and club.Service on the store: two admins
// approving the last free place at once let exactly one in. open follows
// Run's rules.
func RunClubs(t *testing.T, open func(t *testing.T) ClubStore) {
	tests := []struct {
		name string
		test func(t *testing.T, open func(t *testing.T) ClubStore)
	}{
		{"RoundTrip", testClubRoundTrip},
		{"NameTakenOnce", testClubNameTaken},
		{"CompareAndSet", testClubCAS},
		{"Delete", testClubDelete},
		{"Lists", testClubLists},
		{"Games", testClubGames},
		{"ServiceLastPlace", testClubLastPlace},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, open)
		})
	}
}

func clubFixture(id, owner string) (club.Club, club.Membership) {
	c := club.Club{ID: id, Name: "Club " + id, Description: "Los jueves, a las «siete»\n<b>no</b>", Policy: club.ByRequest,
		OwnerID: owner, Members: 1, CreatedAt: at(1000), Version: 1}
	return c, club.Membership{ClubID: id, UserID: owner, Name: owner, Role: club.Owner, Since: at(1000)}
}

func mustCreateClub(t *testing.T, s club.Store, id, owner string) club.Club {
	t.Helper()
	c, m := clubFixture(id, owner)
	if err := s.CreateClub(t.Context(), c, m); err != nil {
		t.Fatalf("CreateClub(%s): %v", id, err)
	}
	c.CreatedAt = c.CreatedAt.UTC()
	return c
}

func mustApply(t *testing.T, s club.Store, ch club.Change) club.Club {
	t.Helper()
	c, err := s.Apply(t.Context(), ch)
	if err != nil {
		t.Fatalf("Apply(%+v): %v", ch, err)
	}
	return c
}

func wantClubCode(t *testing.T, what string, err error, code club.Code) {
	t.Helper()
	if got := club.CodeOf(err); got != code {
		t.Fatalf("%s: %v (code %q), want %q", what, err, got, code)
	}
}

func place(id, user string, role club.Role, ms int64) club.Membership {
	return club.Membership{ClubID: id, UserID: user, Name: "n-" + user, Role: role, Since: at(ms).UTC()}
}

func testClubRoundTrip(t *testing.T, open func(t *testing.T) ClubStore) {
	s := open(t)
	ctx := t.Context()
	want := mustCreateClub(t, s, "peon-rojo", "ana")
	got, err := s.Club(ctx, "peon-rojo")
	if err != nil || got != want {
		t.Fatalf("Club = %+v, %v; want %+v", got, err, want)
	}
	if got.CreatedAt.Location() != time.UTC {
		t.Errorf("CreatedAt in %v, want UTC", got.CreatedAt.Location())
	}
	_, err = s.Club(ctx, "nada")
	wantClubCode(t, "an unknown club", err, club.CodeNotFound)
	m, err := s.Membership(ctx, "peon-rojo", "ana")
	if err != nil {
		t.Fatalf("Membership(ana): %v", err)
	}
	if !m.Since.Equal(at(1000)) || m.Role != club.Owner || m.Since.Location() != time.UTC {
		t.Errorf("Membership(ana) = %+v", m)
	}
	none, err := s.Membership(ctx, "peon-rojo", "ben")
	if err != nil || none.Role != club.None {
		t.Fatalf("Membership(ben) = %+v, %v, want no role", none, err)
	}
	c := mustApply(t, s, club.Change{Club: want, Put: []club.Membership{place(want.ID, "ben", club.Requested, 2000)}})
	if c.Version != 2 || c.Members != 1 {
		t.Errorf("after a request: %+v", c)
	}
	mustClose(t, s)
	s = open(t)
	got, err = s.Club(ctx, "peon-rojo")
	if err != nil || got != c {
		t.Fatalf("after reopening: %+v, %v; want %+v", got, err, c)
	}
	ms, err := s.Members(ctx, "peon-rojo")
	if err != nil || len(ms) != 2 || ms[1] != place("peon-rojo", "ben", club.Requested, 2000) {
		t.Fatalf("Members after reopening = %+v, %v", ms, err)
	}
}

func testClubNameTaken(t *testing.T, open func(t *testing.T) ClubStore) {
	s := open(t)
	ctx := t.Context()
	var (
		wg   sync.WaitGroup
		errs [4]error
	)
	for i := range errs {
		wg.Go(func() {
			c, m := clubFixture("torre", []string{"a", "b", "c", "d"}[i])
			errs[i] = s.CreateClub(ctx, c, m)
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch club.CodeOf(err) {
		case "":
			won++
		case club.CodeNameTaken:
		default:
			t.Fatalf("CreateClub at once: %v", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d creations of one name won, want 1: %v", won, errs)
	}
	ms, err := s.Members(ctx, "torre")
	if err != nil || len(ms) != 1 || ms[0].Role != club.Owner {
		t.Fatalf("Members = %+v, %v: only the winner's owner", ms, err)
	}
	c, _ := s.Club(ctx, "torre")
	if c.OwnerID != ms[0].UserID {
		t.Errorf("owner %q, owner's place %q", c.OwnerID, ms[0].UserID)
	}
}

func testClubCAS(t *testing.T, open func(t *testing.T) ClubStore) {
	s := open(t)
	ctx := t.Context()
	c := mustCreateClub(t, s, "alfil", "ana")
	c2 := mustApply(t, s, club.Change{Club: c, Put: []club.Membership{place(c.ID, "ben", club.Member, 2000), place(c.ID, "cris", club.Invited, 2000)}})
	if c2.Version != 2 || c2.Members != 2 {
		t.Fatalf("after two places: %+v", c2)
	}
	// A change from the old version is refused, whole.
	stale := club.Change{Club: c, Put: []club.Membership{place(c.ID, "dani", club.Member, 3000)}, Remove: []string{"ben"}}
	stale.Club.Description = "otra"
	_, err := s.Apply(ctx, stale)
	wantClubCode(t, "a stale change", err, club.CodeConflict)
	got, _ := s.Club(ctx, c.ID)
	if got != c2 {
		t.Fatalf("a refused change changed the club: %+v, want %+v", got, c2)
	}
	if d, _ := s.Membership(ctx, c.ID, "dani"); d.Role != club.None {
		t.Fatalf("a refused change put a place: %+v", d)
	}
	if b, _ := s.Membership(ctx, c.ID, "ben"); b.Role != club.Member {
		t.Fatalf("a refused change removed a place: %+v", b)
	}
	_, err = s.Apply(ctx, club.Change{Club: club.Club{ID: "nada", Version: 1}})
	wantClubCode(t, "a change of no club", err, club.CodeNotFound)
	// Handing over: the owner's field and two places in one change.
	ho := c2
	ho.OwnerID, ho.Description, ho.Policy = "ben", "nueva", club.Open
	c3 := mustApply(t, s, club.Change{Club: ho, Put: []club.Membership{place(c.ID, "ana", club.Admin, 1000), place(c.ID, "ben", club.Owner, 2000)},
		Remove: []string{"cris"}})
	if c3.OwnerID != "ben" || c3.Description != "nueva" || c3.Policy != club.Open || c3.Version != 3 || c3.Members != 2 {
		t.Fatalf("after handing over: %+v", c3)
	}
	ms, _ := s.Members(ctx, c.ID)
	var roles []string
	for _, m := range ms {
		roles = append(roles, m.UserID+":"+string(m.Role))
	}
	if !slices.Equal(roles, []string{"ben:owner", "ana:admin"}) {
		t.Fatalf("Members = %v", roles)
	}
	// Racing changes of one version: one wins.
	var (
		wg   sync.WaitGroup
		errs [4]error
	)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = s.Apply(ctx, club.Change{Club: c3, Put: []club.Membership{place(c.ID, string(rune('p'+i)), club.Member, 4000)}})
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
		} else if club.CodeOf(err) != club.CodeConflict {
			t.Fatalf("racing Apply: %v", err)
		}
	}
	final, _ := s.Club(ctx, c.ID)
	if won != 1 || final.Members != 3 || final.Version != 4 {
		t.Fatalf("%d racing changes won, club %+v", won, final)
	}
}

func testClubDelete(t *testing.T, open func(t *testing.T) ClubStore) {
	s := open(t)
	ctx := t.Context()
	c := mustCreateClub(t, s, "dama", "ana")
	other := mustCreateClub(t, s, "rey", "ana")
	c = mustApply(t, s, club.Change{Club: c, Put: []club.Membership{place(c.ID, "ben", club.Member, 2000)}})
	mustApply(t, s, club.Change{Club: c, Delete: true})
	_, err := s.Club(ctx, "dama")
	wantClubCode(t, "a deleted club", err, club.CodeNotFound)
	if ms, err := s.Members(ctx, "dama"); err != nil || len(ms) != 0 {
		t.Fatalf("places of a deleted club: %+v, %v", ms, err)
	}
	mine, err := s.ClubsOf(ctx, "ana")
	if err != nil || len(mine) != 1 || mine[0].Club != other || mine[0].Role != club.Owner {
		t.Fatalf("ClubsOf(ana) = %+v, %v", mine, err)
	}
	mustCreateClub(t, s, "dama", "ben") // the name is free again
}

func testClubLists(t *testing.T, open func(t *testing.T) ClubStore) {
	s := open(t)
	ctx := t.Context()
	a := mustCreateClub(t, s, "peon-rojo", "ana")
	mustCreateClub(t, s, "peones-unidos", "ben")
	c := mustCreateClub(t, s, "caballo", "cris")
	mustApply(t, s, club.Change{Club: c, Put: []club.Membership{place(c.ID, "ana", club.Member, 2000), place(c.ID, "ben", club.Member, 2000)}})
	mustApply(t, s, club.Change{Club: a, Put: []club.Membership{
		place(a.ID, "i1", club.Invited, 1500), place(a.ID, "r1", club.Requested, 1600), place(a.ID, "m2", club.Member, 1700),
		place(a.ID, "m1", club.Member, 1700), place(a.ID, "ad", club.Admin, 3000)}})
	for _, tt := range []struct {
		key   string
		limit int
		want  []string
	}{
		{"", 10, []string{"peon-rojo", "caballo", "peones-unidos"}},
		{"", 2, []string{"peon-rojo", "caballo"}},
		{"peon", 10, []string{"peon-rojo", "peones-unidos"}},
		{"a%", 10, nil},
		{"_", 10, nil},
		{"-", 10, []string{"peon-rojo", "peones-unidos"}},
	} {
		got, err := s.Clubs(ctx, tt.key, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, c := range got {
			ids = append(ids, c.ID)
		}
		if !slices.Equal(ids, tt.want) {
			t.Errorf("Clubs(%q, %d) = %v, want %v", tt.key, tt.limit, ids, tt.want)
		}
	}
	ms, err := s.Members(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, m := range ms {
		order = append(order, m.UserID)
	}
	if want := []string{"ana", "ad", "m1", "m2", "r1", "i1"}; !slices.Equal(order, want) {
		t.Errorf("Members order %v, want %v", order, want)
	}
	mine, err := s.ClubsOf(ctx, "ana")
	if err != nil || len(mine) != 2 || mine[0].Club.ID != "caballo" || mine[0].Role != club.Member ||
		mine[1].Club.ID != "peon-rojo" || mine[1].Role != club.Owner || mine[1].Club.Members != 4 {
		t.Fatalf("ClubsOf(ana) = %+v, %v", mine, err)
	}
	if mine, err := s.ClubsOf(ctx, "nobody"); err != nil || len(mine) != 0 || mine == nil {
		t.Fatalf("ClubsOf(nobody) = %#v, %v", mine, err)
	}
}

func testClubGames(t *testing.T, open func(t *testing.T) ClubStore) {
	s := open(t)
	ctx := t.Context()
	c := mustCreateClub(t, s, "club-de-partidas", "ana")
	mustApply(t, s, club.Change{Club: c, Put: []club.Membership{place(c.ID, "ben", club.Member, 2000), place(c.ID, "req", club.Requested, 2000)}})
	games := []struct {
		id, white, black string
		end              int64
	}{
		{"g1", "ana", "x", 10_000},
		{"g2", "y", "ben", 30_000},
		{"g3", "ana", "ben", 35_000}, // both members: listed once
		{"g4", "req", "x", 40_000},   // a request is not a member
		{"g5", "x", "y", 50_000},
	}
	for _, g := range games {
		mustCreate(t, s, endedGame(t, g.id, g.white, g.black, false, game.Drawn, g.end))
	}
	mustCreate(t, s, ratedRecord(t, "running", "ana", "ben", "3+2", false))
	for _, tt := range []struct {
		limit int
		want  []string
	}{{10, []string{"g3", "g2", "g1"}}, {2, []string{"g3", "g2"}}, {0, []string{"g3"}}} {
		got, err := s.ClubGames(ctx, c.ID, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if ids := summaryIDs(got); !slices.Equal(ids, tt.want) {
			t.Errorf("ClubGames(limit %d) = %v, want %v", tt.limit, ids, tt.want)
		}
	}
	if got, err := s.ClubGames(ctx, "nada", 10); err != nil || len(got) != 0 {
		t.Errorf("ClubGames(no club) = %v, %v", got, err)
	}
}

// testClubLastPlace: a club with one place left and two requests; two
// admins approve one each, at once, many times over. Each change is a
// compare-and-set, so exactly one is let in and the other is refused as
// full (after reading the club again), never both.
func testClubLastPlace(t *testing.T, open func(t *testing.T) ClubStore) {
	s := open(t)
	ctx := t.Context()
	now := at(0).UTC()
	svc, err := club.New(club.Config{Store: s, Now: func() time.Time { return now }, MaxMembers: 3})
	if err != nil {
		t.Fatal(err)
	}
	person := func(name string) club.Person { return club.Person{ID: "u-" + name, Name: name} }
	owner, admin := person("ana"), person("ben")
	for round := range 5 {
		c, err := svc.Create(ctx, owner, "Ultima plaza "+string(rune('a'+round)), "", club.ByRequest)
		if err != nil {
			t.Fatal(err)
		}
		x, y := person("x"+string(rune('a'+round))), person("y"+string(rune('a'+round)))
		for _, p := range []club.Person{admin, x, y} {
			if _, err := svc.Join(ctx, p, c.ID); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.Approve(ctx, owner, c.ID, admin); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetRole(ctx, owner, c.ID, admin, club.Admin); err != nil {
			t.Fatal(err)
		}
		var (
			wg   sync.WaitGroup
			errs [2]error
		)
		wg.Go(func() { _, errs[0] = svc.Approve(ctx, owner, c.ID, x) })
		wg.Go(func() { _, errs[1] = svc.Approve(ctx, admin, c.ID, y) })
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch club.CodeOf(err) {
			case "":
				won++
			case club.CodeFull:
			default:
				t.Fatalf("round %d: approving the last place: %v", round, err)
			}
		}
		got, err := svc.Get(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := svc.Members(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		members := 0
		for _, m := range ms {
			if m.Role.IsMember() {
				members++
			}
		}
		if won != 1 || got.Members != 3 || members != 3 {
			t.Fatalf("round %d: %d approvals won (%v), the club counts %d members and holds %d, want 1 and 3",
				round, won, errs, got.Members, members)
		}
	}
}
