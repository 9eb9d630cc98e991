package game

// Status is where a game is in its life.
//
// The numeric values are ids stored in databases: never renumber or reuse
// one; a new status gets a new id. The gaps leave room to add statuses in
// life order.
type Status uint8

// The statuses.
const (
	// StatusCreated: the game exists (a challenge accepted, a game
	// scheduled) but no move has been made.
	StatusCreated Status = 10
	// StatusStarted: moves are being played.
	StatusStarted Status = 20
	// StatusAborted: the game was called off before it really began; it
	// has no result and does not count.
	StatusAborted Status = 30
	// StatusEnded: the game is over, with a [Termination] and a [Result].
	StatusEnded Status = 40
)

var statusNames = map[Status]string{
	StatusCreated: "created",
	StatusStarted: "started",
	StatusAborted: "aborted",
	StatusEnded:   "ended",
}

// Statuses lists every status, in id order.
func Statuses() []Status {
	return []Status{StatusCreated, StatusStarted, StatusAborted, StatusEnded}
}

// Valid reports whether s is a known status.
func (s Status) Valid() bool { _, ok := statusNames[s]; return ok }

// Finished reports whether the game can no longer change: aborted or ended.
func (s Status) Finished() bool { return s == StatusAborted || s == StatusEnded }

// String returns the stable text code ("created", "started", "aborted",
// "ended"), or "status(N)" for an unknown id.
func (s Status) String() string {
	if n, ok := statusNames[s]; ok {
		return n
	}
	return "status(" + itoa(int(s)) + ")"
}

// LabelCode returns the code of s's name in package i18n's catalogues,
// e.g. "status.started" ("En curso" / "In progress"), or "" for an unknown
// status.
func (s Status) LabelCode() string {
	if n, ok := statusNames[s]; ok {
		return "status." + n
	}
	return ""
}

// ParseStatus parses a stable text code written by [Status.String].
func ParseStatus(code string) (Status, error) {
	for s, n := range statusNames {
		if n == code {
			return s, nil
		}
	}
	return 0, NewError(CodeBadStatus, "bad status "+quote(code), nil)
}

// StatusFromID returns the status with a stored id, or an error with
// [CodeBadStatus].
func StatusFromID(id int) (Status, error) {
	if id < 0 || id > 255 || !Status(id).Valid() {
		return 0, NewError(CodeBadStatus, "bad status id "+itoa(id), nil)
	}
	return Status(id), nil
}

// MarshalText encodes s as its text code.
func (s Status) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, NewError(CodeBadStatus, "bad status "+s.String(), nil)
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes a text code, as [ParseStatus].
func (s *Status) UnmarshalText(text []byte) error {
	v, err := ParseStatus(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
