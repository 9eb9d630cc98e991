// Package live runs the games being played. One actor owns each live
// game: its game.Game, its deadline timer, its event numbering (the
// sequence the runtime stores in game.State.Seq) and the events kept for
// clients that reconnect. Commands for a game are queued to its actor and
// run one at a time, in order, on a goroutine that runs only while some
// wait (an idle game holds none; the command of an idle game runs on its
// caller's goroutine, which waits for the answer anyway), so a game is
// never touched by two goroutines at once.
//
// The way of a move: the player is checked, then the turn and the ply the
// client made its move at, and the client's move id (a move resent after a
// lost acknowledgement is answered with the same acknowledgement and never
// applied twice); package chess checks legality and game.Clock charges the
// time; the store makes the move durable; only then is the mover
// acknowledged and the event published on the Bus.
//
// # Memory never runs ahead of the store
//
// The game a goroutine holds is the game as the store holds it. A command
// changes it, and the change is written at once, under a context of the
// runtime's own (bounded by Config.StoreTimeout, never cancelled with the
// caller's: a caller giving up does not leave a write half made). If the
// store does not confirm the write, the game is read back from the store:
// a write that was stored after all is acknowledged; otherwise the game
// goes back to what the store holds and the command fails with
// CodeNotStored, having changed nothing. If the store cannot even be read,
// the game goes back to its last confirmed state and no write is made until
// the store has been read again. A resent move is recognised only among
// moves the store confirmed; a mating move that was not stored ends
// nothing. A failed write's number is never taken again (the write may
// still land), so the numbering of events can have a gap; the event after a
// gap is published as a full event, and a client that reconnects across one
// is sent a full event, so no client sees a version skipped without one. Create is held to the same rule: a game is stored and running,
// or neither.
//
// A game's end is final: the store refuses (game.CodeDecided) any write of
// a game it holds as ended or aborted, other than the same end again. A
// goroutine whose write is refused so takes the stored truth: it reads the
// game again, publishes it as a full event, fails the command with that
// code, and the game leaves the runtime.
//
// Start claims every running game for this node under a new fencing epoch
// (NodeRegistry.ClaimGames), and every write carries it (game.WithEpoch):
// should this node stall past its timeout while another starts and claims
// the games, each of its later writes is refused (game.CodeNotOwner), the
// command answers CodeUnavailable, and the game leaves this runtime.
//
// Flags fall by a timer at the moment time runs out, without any client
// asking. A timer whose write fails is not lost: the failure is logged at
// Error level and counted (Runtime.Stats), and the timer tries again, each
// wait twice the last (from 250 ms to 30 s), on the runtime's Clock.
//
// # Outages of the store
//
// An outage is charged to nobody. It begins with the first write the store
// fails (a game's, a new game's or the heartbeat's) since the last it
// confirmed, and ends with the next it confirms; Runtime.Stats reports it
// (StoreDownSince, StoreError) and counts every command refused meanwhile
// (Refused). A game whose write failed is held from the outage's start: no
// deadline falls on it, and its next write — the player's next move, or
// its timer's retry — resumes it first, as after a restart (Suspend as of
// the outage's start, Resume now), in the same write. No flag falls on a
// player whose moves were refused, and the time of the turn spent during
// the outage is given back.
//
// # Restarts
//
// On start the runtime loads every running game from the store and resumes
// it with the time the node was down charged to nobody: every game is
// suspended as of the last heartbeat or graceful stop of the node that ran
// it (written every HeartbeatEvery to the NodeRegistry, or carried by a
// game's write within the period on a store that carries beats, a node
// alone; whatever that
// node's name, since every process names itself: NodeRegistry.LastAlive)
// and stored so before any command is taken, then
// resumed. A game that cannot be restored is logged at Error level, counted,
// answered with CodeUnavailable, and tried again with the same backoff until
// it runs. Alone on its store, Start refuses (CodeNodeBusy) a database
// where another node that is alive — its heartbeat younger than
// Config.NodeTimeout — holds the running games.
//
// # Several nodes
//
// With Config.Cluster, several runtimes share one store, each owning the
// games it created (the store records the creating node and its epoch,
// game.WithNode); Start then claims only the running games of this node,
// of no node and of nodes that are not alive (ClusterRegistry), each
// resumed as of the moment its previous owner was last seen. While it
// runs, after each heartbeat, Failover takes over the games of nodes whose
// heartbeat is older than NodeTimeout (the lease) or that stopped: each
// game claimed by one node only, under a new epoch that the game's writes
// carry from then on, and resumed as at Start. Commands and events of a
// game cross between nodes through package natsbus; the runtime itself
// sees only its own games.
package live
