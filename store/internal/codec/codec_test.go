package codec

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

func TestClockRoundTrip(t *testing.T) {
	tc, err := game.ParseTimeControl("5+3")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2025, 1, 2, 3, 4, 5, 678_901_234, time.FixedZone("x", -5*3600))
	for _, c := range []*game.ClockSnapshot{
		nil,
		{TimeControl: tc, State: game.ClockWaiting, Turn: game.White, WhiteMs: 300000, BlackMs: 300000},
		{TimeControl: tc, State: game.ClockRunning, Turn: game.Black, Moves: 7, WhiteMs: 1, BlackMs: 2,
			WhiteLagQuotaMs: 3, BlackLagQuotaMs: 4, TurnStart: start},
	} {
		b, err := EncodeClock(c)
		if err != nil {
			t.Fatalf("EncodeClock(%+v): %v", c, err)
		}
		got, err := DecodeClock("g", b)
		if err != nil {
			t.Fatalf("DecodeClock(%s): %v", b, err)
		}
		if c == nil {
			if got != nil {
				t.Errorf("DecodeClock(%s) = %+v, want nil", b, got)
			}
			continue
		}
		want := *c
		want.TurnStart = Time(want.TurnStart)
		if *got != want || got.TurnStart.Location() != time.UTC && !got.TurnStart.IsZero() {
			t.Errorf("round trip of %+v gave %+v", want, *got)
		}
	}
}

func TestDecodeClockRefuses(t *testing.T) {
	for _, in := range []string{
		`{`, `[]`, `"x"`, `{"timeControl":"5+3","state":"running","turn":"white"} {}`,
		`{"state":"running","turn":"white"}`,
		`{"timeControl":"5+3","state":"flying","turn":"white"}`,
		`{"timeControl":"5+3","state":"running","turn":"red"}`,
		`{"timeControl":"5+3","state":"running","turn":"white","whiteMs":"many"}`,
		`{"timeControl":"99+99","state":"running","turn":"white"}`,
		`{"timeControl":"5+3","turn":"white"}`,
	} {
		if c, err := DecodeClock("g", []byte(in)); !errors.Is(err, game.ErrBadRecord) {
			t.Errorf("DecodeClock(%s) = %+v, %v; want a bad record", in, c, err)
		}
	}
}

func TestTime(t *testing.T) {
	in := time.Date(2025, 1, 2, 3, 4, 5, 678_901_234, time.FixedZone("x", 3600))
	us, ok := Micros(in)
	got := FromMicros(us, ok)
	if !ok || !got.Equal(in.Truncate(time.Microsecond)) || got.Location() != time.UTC || got != Time(in) {
		t.Errorf("Micros/FromMicros(%v) = %v", in, got)
	}
	if _, ok := Micros(time.Time{}); ok || !FromMicros(0, false).IsZero() || !Time(time.Time{}).IsZero() {
		t.Errorf("the zero time is not kept as NULL")
	}
}

// FuzzDecodeClock: whatever the clock column holds, decoding it never
// panics, and what it accepts encodes and decodes to the same snapshot.
func FuzzDecodeClock(f *testing.F) {
	f.Add([]byte(`{"timeControl":"5+3","state":"running","turn":"black","moves":4,"whiteMs":1,"blackMs":2,"turnStart":"2025-01-02T03:04:05.678Z"}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeClock("g", data)
		if err != nil {
			if !errors.Is(err, game.ErrBadRecord) {
				t.Fatalf("DecodeClock(%q): error without the bad record code: %v", data, err)
			}
			return
		}
		if c == nil {
			return
		}
		b, err := EncodeClock(c)
		if err != nil {
			t.Fatalf("EncodeClock(DecodeClock(%q)): %v", data, err)
		}
		again, err := DecodeClock("g", b)
		if err != nil || *again != *c {
			t.Fatalf("re-decoding %s gave %+v, %v; want %+v", b, again, err, c)
		}
	})
}

// FuzzAppendClock: the hand-written encoder of a clock snapshot writes
// what encoding/json writes for it, byte for byte, and fails where it
// fails (a zero time control, a bad state or side, a time out of JSON's
// years).
func FuzzAppendClock(f *testing.F) {
	f.Add("5+3", int8(1), int8(1), 4, int64(1), int64(2), int64(300), int64(0), int64(1735787045), true, false, false)
	f.Add("untimed", int8(0), int8(0), 0, int64(0), int64(0), int64(0), int64(0), int64(0), false, false, false)
	f.Add("move:30s", int8(3), int8(0), 61, int64(-5), int64(30000), int64(9), int64(8), int64(-62135596801), true, true, true)
	f.Add("days:3", int8(2), int8(1), 1, int64(259200000), int64(259200000), int64(0), int64(0), int64(253402300800), true, false, true)
	f.Add("", int8(9), int8(-1), -1, int64(-1), int64(-1), int64(-1), int64(-1), int64(-1), true, true, false)
	f.Fuzz(func(t *testing.T, tc string, state, turn int8, moves int, w, b, wq, bq, startSec int64, hasStart, berserkW, berserkB bool) {
		control, _ := game.ParseTimeControl(tc)
		c := game.ClockSnapshot{TimeControl: control, State: game.ClockState(state), Turn: game.Side(turn), Moves: moves,
			WhiteMs: w, BlackMs: b, WhiteLagQuotaMs: wq, BlackLagQuotaMs: bq, Berserk: [2]bool{berserkW, berserkB}}
		if hasStart {
			c.TurnStart = time.Unix(startSec, startSec%1_000_000_007).In(time.FixedZone("x", int(startSec%7)*3600))
		}
		want := c
		want.TurnStart = Time(want.TurnStart)
		wantJSON, wantErr := json.Marshal(want)
		got, err := AppendClock([]byte("prefix"), &c)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("AppendClock(%+v): error %v, encoding/json's %v", c, err, wantErr)
		}
		if err != nil {
			return
		}
		if !bytes.Equal(got, append([]byte("prefix"), wantJSON...)) {
			t.Fatalf("AppendClock(%+v) =\n%s\nencoding/json:\n%s", c, got, wantJSON)
		}
	})
}
