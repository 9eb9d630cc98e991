package schedule

import (
	"time"

	"github.com/joinpal/joinpal/game"
)

// Rules of arranging that the package fixes.
const (
	// MaxPostponeRequests is how many times each player may ask to
	// postpone one game, whatever the answers (declined and lapsed
	// requests count): two. Proposals of a new time for a suspended game
	// do not count.
	MaxPostponeRequests = 2
	// MaxSuspensions is how many times each player may suspend one game
	// alone: two.
	MaxSuspensions = 2
	// MinLead is the least time between a proposal and its start: the
	// opponent needs a moment to answer, and check-in opens 15 minutes
	// before.
	MinLead = 5 * time.Minute
	// MaxLead is the farthest ahead a game may be arranged.
	MaxLead = 366 * 24 * time.Hour
	// Reminders are the times before the start at which the players are
	// told that the game is about to start.
	Remind15 = 15 * time.Minute
	Remind1  = time.Minute
)

// Status is where an arrangement stands.
type Status string

// The statuses. Proposed waits for the opponent; Accepted has a game that
// has not started; Suspended had its game called off by a player and waits
// for both to agree a new time; Started has a game in play; the others are
// final.
const (
	Proposed  Status = "proposed"
	Accepted  Status = "accepted"
	Suspended Status = "suspended"
	Started   Status = "started"
	Finished  Status = "finished"
	Declined  Status = "declined"
	Canceled  Status = "canceled"
	Expired   Status = "expired"
)

// Open reports whether the arrangement still has something ahead.
func (s Status) Open() bool {
	return s == Proposed || s == Accepted || s == Suspended || s == Started
}

// Color is the colour the proposer asks for.
type Color string

// The colours a proposer may ask for.
const (
	White  Color = "white"
	Black  Color = "black"
	Random Color = "random"
)

// Player is one of the two people of an arrangement.
type Player struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// gamePlayer is p as a game knows its players.
func (p Player) gamePlayer() game.Player { return game.Player{ID: p.ID, Name: p.Name} }

// RequestStatus is where a postponement request stands.
type RequestStatus string

// The statuses of a postponement request.
const (
	RequestPending  RequestStatus = "pending"
	RequestAccepted RequestStatus = "accepted"
	RequestDeclined RequestStatus = "declined"
	RequestLapsed   RequestStatus = "lapsed"
)

// Postponement is one request to move the start, kept in the history
// whatever became of it.
type Postponement struct {
	// By is the user id of the player who asked.
	By string `json:"by"`
	// From is the start when it was asked; To the start asked for, and
	// Zone the zone it was entered in.
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
	Zone string    `json:"zone"`
	// Status is pending, accepted, declined or lapsed.
	Status RequestStatus `json:"status"`
	// AskedAt and AnsweredAt (zero while pending).
	AskedAt    time.Time `json:"askedAt"`
	AnsweredAt time.Time `json:"answeredAt,omitzero"`
	// NewTime marks a proposal of a new time for a suspended game: it
	// does not count against MaxPostponeRequests, and its acceptance
	// creates the new game.
	NewTime bool `json:"newTime,omitempty"`
}

// Suspension is one player's calling off of the game, kept in the history.
type Suspension struct {
	// By is the user id of the player who suspended the game.
	By string `json:"by"`
	// At is when; From the start the game had then.
	At   time.Time `json:"at"`
	From time.Time `json:"from"`
	// GameID is the game that was called off (aborted, no result).
	GameID string `json:"gameId"`
}

// Stage is how far the service has told the players about a game, so
// that nothing is told twice.
type Stage int

// The stages, in order.
const (
	StageNone      Stage = 0
	StageRemind15  Stage = 1
	StageRemind1   Stage = 2
	StageStarted   Stage = 3
	StageNoShowRun Stage = 4 // the no-show moment has passed and been dealt with
)

