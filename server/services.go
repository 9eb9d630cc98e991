package server

import (
	"context"
	"time"

	"github.com/joinpal/joinpal/analysis"
	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/schedule"
)

// Seeks is what the lobby's routes and socket ask of its open seeks
// (lobby.Service has it).
type Seeks interface {
	AddSeek(ctx context.Context, req lobby.SeekRequest) (lobby.SeekResult, error)
	CancelSeek(ctx context.Context, ownerID, id string) error
	Seeks(ctx context.Context) ([]lobby.Seek, error)
	OwnerConnected(ctx context.Context, ownerID string) error
	OwnerGone(ctx context.Context, ownerID string) error
}

// Challenges is what the challenge routes ask of the lobby (lobby.Service
// has it).
type Challenges interface {
	Challenge(ctx context.Context, req lobby.ChallengeRequest) (lobby.Challenge, error)
	Accept(ctx context.Context, id string, by lobby.Player) (lobby.Challenge, error)
	Decline(ctx context.Context, id, byID string, reason lobby.DeclineReason) (lobby.Challenge, error)
	Cancel(ctx context.Context, id, byID string) (lobby.Challenge, error)
	Get(ctx context.Context, id string) (lobby.Challenge, error)
	ChallengesFor(ctx context.Context, userID string) ([]lobby.Challenge, error)
}

// Rematches is what a finished game's actions ask of the lobby
// (lobby.Service has it).
type Rematches interface {
	OfferRematch(ctx context.Context, g lobby.FinishedGame, byID string) (lobby.Challenge, error)
	DeclineRematch(ctx context.Context, gameID, byID string) (lobby.Challenge, error)
	PlayerLeft(ctx context.Context, gameID, userID string) error
}

// Lobby is all the server asks of the lobby, and where its events come
// from (lobby.Service has it).
type Lobby interface {
	Seeks
	Challenges
	Rematches
	Events() lobby.Events
}

// Schedule is what the scheduled games' routes, socket and event streams
// ask of the schedule (schedule.Service has it).
type Schedule interface {
	Propose(ctx context.Context, p schedule.Proposal) (schedule.Arrangement, error)
	Accept(ctx context.Context, id, userID string) (schedule.Arrangement, error)
	Decline(ctx context.Context, id, userID string) (schedule.Arrangement, error)
	Cancel(ctx context.Context, id, userID string) (schedule.Arrangement, error)
	AskPostpone(ctx context.Context, id, userID, local, zone string) (schedule.Arrangement, error)
	AnswerPostpone(ctx context.Context, id, userID string, yes bool) (schedule.Arrangement, error)
	Suspend(ctx context.Context, id, userID string) (schedule.Arrangement, error)
	CheckIn(ctx context.Context, id, userID string) (schedule.Arrangement, game.ScheduleState, error)
	Get(ctx context.Context, id string) (schedule.Arrangement, error)
	List(ctx context.Context, userID string) ([]schedule.Arrangement, error)
	GameState(ctx context.Context, a schedule.Arrangement) (game.ScheduleState, bool)
	Events() schedule.Events
	Now() time.Time
}

// Analyses is what the analysis routes ask of the computer analyses
// (analysis.Queue has it).
type Analyses interface {
	Submit(ctx context.Context, req analysis.Request) (analysis.Status, error)
	Status(ctx context.Context, gameID string) (analysis.Status, error)
}

// Clubs is what the clubs' routes ask of the clubs (club.Service has it).
type Clubs interface {
	Create(ctx context.Context, by club.Person, name, description string, policy club.Policy) (club.Club, error)
	Get(ctx context.Context, id string) (club.Club, error)
	Search(ctx context.Context, q string, limit int) ([]club.Club, error)
	Mine(ctx context.Context, userID string) ([]club.Mine, error)
	Members(ctx context.Context, id string) ([]club.Membership, error)
	Membership(ctx context.Context, id, userID string) (club.Membership, error)
	Games(ctx context.Context, id string, limit int) ([]game.Summary, error)
	Join(ctx context.Context, by club.Person, id string) (club.Club, error)
	Accept(ctx context.Context, by club.Person, id string) (club.Club, error)
	Leave(ctx context.Context, by club.Person, id string) (club.Club, error)
	Approve(ctx context.Context, by club.Person, id string, user club.Person) (club.Club, error)
	Decline(ctx context.Context, by club.Person, id string, user club.Person) (club.Club, error)
	Invite(ctx context.Context, by club.Person, id string, user club.Person) (club.Club, error)
	Remove(ctx context.Context, by club.Person, id string, user club.Person) (club.Club, error)
	SetRole(ctx context.Context, by club.Person, id string, user club.Person, role club.Role) (club.Club, error)
	Transfer(ctx context.Context, by club.Person, id string, user club.Person) (club.Club, error)
	Edit(ctx context.Context, by club.Person, id, description string, policy club.Policy) (club.Club, error)
	Delete(ctx context.Context, by club.Person, id string) error
}
