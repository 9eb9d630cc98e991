package schedule

import (
	"time"
	_ "time/tzdata" // IANA zones on machines without a zone database

	"github.com/joinpal/joinpal/internal/coded"
)

// LocalLayout is how a wall time is written in requests: the value of an
// HTML datetime-local input.
const LocalLayout = "2006-01-02T15:04"

// LoadZone returns the IANA zone name, or fails with CodeBadZone. "UTC" is
// a zone; "Local" and "" are not accepted.
func LoadZone(name string) (*time.Location, error) {
	if name == "" || name == "Local" || len(name) > 64 {
		return nil, NewError(CodeBadZone, "bad time zone "+coded.ClipParam(name), nil).
			With("zone", coded.ClipParam(name))
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, NewError(CodeBadZone, "bad time zone "+coded.ClipParam(name), nil).
			With("zone", coded.ClipParam(name))
	}
	return loc, nil
}

// ParseLocal reads wall time text (LocalLayout, seconds allowed) in the
// IANA zone and returns the instant in UTC. A wall time that a
// daylight-saving change skips (02:30 on the night clocks go forward)
// fails with CodeNoSuchLocalTime; one that happens twice (02:30 on the
// night they go back) is the earlier of the two, still in summer time.
func ParseLocal(text, zone string) (time.Time, error) {
	loc, err := LoadZone(zone)
	if err != nil {
		return time.Time{}, err
	}
	civil, err := time.Parse(LocalLayout, text)
	if err != nil {
		civil, err = time.Parse("2006-01-02T15:04:05", text)
	}
	if err != nil {
		return time.Time{}, NewError(CodeBadTime, "bad date and time "+coded.ClipParam(text)+" (want YYYY-MM-DDTHH:MM)", nil).
			With("time", coded.ClipParam(text))
	}
	// The zone's offsets half a day either side cover any change that
	// night; each gives a candidate instant, valid if it reads back as the
	// same wall time.
	var best time.Time
	for _, probe := range []time.Duration{-12 * time.Hour, 12 * time.Hour} {
		_, off := civil.Add(probe).In(loc).Zone()
		u := civil.Add(-time.Duration(off) * time.Second)
		if !sameWall(u.In(loc), civil) {
			continue
		}
		if best.IsZero() || u.Before(best) {
			best = u
		}
	}
	if best.IsZero() {
		return time.Time{}, NewError(CodeNoSuchLocalTime, text+" does not exist in "+zone+" (the clocks skip it)", nil).
			With("time", coded.ClipParam(text), "zone", coded.ClipParam(zone))
	}
	return best.UTC(), nil
}

func sameWall(t, civil time.Time) bool {
	y, m, d := t.Date()
	cy, cm, cd := civil.Date()
	return y == cy && m == cm && d == cd && t.Hour() == civil.Hour() && t.Minute() == civil.Minute() && t.Second() == civil.Second()
}
