package storetest

import (
	"testing"

	"github.com/joinpal/joinpal/analysis"
	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/schedule"
)

// FullStore is a store of every interface the suites check.
type FullStore interface {
	AccountStore
	lobby.Store
	schedule.Store
	analysis.Store
	chat.Store
	club.Store
	league.Store
	arena.Store
	arena.Leases
	arena.Fencer
}

// RunAll runs every conformance suite against the store open opens, under
// Run's contract: Run, RunLobby, RunAccounts (refuse as RunAccounts takes
// it), RunSchedule, RunAnalyses, RunChat, RunClubs, RunTournaments, RunArenas and RunLeases,
// each as a subtest.
func RunAll(t *testing.T, open func(tb testing.TB) FullStore, refuse func(t *testing.T)) {
	t.Run("Games", func(t *testing.T) { Run(t, func(t *testing.T) Store { return open(t) }) })
	t.Run("Lobby", func(t *testing.T) { RunLobby(t, func(t *testing.T) LobbyStore { return open(t) }) })
	t.Run("Accounts", func(t *testing.T) {
		RunAccounts(t, func(t *testing.T) AccountStore { return open(t) }, refuse)
	})
	t.Run("Schedule", func(t *testing.T) { RunSchedule(t, func(t *testing.T) ScheduleStore { return open(t) }) })
	t.Run("Analyses", func(t *testing.T) { RunAnalyses(t, func(t *testing.T) analysis.Store { return open(t) }) })
	t.Run("Chat", func(t *testing.T) { RunChat(t, func(t *testing.T) chat.Store { return open(t) }) })
	t.Run("Clubs", func(t *testing.T) { RunClubs(t, func(t *testing.T) ClubStore { return open(t) }) })
	t.Run("Tournaments", func(t *testing.T) { RunTournaments(t, func(t *testing.T) TournamentStore { return open(t) }) })
	t.Run("Arenas", func(t *testing.T) { RunArenas(t, func(t *testing.T) ArenaStore { return open(t) }) })
	t.Run("Leases", func(t *testing.T) { RunLeases(t, func(t *testing.T) LeaseStore { return open(t) }) })
}

// BenchmarkAll runs every storage benchmark against the store open opens
// (a new, empty one for each sub-benchmark): AppendMove,
// AppendMoveBesideChat, GameEnd, LobbyPairing, ClubGames and
// FencedArenaWrites.
func BenchmarkAll(b *testing.B, open func(tb testing.TB) FullStore) {
	b.Run("AppendMove", func(b *testing.B) {
		BenchmarkAppendMove(b, func(b *testing.B) game.Store { return open(b) })
	})
	b.Run("AppendMoveBesideChat", func(b *testing.B) {
		BenchmarkAppendMoveBesideChat(b, func(b *testing.B) ChatGameStore { return open(b) })
	})
	b.Run("GameEnd", func(b *testing.B) {
		BenchmarkGameEnd(b, func(b *testing.B) AccountStore { return open(b) })
	})
	b.Run("LobbyPairing", func(b *testing.B) {
		BenchmarkLobbyPairing(b, func(b *testing.B) LobbyStore { return open(b) })
	})
	b.Run("ClubGames", func(b *testing.B) {
		BenchmarkClubGamesPage(b, func(b *testing.B) ClubStore { return open(b) })
	})
	b.Run("FencedArenaWrites", func(b *testing.B) {
		BenchmarkFencedArenaWrites(b, func(b *testing.B) LeaseStore { return open(b) })
	})
}
