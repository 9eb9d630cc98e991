package postgres_test

import (
	"testing"

	"github.com/joinpal/joinpal/store/storetest"
)

func TestLobbyConformance(t *testing.T) {
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore { return openFor(t) })
}

func BenchmarkLobbyPairing(b *testing.B) {
	storetest.BenchmarkLobbyPairing(b, func(b *testing.B) storetest.LobbyStore { return openFor(b) })
}
