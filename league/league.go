package league

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/tournament"
)

// Format is how a tournament pairs its rounds.
type Format string

// The formats.
const (
	// Swiss pairs each round by the FIDE Dutch system (tournament.PairSwiss).
	Swiss Format = "swiss"
	// RoundRobin pairs by the Berger tables, once or twice round.
	RoundRobin Format = "round-robin"
)

// Mode is how a tournament's rounds are played.
type Mode string

// The round modes.
const (
	// Live rounds are played at once: the next round pairs when the last
	// game of a round ends, or at a set time (Settings.RoundInterval).
	Live Mode = "live"
	// Arranged rounds are scheduled games: each game of round r starts at
	// Settings.StartsAt + (r-1)·Settings.RoundInterval, with check-in,
	// no-show forfeits and suspensions as package schedule has them.
	Arranged Mode = "arranged"
)

// Status is where a tournament stands.
type Status string

// The statuses, in order; Paused may go back to Running.
const (
	Registration Status = "registration"
	Running      Status = "running"
	Paused       Status = "paused"
	Finished     Status = "finished"
)

// EndReason is why a tournament finished before its last round.
type EndReason string

// The reasons a tournament ends early.
const (
	// EndNoPairing: the next Swiss round has no pairing that satisfies
	// the absolute criteria (no two players meet twice, ...), as when the
	// players are too few for the rounds; the tournament ends there, as
	// lichess ends a Swiss "early" when no more pairings are possible.
	EndNoPairing EndReason = "no-pairing"
	// EndOrganiser: the organiser finished it (Service.Finish).
	EndOrganiser EndReason = "organiser"
)

// Unplayed says how a game of an arranged round that is still undecided at
// its deadline is scored.
type Unplayed string

// The scorings of an unplayed game.
const (
	// DoubleForfeit scores it 0-0 (TRF "-" for both), the default.
	DoubleForfeit Unplayed = "double-forfeit"
	// Adjudicate leaves it to the organiser: the next round waits for
	// their result.
	Adjudicate Unplayed = "adjudicate"
)

// Limits of a tournament's settings.
const (
	MinNameLen     = 3
	MaxNameLen     = 60
	MaxSwissRounds = 20
	// MaxPlayersLimit is the most players a tournament may take.
	MaxPlayersLimit = 500
	// DefaultMaxPlayers is the most players when the organiser sets none.
	DefaultMaxPlayers = 100
	// LiveLead is how long after its pairing a live round's games start.
	// They are scheduled games, as over the board: the clocks start then,
	// there is no abort, and a player still absent when the default time
	// (game.DefaultNoShowTime) has passed loses by forfeit.
	LiveLead = time.Minute
	// DefaultMaxByes is how many half-point byes a player may ask in a
	// Swiss when the organiser sets no other number.
	DefaultMaxByes = 1
)

