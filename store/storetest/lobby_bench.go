package storetest

import (
	"fmt"
	"testing"

	"github.com/joinpal/joinpal/lobby"
)

// BenchmarkLobbyPairing measures the lobby service on a store: each
// iteration places a seek that stays open and a matching one that pairs
// with it at once, while waiting seeks (of another time control, so never
// paired) sit in the lobby as on a busy site.
func BenchmarkLobbyPairing(b *testing.B, open func(b *testing.B) LobbyStore) {
	for _, waiting := range []int{0, 100, 1000} {
		b.Run(fmt.Sprintf("waiting=%d", waiting), func(b *testing.B) {
			s := open(b)
			svc, err := lobby.New(lobby.Config{Store: s, Games: &countingStarter{}})
			if err != nil {
				b.Fatal(err)
			}
			slow := mustTC(b, "30+0")
			for i := range waiting {
				if err := s.AddSeek(b.Context(), lobby.Seek{ID: fmt.Sprintf("w%d", i),
					Owner:       lobby.Player{ID: fmt.Sprintf("w:%d", i), Name: "Waiting", Rating: 1500},
					TimeControl: slow, Color: lobby.White, CreatedAt: at(int64(i))}); err != nil {
					b.Fatal(err)
				}
			}
			blitz := mustTC(b, "3+0")
			b.ResetTimer()
			for i := range b.N {
				for _, side := range []string{"a", "b"} {
					owner := lobby.Player{ID: fmt.Sprintf("%s:%d", side, i), Name: "Player", Rating: 1500}
					if _, err := svc.AddSeek(b.Context(), lobby.SeekRequest{Owner: owner, TimeControl: blitz, Color: lobby.Random}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
