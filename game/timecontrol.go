package game

import (
	"strconv"
	"strings"
	"time"
)

// Limits of the time controls JoinPal offers.
const (
	// MinBase and MaxBase bound the base time of a whole-game clock, which
	// is a whole number of minutes.
	MinBase = 1 * time.Minute
	MaxBase = 180 * time.Minute
	// MaxIncrement bounds the Fischer increment, a whole number of seconds:
	// 0 (none) or 1 to 10 s.
	MaxIncrement = 10 * time.Second
	// MinPerMove and MaxPerMove bound the allowance of a per-move clock, a
	// whole number of seconds.
	MinPerMove = 5 * time.Second
	MaxPerMove = 1 * time.Hour
)

// CorrespondenceDays lists the days per move a correspondence game may
// have, as lichess offers them.
var CorrespondenceDays = []int{1, 2, 3, 5, 7, 14}

// Day is the unit of a correspondence time control.
const Day = 24 * time.Hour

// Mode is the kind of a [TimeControl]. The zero Mode belongs to the zero
// TimeControl, which is not a valid time control.
type Mode uint8

// The modes.
const (
	// ModeUntimed: no clock at all (only allowed against the AI).
	ModeUntimed Mode = 1
	// ModeWholeGame: a base time for the whole game plus an optional Fischer
	// increment added after every move made in time.
	ModeWholeGame Mode = 2
	// ModePerMove: a fixed allowance for every move; unused time is lost,
	// and the allowance starts afresh on the next move.
	ModePerMove Mode = 3
	// ModeCorrespondence: a number of days for every move (correspondence
	// chess). The clock works as a per-move clock, each move giving the
	// mover the full allowance back, but the players are not expected to
	// stay connected: a dropped connection is never an abandonment.
	ModeCorrespondence Mode = 4
)

// String returns "untimed", "whole_game", "per_move", "correspondence", or "none" for the
// zero Mode.
func (m Mode) String() string {
	switch m {
	case ModeUntimed:
		return "untimed"
	case ModeWholeGame:
		return "whole_game"
	case ModePerMove:
		return "per_move"
	case ModeCorrespondence:
		return "correspondence"
	case 0:
		return "none"
	}
	return "mode(" + itoa(int(m)) + ")"
}

// TimeControl is a validated time control: untimed, a whole-game clock
// (base and increment) or a per-move clock. Build one with [NewWholeGame],
// [NewPerMove], [NewUntimed] or [ParseTimeControl]; the zero value means
// "no time control chosen" and is refused wherever one is needed.
// TimeControl values are comparable with ==.
//
// # Text form
//
// The compact text form, used in URLs, the API and storage, is:
//
//	M+S        whole game: base M minutes (1–180), increment S seconds (0–10),
//	           e.g. "5+3", "10+0", "180+10"
//	move:Ns    per move: N seconds (5–3600), e.g. "move:30s"
//	move:Nm    per move: N minutes (1–60), e.g. "move:2m"
//	move:1h    per move: one hour, the longest (the same as "move:60m")
//	days:N     correspondence: N days per move, N one of 1, 2, 3, 5, 7, 14,
//	           e.g. "days:3"
//	untimed    no clock
//
// Numbers are ASCII decimal digits (leading zeros allowed), without sign or
// spaces. [TimeControl.String]
// writes a per-move allowance in minutes when it is a whole number of
// minutes ("move:1m", never "move:60s"), and parsing accepts both.
type TimeControl struct {
	mode  Mode
	limit time.Duration // base time (whole game) or allowance (per move)
	inc   time.Duration // increment (whole game only)
}

// NewWholeGame returns a whole-game time control with the given base time
// (a whole number of minutes from 1 to 180) and Fischer increment (a whole
// number of seconds from 0 to 10). Errors have code [CodeBadTimeControl].
func NewWholeGame(base, increment time.Duration) (TimeControl, error) {
	if reason := checkWholeGame(base, increment); reason != "" {
		return TimeControl{}, badTimeControl("", reason)
	}
	return TimeControl{mode: ModeWholeGame, limit: base, inc: increment}, nil
}

// NewPerMove returns a per-move time control: each move must be made within
// allowance (a whole number of seconds from 5 s to 1 h), which starts afresh
// on every move. Errors have code [CodeBadTimeControl].
func NewPerMove(allowance time.Duration) (TimeControl, error) {
	if reason := checkPerMove(allowance); reason != "" {
		return TimeControl{}, badTimeControl("", reason)
	}
	return TimeControl{mode: ModePerMove, limit: allowance}, nil
}

