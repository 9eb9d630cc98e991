package storetest

import (
	"fmt"
	"testing"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
)

// BenchmarkClubGames are the sizes BenchmarkClubGames measures: members of
// the club, and finished games of each member.
var BenchmarkClubGames = []struct{ Members, Games int }{{20, 50}, {200, 50}}

// BenchmarkClubGamesPage measures ClubGames, a club page's list of its
// members' newest games (10 of them), for each size of BenchmarkClubGames:
// a club whose every member has played that many games (against players
// outside the club), beside as many games of others. open must return a
// new, empty store for each sub-benchmark; it is closed at the end.
func BenchmarkClubGamesPage(b *testing.B, open func(b *testing.B) ClubStore) {
	for _, size := range BenchmarkClubGames {
		b.Run(fmt.Sprintf("members=%d/games=%d", size.Members, size.Games), func(b *testing.B) {
			s := open(b)
			defer s.Close()
			ctx := b.Context()
			c, owner := clubFixture("bench", "m0")
			if err := s.CreateClub(ctx, c, owner); err != nil {
				b.Fatal(err)
			}
			var put []club.Membership
			for m := 1; m < size.Members; m++ {
				put = append(put, club.Membership{ClubID: c.ID, UserID: fmt.Sprintf("m%d", m), Name: "m", Role: club.Member, Since: at(1)})
			}
			if _, err := s.Apply(ctx, club.Change{Club: c, Put: put}); err != nil {
				b.Fatal(err)
			}
			n := 0
			for m := range size.Members {
				for g := range size.Games {
					for _, white := range []string{fmt.Sprintf("m%d", m), fmt.Sprintf("x%d", m)} {
						rec := endedGame(b, fmt.Sprintf("g%06d", n), white, fmt.Sprintf("o%d", g), false, game.Drawn, int64(1000+n))
						if err := s.CreateGame(ctx, rec); err != nil {
							b.Fatal(err)
						}
						n++
					}
				}
			}
			b.ResetTimer()
			for b.Loop() {
				list, err := s.ClubGames(ctx, c.ID, 10)
				if err != nil || len(list) != 10 {
					b.Fatalf("ClubGames = %d games, %v", len(list), err)
				}
			}
		})
	}
}
