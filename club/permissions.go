package club

import "github.com/joinpal/joinpal/internal/coded"

// Action is something one member does to another user's place in a club.
type Action string

// The actions on another user's place.
const (
	// Approve makes a pending request a membership.
	Approve Action = "approve"
	// Decline refuses a pending request.
	Decline Action = "decline"
	// Invite invites a user (or, one who has asked, lets them in).
	Invite Action = "invite"
	// Remove takes a member out, or withdraws an invitation.
	Remove Action = "remove"
	// Promote makes a member an admin.
	Promote Action = "promote"
	// Demote makes an admin a member.
	Demote Action = "demote"
	// Transfer hands the ownership over; the old owner becomes an admin.
	Transfer Action = "transfer"
)

// permissions is the one table of who may do what to whom: for each
// action, the target's role it applies to and the least role of the one
// who takes it. A target's role absent from an action's row is refused
// (targetRefusal says how); so is an actor below the least role.
var permissions = map[Action]map[Role]Role{
	Approve:  {Requested: Admin},
	Decline:  {Requested: Admin},
	Invite:   {None: Admin, Requested: Admin},
	Remove:   {Member: Admin, Invited: Admin, Admin: Owner},
	Promote:  {Member: Admin},
	Demote:   {Admin: Owner},
	Transfer: {Member: Owner, Admin: Owner},
}

// Actions lists the actions of the permission table.
func Actions() []Action { return []Action{Approve, Decline, Invite, Remove, Promote, Demote, Transfer} }

// Allowed reports whether someone of role actor may take action on a
// user whose role is target, with the refusal when not. The actor is
// judged first, so that one who may not act learns nothing of the
// target. self says the target is the actor.
func Allowed(action Action, actor, target Role, self bool, targetID string) error {
	row, ok := permissions[action]
	if !ok {
		return NewError(CodeNotAdmin, "no action "+string(action), nil)
	}
	least := Owner
	for _, r := range row {
		if r.rank() < least.rank() {
			least = r
		}
	}
	if actor.rank() < least.rank() {
		return actorRefusal(least)
	}
	if self {
		return NewError(CodeSelf, "an admin action aimed at oneself", nil)
	}
	need, ok := row[target]
	if !ok {
		return targetRefusal(action, target, targetID)
	}
	if actor.rank() < need.rank() {
		return actorRefusal(need)
	}
	return nil
}

// actorRefusal is the refusal of someone below the least role need.
func actorRefusal(need Role) error {
	if need == Owner {
		return NewError(CodeNotOwner, "only the club's owner may do this", nil)
	}
	return NewError(CodeNotAdmin, "only the club's admins may do this", nil)
}

// targetRefusal is the refusal of action on a user whose role is target,
// which the action's row does not have.
func targetRefusal(action Action, target Role, user string) error {
	user = coded.ClipParam(user)
	switch {
	case target == Owner:
		return NewError(CodeOwnerUntouchable, "the owner's place changes only by handing it over", nil)
	case action == Approve || action == Decline:
		return NewError(CodeNoRequest, "no pending request from "+user, nil).With("user", user)
	case action == Invite && target == Invited:
		return NewError(CodeAlreadyInvited, user+" is invited already", nil).With("user", user)
	case action == Invite:
		return NewError(CodeAlreadyMember, user+" is a member already", nil).With("user", user)
	case action == Promote && target == Admin:
		return NewError(CodeSameRole, user+" is an admin already", nil).With("role", string(Admin))
	case action == Demote && target == Member:
		return NewError(CodeSameRole, user+" is a member already", nil).With("role", string(Member))
	}
	return NewError(CodeNotMember, user+" is not a member", nil).With("user", user)
}
