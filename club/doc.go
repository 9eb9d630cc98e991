// Package club is the domain of clubs: a named group of accounts with a
// policy for joining (open, by request, by invitation), members with
// roles (one owner, admins, members), pending requests and invitations,
// and the one table of who may do what to whom (permissions.go). A
// [Service] applies the rules over a [Store], each change one atomic
// compare-and-set on the club's version, with the time from an injected
// clock. store/internal/sqlstore implements the Store for SQLite and
// PostgreSQL; docs/CLUBS.md describes clubs as users and the API see them.
package club
