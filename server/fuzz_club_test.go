package server

import (
	"regexp"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/i18n"
)

// clubKey is the shape of every club's key (its slug).
var clubKey = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// FuzzClubBodies: any body of the club routes (POST /api/clubs, the
// invitation and handing over, a role, the settings) decodes strictly or is refused with
// a decoder's code; what decodes is judged by the club's rules, whose every
// refusal is a code of package club. A name the rules take has a key of
// a-z, 0-9 and single hyphens, at least 3 long, that is its own key (the
// slug is stable); the tidied name is the name tidied again.
func FuzzClubBodies(f *testing.F) {
	for i, seed := range []string{
		`{"name":"Club de Ajedrez Peón","description":"Los jueves a las 19:00","policy":"request"}`,
		`{"name":"Ñandú & Co.","description":"","policy":"open"}`,
		`{"name":"Сlub Kiev","description":"","policy":"invitation"}`,
		`{"name":"  a  b  ","description":"<script>alert(1)</script>","policy":"open"}`,
		`{"username":"beto"}`,
		`{"role":"admin"}`, `{"role":"owner"}`, `{"description":"Los martes","policy":"open"}`,
		`{"name":"x","policy":"closed"}`, `{"name":"new","description":"","policy":"open"}`,
		`{"name":"a\u0000b","description":"","policy":"open"}`, `{"name":"a","name":"b"}`, `{"Name":"abc"}`,
		`{"name":"L'Alfil","description":"","policy":"open"}`, `{"name":"-.-","description":"","policy":"open"}`,
		``, `null`, `{}`, `{"username":1}`,
	} {
		f.Add(uint8(i), []byte(seed))
	}
	decoders := []string{string(CodeBadJSON), string(CodeUnknownField), string(CodeWrongType), string(CodeBodyTooLarge), string(CodeBadText)}
	f.Fuzz(func(t *testing.T, kind uint8, body []byte) {
		var (
			create clubNew
			user   clubUser
			role   clubRole
			edit   clubSettings
		)
		v := []any{&create, &user, &role, &edit}[int(kind)%4]
		if err := decodeStrict(strings.NewReader(string(body)), v); err != nil {
			code := i18n.Code(err)
			for _, a := range decoders {
				if code == a {
					return
				}
			}
			t.Fatalf("%T, body %q: code %q (%v)", v, body, code, err)
		}
		judge := func(what string, err error) {
			if err != nil && !strings.HasPrefix(i18n.Code(err), "club.") {
				t.Fatalf("%s of %q: %v is not a club refusal", what, body, err)
			}
		}
		switch v.(type) {
		case *clubNew:
			name := club.TidyName(create.Name)
			if club.TidyName(name) != name {
				t.Fatalf("TidyName(%q) = %q, tidied again %q", create.Name, name, club.TidyName(name))
			}
			err := club.ValidateName(name)
			judge("the name", err)
			if err == nil {
				key := club.NameKey(name)
				if !clubKey.MatchString(key) || len(key) < club.NameMin || club.NameKey(key) != key {
					t.Fatalf("the name %q took has key %q", name, key)
				}
			}
			judge("the description", club.ValidateDescription(create.Description))
			_, err = club.ParsePolicy(create.Policy)
			judge("the policy", err)
		case *clubSettings:
			judge("the description", club.ValidateDescription(edit.Description))
			_, err := club.ParsePolicy(edit.Policy)
			judge("the policy", err)
		case *clubRole:
			_, err := club.ParseRole(role.Role)
			judge("the role", err)
		}
	})
}
