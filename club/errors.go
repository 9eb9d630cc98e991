package club

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package club, such as
// "club.not_admin". Codes are part of JoinPal's API: an existing code
// never changes.
type Code string

// Package names the package that owns the code: "club".
func (Code) Package() string { return "club" }

// Error is an error of package club: a stable Code, an English message,
// the parameters of its translation and an optional cause; its text starts
// with "club: ".
type Error = coded.Error[Code]

// NewError returns an *Error with the code, message (without the "club: "
// prefix) and cause (which may be nil); parameters are added with With.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }

// Error codes of package club. Add new ones here and to [Codes].
const (
	CodeNotFound          Code = "club.not_found"
	CodeNameLength        Code = "club.name_length"
	CodeNameChars         Code = "club.name_chars"
	CodeNameReserved      Code = "club.name_reserved"
	CodeNameTaken         Code = "club.name_taken"
	CodeDescriptionLength Code = "club.description_length"
	CodeBadPolicy         Code = "club.bad_policy"
	CodeBadRole           Code = "club.bad_role"
	CodeNeedsAccount      Code = "club.needs_account"
	CodeNotMember         Code = "club.not_member"
	CodeNotAdmin          Code = "club.not_admin"
	CodeNotOwner          Code = "club.not_owner"
	CodeAlreadyMember     Code = "club.already_member"
	CodeAlreadyRequested  Code = "club.already_requested"
	CodeAlreadyInvited    Code = "club.already_invited"
	CodeInvitationOnly    Code = "club.invitation_only"
	CodeNoRequest         Code = "club.no_request"
	CodeNoInvitation      Code = "club.no_invitation"
	CodeSameRole          Code = "club.same_role"
	CodeOwnerUntouchable  Code = "club.owner_untouchable"
	CodeOwnerMustTransfer Code = "club.owner_must_transfer"
	CodeSelf              Code = "club.self"
	CodeFull              Code = "club.full"
	CodeConflict          Code = "club.conflict"
)

var codes = []coded.Info[Code]{
	{Code: CodeNotFound, When: "a club id (its slug) that no club has"},
	{Code: CodeNameLength, Params: []string{"min", "max"}, When: "a club name shorter than 3 or longer than 40 characters (once its spaces are tidied)"},
	{Code: CodeNameChars, When: "a club name with a character other than Latin letters (accents allowed), digits, spaces and . - _ ' &, or one that does not start with a letter or digit"},
	{Code: CodeNameReserved, Params: []string{"name"}, When: "a club name kept for the site itself"},
	{Code: CodeNameTaken, Params: []string{"name"}, When: "a club name another club has, case, accents and separators aside (\"Peón Rojo\" is \"peon-rojo\")"},
	{Code: CodeDescriptionLength, Params: []string{"max"}, When: "a club description longer than the limit (characters)"},
	{Code: CodeBadPolicy, Params: []string{"policy"}, When: "a joining policy other than open, request or invitation"},
	{Code: CodeBadRole, Params: []string{"role"}, When: "a role to set other than admin or member"},
	{Code: CodeNeedsAccount, When: "a guest creating or joining a club: clubs are of accounts"},
	{Code: CodeNotMember, Params: []string{"user"}, When: "leaving a club one is not in, or acting on a user who is not a member (user: that user, or the one leaving)"},
	{Code: CodeNotAdmin, When: "an action only the club's admins and owner may take, by someone else"},
	{Code: CodeNotOwner, When: "an action only the club's owner may take (handing over, deleting, demoting or removing an admin), by someone else"},
	{Code: CodeAlreadyMember, Params: []string{"user"}, When: "joining, or inviting someone to, a club one is already a member of"},
	{Code: CodeAlreadyRequested, When: "asking again to join a club while one's request is pending"},
	{Code: CodeAlreadyInvited, Params: []string{"user"}, When: "inviting someone who has an invitation pending"},
	{Code: CodeInvitationOnly, When: "joining a club that takes members by invitation only, without one"},
	{Code: CodeNoRequest, Params: []string{"user"}, When: "approving or declining a request the user has not made"},
	{Code: CodeNoInvitation, When: "accepting an invitation one does not have"},
	{Code: CodeSameRole, Params: []string{"role"}, When: "setting the role a member already has"},
	{Code: CodeOwnerUntouchable, When: "removing, promoting or demoting the owner: the owner's place changes only by handing it over"},
	{Code: CodeOwnerMustTransfer, When: "the owner leaving the club: hand it over to a member first, or delete the club"},
	{Code: CodeSelf, When: "an admin action aimed at oneself (removing, promoting, demoting, handing over to oneself)"},
	{Code: CodeFull, Params: []string{"max"}, When: "joining, approving or accepting into a club that has the most members a club may have"},
	{Code: CodeConflict, When: "a club that others kept changing while the change was tried (try again); nothing changed"},
}

// Codes lists every error code of package club.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }

func notFound(id string) error {
	id = coded.ClipParam(id)
	return NewError(CodeNotFound, "no club "+id, nil)
}

// NotFoundError is the refusal of a club id that no club has; stores
// return it.
func NotFoundError(id string) error { return notFound(id) }

// NameTakenError is the refusal of a club whose name (its key) another
// club has; stores return it.
func NameTakenError(name string) error {
	name = coded.ClipParam(name)
	return NewError(CodeNameTaken, "the club name "+name+" is taken", nil).With("name", name)
}

// ConflictError is the refusal of a change to a club whose version moved.
func ConflictError(id string) error {
	return NewError(CodeConflict, "club "+coded.ClipParam(id)+" changed meanwhile", nil)
}
