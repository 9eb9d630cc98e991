// Package codec holds what store/sqlite and store/postgres share in turning
// game records into rows and back: the checks made before a write, the
// clock snapshot's JSON form, the decoding of stored ids, and the time rule.
//
// The time rule: every time is stored in UTC to the microsecond (the
// precision of PostgreSQL's timestamptz), and the zero time.Time is stored
// as NULL. A time read back is in UTC and Equal to the time written,
// truncated to the microsecond; times JoinPal's clock produces are whole
// milliseconds and come back exactly.
package codec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Time returns t as it is stored and read back: in UTC, truncated to the
// microsecond; the zero time stays zero.
func Time(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Microsecond)
}

// Micros returns t as microseconds since the Unix epoch, and false for the
// zero time (stored as NULL).
func Micros(t time.Time) (int64, bool) {
	if t.IsZero() {
		return 0, false
	}
	return t.UnixMicro(), true
}

// FromMicros is the inverse of Micros: valid false gives the zero time.
func FromMicros(us int64, valid bool) time.Time {
	if !valid {
		return time.Time{}
	}
	return time.UnixMicro(us).UTC()
}

// badGame returns a CodeBadGame error.
func badGame(format string, args ...any) error {
	return game.NewError(game.CodeBadGame, fmt.Sprintf(format, args...), nil)
}

// BadRecord returns a CodeBadRecord error for stored game id, with cause.
func BadRecord(id, what string, cause error) error {
	return game.NewError(game.CodeBadRecord, fmt.Sprintf("stored game %q: %s", id, what), cause)
}

// CheckRecord checks a record before CreateGame stores it: an id, a time
// control, a valid state, and moves numbered 0, 1, 2 ...
func CheckRecord(rec game.Record) error {
	if rec.ID == "" {
		return badGame("game without an id")
	}
	if rec.TimeControl.IsZero() {
		return badGame("game %q without a time control", rec.ID)
	}
	if err := CheckState(rec.State); err != nil {
		return err
	}
	for i, mv := range rec.Moves {
		if mv.Ply != i {
			return game.NewError(game.CodePlyConflict,
				fmt.Sprintf("game %q: move %d of the record has ply %d", rec.ID, i, mv.Ply), nil)
		}
	}
	return nil
}

// CheckState checks a state before it is stored, so that nothing is stored
// that could not be loaded back.
func CheckState(st game.State) error {
	switch {
	case !st.Status.Valid():
		return game.NewError(game.CodeBadStatus, "bad status "+st.Status.String(), nil)
	case !st.Termination.Valid():
		return game.NewError(game.CodeBadTermination, "bad termination "+st.Termination.String(), nil)
	case !st.Result.Valid():
		return game.NewError(game.CodeBadResult, "bad result "+st.Result.String(), nil)
	case st.DrawOffer != nil && !st.DrawOffer.By.Valid():
		return game.NewError(game.CodeBadSide, "bad side of draw offer "+st.DrawOffer.By.String(), nil)
	case st.Takebacks.Offer != nil && !st.Takebacks.Offer.Valid():
		return game.NewError(game.CodeBadSide, "bad side of takeback offer "+st.Takebacks.Offer.String(), nil)
	case st.Takebacks.Offers[0] < 0 || st.Takebacks.Offers[1] < 0:
		return badGame("negative count of takeback offers")
	}
	return nil
}

// EncodeClock returns the JSON stored for a clock snapshot, nil for none.
// TurnStart is stored by the time rule (UTC, microseconds).
func EncodeClock(c *game.ClockSnapshot) ([]byte, error) {
	if c == nil {
		return nil, nil
	}
	return AppendClock(make([]byte, 0, 192), c)
}

// AppendClock appends the JSON of EncodeClock for c, which must not be
// nil, to dst. Every move writes its clock: the JSON is written by hand,
// byte for byte what encoding/json writes for the snapshot (which the
// fuzz test FuzzAppendClock checks), and encoding/json writes it only for
// a snapshot it may refuse (a zero time control, a bad state or side, a
// time past year 9999) or text it would escape.
func AppendClock(dst []byte, c *game.ClockSnapshot) ([]byte, error) {
	if b, ok := appendClock(dst, c, Time(c.TurnStart)); ok {
		return b, nil
	}
	cp := *c
	cp.TurnStart = Time(cp.TurnStart)
	b, err := json.Marshal(cp)
	if err != nil {
		return dst, fmt.Errorf("encode clock snapshot: %w", err)
	}
	return append(dst, b...), nil
}

// appendClock appends c's JSON, with turnStart for its TurnStart, to dst
// as encoding/json writes it, and reports false, leaving the rest to
// encoding/json, where that is not plain (see AppendClock).
func appendClock(dst []byte, c *game.ClockSnapshot, turnStart time.Time) ([]byte, bool) {
	if c.TimeControl.IsZero() || !c.State.Valid() || !c.Turn.Valid() {
		return dst, false
	}
	if y := turnStart.Year(); !turnStart.IsZero() && (y < 0 || y > 9999) {
		return dst, false
	}
	// A time control's text is digits, letters, '+' and ':': plain.
	b := append(dst, `{"timeControl":"`...)
	b, _ = c.TimeControl.AppendText(b)
	b = append(b, '"')
	b = append(b, `,"state":"`...)
	b = append(b, c.State.String()...)
	b = append(b, `","turn":"`...)
	b = append(b, c.Turn.String()...)
	b = append(b, `","moves":`...)
	b = strconv.AppendInt(b, int64(c.Moves), 10)
	b = append(b, `,"whiteMs":`...)
	b = strconv.AppendInt(b, c.WhiteMs, 10)
	b = append(b, `,"blackMs":`...)
	b = strconv.AppendInt(b, c.BlackMs, 10)
	b = append(b, `,"whiteLagQuotaMs":`...)
	b = strconv.AppendInt(b, c.WhiteLagQuotaMs, 10)
	b = append(b, `,"blackLagQuotaMs":`...)
	b = strconv.AppendInt(b, c.BlackLagQuotaMs, 10)
	if !turnStart.IsZero() {
		b = append(b, `,"turnStart":"`...)
		b = turnStart.AppendFormat(b, time.RFC3339Nano)
		b = append(b, '"')
	}
	if c.Berserk != [2]bool{} {
		b = append(b, `,"berserk":[`...)
		b = strconv.AppendBool(b, c.Berserk[0])
		b = append(b, ',')
		b = strconv.AppendBool(b, c.Berserk[1])
		b = append(b, ']')
	}
	return append(b, '}'), true
}

