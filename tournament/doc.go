// Package tournament is the pure domain of organised play: the round-robin
// pairing tables (Berger tables, FIDE Handbook C.05 Annex 1), Swiss
// pairings by the FIDE Dutch system (C.04.3), the standings
// of a tournament with the tie-breaks of the FIDE Tie-Break Regulations
// (Handbook C.07, 2023), and the crosstable laid out as data for a page
// and written as a FIDE Tournament Report File (TRF-16). It keeps no state and stores nothing:
// a caller gives it the players and the games and gets tables back.
// docs/TOURNAMENTS.md says what exists and what does not yet.
package tournament
