// Package live runs the games being played. One goroutine owns each live
// game: its game.Game, its deadline timer, its event numbering and the
// events kept for clients that reconnect. Commands for a game are
// serialised through that goroutine, so a game is never touched by two
// goroutines at once.
//
// The way of a move: the player is checked, then the turn and the ply the
// client made its move at, and the client's move id (a move resent after a
// lost acknowledgement is answered with the same acknowledgement and never
// applied twice); package chess checks legality and game.Clock charges the
// time; the store makes the move durable; only then is the mover
// acknowledged and the event published on the Bus.
//
// Flags fall by a timer at the moment time runs out, without any client
// asking. On start the runtime loads every running game from the store and
// resumes it with the time the node was down charged to nobody (the node's
// heartbeat, written every second, says when it was last alive).
package live