// Settings are what the organiser chooses.
type Settings struct {
	Format Format `json:"format"`
	// Cycles is a round-robin's: 1 (single) or 2 (double round).
	Cycles int `json:"cycles,omitempty"`
	// Rounds is a Swiss's number of rounds; a round-robin's comes from
	// its players when it starts.
	Rounds int `json:"rounds,omitempty"`
	// TimeControl is the games' clock in game.TimeControl's text ("10+5").
	TimeControl string `json:"timeControl"`
	Rated       bool   `json:"rated"`
	// MinRating and MaxRating bound the players' ratings in the clock's
	// speed (0: no bound).
	MinRating int `json:"minRating,omitempty"`
	MaxRating int `json:"maxRating,omitempty"`
	// MaxPlayers is the most players (DefaultMaxPlayers when 0).
	MaxPlayers int `json:"maxPlayers,omitempty"`
	// TieBreaks are applied in order (tournament's acronyms).
	TieBreaks []tournament.TieBreak `json:"tieBreaks"`
	Mode      Mode                  `json:"mode"`
	// StartsAt is when round 1 is paired (live; zero: when the organiser
	// starts) or when its games start (arranged).
	StartsAt time.Time `json:"startsAt,omitzero"`
	// RoundInterval is the time between rounds: arranged rounds start one
	// interval apart; live rounds with an interval pair at their set time
	// (StartsAt + (r-1)·interval) rather than when the last game ends.
	RoundInterval time.Duration `json:"roundInterval,omitempty"`
	// Zone is the IANA zone the organiser gave the times in.
	Zone string `json:"zone,omitempty"`
	// Accelerated pairs a Swiss's first rounds by the Baku acceleration
	// (FIDE C.04.5.1).
	Accelerated bool `json:"accelerated,omitempty"`
	// LateEntries lets players join a Swiss once it runs (from the next
	// round; the rounds missed score nothing); each late entry gives the
	// players their pairing numbers again by the initial order.
	LateEntries bool `json:"lateEntries,omitempty"`
	// MaxByes is how many half-point byes a player may ask in a Swiss
	// (DefaultMaxByes when 0; -1 for none).
	MaxByes int `json:"maxByes,omitempty"`
	// ByeNotice is how long before a round is due to pair that a bye for
	// it must be asked (0: until it is paired).
	ByeNotice time.Duration `json:"byeNotice,omitempty"`
	// PlayWithin is how long an arranged round's games have from the
	// round's start to be played, suspensions included (0: until the next
	// round's start).
	PlayWithin time.Duration `json:"playWithin,omitempty"`
	// Unplayed scores a game undecided at its deadline (DoubleForfeit
	// when empty).
	Unplayed Unplayed `json:"unplayed,omitempty"`
}

// Tournament is one Swiss tournament or round-robin league.
type Tournament struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// ClubID is the club whose members alone may play; "" for an open
	// tournament.
	ClubID    string `json:"clubId,omitempty"`
	OwnerID   string `json:"ownerId"`
	OwnerName string `json:"ownerName"`
	Settings
	Status Status `json:"status"`
	// Round is the last round paired (0 before the first).
	Round int `json:"round"`
	// TotalRounds is the number of rounds (a round-robin's is set when it
	// starts).
	TotalRounds int       `json:"totalRounds"`
	Players     int       `json:"players"`
	CreatedAt   time.Time `json:"createdAt"`
	StartedAt   time.Time `json:"startedAt,omitzero"`
	FinishedAt  time.Time `json:"finishedAt,omitzero"`
	// Ended is why a tournament finished before its last round ("" when
	// it played them all): its standings are final all the same.
	Ended EndReason `json:"ended,omitempty"`
	// Version counts the tournament's writes: every change is a
	// compare-and-set on it.
	Version int64 `json:"version"`
}

// Entry is one player's place in a tournament.
type Entry struct {
	UserID string `json:"userId"`
	Name   string `json:"name"`
	// Number is the pairing number (1..n), given when the tournament
	// starts by the initial order (rating, highest first, then name) and
	// given again to every player by it when a late entrant joins, before
	// the next round pairs; 0 before the start.
	Number int `json:"number"`
	// Rating is the player's rating in the clock's speed when they joined.
	Rating int `json:"rating"`
	// Withdrawn is true once the player has left a running tournament:
	// they are paired no more.
	Withdrawn bool `json:"withdrawn,omitempty"`
	// Byes are the rounds for which the player asked a half-point bye.
	Byes []int `json:"byes,omitempty"`
	// FromRound is the first round the player is paired in (1, or a late
	// entry's round).
	FromRound int       `json:"fromRound"`
	JoinedAt  time.Time `json:"joinedAt"`
	// Removed marks an entry withdrawn before the start: it is deleted.
	Removed bool `json:"-"`
}

