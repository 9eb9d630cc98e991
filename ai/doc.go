// Package ai is the AI opponent of the platform: it decides the moves of
// the built-in AI in the games people play against it, and plays them.
//
// # The pool
//
// A [Pool] runs the searches on a fixed number of workers, by default one
// less than the machine's cores (at least one), so that a hundred AI games
// at once never take the cores the human games need; the game's own
// goroutine never searches. Requests wait in a bounded queue shared fairly
// between users ([Request].User, the AI's opponent): each user's requests
// wait in their own line, the one whose clock runs out first at its head
// (an untimed request counts as due 30 s after it was made), and the
// workers take the users in rounds, each user once a round, the most
// urgent head first, so that one user's many games never hold up
// another's move. A user holds at
// most Config.UserWorkers workers and has at most Config.UserQueueLimit
// requests waiting; when a user waits with no worker free, the search of
// another user that began first stops after Config.Slice with the best
// move it has found. One more than Config.QueueLimit (or than the user's
// share) is refused at once with the code ai.busy (the Player tries again
// shortly), and a request whose caller gives up leaves the queue. Each worker's thread runs at the
// lowest priority of the machine (nice 19 on Linux), and NewPool adds the
// workers to GOMAXPROCS, so the searches use the CPU the games leave and
// never hold a processor a game's goroutine waits for
// (Config.NormalPriority turns this off).
// Each worker owns one engine.Engine for its whole life: its transposition
// table is keyed by whole positions, so it is kept from one search to the
// next, across games; a change of level clears it (engine.SetOptions does),
// since a weak level's handicapped scores must not help a strong one.
// [Pool.Stats] counts the searches running and queued, for the server's
// metrics. A search stops as soon as its context is cancelled.
//
// # Time management
//
// [Timing] turns the AI's clock into a budget for the whole move (search
// and pause), measured from when the clock was read, so that the time spent
// in the queue counts. On a whole-game clock a move takes the time left
// over 30 plus three quarters of the increment, never more than a quarter
// of the time left, and never the last 300 ms (the reserve kept for the
// store's write of the move and the network); on a per-move clock, half
// the allowance, also less the reserve; untimed, 2 s. Every level also
// keeps its own limits (engine.Level's Depth and Nodes), so the weaker
// levels answer far sooner than their budget. A clock too low for even
// that gets the shallowest search, at once. Under load a search gets only
// a share of its budget, workers / (workers + requests waiting)
// ([Plan.Shared]), so that the time a move spends in the queue, which its
// clock pays, stays within the budget too.
//
// Levels 1 to 3 (Principiante, Fácil, Aficionado) pause like a person
// before they move: 0.5 to 2 s, chosen by a generator seeded from the
// game's id and the ply (the same game replays the same pauses), at most a
// third of the move's budget, and none when the budget is under 1.5 s. The
// pause overlaps the search and is waited out after the worker is free, so
// it never holds a worker. Tests inject the clock and the sleeper
// ([Config].Now and Sleep).
//
// # Stockfish
//
// If [Config].Stockfish names a UCI engine, levels 7 and 8
// ([Config].StockfishLevels) are played by it, through package uci's
// client, with UCI_LimitStrength and UCI_Elo set to the level's measured
// Elo (engine.Level.Elo, clamped to the engine's range). Each worker starts
// its own in the background when the pool starts; until it is ready, and
// for a minute after any failure (logged at Error, counted in
// Stats.StockfishFailures), the built-in engine plays those levels within
// what is left of the budget. JoinPal never needs it.
//
// # The player
//
// A [Player] plays the AI's side of games. [Player.Watch] subscribes to a
// game's events on the game.Bus and, whenever it is the AI's turn in a game
// that is not over, asks the pool for the move and plays it through the
// [Mover] with the event's ply and a client move id derived from the ply,
// so that a move resent after a failure is never applied twice. It takes
// the game up from a snapshot ([Snapshotter], which live.Runtime is) when
// it starts, when the bus drops its subscription (a slow reader) and when
// it sees a gap in the events' numbers; it stops when the game ends. A move
// the runtime refuses because the game moved on (a stale ply, not its turn,
// the game over) is dropped; any other failure is tried again after
// [PlayerConfig].Retry. After a restart [Player.Resume] watches every
// running AI game; watching a game already watched does nothing.
//
// # The AI as a player
//
// A game against the AI is started by [Player.Start]: the AI plays it as
// [GamePlayer] (its id made by [PlayerID], "ai:2"; its level; its level's
// name), at one of [Levels] (the engine's levels, the only list of them;
// any other is refused with ai.bad_level), in a game configured by
// game.NewConfig and created through the [Games] it declares, which
// live.Runtime is.
//
// Package ai may not import live (docs/ARCHITECTURE.md), so its Mover is
// an interface of its own with live.Runtime.Move's shape; the binary
// (cmd/joinpal) passes a [MoverFunc] adapter.
package ai
