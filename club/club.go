package club

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/joinpal/joinpal/internal/coded"
)

// Policy is how a club takes new members.
type Policy string

// The joining policies.
const (
	// Open: anyone with an account joins at once.
	Open Policy = "open"
	// ByRequest: one asks, and an admin approves or declines.
	ByRequest Policy = "request"
	// ByInvitation: an admin invites, and the invited user accepts.
	ByInvitation Policy = "invitation"
)

// Policies lists the policies, most open first.
func Policies() []Policy { return []Policy{Open, ByRequest, ByInvitation} }

// ParsePolicy returns the policy named p, or a CodeBadPolicy refusal.
func ParsePolicy(p string) (Policy, error) {
	switch Policy(p) {
	case Open, ByRequest, ByInvitation:
		return Policy(p), nil
	}
	return "", NewError(CodeBadPolicy, "no joining policy "+strconv.Quote(p), nil).With("policy", coded.ClipParam(p))
}

// Role is a user's place in a club: a member's rank (owner, admin,
// member), or a pending request or invitation.
type Role string

// The roles. A club has exactly one Owner.
const (
	// None is no place at all (no row in the store).
	None Role = ""
	// Owner created the club or had it handed over; one per club.
	Owner Role = "owner"
	// Admin manages members: approves, invites, removes, promotes.
	Admin Role = "admin"
	// Member plays in the club.
	Member Role = "member"
	// Requested has asked to join and waits for an admin.
	Requested Role = "requested"
	// Invited has been invited and may accept.
	Invited Role = "invited"
)

// IsMember reports whether r is a member's rank (owner, admin or member),
// not a pending place.
func (r Role) IsMember() bool { return r == Owner || r == Admin || r == Member }

// rank orders roles by what they may do: owner 3, admin 2, member 1, the
// rest 0.
func (r Role) rank() int {
	switch r {
	case Owner:
		return 3
	case Admin:
		return 2
	case Member:
		return 1
	}
	return 0
}

// ParseRole returns the role a member may be given by SetRole (admin or
// member), or a CodeBadRole refusal.
func ParseRole(r string) (Role, error) {
	switch Role(r) {
	case Admin, Member:
		return Role(r), nil
	}
	return "", NewError(CodeBadRole, "no role "+strconv.Quote(r)+" to set", nil).With("role", coded.ClipParam(r))
}

// Club is one club as the store keeps it.
type Club struct {
	// ID is the club's slug, its name's key (NameKey): the part of its
	// URLs (/club/{id}) and its identity.
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Policy      Policy `json:"policy"`
	OwnerID     string `json:"ownerId"`
	// Members counts the owner, admins and members (not the pending).
	Members   int       `json:"members"`
	CreatedAt time.Time `json:"createdAt"`
	// Version grows by one with every change (the store's compare-and-set).
	Version int64 `json:"version"`
}

// Membership is one user's place in a club.
type Membership struct {
	ClubID string `json:"-"`
	UserID string `json:"id"`
	// Name is the user's username when the place was made.
	Name  string    `json:"name"`
	Role  Role      `json:"role"`
	Since time.Time `json:"since"`
}

// Mine is a club with the role one user has in it.
type Mine struct {
	Club Club `json:"club"`
	Role Role `json:"role"`
}

// The limits of a club's texts and size.
const (
	NameMin        = 3
	NameMax        = 40
	DescriptionMax = 1000
	// DefaultMaxMembers is how many members a club may have unless the
	// Service's Config says otherwise.
	DefaultMaxMembers = 1000
)

// reservedNames are keys no club may have: words of the site's own paths
// and names.
var reservedNames = map[string]bool{
	"new": true, "admin": true, "joinpal": true, "api": true, "search": true, "mine": true,
	"moderator": true, "moderators": true, "support": true, "system": true, "root": true,
	"null": true, "undefined": true, "clubs": true, "club": true,
}

// folds maps the non-ASCII letters a club name may hold to their ASCII
// letters: accents do not make two names different.
var folds = map[rune]string{}

