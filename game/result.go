package game

// Result is the outcome of a game.
//
// The numeric values are ids stored in databases: never renumber or reuse
// one.
type Result uint8

// The results.
const (
	// NoResult: the game is not over, or was aborted ("*").
	NoResult Result = 0
	// WhiteWins: 1-0.
	WhiteWins Result = 1
	// BlackWins: 0-1.
	BlackWins Result = 2
	// Drawn: ½-½.
	Drawn Result = 3
	// BothLose: 0-0, when neither player showed up for a scheduled game, or
	// both abandoned a game in progress.
	BothLose Result = 4
)

// resultNames holds each result's stable text code and the name its label
// code is made of.
var resultNames = [...]struct{ code, label string }{
	NoResult:  {"*", "none"},
	WhiteWins: {"1-0", "white_wins"},
	BlackWins: {"0-1", "black_wins"},
	Drawn:     {"1/2-1/2", "draw"},
	BothLose:  {"0-0", "both_lose"},
}

// WinFor returns the result in which side wins.
func WinFor(side Side) Result {
	if side == Black {
		return BlackWins
	}
	return WhiteWins
}

// Valid reports whether r is a known result (NoResult included).
func (r Result) Valid() bool { return int(r) < len(resultNames) }

// Winner returns the winning side, if there is one.
func (r Result) Winner() (side Side, ok bool) {
	switch r {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return 0, false
}

// Score returns side's points: 1 for a win, 0.5 for a draw, 0 otherwise.
func (r Result) Score(side Side) float64 {
	switch {
	case r == Drawn:
		return 0.5
	case r == WinFor(side) && side.Valid():
		return 1
	}
	return 0
}

// String returns the stable text code: "1-0", "0-1", "1/2-1/2", "0-0" or
// "*"; "result(N)" for an unknown id.
func (r Result) String() string {
	if !r.Valid() {
		return "result(" + itoa(int(r)) + ")"
	}
	return resultNames[r].code
}

// Display returns the score as people write it: "1-0", "0-1", "½-½", "0-0"
// or "*".
func (r Result) Display() string {
	if r == Drawn {
		return "½-½"
	}
	return r.String()
}

// PGN returns the PGN game termination marker: "1-0", "0-1", "1/2-1/2" or
// "*". PGN has no marker for 0-0, so BothLose gives "*" (such a game has no
// moves; its Termination tells what happened).
func (r Result) PGN() string {
	if r == BothLose || !r.Valid() {
		return "*"
	}
	return r.String()
}

// LabelCode returns the code of r's name in package i18n's catalogues,
// e.g. "result.white_wins" ("Ganan las blancas" / "White wins"), or "" for
// an unknown result.
func (r Result) LabelCode() string {
	if !r.Valid() {
		return ""
	}
	return "result." + resultNames[r].label
}

// ParseResult parses a stable text code written by [Result.String]; "½-½"
// is read as a draw too.
func ParseResult(code string) (Result, error) {
	if code == "½-½" {
		return Drawn, nil
	}
	for r, n := range resultNames {
		if n.code == code {
			return Result(r), nil
		}
	}
	return 0, NewError(CodeBadResult, "bad result "+quote(code), nil)
}

// ResultFromID returns the result with a stored id, or an error with
// [CodeBadResult].
func ResultFromID(id int) (Result, error) {
	if id < 0 || id >= len(resultNames) {
		return 0, NewError(CodeBadResult, "bad result id "+itoa(id), nil)
	}
	return Result(id), nil
}

// MarshalText encodes r as its text code.
func (r Result) MarshalText() ([]byte, error) {
	if !r.Valid() {
		return nil, NewError(CodeBadResult, "bad result "+r.String(), nil)
	}
	return []byte(r.String()), nil
}

// UnmarshalText decodes a text code, as [ParseResult].
func (r *Result) UnmarshalText(text []byte) error {
	v, err := ParseResult(string(text))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
