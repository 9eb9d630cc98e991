// Package schedule arranges games for a date and time: a player proposes a
// game to another account (a start entered in the proposer's IANA time
// zone, kept in UTC; a time control of either mode; rated or casual; a
// default time), the other accepts or declines, and a proposal nobody
// answered expires at its start. An accepted proposal creates the game at
// once through the [Games] it is given (the live runtime): a scheduled
// game, whose check-in, start, clock and no-show rules are package game's
// (see game.Game.CheckIn). Either player may ask to postpone it until
// exactly one hour before the start (game.CheckPostpone), to a new start at
// least an hour ahead; the opponent accepts or declines, until the start (a
// request still unanswered then lapses); each player may ask
// [MaxPostponeRequests] times per game, whatever the answers; every
// request is kept, in order, in the arrangement's history.
//
// The service keeps nothing in memory: arrangements live in a [Store]
// (store/sqlite and store/postgres implement it), each change one
// compare-and-set on its version. On the server's own schedule ([Service.Tick],
// run by [Service.Run]) it expires proposals, lapses postponement requests,
// and tells the players — through [Events] — that a game is about to start
// (15 minutes and 1 minute before), has started, or was forfeited; what it
// has told is recorded, so a restart tells nothing twice and what fell due
// while the server was down is done when it is back.
package schedule