// NewCorrespondence returns a correspondence time control of days days per
// move, days being one of [CorrespondenceDays]. Errors have code
// [CodeBadTimeControl].
func NewCorrespondence(days int) (TimeControl, error) {
	if reason := checkDays(days); reason != "" {
		return TimeControl{}, badTimeControl("", reason)
	}
	return TimeControl{mode: ModeCorrespondence, limit: time.Duration(days) * Day}, nil
}

func checkDays(days int) string {
	for _, d := range CorrespondenceDays {
		if d == days {
			return ""
		}
	}
	return "days per move " + itoa(days) + " is not one of 1, 2, 3, 5, 7, 14"
}

// NewUntimed returns the untimed time control: no clock. It is only allowed
// against the AI; the game layer enforces that (see [TimeControl.Untimed]
// and [CodeUntimedNotAllowed]).
func NewUntimed() TimeControl { return TimeControl{mode: ModeUntimed} }

func checkWholeGame(base, inc time.Duration) string {
	switch {
	case base <= 0:
		return "base time must be positive"
	case base%time.Minute != 0:
		return "base time " + human(base) + " is not a whole number of minutes"
	case base < MinBase:
		return "base time " + human(base) + " is below the minimum of " + human(MinBase)
	case base > MaxBase:
		return "base time " + human(base) + " is above the maximum of " + human(MaxBase)
	case inc < 0:
		return "increment must not be negative"
	case inc%time.Second != 0:
		return "increment " + human(inc) + " is not a whole number of seconds"
	case inc > MaxIncrement:
		return "increment " + human(inc) + " is above the maximum of " + human(MaxIncrement)
	}
	return ""
}

func checkPerMove(allowance time.Duration) string {
	switch {
	case allowance <= 0:
		return "time per move must be positive"
	case allowance%time.Second != 0:
		return "time per move " + human(allowance) + " is not a whole number of seconds"
	case allowance < MinPerMove:
		return "time per move " + human(allowance) + " is below the minimum of " + human(MinPerMove)
	case allowance > MaxPerMove:
		return "time per move " + human(allowance) + " is above the maximum of " + human(MaxPerMove)
	}
	return ""
}

// badTimeControl builds a CodeBadTimeControl error about text (if any).
func badTimeControl(text, reason string) *Error {
	msg := "bad time control"
	if text != "" {
		msg += " " + quote(text)
	}
	return NewError(CodeBadTimeControl, msg+": "+reason, nil)
}

// human writes a duration the way people write time controls: "11 s",
// "181 min", "1500 ms".
func human(d time.Duration) string {
	switch {
	case d%time.Minute == 0 && d != 0:
		return itoa(int(d/time.Minute)) + " min"
	case d%time.Second == 0:
		return itoa(int(d/time.Second)) + " s"
	case d%time.Millisecond == 0:
		return itoa(int(d/time.Millisecond)) + " ms"
	}
	return d.String()
}

// Mode returns the kind of time control (0 for the zero TimeControl).
func (tc TimeControl) Mode() Mode { return tc.mode }

// IsZero reports whether tc is the zero value (no time control chosen).
func (tc TimeControl) IsZero() bool { return tc.mode == 0 }

// Untimed reports whether tc is the untimed time control (no clock), which
// only games against the AI may use.
func (tc TimeControl) Untimed() bool { return tc.mode == ModeUntimed }

// Timed reports whether tc needs a clock (whole game or per move).
func (tc TimeControl) Timed() bool {
	return tc.mode == ModeWholeGame || tc.mode == ModePerMove || tc.mode == ModeCorrespondence
}

// IsCorrespondence reports whether tc gives days per move: the players
// are not expected to stay connected, so a dropped connection never ends
// the game as an abandonment.
func (tc TimeControl) IsCorrespondence() bool { return tc.mode == ModeCorrespondence }

// Days returns the days per move of a correspondence time control, or 0.
func (tc TimeControl) Days() int {
	if tc.mode != ModeCorrespondence {
		return 0
	}
	return int(tc.limit / Day)
}

// Base returns the base time of a whole-game clock, or 0.
func (tc TimeControl) Base() time.Duration {
	if tc.mode != ModeWholeGame {
		return 0
	}
	return tc.limit
}

// Increment returns the Fischer increment of a whole-game clock (possibly
// 0), or 0 for the other modes.
func (tc TimeControl) Increment() time.Duration { return tc.inc }

// PerMove returns the allowance of a per-move clock or of a correspondence
// time control (its days per move), or 0.
func (tc TimeControl) PerMove() time.Duration {
	if tc.mode != ModePerMove && tc.mode != ModeCorrespondence {
		return 0
	}
	return tc.limit
}