// Arrangement is one game arranged for a date and time, from its proposal
// on.
type Arrangement struct {
	// ID identifies the arrangement (8 letters and digits).
	ID string `json:"id"`
	// Proposer proposed the game to Opponent.
	Proposer Player `json:"proposer"`
	Opponent Player `json:"opponent"`
	// Color is the colour the proposer asked for.
	Color Color `json:"color"`
	// White and Black are the players once the proposal is accepted.
	White *Player `json:"white,omitempty"`
	Black *Player `json:"black,omitempty"`
	// TimeControl is the clock; never untimed.
	TimeControl game.TimeControl `json:"timeControl"`
	Rated       bool             `json:"rated"`
	// StartAt is the start (UTC); moved by accepted postponements.
	StartAt time.Time `json:"startAt"`
	// Zone is the IANA zone the proposer entered the start in.
	Zone string `json:"zone"`
	// DefaultTime is how long after the start an absent player has before
	// losing by no-show (10 minutes unless the proposer chose otherwise).
	DefaultTime time.Duration `json:"defaultTime"`
	// Status is where the arrangement stands.
	Status Status `json:"status"`
	// GameID is the game an accepted proposal created.
	GameID string `json:"gameId,omitempty"`
	// Postponements is the history of requests to move the start, oldest
	// first.
	Postponements []Postponement `json:"postponements"`
	// Suspensions is the history of the game's suspensions, oldest first.
	Suspensions []Suspension `json:"suspensions,omitempty"`
	// Stage is how far the players have been told about the start.
	Stage Stage `json:"stage"`
	// NoShowAt is when a player still absent loses, as the game set it at
	// its start (later than StartAt+DefaultTime if the start fell due while
	// the server was down).
	NoShowAt time.Time `json:"noShowAt,omitzero"`
	// Result is the game's result once a no-show decided it ("1-0",
	// "0-1", "0-0"), or "" .
	Result string `json:"result,omitempty"`
	// CreatedAt and UpdatedAt (UTC).
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	// NextDue is when the service next has something to do with it (zero:
	// nothing); the store indexes it.
	NextDue time.Time `json:"nextDue,omitzero"`
	// Version counts the arrangement's writes: every update is a
	// compare-and-set on it.
	Version int64 `json:"version"`
}

// Involves reports whether userID is one of the two players.
func (a Arrangement) Involves(userID string) bool {
	return userID != "" && (a.Proposer.ID == userID || a.Opponent.ID == userID)
}

// Pending returns the index of the unanswered postponement request, or -1.
func (a Arrangement) Pending() int {
	for i, p := range a.Postponements {
		if p.Status == RequestPending {
			return i
		}
	}
	return -1
}

// Requests returns how many postponement requests userID has made
// (proposals of a new time for a suspended game left out).
func (a Arrangement) Requests(userID string) int {
	n := 0
	for _, p := range a.Postponements {
		if p.By == userID && !p.NewTime {
			n++
		}
	}
	return n
}

// SuspensionsBy returns how many times userID has suspended the game.
func (a Arrangement) SuspensionsBy(userID string) int {
	n := 0
	for _, s := range a.Suspensions {
		if s.By == userID {
			n++
		}
	}
	return n
}

// SuspendUntil is the last moment at which one player alone may suspend
// the game: SuspendNotice (an hour) before its start.
func (a Arrangement) SuspendUntil() time.Time { return a.StartAt.Add(-game.SuspendNotice) }

// nextDue computes when the service next has work with a: the expiry of a
// proposal, the lapse of a request, the reminders, the start, the no-show.
func (a Arrangement) nextDue() time.Time {
	var due time.Time
	consider := func(t time.Time) {
		if due.IsZero() || t.Before(due) {
			due = t
		}
	}
	switch a.Status {
	case Proposed:
		consider(a.StartAt)
	case Suspended:
		if i := a.Pending(); i >= 0 {
			consider(a.Postponements[i].To) // a new time unanswered lapses then
		}
	case Accepted, Started:
		if a.Pending() >= 0 {
			consider(a.StartAt)
		}
		switch a.Stage {
		case StageNone:
			consider(a.StartAt.Add(-Remind15))
		case StageRemind15:
			consider(a.StartAt.Add(-Remind1))
		case StageRemind1:
			consider(a.StartAt)
		case StageStarted:
			consider(a.NoShowAt)
		}
	}
	return due
}

func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// InUTC returns a with every time in UTC, as stores read them back.
func (a Arrangement) InUTC() Arrangement {
	u := func(t *time.Time) {
		if !t.IsZero() {
			*t = t.UTC()
		}
	}
	for _, t := range []*time.Time{&a.StartAt, &a.NoShowAt, &a.CreatedAt, &a.UpdatedAt, &a.NextDue} {
		u(t)
	}
	ps := make([]Postponement, len(a.Postponements))
	for i, p := range a.Postponements {
		for _, t := range []*time.Time{&p.From, &p.To, &p.AskedAt, &p.AnsweredAt} {
			u(t)
		}
		ps[i] = p
	}
	a.Postponements = ps
	if a.Suspensions != nil {
		ss := make([]Suspension, len(a.Suspensions))
		for i, s := range a.Suspensions {
			u(&s.At)
			u(&s.From)
			ss[i] = s
		}
		a.Suspensions = ss
	}
	return a
}
