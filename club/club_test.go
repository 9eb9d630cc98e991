package club_test

import (
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// TestNameRules: what a club name may be, and the key (slug) it has.
func TestNameRules(t *testing.T) {
	tests := []struct {
		name string
		key  string
		code club.Code
	}{
		{"Club de Ajedrez Peón", "club-de-ajedrez-peon", ""},
		{"club-de-ajedrez-peon", "club-de-ajedrez-peon", ""},
		{"CLUB  DE   AJEDREZ PEON", "club-de-ajedrez-peon", ""},
		{"Ñandú & Co.", "nandu-co", ""},
		{"L'Alfil", "l-alfil", ""},
		{"Straße 64", "strasse-64", ""},
		{"64 casillas", "64-casillas", ""},
		{"ab", "ab", club.CodeNameLength},
		{strings.Repeat("a", 41), strings.Repeat("a", 41), club.CodeNameLength},
		{strings.Repeat("á", 40), strings.Repeat("a", 40), ""},
		{"a.-.", "a", club.CodeNameLength},                       // a key of one letter
		{"Сlub Kiev", "lub-kiev", club.CodeNameChars},            // a Cyrillic С
		{"Club Аlfil", "club-lfil", club.CodeNameChars},          // a Cyrillic А inside
		{"-Peones", "peones", club.CodeNameChars},                // starts with a separator
		{"Peones <b>", "peones-b", club.CodeNameChars},           // no markup characters
		{"Peones\u200bRojos", "peonesrojos", club.CodeNameChars}, // a zero-width space
		{"new", "new", club.CodeNameReserved},
		{"Jóin Pal", "join-pal", ""},
		{"Peo\u0301n Rojo", "peon-rojo", ""}, // a combining accent, composed
		{"Peón\u00a0Rojo", "peon-rojo", ""},  // a no-break space is white space
		{"JoinPal", "joinpal", club.CodeNameReserved},
	}
	for _, tt := range tests {
		name := club.TidyName(tt.name)
		if got := club.NameKey(name); got != tt.key {
			t.Errorf("NameKey(%q) = %q, want %q", name, got, tt.key)
		}
		if got := club.CodeOf(club.ValidateName(name)); got != tt.code {
			t.Errorf("ValidateName(%q) = %q, want %q", name, got, tt.code)
		}
	}
}

// TestPermissionTable: for every action, every actor's role against every
// target's role, the one answer the table gives.
func TestPermissionTable(t *testing.T) {
	roles := []club.Role{club.None, club.Owner, club.Admin, club.Member, club.Requested, club.Invited}
	// want[action][target] = the least role that may act; absent: the
	// target's refusal.
	type row struct {
		least  map[club.Role]club.Role
		refuse map[club.Role]club.Code
	}
	want := map[club.Action]row{
		club.Approve: {map[club.Role]club.Role{club.Requested: club.Admin},
			map[club.Role]club.Code{club.None: club.CodeNoRequest, club.Admin: club.CodeNoRequest, club.Member: club.CodeNoRequest, club.Invited: club.CodeNoRequest}},
		club.Decline: {map[club.Role]club.Role{club.Requested: club.Admin},
			map[club.Role]club.Code{club.None: club.CodeNoRequest, club.Admin: club.CodeNoRequest, club.Member: club.CodeNoRequest, club.Invited: club.CodeNoRequest}},
		club.Invite: {map[club.Role]club.Role{club.None: club.Admin, club.Requested: club.Admin},
			map[club.Role]club.Code{club.Admin: club.CodeAlreadyMember, club.Member: club.CodeAlreadyMember, club.Invited: club.CodeAlreadyInvited}},
		club.Remove: {map[club.Role]club.Role{club.Member: club.Admin, club.Invited: club.Admin, club.Admin: club.Owner},
			map[club.Role]club.Code{club.None: club.CodeNotMember, club.Requested: club.CodeNotMember}},
		club.Promote: {map[club.Role]club.Role{club.Member: club.Admin},
			map[club.Role]club.Code{club.None: club.CodeNotMember, club.Requested: club.CodeNotMember, club.Invited: club.CodeNotMember, club.Admin: club.CodeSameRole}},
		club.Demote: {map[club.Role]club.Role{club.Admin: club.Owner},
			map[club.Role]club.Code{club.None: club.CodeNotMember, club.Requested: club.CodeNotMember, club.Invited: club.CodeNotMember, club.Member: club.CodeSameRole}},
		club.Transfer: {map[club.Role]club.Role{club.Member: club.Owner, club.Admin: club.Owner},
			map[club.Role]club.Code{club.None: club.CodeNotMember, club.Requested: club.CodeNotMember, club.Invited: club.CodeNotMember}},
	}
	rank := map[club.Role]int{club.Owner: 3, club.Admin: 2, club.Member: 1}
	for _, action := range club.Actions() {
		w, ok := want[action]
		if !ok {
			t.Fatalf("no expectations for %s", action)
		}
		leastOfRow := club.Owner
		for _, l := range w.least {
			if rank[l] < rank[leastOfRow] {
				leastOfRow = l
			}
		}
		for _, actor := range roles {
			for _, target := range roles {
				got := club.CodeOf(club.Allowed(action, actor, target, false, "eva"))
				var code club.Code
				switch least, ok := w.least[target]; {
				case rank[actor] < rank[leastOfRow]:
					code = refusalOf(leastOfRow)
				case target == club.Owner:
					code = club.CodeOwnerUntouchable
				case !ok:
					code = w.refuse[target]
				case rank[actor] < rank[least]:
					code = refusalOf(least)
				}
				if got != code {
					t.Errorf("%s by %q on %q = %q, want %q", action, actor, target, got, code)
				}
			}
		}
		// Aimed at oneself: refused once the actor may act at all.
		if got := club.CodeOf(club.Allowed(action, club.Owner, club.Member, true, "eva")); got != club.CodeSelf {
			t.Errorf("%s on oneself = %q, want %q", action, got, club.CodeSelf)
		}
	}
}

func refusalOf(least club.Role) club.Code {
	if least == club.Owner {
		return club.CodeNotOwner
	}
	return club.CodeNotAdmin
}

func TestParsePolicyAndRole(t *testing.T) {
	for _, tt := range []struct {
		in   string
		code club.Code
	}{{"open", ""}, {"request", ""}, {"invitation", ""}, {"", club.CodeBadPolicy}, {"Open", club.CodeBadPolicy}, {"closed", club.CodeBadPolicy}} {
		if _, err := club.ParsePolicy(tt.in); club.CodeOf(err) != tt.code {
			t.Errorf("ParsePolicy(%q) = %v, want %q", tt.in, err, tt.code)
		}
	}
	for _, tt := range []struct {
		in   string
		code club.Code
	}{{"admin", ""}, {"member", ""}, {"owner", club.CodeBadRole}, {"invited", club.CodeBadRole}, {"", club.CodeBadRole}} {
		if _, err := club.ParseRole(tt.in); club.CodeOf(err) != tt.code {
			t.Errorf("ParseRole(%q) = %v, want %q", tt.in, err, tt.code)
		}
	}
}

// service returns a service on a new SQLite store, with a clock that
// moves only when told.
func service(t *testing.T, maxMembers int) (*club.Service, *time.Time) {
	t.Helper()
	st, err := sqlite.Open(t.Context(), sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	svc, err := club.New(club.Config{Store: st, Now: func() time.Time { return now }, MaxMembers: maxMembers})
	if err != nil {
		t.Fatal(err)
	}
	return svc, &now
}

var (
	ana   = club.Person{ID: "u-ana", Name: "ana"}
	ben   = club.Person{ID: "u-ben", Name: "ben"}
	cris  = club.Person{ID: "u-cris", Name: "cris"}
	guest = club.Person{ID: "g-1", Name: "Invitado", Guest: true}
)

func wantCode(t *testing.T, what string, err error, code club.Code) {
	t.Helper()
	if got := club.CodeOf(err); got != code {
		t.Fatalf("%s: %v (code %q), want %q", what, err, got, code)
	}
}

func roleOf(t *testing.T, svc *club.Service, id string, p club.Person) club.Role {
	t.Helper()
	m, err := svc.Membership(t.Context(), id, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	return m.Role
}

// TestPolicies: how one joins a club of each policy.
func TestPolicies(t *testing.T) {
	ctx := t.Context()
	tests := []struct {
		policy   club.Policy
		joinCode club.Code
		after    club.Role
	}{
		{club.Open, "", club.Member},
		{club.ByRequest, "", club.Requested},
		{club.ByInvitation, club.CodeInvitationOnly, club.None},
	}
	for _, tt := range tests {
		t.Run(string(tt.policy), func(t *testing.T) {
			svc, _ := service(t, 0)
			c, err := svc.Create(ctx, ana, "Los Peones "+string(tt.policy), "", tt.policy)
			if err != nil {
				t.Fatal(err)
			}
			_, err = svc.Join(ctx, ben, c.ID)
			wantCode(t, "join", err, tt.joinCode)
			if got := roleOf(t, svc, c.ID, ben); got != tt.after {
				t.Errorf("after joining: %q, want %q", got, tt.after)
			}
			// An invitation lets one in whatever the policy.
			_, err = svc.Invite(ctx, ana, c.ID, cris)
			wantCode(t, "invite", err, "")
			if got := roleOf(t, svc, c.ID, cris); got != club.Invited {
				t.Fatalf("invited: %q", got)
			}
			c, err = svc.Accept(ctx, cris, c.ID)
			wantCode(t, "accept", err, "")
			if got := roleOf(t, svc, c.ID, cris); got != club.Member {
				t.Errorf("accepted: %q", got)
			}
			wantMembers := 2
			if tt.after == club.Member {
				wantMembers = 3
			}
			if c.Members != wantMembers {
				t.Errorf("Members = %d, want %d", c.Members, wantMembers)
			}
		})
	}
}

// TestServiceRefusalsChangeNothing: each refusal leaves the club as it was
// (its version too).
func TestServiceRefusalsChangeNothing(t *testing.T) {
	ctx := t.Context()
	svc, now := service(t, 3)
	c, err := svc.Create(ctx, ana, "Torre Blanca", "Los jueves", club.ByRequest)
	if err != nil {
		t.Fatal(err)
	}
	_, err = svc.Create(ctx, ben, " torre   BLANCA ", "", club.Open)
	wantCode(t, "a name taken, case and spaces aside", err, club.CodeNameTaken)
	_, err = svc.Create(ctx, ben, "Tórre-Blanca", "", club.Open)
	wantCode(t, "a name taken, accents aside", err, club.CodeNameTaken)
	_, err = svc.Create(ctx, guest, "Invitados", "", club.Open)
	wantCode(t, "a guest's club", err, club.CodeNeedsAccount)
	_, err = svc.Create(ctx, ben, "Otro", "", "closed")
	wantCode(t, "a bad policy", err, club.CodeBadPolicy)
	_, err = svc.Create(ctx, ben, "Otro", strings.Repeat("x", club.DescriptionMax+1), club.Open)
	wantCode(t, "a long description", err, club.CodeDescriptionLength)

	*now = now.Add(time.Minute)
	if _, err := svc.Join(ctx, ben, c.ID); err != nil {
		t.Fatal(err)
	}
	before, err := svc.Get(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	refusals := []struct {
		what string
		do   func() error
		code club.Code
	}{
		{"join twice", func() error { _, err := svc.Join(ctx, ben, c.ID); return err }, club.CodeAlreadyRequested},
		{"owner joins", func() error { _, err := svc.Join(ctx, ana, c.ID); return err }, club.CodeAlreadyMember},
		{"a guest joins", func() error { _, err := svc.Join(ctx, guest, c.ID); return err }, club.CodeNeedsAccount},
		{"owner leaves", func() error { _, err := svc.Leave(ctx, ana, c.ID); return err }, club.CodeOwnerMustTransfer},
		{"a stranger leaves", func() error { _, err := svc.Leave(ctx, cris, c.ID); return err }, club.CodeNotMember},
		{"a requester approves", func() error { _, err := svc.Approve(ctx, ben, c.ID, ben); return err }, club.CodeNotAdmin},
		{"approve no request", func() error { _, err := svc.Approve(ctx, ana, c.ID, cris); return err }, club.CodeNoRequest},
		{"accept no invitation", func() error { _, err := svc.Accept(ctx, ben, c.ID); return err }, club.CodeNoInvitation},
		{"transfer to a requester", func() error { _, err := svc.Transfer(ctx, ana, c.ID, ben); return err }, club.CodeNotMember},
		{"transfer to oneself", func() error { _, err := svc.Transfer(ctx, ana, c.ID, ana); return err }, club.CodeSelf},
		{"remove the owner", func() error { _, err := svc.Remove(ctx, ana, c.ID, ana); return err }, club.CodeSelf},
		{"promote a requester", func() error { _, err := svc.SetRole(ctx, ana, c.ID, ben, club.Admin); return err }, club.CodeNotMember},
		{"make an owner", func() error { _, err := svc.SetRole(ctx, ana, c.ID, ben, club.Owner); return err }, club.CodeBadRole},
		{"delete by a stranger", func() error { return svc.Delete(ctx, cris, c.ID) }, club.CodeNotOwner},
		{"no such club", func() error { _, err := svc.Join(ctx, cris, "nada-de-nada"); return err }, club.CodeNotFound},
		{"invite a guest", func() error { _, err := svc.Invite(ctx, ana, c.ID, guest); return err }, club.CodeNeedsAccount},
	}
	for _, r := range refusals {
		wantCode(t, r.what, r.do(), r.code)
		after, err := svc.Get(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if after != before {
			t.Fatalf("%s changed the club: %+v, was %+v", r.what, after, before)
		}
	}
	if got := roleOf(t, svc, c.ID, ben); got != club.Requested {
		t.Fatalf("ben: %q", got)
	}
}

// TestRolesAndOwnership: approving, promoting, demoting, removing,
// handing over, a full club, deleting.
func TestRolesAndOwnership(t *testing.T) {
	ctx := t.Context()
	svc, _ := service(t, 3)
	dani := club.Person{ID: "u-dani", Name: "dani"}
	c, err := svc.Create(ctx, ana, "Dama Negra", "", club.ByRequest)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []club.Person{ben, cris, dani} {
		if _, err := svc.Join(ctx, p, c.ID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Approve(ctx, ana, c.ID, ben); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Approve(ctx, ben, c.ID, cris)
	wantCode(t, "a member approves", err, club.CodeNotAdmin)
	if _, err := svc.SetRole(ctx, ana, c.ID, ben, club.Admin); err != nil {
		t.Fatal(err)
	}
	if c, err = svc.Approve(ctx, ben, c.ID, cris); err != nil {
		t.Fatal(err)
	}
	if c.Members != 3 {
		t.Fatalf("Members = %d", c.Members)
	}
	_, err = svc.Approve(ctx, ben, c.ID, dani)
	wantCode(t, "approve into a full club", err, club.CodeFull)
	if _, err := svc.Decline(ctx, ben, c.ID, dani); err != nil {
		t.Fatal(err)
	}
	if got := roleOf(t, svc, c.ID, dani); got != club.None {
		t.Fatalf("declined: %q", got)
	}
	_, err = svc.SetRole(ctx, ben, c.ID, cris, club.Admin)
	wantCode(t, "an admin promotes", err, "")
	_, err = svc.SetRole(ctx, ben, c.ID, cris, club.Member)
	wantCode(t, "an admin demotes", err, club.CodeNotOwner)
	_, err = svc.Remove(ctx, ben, c.ID, cris)
	wantCode(t, "an admin removes an admin", err, club.CodeNotOwner)
	_, err = svc.Transfer(ctx, ben, c.ID, cris)
	wantCode(t, "an admin hands over", err, club.CodeNotOwner)
	c, err = svc.Transfer(ctx, ana, c.ID, cris)
	if err != nil {
		t.Fatal(err)
	}
	if c.OwnerID != cris.ID || roleOf(t, svc, c.ID, cris) != club.Owner || roleOf(t, svc, c.ID, ana) != club.Admin {
		t.Fatalf("after handing over: %+v", c)
	}
	if c, err = svc.Leave(ctx, ana, c.ID); err != nil {
		t.Fatal(err)
	}
	if c.Members != 2 {
		t.Fatalf("Members after leaving = %d", c.Members)
	}
	members, err := svc.Members(ctx, c.ID)
	if err != nil || len(members) != 2 || members[0].UserID != cris.ID || members[1].UserID != ben.ID {
		t.Fatalf("Members = %+v, %v", members, err)
	}
	_, err = svc.Edit(ctx, ben, c.ID, "", "closed")
	wantCode(t, "edit to a bad policy", err, club.CodeBadPolicy)
	c, err = svc.Edit(ctx, ben, c.ID, "  Los martes  ", club.Open)
	if err != nil || c.Description != "Los martes" || c.Policy != club.Open {
		t.Fatalf("an admin edits: %+v, %v", c, err)
	}
	_, err = svc.Edit(ctx, dani, c.ID, "", club.Open)
	wantCode(t, "a stranger edits", err, club.CodeNotAdmin)
	wantCode(t, "delete by an admin", svc.Delete(ctx, ben, c.ID), club.CodeNotOwner)
	wantCode(t, "delete", svc.Delete(ctx, cris, c.ID), "")
	_, err = svc.Get(ctx, c.ID)
	wantCode(t, "a deleted club", err, club.CodeNotFound)
	mine, err := svc.Mine(ctx, ben.ID)
	if err != nil || len(mine) != 0 {
		t.Fatalf("clubs of ben after deletion: %+v, %v", mine, err)
	}
	// The name is free again.
	if _, err := svc.Create(ctx, ben, "Dama Negra", "", club.Open); err != nil {
		t.Fatal(err)
	}
}

func TestSearch(t *testing.T) {
	ctx := t.Context()
	svc, _ := service(t, 0)
	for _, n := range []string{"Peón Rojo", "Peones de Sevilla", "Alfil Loco"} {
		if _, err := svc.Create(ctx, ana, n, "", club.Open); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Join(ctx, ben, "alfil-loco"); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"", []string{"alfil-loco", "peon-rojo", "peones-de-sevilla"}},
		{"PEÓN", []string{"peon-rojo", "peones-de-sevilla"}},
		{"peon rojo", []string{"peon-rojo"}},
		{"%", []string{"alfil-loco", "peon-rojo", "peones-de-sevilla"}},
		{"zzz", nil},
	} {
		got, err := svc.Search(ctx, tt.q, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, c := range got {
			ids = append(ids, c.ID)
		}
		if strings.Join(ids, ",") != strings.Join(tt.want, ",") {
			t.Errorf("Search(%q) = %v, want %v", tt.q, ids, tt.want)
		}
	}
}