// Initial returns the time on each side's clock before the first move: the
// base time or the per-move allowance (days per move in correspondence); 0
// if untimed.
func (tc TimeControl) Initial() time.Duration { return tc.limit }

// String returns the compact text form ("5+3", "move:30s", "untimed"), or ""
// for the zero TimeControl. See [TimeControl] for the grammar.
func (tc TimeControl) String() string {
	b, _ := tc.AppendText(make([]byte, 0, 16))
	return string(b)
}

// AppendText appends the compact text form of tc (see
// [TimeControl.String]) to b. It never fails; the error is
// encoding.TextAppender's.
func (tc TimeControl) AppendText(b []byte) ([]byte, error) {
	switch tc.mode {
	case ModeUntimed:
		return append(b, "untimed"...), nil
	case ModeWholeGame:
		b = strconv.AppendInt(b, int64(tc.limit/time.Minute), 10)
		b = append(b, '+')
		return strconv.AppendInt(b, int64(tc.inc/time.Second), 10), nil
	case ModePerMove:
		b = append(b, "move:"...)
		if tc.limit%time.Minute == 0 {
			return append(strconv.AppendInt(b, int64(tc.limit/time.Minute), 10), 'm'), nil
		}
		return append(strconv.AppendInt(b, int64(tc.limit/time.Second), 10), 's'), nil
	case ModeCorrespondence:
		b = append(b, "days:"...)
		return strconv.AppendInt(b, int64(tc.limit/Day), 10), nil
	}
	return b, nil
}

// ParseTimeControl parses the compact text form written by
// [TimeControl.String] (see [TimeControl] for the grammar). Errors have code
// [CodeBadTimeControl] and say what is wrong.
func ParseTimeControl(text string) (TimeControl, error) {
	if text == "untimed" {
		return NewUntimed(), nil
	}
	if rest, ok := strings.CutPrefix(text, "days:"); ok {
		n, ok := digits(rest)
		if !ok {
			return TimeControl{}, badTimeControl(text, `want "days:" and a number of days, e.g. "days:3"`)
		}
		if reason := checkDays(n); reason != "" {
			return TimeControl{}, badTimeControl(text, reason)
		}
		return TimeControl{mode: ModeCorrespondence, limit: time.Duration(n) * Day}, nil
	}
	if rest, ok := strings.CutPrefix(text, "move:"); ok {
		if strings.IndexByte(rest, '+') > 0 {
			return TimeControl{}, badTimeControl(text, "a per-move clock takes no increment")
		}
		if len(rest) < 2 {
			return TimeControl{}, badTimeControl(text, `want "move:" and a number of seconds or minutes, e.g. "move:30s"`)
		}
		unit := time.Second
		switch rest[len(rest)-1] {
		case 's':
		case 'm':
			unit = time.Minute
		case 'h':
			unit = time.Hour
		default:
			return TimeControl{}, badTimeControl(text, `time per move needs a unit, "s", "m" or "h", e.g. "move:30s"`)
		}
		n, ok := digits(rest[:len(rest)-1])
		if strings.HasPrefix(rest, "-") {
			return TimeControl{}, badTimeControl(text, "time per move must be positive")
		}
		if !ok {
			return TimeControl{}, badTimeControl(text, "time per move is not a number")
		}
		if reason := checkPerMove(time.Duration(n) * unit); reason != "" {
			return TimeControl{}, badTimeControl(text, reason)
		}
		return TimeControl{mode: ModePerMove, limit: time.Duration(n) * unit}, nil
	}
	minutes, seconds, ok := strings.Cut(text, "+")
	if !ok {
		return TimeControl{}, badTimeControl(text, `want minutes+seconds such as "5+3", "move:30s" or "untimed"`)
	}
	m, okM := digits(minutes)
	s, okS := digits(seconds)
	switch {
	case strings.HasPrefix(minutes, "-"):
		return TimeControl{}, badTimeControl(text, "base time must be positive")
	case strings.HasPrefix(seconds, "-"):
		return TimeControl{}, badTimeControl(text, "increment must not be negative")
	case !okM || !okS:
		return TimeControl{}, badTimeControl(text, `want minutes+seconds such as "5+3", "move:30s" or "untimed"`)
	}
	base, inc := time.Duration(m)*time.Minute, time.Duration(s)*time.Second
	if reason := checkWholeGame(base, inc); reason != "" {
		return TimeControl{}, badTimeControl(text, reason)
	}
	return TimeControl{mode: ModeWholeGame, limit: base, inc: inc}, nil
}

