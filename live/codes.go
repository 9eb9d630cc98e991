package live

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// codes is the table behind [Codes], in the order of docs/ERRORS.md. A new
// code is added here, to both catalogues of package i18n and to
// docs/ERRORS.md (go test ./i18n -run ErrorsDoc -update).
var codes = []coded.Info[Code]{
	{Code: CodeNodeBusy, Params: []string{"node"}, When: "Start found another live node (heartbeat younger than Config.NodeTimeout) holding running games on the database"},
	{Code: CodeNotStored, When: "the store did not confirm a change; nothing changed, in memory or in the store, and the command may be sent again"},
	{Code: CodeUnavailable, When: "the game runs on no node right now (being restored, or waiting for the store); the command may be sent again shortly"},
	{Code: CodeStopping, When: "the runtime is stopping and takes no more commands"},
	{Code: CodeMoveIDReused, Params: []string{"id"}, When: "a move whose client id the player gave an earlier, different move of the game (another move or ply); nothing changed"},
}

// Codes lists every error code of package live with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }
