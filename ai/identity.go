package ai

import (
	"strconv"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
)

// Level is one of the AI's playing levels: its number, its measured Elo
// and the catalogue code of its name (engine.Level).
type Level = engine.Level

// Levels returns the AI's playing levels, weakest first. Their numbers are
// the levels a game against the AI may be played at; nothing else lists
// them.
func Levels() []Level { return engine.Levels() }

// CheckLevel returns nil if level is one of [Levels], else an error with
// [CodeBadLevel] whose parameters give the level asked for and the range.
func CheckLevel(level int) error {
	if _, ok := engine.LevelByNumber(level); !ok {
		return badLevel(level)
	}
	return nil
}

// PlayerID returns the id the AI plays a game as at level: "ai:" and the
// level's number ("ai:2"). No account or guest id has a colon, so the id
// is nobody's. It is the only place such an id is made; nothing parses
// one back: a game's player says it is the AI by its AILevel.
func PlayerID(level int) string { return "ai:" + strconv.Itoa(level) }

// GamePlayer returns the AI at level as a game's player: its id
// ([PlayerID]), its level, and as its name the level's name (catalogue
// code engine.Level.NameCode) in the platform's default language,
// i18n.Default ("Fácil"). The name is what a stored game keeps for its PGN
// and its API; the pages name the AI from its level, in their reader's
// language ("la IA (Fácil)", "the AI (Easy)"). A level other than one of
// [Levels] is refused with [CodeBadLevel].
func GamePlayer(level int) (game.Player, error) {
	l, ok := engine.LevelByNumber(level)
	if !ok {
		return game.Player{}, badLevel(level)
	}
	return game.Player{ID: PlayerID(level), Name: i18n.Message(i18n.Default, l.NameCode(), nil), AILevel: level}, nil
}