// Board is one game or bye of a round.
type Board struct {
	Round int `json:"round"`
	Board int `json:"board"`
	// White and Black are the players' user ids; Black is "" for a bye.
	White string `json:"white"`
	Black string `json:"black,omitempty"`
	// Result is the board's result (tournament.Pending until decided).
	Result tournament.Result `json:"result"`
	// GameID is the game the board's players play (given when the round
	// is paired, so that creating it again after a crash finds it).
	GameID string `json:"gameId,omitempty"`
	// ArrangementID is an arranged round's schedule arrangement.
	ArrangementID string `json:"arrangementId,omitempty"`
	// StartAt is an arranged game's start.
	StartAt time.Time `json:"startAt,omitzero"`
	// Deadline is when an arranged game undecided is scored as the
	// Settings' Unplayed says.
	Deadline time.Time `json:"deadline,omitzero"`
	// Reason is the organiser's reason for an adjudicated result.
	Reason string `json:"reason,omitempty"`
	// Created reports that the board's game was created.
	Created bool `json:"created,omitempty"`
}

// IsBye reports whether the board is a bye.
func (b Board) IsBye() bool { return b.Black == "" }

// Decided reports whether the board has its result.
func (b Board) Decided() bool { return b.Result != tournament.Pending }

// Clock returns the tournament's time control.
func (t Tournament) Clock() (game.TimeControl, error) { return game.ParseTimeControl(t.TimeControl) }

// Open reports whether players may join t now: before the start, or in
// a running Swiss that takes late entries while a round is left to pair
// (a late entrant plays from the next round).
func (t Tournament) Open() bool {
	return t.Status == Registration ||
		(t.Status == Running || t.Status == Paused) && t.Format == Swiss && t.LateEntries && t.Round < t.TotalRounds
}

// RoundStart is when round r of t is due: its games' start (arranged) or
// its pairing (live at set times); zero when it has none.
func (t Tournament) RoundStart(r int) time.Time {
	if t.StartsAt.IsZero() || (t.RoundInterval == 0 && r > 1) {
		if r == 1 {
			return t.StartsAt
		}
		return time.Time{}
	}
	return t.StartsAt.Add(time.Duration(r-1) * t.RoundInterval)
}

// maxByes is the number of half-point byes a player may ask.
func (t Tournament) maxByes() int {
	switch {
	case t.MaxByes < 0:
		return 0
	case t.MaxByes == 0:
		return DefaultMaxByes
	}
	return t.MaxByes
}

// maxPlayers is the most players t takes.
func (t Tournament) maxPlayers() int {
	if t.MaxPlayers == 0 {
		return DefaultMaxPlayers
	}
	return t.MaxPlayers
}

// Rules are the standings' rules of t: byes worth a win, a forfeit scored
// as a round-robin's in one, and its tie-breaks.
func (t Tournament) Rules() tournament.Rules {
	return tournament.Rules{ByePoints: tournament.Win, RoundRobin: t.Format == RoundRobin, TieBreaks: slices.Clone(t.TieBreaks)}
}

// tieBreaks are the C.07 tie-breaks an organiser may choose.
var tieBreaks = []tournament.TieBreak{tournament.DirectEncounter, tournament.Wins, tournament.SonnebornBerger,
	tournament.Buchholz, tournament.BuchholzCut1, tournament.AverageRatingOfOpponents}

// TieBreaks lists the tie-breaks an organiser may choose, in the order
// the pages offer them.
func TieBreaks() []tournament.TieBreak { return slices.Clone(tieBreaks) }

// DefaultTieBreaks are a format's tie-breaks when the organiser chooses
// none: a round-robin's DE, WIN, SB; a Swiss's BH-C1, BH, DE, WIN.
func DefaultTieBreaks(f Format) []tournament.TieBreak {
	if f == RoundRobin {
		return []tournament.TieBreak{tournament.DirectEncounter, tournament.Wins, tournament.SonnebornBerger}
	}
	return []tournament.TieBreak{tournament.BuchholzCut1, tournament.Buchholz, tournament.DirectEncounter, tournament.Wins}
}