// DecodeClock reads a clock snapshot stored by EncodeClock: nil or empty
// data, and JSON null, give nil. Anything that is not a snapshot fails with
// CodeBadRecord; DecodeClock never panics.
func DecodeClock(id string, data []byte) (*game.ClockSnapshot, error) {
	if len(bytes.TrimSpace(data)) == 0 || string(bytes.TrimSpace(data)) == "null" {
		return nil, nil
	}
	var c game.ClockSnapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&c); err != nil {
		return nil, BadRecord(id, "bad clock snapshot", err)
	}
	if dec.More() {
		return nil, BadRecord(id, "bad clock snapshot: data after the JSON value", nil)
	}
	switch {
	case c.TimeControl.IsZero():
		return nil, BadRecord(id, "clock snapshot without a time control", nil)
	case !c.State.Valid():
		return nil, BadRecord(id, "clock snapshot with bad state "+c.State.String(), nil)
	case !c.Turn.Valid():
		return nil, BadRecord(id, "clock snapshot with bad turn "+c.Turn.String(), nil)
	}
	c.TurnStart = Time(c.TurnStart)
	if y := c.TurnStart.Year(); y < 0 || y > 9999 {
		// In UTC it could not be written back as JSON.
		return nil, BadRecord(id, fmt.Sprintf("clock snapshot with turn start in year %d", y), nil)
	}
	return &c, nil
}

// EncodeTakebacks returns the JSON stored for a game's takebacks, nil
// while none was ever offered.
func EncodeTakebacks(t game.Takebacks) ([]byte, error) {
	if t.IsZero() {
		return nil, nil
	}
	b, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("encode takebacks: %w", err)
	}
	return b, nil
}

// DecodeTakebacks reads takebacks stored by EncodeTakebacks: nil or empty
// data, and JSON null, give none. Anything else that is not takebacks
// fails with CodeBadRecord.
func DecodeTakebacks(id string, data []byte) (game.Takebacks, error) {
	var t game.Takebacks
	if d := bytes.TrimSpace(data); len(d) == 0 || string(d) == "null" {
		return t, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&t); err != nil {
		return game.Takebacks{}, BadRecord(id, "bad takebacks", err)
	}
	if dec.More() || t.Offers[0] < 0 || t.Offers[1] < 0 {
		return game.Takebacks{}, BadRecord(id, "bad takebacks", nil)
	}
	return t, nil
}

// IDs are the enum ids of a state as read from a row.
type IDs struct {
	Status, Termination, Result int64
}

// Decode turns stored ids into the state's Status, Termination and Result,
// failing with CodeBadRecord (wrapping the id's own code) on an unknown id.
func (ids IDs) Decode(id string, st *game.State) error {
	var err error
	if st.Status, err = game.StatusFromID(clampInt(ids.Status)); err != nil {
		return BadRecord(id, "bad status", err)
	}
	if st.Termination, err = game.TerminationFromID(clampInt(ids.Termination)); err != nil {
		return BadRecord(id, "bad termination", err)
	}
	if st.Result, err = game.ResultFromID(clampInt(ids.Result)); err != nil {
		return BadRecord(id, "bad result", err)
	}
	return nil
}

// DecodeDrawOffer builds the draw offer from its two nullable columns.
func DecodeDrawOffer(id string, by, lapses *int64) (*game.DrawOffer, error) {
	if by == nil && lapses == nil {
		return nil, nil
	}
	if by == nil || lapses == nil {
		return nil, BadRecord(id, "half a draw offer", nil)
	}
	if *by != int64(game.White) && *by != int64(game.Black) {
		return nil, BadRecord(id, fmt.Sprintf("draw offer by side %d", *by), nil)
	}
	return &game.DrawOffer{By: game.Side(*by), LapsesAtPly: clampInt(*lapses)}, nil
}

// CheckMoves checks, after loading, that rec's moves are plies 0 to
// counted-1, counted being the game's stored move counter.
func CheckMoves(rec *game.Record, counted int64) error {
	if int64(len(rec.Moves)) != counted {
		return BadRecord(rec.ID, fmt.Sprintf("%d moves stored, %d counted", len(rec.Moves), counted), nil)
	}
	for i, mv := range rec.Moves {
		if mv.Ply != i {
			return BadRecord(rec.ID, fmt.Sprintf("move %d has ply %d", i, mv.Ply), nil)
		}
	}
	return nil
}

// Ms returns d in whole milliseconds, as durations are stored.
func Ms(d time.Duration) int64 { return d.Milliseconds() }

// FromMs is the inverse of Ms.
func FromMs(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }

// clampInt turns a stored integer into an int without wrapping: values out
// of range become -1, which no id decoder accepts.
func clampInt(v int64) int {
	if v < -1<<31 || v > 1<<31-1 {
		return -1
	}
	return int(v)
}
