// Package rating computes Glicko-2 ratings (Mark Glickman, "Example of the
// Glicko-2 system", 2013) with lichess's parameters: every player starts at
// 1500 with a deviation of 500 and a volatility of 0.09, the system constant
// τ is 0.75, and the deviation stays between 45 and 500. As on lichess,
// each rated game is its own rating period, and a player's deviation grows
// with the time since their last rated game (0.21436 rating periods a day).
//
// The package also sorts time controls into the speeds that keep separate
// ratings: bullet, blitz, rapid and classical; and it holds the policy of
// rated games (games.go): which ends change ratings, and the update of both
// players, which the stores apply in the transaction that records the end.
//
// Of JoinPal's packages it imports only game, for the time control, the
// players and the result of a game.
package rating
