package natsbus

import (
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/server"
)

// Every command and read of a game that the server or the schedule asks
// of the runtime is one Games routes to the game's owner: a method only
// promoted from the local live.Runtime would answer for this node's games
// alone. A command added to server.GameCommands fails here until Games
// routes it.
func TestGamesRoutesEveryCommand(t *testing.T) {
	local := map[string]bool{"Bus": true, "Stats": true, "Create": true} // this node's own
	games := reflect.TypeFor[*Games]()
	for _, iface := range []reflect.Type{
		reflect.TypeFor[server.GameCommands](),
		reflect.TypeFor[server.GameViews](),
		reflect.TypeFor[schedule.Games](),
	} {
		for m := range iface.Methods() {
			if local[m.Name] {
				continue
			}
			gm, ok := games.MethodByName(m.Name)
			if !ok {
				t.Errorf("Games has no %s (%s)", m.Name, iface)
				continue
			}
			pc := gm.Func.Pointer()
			file, _ := runtime.FuncForPC(pc).FileLine(pc)
			if !strings.HasSuffix(file, "natsbus/games.go") {
				t.Errorf("Games.%s is live.Runtime's, promoted (%s): route it in games.go", m.Name, file)
			}
		}
	}
}
