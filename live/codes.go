package live

// CodeInfo describes one error code: the code, the names of the parameters
// its message uses, and when it is returned.
type CodeInfo struct {
	Code   Code
	Params []string
	When   string
}

// codes is the table behind [Codes], in the order of docs/ERRORS.md. A new
// code is added here, to both catalogues of package i18n and to
// docs/ERRORS.md (go test ./i18n -run ErrorsDoc -update).
var codes = []CodeInfo{
	{CodeNodeBusy, []string{"node"}, "Start found another live node (heartbeat younger than Config.NodeTimeout) holding running games on the database"},
	{CodeNotStored, nil, "the store did not confirm a change; nothing changed, in memory or in the store, and the command may be sent again"},
	{CodeUnavailable, nil, "the game runs on no node right now (being restored, or waiting for the store); the command may be sent again shortly"},
	{CodeStopping, nil, "the runtime is stopping and takes no more commands"},
}

// Codes lists every error code of package live with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []CodeInfo {
	out := make([]CodeInfo, len(codes))
	copy(out, codes)
	return out
}
