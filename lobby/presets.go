package lobby

import (
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// Preset is one of the time controls the lobby offers with one click.
type Preset struct {
	// TimeControl is the clock, e.g. 5+3 or 30 s per move. In JSON it is
	// the compact text form ("5+3", "move:30s").
	TimeControl game.TimeControl `json:"timeControl"`
	// Speed is the speed whose rating games at this clock count for.
	Speed rating.Speed `json:"speed"`
}

// presetTexts are the presets in the order the lobby shows them: the
// whole-game clocks from the fastest, then the per-move ones.
var presetTexts = []string{
	"1+0", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0",
	"move:10s", "move:30s", "move:1m",
}

// presets is built once from presetTexts; a preset that does not parse is
// a programming error caught by the package's tests and at start.
var presets = func() []Preset {
	out := make([]Preset, len(presetTexts))
	for i, text := range presetTexts {
		tc, err := game.ParseTimeControl(text)
		if err != nil {
			panic("lobby: preset " + text + ": " + err.Error())
		}
		out[i] = Preset{TimeControl: tc, Speed: rating.GameSpeed(tc)}
	}
	return out
}()

// Presets lists the lobby's preset time controls: 1+0, 3+0, 3+2, 5+0, 5+3,
// 10+0, 10+5, 15+10 and 30+0 (whole game: minutes + increment in seconds),
// then 10 s, 30 s and 1 min per move. Any other valid time control may be
// sought too; presets are what the lobby offers first. The caller may
// change the slice it gets.
func Presets() []Preset { return append([]Preset(nil), presets...) }
