// Package chat is the talk around the games: rooms, each with its last
// lines kept in memory and sent to whoever joins; the rules of a line
// (its length in characters, a burst of lines then a steady rate per
// author and room, who may write where); mutes, by which one person stops
// receiving another's lines in a room; and reports of a line, kept for
// the moderators, once per line and person. With the [Store] it declares, every line and mute is
// stored before it takes effect, the store numbers each room's lines, and
// a room new to a Chat (after a restart, on another node) is loaded from
// it when first joined.
//
// A room is named by a [Room] key. Its kinds are the lobby ("lobby"), a
// game's players ("game:<id>") and its spectators ("game:<id>:spectators"),
// and a club's members ("club:<id>"), whose rule of who may write is that
// of the lobby (accounts only) and whose membership the server checks, as
// it does a game's.
//
// Time is injected (Config.Now), so the flood limits are tested without
// waiting.
package chat