// digits parses a short run of ASCII decimal digits. Longer runs than any
// limit needs are refused, which also rules out overflow.
func digits(s string) (int, bool) {
	if len(s) > 6 {
		return 0, false
	}
	return digitsUpTo9(s)
}

// digitsUpTo9 parses a run of at most nine ASCII decimal digits: enough for
// fourteen days in seconds, and far from overflow.
func digitsUpTo9(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// PGN returns the value of the PGN TimeControl tag (PGN standard, 9.6.1):
//
//	whole game   "<base seconds>+<increment seconds>", e.g. "300+3", "600+0"
//	per move     "1/<seconds>" (one move per period of that many seconds), e.g. "1/30"
//	days per move  "1/<seconds>" as well, e.g. "1/259200" for days:3
//	untimed      "-"
//
// Lichess writes "-" for a correspondence game; JoinPal writes the one
// period of one move, which keeps the days per move and reads back.
//
// A whole-game clock without increment is written "600+0" rather than the
// standard's sudden-death form "600", as lichess does, so that readers that
// only understand "base+increment" still read it; [ParsePGNTimeControl]
// reads both. The zero TimeControl gives "?" (unknown).
func (tc TimeControl) PGN() string {
	switch tc.mode {
	case ModeUntimed:
		return "-"
	case ModeWholeGame:
		return itoa(int(tc.limit/time.Second)) + "+" + itoa(int(tc.inc/time.Second))
	case ModePerMove, ModeCorrespondence:
		return "1/" + itoa(int(tc.limit/time.Second))
	}
	return "?"
}

// ParsePGNTimeControl reads a PGN TimeControl tag value into a time control
// JoinPal can play: "-" (untimed), "S+I" and "S" (whole game, S seconds of
// base, I seconds of increment) and "1/S" (S seconds per move; a whole
// number of days from [CorrespondenceDays] is a correspondence game). Unknown
// ("?"), multi-period ("40/7200:3600"), sandclock ("*60") values and values
// outside JoinPal's limits are refused with code [CodeBadTimeControl].
func ParsePGNTimeControl(value string) (TimeControl, error) {
	switch {
	case value == "-":
		return NewUntimed(), nil
	case value == "?":
		return TimeControl{}, badTimeControl(value, "unknown time control")
	case strings.HasPrefix(value, "*"):
		return TimeControl{}, badTimeControl(value, "sandclock time controls are not supported")
	case strings.Contains(value, ":"):
		return TimeControl{}, badTimeControl(value, "multi-period time controls are not supported")
	}
	if moves, secs, ok := strings.Cut(value, "/"); ok {
		m, okM := digits(moves)
		s, okS := digitsUpTo9(secs)
		if !okM || !okS {
			return TimeControl{}, badTimeControl(value, `want moves/seconds such as "1/30"`)
		}
		if m != 1 {
			return TimeControl{}, badTimeControl(value, "only periods of one move are supported")
		}
		d := time.Duration(s) * time.Second
		if d > MaxPerMove && d%Day == 0 && checkDays(int(d/Day)) == "" {
			return TimeControl{mode: ModeCorrespondence, limit: d}, nil
		}
		if reason := checkPerMove(d); reason != "" {
			return TimeControl{}, badTimeControl(value, reason)
		}
		return TimeControl{mode: ModePerMove, limit: d}, nil
	}
	base, inc, hasInc := strings.Cut(value, "+")
	b, okB := digits(base)
	i, okI := 0, true
	if hasInc {
		i, okI = digits(inc)
	}
	if !okB || !okI {
		return TimeControl{}, badTimeControl(value, `want seconds+seconds such as "300+3"`)
	}
	d, id := time.Duration(b)*time.Second, time.Duration(i)*time.Second
	if reason := checkWholeGame(d, id); reason != "" {
		return TimeControl{}, badTimeControl(value, reason)
	}
	return TimeControl{mode: ModeWholeGame, limit: d, inc: id}, nil
}

// MarshalText encodes tc in the compact text form. The zero TimeControl is
// refused, so that "no time control chosen" is never stored by mistake.
func (tc TimeControl) MarshalText() ([]byte, error) {
	if tc.IsZero() {
		return nil, badTimeControl("", "no time control chosen")
	}
	return []byte(tc.String()), nil
}

// UnmarshalText decodes the compact text form, as [ParseTimeControl].
func (tc *TimeControl) UnmarshalText(text []byte) error {
	v, err := ParseTimeControl(string(text))
	if err != nil {
		return err
	}
	*tc = v
	return nil
}
