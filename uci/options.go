package uci

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// LevelElo says how strong a level plays: the Elo it is measured (or, until
// measured, estimated) to have. Level 0 stands for full strength.
type LevelElo struct {
	Level, Elo int
}

// LevelForElo returns the level of table whose Elo is nearest to elo (the
// weaker one on a tie), or 0 (full strength) if table is empty. This is how
// a Server maps UCI_Elo onto levels when UCI_LimitStrength is on.
func LevelForElo(table []LevelElo, elo int) int {
	best, bestDiff, bestElo := 0, math.MaxInt, 0
	for _, e := range table {
		d := e.Elo - elo
		if d < 0 {
			d = -d
		}
		if d < bestDiff || (d == bestDiff && e.Elo < bestElo) {
			best, bestDiff, bestElo = e.Level, d, e.Elo
		}
	}
	return best
}

// option is one option a Server declares after "uci".
type option struct {
	name     string
	kind     string // "spin", "check", "button" or "string"
	def      string
	min, max int
	set      func(s *Server, value string) error
}

// String returns the option's declaration ("option name Hash type spin ...").
func (o option) String() string {
	s := "option name " + o.name + " type " + o.kind
	switch o.kind {
	case "spin":
		s += fmt.Sprintf(" default %s min %d max %d", o.def, o.min, o.max)
	case "check", "string":
		s += " default " + o.def
	}
	return s
}

// parse checks value against the option's type and returns it as a number
// (spin), 0/1 (check) or 0 (button, string).
func (o option) parse(value string) (int, error) {
	switch o.kind {
	case "spin":
		n, err := strconv.Atoi(value)
		if err != nil || n < o.min || n > o.max {
			return 0, fmt.Errorf("uci: option %s: %q is not a whole number from %d to %d", o.name, value, o.min, o.max)
		}
		return n, nil
	case "check":
		switch strings.ToLower(value) {
		case "true":
			return 1, nil
		case "false":
			return 0, nil
		}
		return 0, fmt.Errorf("uci: option %s: %q is not true or false", o.name, value)
	}
	return 0, nil
}

// declareOptions builds the options of a Server from its Config.
func declareOptions(c Config) []option {
	spin := func(name string, def, lo, hi int, apply func(s *Server, n int)) option {
		o := option{name: name, kind: "spin", def: strconv.Itoa(def), min: lo, max: hi}
		o.set = func(s *Server, v string) error {
			n, err := o.parse(v)
			if err == nil {
				apply(s, n)
			}
			return err
		}
		return o
	}
	check := func(name string, def bool, apply func(s *Server, b bool)) option {
		o := option{name: name, kind: "check", def: strconv.FormatBool(def)}
		o.set = func(s *Server, v string) error {
			n, err := o.parse(v)
			if err == nil {
				apply(s, n == 1)
			}
			return err
		}
		return o
	}
	opts := []option{
		spin("Hash", c.DefaultHashMB, 1, c.MaxHashMB, func(s *Server, n int) { s.opts.HashMB = n }),
		{name: "Clear Hash", kind: "button", set: func(s *Server, _ string) error {
			s.clearHash = true
			return nil
		}},
		spin("Threads", 1, 1, c.MaxThreads, func(s *Server, n int) { s.opts.Threads = n }),
		spin("MultiPV", 1, 1, c.MaxMultiPV, func(s *Server, n int) { s.opts.MultiPV = n }),
		check("Ponder", false, func(s *Server, b bool) { s.opts.Ponder = b }),
		spin("Move Overhead", int(c.DefaultMoveOverhead/time.Millisecond), 0, 5000, func(s *Server, n int) {
			s.opts.MoveOverhead = time.Duration(n) * time.Millisecond
		}),
		check("UCI_Chess960", false, func(s *Server, b bool) { s.opts.Chess960 = b }),
	}
	if c.Levels > 0 {
		opts = append(opts, spin("Level", 0, 0, c.Levels, func(s *Server, n int) { s.opts.Level = n }))
	}
	if len(c.Elo) > 0 {
		lo, hi := c.Elo[0].Elo, c.Elo[0].Elo
		for _, e := range c.Elo {
			lo, hi = min(lo, e.Elo), max(hi, e.Elo)
		}
		opts = append(opts,
			check("UCI_LimitStrength", false, func(s *Server, b bool) { s.limitStrength = b }),
			spin("UCI_Elo", lo, lo, hi, func(s *Server, n int) { s.elo = n }))
	}
	return opts
}

// setOption runs "setoption name NAME [value VALUE]"; names are matched
// without regard to case, and both may hold spaces.
func (s *Server) setOption(fields []string) error {
	if len(fields) < 2 || fields[0] != "name" {
		return fmt.Errorf("uci: setoption: want \"setoption name NAME [value VALUE]\"")
	}
	name, value := strings.Join(fields[1:], " "), ""
	for i, f := range fields {
		if f == "value" && i > 1 {
			name, value = strings.Join(fields[1:i], " "), strings.Join(fields[i+1:], " ")
			break
		}
	}
	for _, o := range s.options {
		if strings.EqualFold(o.name, name) {
			if err := o.set(s, value); err != nil {
				return err
			}
			s.dirty = true
			return nil
		}
	}
	return fmt.Errorf("uci: setoption: no option %q", name)
}

// effectiveOptions returns the options the engine should play with: the Level
// is the one UCI_Elo maps to while UCI_LimitStrength is on.
func (s *Server) effectiveOptions() Options {
	o := s.opts
	if s.limitStrength {
		o.Level = LevelForElo(s.cfg.Elo, s.elo)
	}
	return o
}
