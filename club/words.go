package club

// The code families of the package's words in the catalogues: a message
// says a role as {role:club.role} and a policy as {policy:club.policy},
// never as the value itself.
const (
	RoleWordFamily   = "club.role"
	PolicyWordFamily = "club.policy"
)

// Roles lists every role a place may have.
func Roles() []Role { return []Role{Owner, Admin, Member, Requested, Invited} }

// Words returns the catalogue codes of the package's words: one per role
// ("club.role.admin") and one per policy ("club.policy.open").
func Words() []string {
	var out []string
	for _, r := range Roles() {
		out = append(out, RoleWordFamily+"."+string(r))
	}
	for _, p := range Policies() {
		out = append(out, PolicyWordFamily+"."+string(p))
	}
	return out
}