// Check returns settings s of a tournament named name as Create would
// take them at now, with the defaults filled in, or the refusal Create
// would give (a code of this package).
func Check(name string, s Settings, now time.Time) (Settings, error) {
	err := validate(strings.Join(strings.Fields(name), " "), &s, now)
	return s, err
}

// validate checks the name and settings and fills in the defaults.
func validate(name string, s *Settings, now time.Time) error {
	if n := utf8.RuneCountInString(name); n < MinNameLen || n > MaxNameLen {
		return NewError(CodeNameLength, "a tournament name has 3 to 60 characters", nil).
			With("min", strconv.Itoa(MinNameLen), "max", strconv.Itoa(MaxNameLen))
	}
	switch s.Format {
	case Swiss:
		if s.Rounds < 1 || s.Rounds > MaxSwissRounds {
			return NewError(CodeBadRounds, "a Swiss has 1 to 20 rounds", nil).With("max", strconv.Itoa(MaxSwissRounds))
		}
		s.Cycles = 0
	case RoundRobin:
		s.Accelerated = false
		if s.Cycles == 0 {
			s.Cycles = 1
		}
		if s.Cycles != 1 && s.Cycles != 2 {
			return NewError(CodeBadFormat, "a round-robin is single or double", nil).With("format", string(s.Format))
		}
		s.Rounds = 0
	default:
		return NewError(CodeBadFormat, "unknown format", nil).With("format", clip(string(s.Format)))
	}
	tc, err := game.ParseTimeControl(s.TimeControl)
	if err != nil || tc.Untimed() {
		return NewError(CodeBadTimeControl, "a tournament's games need a clock", err)
	}
	if s.MinRating < 0 || s.MaxRating < 0 || (s.MaxRating > 0 && s.MinRating > s.MaxRating) {
		return NewError(CodeBadRatingRange, "bad rating range", nil)
	}
	if s.MaxPlayers != 0 && (s.MaxPlayers < 2 || s.MaxPlayers > MaxPlayersLimit) {
		return NewError(CodeBadMaxPlayers, "bad most players", nil).With("max", strconv.Itoa(MaxPlayersLimit))
	}
	if len(s.TieBreaks) == 0 {
		s.TieBreaks = DefaultTieBreaks(s.Format)
	}
	seen := map[tournament.TieBreak]bool{}
	for _, tb := range s.TieBreaks {
		if !slices.Contains(tieBreaks, tb) || seen[tb] {
			return NewError(CodeBadTieBreak, "unknown or repeated tie-break", nil).With("name", clip(string(tb)))
		}
		seen[tb] = true
	}
	switch s.Mode {
	case "":
		s.Mode = Live
	case Live, Arranged:
	default:
		return NewError(CodeBadMode, "unknown round mode", nil).With("mode", clip(string(s.Mode)))
	}
	if s.Mode == Arranged && (s.StartsAt.IsZero() || s.RoundInterval < time.Hour) {
		return NewError(CodeBadMode, "arranged rounds need a start and at least an hour between rounds", nil).With("mode", string(s.Mode))
	}
	if s.RoundInterval < 0 || s.PlayWithin < 0 || s.ByeNotice < 0 {
		return NewError(CodeBadMode, "negative durations", nil).With("mode", string(s.Mode))
	}
	if !s.StartsAt.IsZero() && !s.StartsAt.After(now) {
		return NewError(CodeBadStart, "the start is past", nil)
	}
	if s.Zone != "" {
		if _, err := time.LoadLocation(s.Zone); err != nil {
			return NewError(CodeBadStart, "unknown time zone", err)
		}
	}
	switch s.Unplayed {
	case "":
		s.Unplayed = DoubleForfeit
	case DoubleForfeit, Adjudicate:
	default:
		return NewError(CodeBadMode, "unknown scoring of unplayed games", nil).With("mode", clip(string(s.Unplayed)))
	}
	s.StartsAt = utc(s.StartsAt)
	return nil
}

func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40])
	}
	return strings.ToValidUTF8(s, "")
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC().Truncate(time.Millisecond)
}