func init() {
	for base, variants := range map[string]string{
		"a": "áàâäãåÁÀÂÄÃÅ", "e": "éèêëÉÈÊË", "i": "íìîïÍÌÎÏ", "o": "óòôöõÓÒÔÖÕ",
		"u": "úùûüÚÙÛÜ", "n": "ñÑ", "c": "çÇ", "y": "ýÿÝ",
	} {
		for _, r := range variants {
			folds[r] = base
		}
	}
	folds['ß'] = "ss"
	folds['æ'], folds['Æ'] = "ae", "ae"
	folds['œ'], folds['Œ'] = "oe", "oe"
}

// isSeparator reports the characters that separate a name's words; they
// all count as one hyphen in its key.
func isSeparator(r rune) bool {
	return r == ' ' || r == '-' || r == '_' || r == '.' || r == '\'' || r == '&'
}

// TidyName returns name in Unicode's composed form (NFC: an "o" followed
// by a combining acute accent becomes "ó"), with white space at its ends
// removed and every run of white space inside it one space: the form a
// club's name is kept in.
func TidyName(name string) string { return strings.Join(strings.Fields(norm.NFC.String(name)), " ") }

// NameKey returns the identity of a club name and its slug: lower case,
// accents folded to ASCII letters, each run of separators one hyphen, no
// hyphen at the ends, nothing but a-z, 0-9 and '-'. "Club de Ajedrez Peón" and "club-de-ajedrez-peon"
// have the same key. It does not check the name: ValidateName does.
func NameKey(name string) string {
	var b strings.Builder
	sep := false
	for _, r := range name {
		switch {
		case isSeparator(r) || r == '\t' || r == '\n':
			sep = b.Len() > 0
			continue
		case r < utf8.RuneSelf:
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				continue
			}
			if sep {
				b.WriteByte('-')
				sep = false
			}
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		default:
			f, ok := folds[r]
			if !ok {
				continue
			}
			if sep {
				b.WriteByte('-')
				sep = false
			}
			b.WriteString(f)
		}
	}
	return b.String()
}

// ValidateName reports whether name (as TidyName leaves it) may be a
// club's: 3 to 40 characters among the letters of Latin alphabets (a–z,
// either case, with the accents of folds), the digits, spaces and
// . - _ ' &, starting with a letter or digit, with a key that is no
// reserved word. Letters of other scripts are refused so that no two clubs
// can look alike (a Cyrillic "а" beside a Latin "a"), as usernames are
// ASCII for the same reason; accents and case do not make a new name,
// since the key folds them.
func ValidateName(name string) error {
	if n := utf8.RuneCountInString(name); n < NameMin || n > NameMax {
		return NewError(CodeNameLength, "a club name has "+strconv.Itoa(NameMin)+" to "+strconv.Itoa(NameMax)+" characters", nil).
			With("min", strconv.Itoa(NameMin), "max", strconv.Itoa(NameMax))
	}
	for i, r := range name {
		ascii := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		_, folded := folds[r]
		if i == 0 && !ascii && !folded {
			return NewError(CodeNameChars, "a club name starts with a letter or digit", nil)
		}
		if !ascii && !folded && !isSeparator(r) {
			return NewError(CodeNameChars, "a club name holds only Latin letters, digits, spaces and . - _ ' &", nil)
		}
	}
	key := NameKey(name)
	if len(key) < NameMin {
		return NewError(CodeNameLength, "a club name has "+strconv.Itoa(NameMin)+" to "+strconv.Itoa(NameMax)+" characters", nil).
			With("min", strconv.Itoa(NameMin), "max", strconv.Itoa(NameMax))
	}
	if reservedNames[key] {
		return NewError(CodeNameReserved, "the club name "+name+" is reserved", nil).With("name", coded.ClipParam(name))
	}
	return nil
}

// ValidateDescription reports whether d may be a club's description.
func ValidateDescription(d string) error {
	if utf8.RuneCountInString(d) > DescriptionMax {
		return NewError(CodeDescriptionLength, "a club description has at most "+strconv.Itoa(DescriptionMax)+" characters", nil).
			With("max", strconv.Itoa(DescriptionMax))
	}
	return nil
}
