// Package natsbus carries JoinPal's events and commands between the nodes
// that share one database, over NATS (github.com/nats-io/nats.go).
//
// Three parts, each a drop-in for an in-process one:
//
//   - [GameBus] is a game.Bus: the events a node publishes reach its own
//     subscribers at once and, through the subject of their game, every
//     other node with a subscriber to that game.
//   - [Events] is the lobby's and the schedule's event carrier
//     (lobby.Events, schedule.Events): every node's subscribers see every
//     node's events.
//   - [Games] is a node's runtime as the server sees it: a command or a
//     read of a game that runs on this node goes to the local live.Runtime;
//     one of a game that runs on another node is sent to that node (a NATS
//     request on its command subject) and answered as that node's runtime
//     answered, coded errors included.
//
// The owner of a game is the node the store names for it (the games
// table's owner column, live.ClusterRegistry.GameOwner): the node that
// created it, or the last to claim it at its start (under the newest
// fencing epoch). Events are numbered by the owner alone; a node that
// relays them sends them as they came, and a socket that sees a number
// skipped asks the owner for what it missed (EventsSince, itself forwarded),
// which answers with the events it keeps or a full event.
//
// Every subject starts with a prefix (Config.Prefix, "joinpal" by
// default), so that several deployments, or tests, can share one NATS
// server.
package natsbus
