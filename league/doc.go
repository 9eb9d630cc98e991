// Package league runs organised play over a store: Swiss tournaments and
// round-robin leagues (single or double), open to every account or to a
// club's members, with rounds played live (the next round pairs when the
// last game ends, or at a set time) or arranged (each game a scheduled
// game of package schedule, with check-in, no-show forfeits and
// suspensions, and a deadline by which a suspended game must be played).
//
// The pure parts — Berger tables, Swiss pairings, standings with the FIDE
// tie-breaks, the crosstable and the Tournament Report File — are package
// tournament's; this package keeps the state (registration, entries,
// rounds, results) durable through the Store it declares, every change a
// compare-and-set on the tournament's version, and hands the games it
// pairs to the runtime (Games) or to the schedule (Arranger).
// docs/TOURNAMENTS.md describes it.
package league
