package uci

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

func TestParseGo(t *testing.T) {
	start := chess.StartingPosition()
	e2e4, _ := start.ParseUCI("e2e4")
	d2d4, _ := start.ParseUCI("d2d4")
	tests := []struct {
		line     string
		want     Limits
		problems int
	}{
		{"", Limits{}, 0},
		{"wtime 300000 btime 299000 winc 2000 binc 1000 movestogo 40", Limits{WTime: 300 * time.Second, BTime: 299 * time.Second, WInc: 2 * time.Second, BInc: time.Second, MovesToGo: 40}, 0},
		{"depth 12 nodes 100000 mate 3 movetime 500", Limits{Depth: 12, Nodes: 100000, Mate: 3, MoveTime: 500 * time.Millisecond}, 0},
		{"infinite", Limits{Infinite: true}, 0},
		{"ponder wtime 1000 btime 1000", Limits{Ponder: true, WTime: time.Second, BTime: time.Second}, 0},
		{"searchmoves e2e4 d2d4 depth 5", Limits{SearchMoves: []chess.Move{e2e4, d2d4}, Depth: 5}, 0},
		{"depth 5 searchmoves e2e4 e2e5 d2d4", Limits{SearchMoves: []chess.Move{e2e4, d2d4}, Depth: 5}, 1},
		{"wtime -50 btime 0", Limits{WTime: time.Millisecond, BTime: time.Millisecond}, 0},
		{"depth", Limits{}, 1},
		{"depth 0 nodes -1 mate x", Limits{}, 3},
		{"sideways 5 depth 2", Limits{Depth: 2}, 2},
		{"movetime 99999999999999999", Limits{MoveTime: millis(1 << 62)}, 0},
	}
	for _, tc := range tests {
		got, problems := ParseGo(start, strings.Fields(tc.line))
		if !reflect.DeepEqual(got, tc.want) || len(problems) != tc.problems {
			t.Errorf("go %s: %+v %q, want %+v and %d problems", tc.line, got, problems, tc.want, tc.problems)
		}
	}
}

func TestFormatGoRoundTrip(t *testing.T) {
	start := chess.StartingPosition()
	e2e4, _ := start.ParseUCI("e2e4")
	for _, l := range []Limits{
		{},
		{WTime: time.Minute, BTime: 59 * time.Second, WInc: time.Second, BInc: time.Second, MovesToGo: 20},
		{Depth: 9, Nodes: 12345, Mate: 2, MoveTime: 250 * time.Millisecond},
		{Infinite: true, Ponder: true, SearchMoves: []chess.Move{e2e4}},
	} {
		text := FormatGo(start, l)
		got, problems := ParseGo(start, strings.Fields(text)[1:])
		if !reflect.DeepEqual(got, l) || len(problems) > 0 {
			t.Errorf("%q reads back as %+v %q, want %+v", text, got, problems, l)
		}
	}
}

func TestInfoRoundTrip(t *testing.T) {
	pos := chess.StartingPosition()
	var pv []chess.Move
	p := pos
	for _, text := range []string{"e2e4", "e7e5", "g1f3"} {
		m, _ := p.ParseUCI(text)
		pv = append(pv, m)
		p.PlayUnchecked(m)
	}
	tests := []struct {
		info Info
		line string
	}{
		{Info{Depth: 10, SelDepth: 14, MultiPV: 1, HasScore: true, Score: Score{CP: -25}, Nodes: 1000, NPS: 50000, Time: 20 * time.Millisecond, HashFull: 3, PV: pv},
			"info depth 10 seldepth 14 multipv 1 score cp -25 nodes 1000 nps 50000 time 20 hashfull 3 pv e2e4 e7e5 g1f3"},
		{Info{Depth: 5, HasScore: true, Score: Score{Mate: -3, Upperbound: true}, Nodes: 9, NPS: 9, Time: time.Millisecond},
			"info depth 5 score mate -3 upperbound nodes 9 nps 9 time 1 hashfull 0"},
		{Info{Depth: 2, HasScore: true, Score: Score{CP: 7, Lowerbound: true}, Nodes: 2, NPS: 2, Time: time.Second, CurrMove: pv[0], CurrMoveNumber: 4},
			"info depth 2 score cp 7 lowerbound currmove e2e4 currmovenumber 4 nodes 2 nps 2 time 1000 hashfull 0"},
		{Info{String: "hello there"}, "info string hello there"},
	}
	for _, tc := range tests {
		if got := FormatInfo(pos, tc.info); got != tc.line {
			t.Errorf("FormatInfo = %q, want %q", got, tc.line)
		}
		if got := ParseInfo(pos, strings.Fields(tc.line)[1:]); !reflect.DeepEqual(got, tc.info) {
			t.Errorf("ParseInfo(%q) = %+v, want %+v", tc.line, got, tc.info)
		}
	}
	// A PV is cut at its first illegal move, in both directions.
	if got := FormatInfo(pos, Info{PV: []chess.Move{pv[0], pv[0]}}); got != "info pv e2e4" {
		t.Errorf("illegal PV written as %q", got)
	}
	if got := ParseInfo(pos, strings.Fields("depth 3 pv e2e4 e2e4 e7e5 string x")); len(got.PV) != 1 || got.Depth != 3 {
		t.Errorf("illegal PV read as %+v", got)
	}
	// Stockfish's extras are skipped.
	got := ParseInfo(pos, strings.Fields("depth 1 seldepth 1 multipv 1 score cp 20 nodes 20 nps 10000 tbhits 0 time 2 pv e2e4"))
	if got.Depth != 1 || got.Score.CP != 20 || got.Time != 2*time.Millisecond || len(got.PV) != 1 {
		t.Errorf("Stockfish line read as %+v", got)
	}
}

func TestServerSearchMovesUnsupported(t *testing.T) {
	c := testConfig
	c.SearchMoves = false
	started := make(chan SearchParams, 1)
	s := startSession(t, &fakeEngine{started: started}, c)
	s.send("go depth 1 searchmoves e2e4")
	got := s.until("bestmove")
	if p := <-started; p.Limits.SearchMoves != nil || count(got, "info string go: searchmoves is not supported") != 1 {
		t.Fatalf("limits %+v, output %q", p.Limits, got)
	}
}
