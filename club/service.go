package club

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/coded"
)

// Config is what a Service needs. Store is required; Now defaults to
// time.Now and MaxMembers to DefaultMaxMembers.
type Config struct {
	Store      Store
	Now        func() time.Time
	MaxMembers int
}

// Service applies the rules of clubs over a Store.
type Service struct {
	st         Store
	now        func() time.Time
	maxMembers int
}

// New returns the service of cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil {
		return nil, errors.New("club: Config.Store is required")
	}
	s := &Service{st: cfg.Store, now: cfg.Now, maxMembers: cfg.MaxMembers}
	if s.now == nil {
		s.now = time.Now
	}
	if s.maxMembers <= 0 {
		s.maxMembers = DefaultMaxMembers
	}
	return s, nil
}

// Person is who acts, or whom an action is aimed at: a user's id, their
// username, and whether they are a guest (guests have no place in clubs).
type Person struct {
	ID    string
	Name  string
	Guest bool
}

// attempts is how many times a change is tried when others change the
// club between its read and its write.
const attempts = 4

// MaxSearch is the most clubs one search returns.
const MaxSearch = 100

// Create founds a club named name (tidied), by, its owner.
func (s *Service) Create(ctx context.Context, by Person, name, description string, policy Policy) (Club, error) {
	if err := needsAccount(by); err != nil {
		return Club{}, err
	}
	name = TidyName(name)
	if err := ValidateName(name); err != nil {
		return Club{}, err
	}
	description = strings.TrimSpace(description)
	if err := ValidateDescription(description); err != nil {
		return Club{}, err
	}
	if _, err := ParsePolicy(string(policy)); err != nil {
		return Club{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	c := Club{ID: NameKey(name), Name: name, Description: description, Policy: policy, OwnerID: by.ID,
		Members: 1, CreatedAt: now, Version: 1}
	if err := s.st.CreateClub(ctx, c, Membership{ClubID: c.ID, UserID: by.ID, Name: by.Name, Role: Owner, Since: now}); err != nil {
		return Club{}, err
	}
	return c, nil
}

// Get returns the club whose id (or name) is id.
func (s *Service) Get(ctx context.Context, id string) (Club, error) {
	key := NameKey(id)
	if key == "" {
		return Club{}, notFound(id)
	}
	return s.st.Club(ctx, key)
}

// Search returns the clubs whose name holds q (case, accents and
// separators aside; every club for ""), most members first, at most limit
// (1 to MaxSearch).
func (s *Service) Search(ctx context.Context, q string, limit int) ([]Club, error) {
	return s.st.Clubs(ctx, NameKey(q), min(max(limit, 1), MaxSearch))
}

// Mine returns the clubs in which userID has a place, with that place.
func (s *Service) Mine(ctx context.Context, userID string) ([]Mine, error) {
	return s.st.ClubsOf(ctx, userID)
}

// Members returns every place of club id, pending ones too.
func (s *Service) Members(ctx context.Context, id string) ([]Membership, error) {
	return s.st.Members(ctx, id)
}

// Membership returns userID's place in club id (Role None for none).
func (s *Service) Membership(ctx context.Context, id, userID string) (Membership, error) {
	return s.st.Membership(ctx, id, userID)
}

// Games returns the newest finished games of club id's members.
func (s *Service) Games(ctx context.Context, id string, limit int) ([]game.Summary, error) {
	return s.st.ClubGames(ctx, id, game.ClampListLimit(limit))
}

// Join asks for a place in club id: in an open club it is a membership at
// once; in a club by request, a request; in a club by invitation, the
// acceptance of one's invitation (refused without one). An invitation is
// accepted whatever the policy.
func (s *Service) Join(ctx context.Context, by Person, id string) (Club, error) {
	return s.change(ctx, by, id, func(c Club, me Membership) (Change, error) {
		switch {
		case me.Role.IsMember():
			return Change{}, NewError(CodeAlreadyMember, "already a member", nil).With("user", coded.ClipParam(by.Name))
		case me.Role == Requested:
			return Change{}, NewError(CodeAlreadyRequested, "a request is pending already", nil)
		case me.Role == Invited:
			return s.admit(c, by, Member)
		case c.Policy == Open:
			return s.admit(c, by, Member)
		case c.Policy == ByRequest:
			return Change{Club: c, Put: []Membership{s.place(c, by, Requested)}}, nil
		}
		return Change{}, NewError(CodeInvitationOnly, "the club takes members by invitation only", nil)
	})
}

// Accept accepts by's invitation to club id.
func (s *Service) Accept(ctx context.Context, by Person, id string) (Club, error) {
	return s.change(ctx, by, id, func(c Club, me Membership) (Change, error) {
		if me.Role != Invited {
			return Change{}, NewError(CodeNoInvitation, "no invitation to accept", nil)
		}
		return s.admit(c, by, Member)
	})
}

// Leave gives up by's place in club id: a membership, a pending request
// (withdrawn) or an invitation (declined). The owner may not leave: they
// hand the club over first (Transfer), or delete it.
func (s *Service) Leave(ctx context.Context, by Person, id string) (Club, error) {
	return s.change(ctx, by, id, func(c Club, me Membership) (Change, error) {
		switch me.Role {
		case Owner:
			return Change{}, NewError(CodeOwnerMustTransfer, "the owner hands the club over before leaving", nil)
		case None:
			return Change{}, NewError(CodeNotMember, "not in the club", nil).With("user", coded.ClipParam(by.Name))
		}
		return Change{Club: c, Remove: []string{by.ID}}, nil
	})
}

// Approve lets user, who asked, into club id.
func (s *Service) Approve(ctx context.Context, by Person, id string, user Person) (Club, error) {
	return s.act(ctx, by, id, user, Approve, func(c Club, _ Membership) (Change, error) {
		return s.admit(c, user, Member)
	})
}

// Decline refuses user's request to join club id.
func (s *Service) Decline(ctx context.Context, by Person, id string, user Person) (Club, error) {
	return s.act(ctx, by, id, user, Decline, func(c Club, _ Membership) (Change, error) {
		return Change{Club: c, Remove: []string{user.ID}}, nil
	})
}

// Invite invites user to club id; one who has asked to join is let in at
// once (both have said yes).
func (s *Service) Invite(ctx context.Context, by Person, id string, user Person) (Club, error) {
	if err := needsAccount(user); err != nil {
		return Club{}, err
	}
	return s.act(ctx, by, id, user, Invite, func(c Club, target Membership) (Change, error) {
		if target.Role == Requested {
			return s.admit(c, user, Member)
		}
		return Change{Club: c, Put: []Membership{s.place(c, user, Invited)}}, nil
	})
}

// Remove takes user out of club id, or withdraws their invitation.
func (s *Service) Remove(ctx context.Context, by Person, id string, user Person) (Club, error) {
	return s.act(ctx, by, id, user, Remove, func(c Club, _ Membership) (Change, error) {
		return Change{Club: c, Remove: []string{user.ID}}, nil
	})
}

// SetRole makes user an admin (Admin) or a member (Member) of club id.
func (s *Service) SetRole(ctx context.Context, by Person, id string, user Person, role Role) (Club, error) {
	if _, err := ParseRole(string(role)); err != nil {
		return Club{}, err
	}
	action := Promote
	if role == Member {
		action = Demote
	}
	return s.act(ctx, by, id, user, action, func(c Club, target Membership) (Change, error) {
		target.Role = role
		return Change{Club: c, Put: []Membership{target}}, nil
	})
}

// Transfer hands club id over to user, a member or admin: they become its
// owner, and by an admin.
func (s *Service) Transfer(ctx context.Context, by Person, id string, user Person) (Club, error) {
	return s.act(ctx, by, id, user, Transfer, func(c Club, target Membership) (Change, error) {
		me, err := s.st.Membership(ctx, c.ID, by.ID)
		if err != nil {
			return Change{}, err
		}
		me.Role, target.Role, c.OwnerID = Admin, Owner, user.ID
		return Change{Club: c, Put: []Membership{me, target}}, nil
	})
}

// Edit sets club id's description and joining policy; its admins and
// owner may. A change of policy leaves pending requests and invitations as
// they are (an admin still answers them).
func (s *Service) Edit(ctx context.Context, by Person, id, description string, policy Policy) (Club, error) {
	description = strings.TrimSpace(description)
	if err := ValidateDescription(description); err != nil {
		return Club{}, err
	}
	if _, err := ParsePolicy(string(policy)); err != nil {
		return Club{}, err
	}
	return s.change(ctx, by, id, func(c Club, me Membership) (Change, error) {
		if me.Role.rank() < Admin.rank() {
			return Change{}, actorRefusal(Admin)
		}
		c.Description, c.Policy = description, policy
		return Change{Club: c}, nil
	})
}

// Delete removes club id with every place in it; only its owner may.
func (s *Service) Delete(ctx context.Context, by Person, id string) error {
	_, err := s.change(ctx, by, id, func(c Club, me Membership) (Change, error) {
		if me.Role != Owner {
			return Change{}, actorRefusal(Owner)
		}
		return Change{Club: c, Delete: true}, nil
	})
	return err
}

// act runs the change f makes of user's place in club id, by by, once the
// permission table allows action.
func (s *Service) act(ctx context.Context, by Person, id string, user Person, action Action,
	f func(c Club, target Membership) (Change, error)) (Club, error) {
	return s.change(ctx, by, id, func(c Club, me Membership) (Change, error) {
		target, err := s.st.Membership(ctx, c.ID, user.ID)
		if err != nil {
			return Change{}, err
		}
		name := user.Name
		if name == "" {
			name = user.ID
		}
		if err := Allowed(action, me.Role, target.Role, user.ID == by.ID, name); err != nil {
			return Change{}, err
		}
		return f(c, target)
	})
}

// change reads club id and by's place in it, has f decide the change, and
// applies it; when others changed the club meanwhile, it tries again from
// the read, a few times.
func (s *Service) change(ctx context.Context, by Person, id string, f func(c Club, me Membership) (Change, error)) (Club, error) {
	if err := needsAccount(by); err != nil {
		return Club{}, err
	}
	var err error
	for range attempts {
		var c Club
		c, err = s.Get(ctx, id)
		if err != nil {
			return Club{}, err
		}
		var me Membership
		me, err = s.st.Membership(ctx, c.ID, by.ID)
		if err != nil {
			return Club{}, err
		}
		var ch Change
		ch, err = f(c, me)
		if err != nil {
			return Club{}, err
		}
		c, err = s.st.Apply(ctx, ch)
		if CodeOf(err) != CodeConflict {
			return c, err
		}
	}
	return Club{}, err
}

// admit is the change that makes who a member with role, if the club has
// room.
func (s *Service) admit(c Club, who Person, role Role) (Change, error) {
	if c.Members >= s.maxMembers {
		return Change{}, NewError(CodeFull, "the club is full", nil).With("max", strconv.Itoa(s.maxMembers))
	}
	return Change{Club: c, Put: []Membership{s.place(c, who, role)}}, nil
}

// place is who's new place in c, from now.
func (s *Service) place(c Club, who Person, role Role) Membership {
	return Membership{ClubID: c.ID, UserID: who.ID, Name: who.Name, Role: role,
		Since: s.now().UTC().Truncate(time.Millisecond)}
}

// needsAccount refuses a guest, or nobody.
func needsAccount(p Person) error {
	if p.ID == "" || p.Guest {
		return NewError(CodeNeedsAccount, "clubs are of accounts", nil)
	}
	return nil
}
