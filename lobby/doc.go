// Package lobby is where people find games: open seeks and their pairing,
// direct challenges, challenge links and rematch offers. It keeps nothing
// in memory: everything another node would need lives in a [Store]
// (store/sqlite and store/postgres implement it), so any node can serve
// any request, and the races between nodes are settled by the store.
//
// # Seeks
//
// A [Seek] offers to play anyone compatible at one time control (never
// untimed; [Presets] lists the ones the lobby offers first), as white,
// black or either, rated (only between accounts) or casual, optionally
// only against ratings inside a range. Two seeks are compatible when they
// have the same time control and rated flag, their colours can both be met,
// each owner's rating (in the seek's speed) lies inside the other's range,
// and their owners differ ([Seek.Compatible]).
//
// [Service.AddSeek] stores the new seek, then pairs it at once with the
// oldest compatible open seek, as lichess does: both seeks are taken from
// the store in one atomic step ([Store.TakeSeeks]: all or none), so that of
// two nodes pairing the same seek exactly one succeeds, and the game,
// configured by game.NewConfig, starts through the [GameStarter] (the live
// runtime as it is). A colour asked for is given; two random requests are
// settled by a fair coin (Config.Heads).
// Each person has at most one open seek per time control; a second is
// refused with [CodeSeekExists]. Once paired, both owners' other seeks are
// removed: one game at a time.
//
// A seek lives while its owner is connected. The server calls
// [Service.OwnerGone] when the owner's last socket closes and
// [Service.OwnerConnected] when one opens; [Service.Sweep], which every
// node runs every second or so, removes the seeks whose owner has been gone
// for Config.OwnerGrace (5 s) or longer, so that a page reload keeps the
// seek and a closed tab loses it.
//
// # Challenges
//
// A [Challenge] is direct (to one person, who accepts or declines it with
// one of lichess's reasons: [DeclineReasons]), open (a challenge link: the
// first person other than its creator to accept it plays) or a rematch
// offer. The challenger may cancel it while it is open. Unanswered, a
// direct challenge expires 20 minutes after it was made, a link after 24
// hours, a rematch offer after 1 minute (Config.ChallengeTTL,
// OpenChallengeTTL, RematchTTL); Sweep marks them expired, and an answer
// after the expiry is refused with [CodeChallengeExpired] even before the
// sweep. Every change of status is a compare-and-set in the store
// ([Store.UpdateChallenge] with the status expected), so of two people
// accepting one link exactly one plays; the other gets
// [CodeChallengeClosed]. If the game cannot be started the challenge is
// open again.
//
// # Rematch
//
// After a game, either player may offer a rematch ([Service.OfferRematch]):
// same clock, same rated flag, colours swapped. It starts when the other
// accepts it, or offers a rematch too. The offer lapses when either player
// leaves the game's page ([Service.PlayerLeft]) or after 1 minute; a lapsed
// or declined offer may be made again, and a game has one rematch at most
// ([CodeRematchDone]).
//
// # Events
//
// Every change goes out through the [Events] the service is given
// (seekAdded, seekRemoved, paired, challenge): [LocalEvents] in one
// process, or package natsbus's Events between the nodes of one database.
// What happened is in the store first, so a subscriber that missed events
// fetches the lists again.
//
// Time is injected (Config.Now); the tests never sleep.
package lobby
