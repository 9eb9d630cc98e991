package chat

import (
	"strings"
)

// Room is the key of a chat room: "lobby", "game:<id>",
// "game:<id>:spectators", "club:<id>".
type Room string

// Lobby is the room of the home page, open to everyone to read.
const Lobby Room = "lobby"

// GamePlayers is the room of a game's two players.
func GamePlayers(gameID string) Room { return Room("game:" + gameID) }

// GameSpectators is the room of a game's spectators. A game's players
// never join it.
func GameSpectators(gameID string) Room { return Room("game:" + gameID + ":spectators") }

// Club is the room of a club's members (the server lets only members in).
func Club(clubID string) Room { return Room("club:" + clubID) }

// ClubID returns the club of a club's room.
func (r Room) ClubID() (string, bool) {
	id, ok := strings.CutPrefix(string(r), "club:")
	return id, ok && id != ""
}

// Kind is what a room is for, which decides who may write in it.
type Kind string

// The kinds of rooms.
const (
	KindLobby      Kind = "lobby"
	KindPlayers    Kind = "players"
	KindSpectators Kind = "spectators"
	KindClub       Kind = "club"
)

// Kind returns the kind of room r ("" for a key of no known kind).
func (r Room) Kind() Kind {
	s := string(r)
	switch {
	case r == Lobby:
		return KindLobby
	case strings.HasPrefix(s, "game:") && strings.HasSuffix(s, ":spectators"):
		return KindSpectators
	case strings.HasPrefix(s, "game:"):
		return KindPlayers
	case strings.HasPrefix(s, "club:") && len(s) > len("club:"):
		return KindClub
	}
	return ""
}

// GameID returns the game of a game's room (either of its two) and true,
// or "" and false for a room of another kind.
func (r Room) GameID() (string, bool) {
	s, ok := strings.CutPrefix(string(r), "game:")
	if !ok {
		return "", false
	}
	s = strings.TrimSuffix(s, ":spectators")
	if s == "" || strings.Contains(s, ":") {
		return "", false
	}
	return s, true
}
