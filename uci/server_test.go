package uci

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

func TestServerHandshake(t *testing.T) {
	s := startSession(t, &fakeEngine{}, testConfig)
	s.send("uci")
	got := s.until("uciok")
	want := []string{
		"id name Fake 1",
		"id author the tests",
		"option name Hash type spin default 16 min 1 max 1024",
		"option name Clear Hash type button",
		"option name Threads type spin default 1 min 1 max 1",
		"option name MultiPV type spin default 1 min 1 max 4",
		"option name Ponder type check default false",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name UCI_Chess960 type check default false",
		"option name Level type spin default 0 min 0 max 8",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 800 min 800 max 2600",
		"uciok",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestServerSearches checks that every go gets exactly one bestmove, however
// the search ends, and that isready is answered during a search.
func TestServerSearches(t *testing.T) {
	tests := []struct {
		name    string
		block   bool
		script  []string // sent after the engine has started searching
		want    []string // the bestmove lines, in order
		started int      // searches the engine runs
	}{
		{"depth", false, nil, []string{"bestmove b1a3"}, 1},
		{"infinite until stop", false, []string{"isready", "stop"}, []string{"bestmove b1a3"}, 1},
		{"stop ends a long search", true, []string{"stop"}, []string{"bestmove b1a3"}, 1},
		{"second go stops the first", true, []string{"go depth 3"}, []string{"bestmove b1a3", "bestmove b1a3"}, 2},
		{"quit during search", true, []string{"quit"}, []string{"bestmove b1a3"}, 1},
		{"stop twice", true, []string{"stop", "stop"}, []string{"bestmove b1a3"}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			started := make(chan SearchParams, 4)
			e := &fakeEngine{started: started}
			e.block.Store(tc.block)
			s := startSession(t, e, testConfig)
			goCmd := "go depth 1"
			if tc.name == "infinite until stop" {
				goCmd = "go infinite"
			}
			s.send("position startpos", goCmd)
			<-started
			s.send(tc.script...)
			var got []string
			for len(got) < len(tc.want) {
				for _, l := range s.until("bestmove") {
					if strings.HasPrefix(l, "bestmove") {
						got = append(got, l)
					}
				}
				if len(got) == 1 && tc.started == 2 {
					e.block.Store(false) // the second search may end by itself
					<-started
					s.send("stop")
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("bestmoves %q, want %q", got, tc.want)
			}
			if tc.name != "quit during search" {
				s.send("isready")
				if rest := s.until("readyok"); count(rest, "bestmove") > 0 {
					t.Fatalf("extra bestmove: %q", rest)
				}
			}
		})
	}
}

func TestServerIsReadyDuringSearch(t *testing.T) {
	started := make(chan SearchParams, 1)
	s := startSession(t, &fakeEngine{started: started}, testConfig)
	s.send("go infinite")
	<-started
	s.send("isready")
	if got := s.until("readyok"); count(got, "bestmove") != 0 {
		t.Fatalf("bestmove before stop: %q", got)
	}
	s.send("stop")
	got := s.until("bestmove")
	if count(got, "info depth 1") != 1 {
		t.Fatalf("want one info line before bestmove, got %q", got)
	}
}

func TestServerPonder(t *testing.T) {
	t.Run("ponderhit", func(t *testing.T) {
		started := make(chan SearchParams, 2)
		s := startSession(t, &fakeEngine{started: started}, testConfig)
		s.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000")
		p := <-started
		if !p.Limits.Infinite || p.Limits.WTime != 0 || p.Limits.Ponder {
			t.Fatalf("ponder search limits %+v, want infinite without clocks", p.Limits)
		}
		s.send("isready")
		if got := s.until("readyok"); count(got, "bestmove") != 0 {
			t.Fatalf("bestmove while pondering: %q", got)
		}
		s.send("ponderhit")
		p = <-started
		if p.Limits.Infinite || p.Limits.WTime != time.Second {
			t.Fatalf("search after ponderhit limits %+v, want the clocks", p.Limits)
		}
		if got := s.until("bestmove"); got[len(got)-1] != "bestmove e1e2" {
			t.Fatalf("got %q", got)
		}
	})
	t.Run("stop", func(t *testing.T) {
		started := make(chan SearchParams, 2)
		s := startSession(t, &fakeEngine{started: started}, testConfig)
		s.send("go ponder movetime 100")
		<-started
		s.send("stop")
		s.until("bestmove")
		s.send("ponderhit", "isready")
		got := s.until("readyok")
		if count(got, "bestmove") != 0 || count(got, "info string ponderhit") != 1 {
			t.Fatalf("after stop and a late ponderhit: %q", got)
		}
	})
}

func TestServerPosition(t *testing.T) {
	tests := []struct {
		name     string
		cmd      string
		fen      string // of the position searched
		moves    int
		complain string // in an info string
	}{
		{"startpos", "position startpos", chess.StartingFEN, 0, ""},
		{"moves", "position startpos moves e2e4 e7e5 g1f3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", 3, ""},
		{"fen", "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", 1, ""},
		{"fen without counters", "position fen 4k3/8/8/8/8/8/8/4K2R w K -", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", 0, ""},
		{"illegal move stops the moves", "position startpos moves e2e4 e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 1, "move 2 (e2e4)"},
		{"bad fen keeps the old position", "position fen 8/8/8 w - -", chess.StartingFEN, 0, "invalid FEN"},
		{"neither startpos nor fen", "position e2e4", chess.StartingFEN, 0, "want startpos or fen"},
		{"empty", "position", chess.StartingFEN, 0, "want startpos or fen"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			started := make(chan SearchParams, 1)
			s := startSession(t, &fakeEngine{started: started}, testConfig)
			s.send(tc.cmd, "go depth 1")
			got := s.until("bestmove")
			p := <-started
			if fen := p.Position.FEN(); fen != tc.fen || len(p.Moves) != tc.moves {
				t.Fatalf("searched %s after %d moves, want %s after %d", fen, len(p.Moves), tc.fen, tc.moves)
			}
			after := p.Start
			for _, m := range p.Moves {
				after.PlayUnchecked(m)
			}
			if after.FEN() != tc.fen {
				t.Fatalf("start and moves give %s", after.FEN())
			}
			complained := false
			for _, l := range got {
				complained = complained || strings.HasPrefix(l, "info string") && strings.Contains(l, tc.complain)
			}
			if (tc.complain != "") != complained {
				t.Fatalf("want a complaint %q: %q", tc.complain, got)
			}
		})
	}
}

func TestServerOptions(t *testing.T) {
	tests := []struct {
		name     string
		cmds     []string
		want     Options
		complain string
	}{
		{"defaults", nil, Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}, ""},
		{"hash", []string{"setoption name Hash value 64"}, Options{HashMB: 64, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}, ""},
		{"names ignore case", []string{"setoption name hASH value 8", "setoption name move overhead value 100"}, Options{HashMB: 8, Threads: 1, MultiPV: 1, MoveOverhead: 100 * time.Millisecond}, ""},
		{"level", []string{"setoption name Level value 3"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, Level: 3, MoveOverhead: 30 * time.Millisecond}, ""},
		{"elo maps to a level", []string{"setoption name Level value 8", "setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1250"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, Level: 3, MoveOverhead: 30 * time.Millisecond}, ""},
		{"elo off again", []string{"setoption name Level value 8", "setoption name UCI_LimitStrength value true", "setoption name UCI_LimitStrength value false"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, Level: 8, MoveOverhead: 30 * time.Millisecond}, ""},
		{"multipv ponder chess960", []string{"setoption name MultiPV value 3", "setoption name Ponder value TRUE", "setoption name UCI_Chess960 value true"}, Options{HashMB: 16, Threads: 1, MultiPV: 3, Ponder: true, Chess960: true, MoveOverhead: 30 * time.Millisecond}, ""},
		{"out of range", []string{"setoption name Hash value 0"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}, "not a whole number from 1 to 1024"},
		{"threads beyond the top", []string{"setoption name Threads value 2"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}, "from 1 to 1"},
		{"not a check", []string{"setoption name Ponder value yes"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}, "not true or false"},
		{"unknown", []string{"setoption name Contempt value 20"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}, `no option "Contempt"`},
		{"malformed", []string{"setoption Hash 8"}, Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}, "want"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := &fakeEngine{}
			s := startSession(t, e, testConfig)
			s.send(tc.cmds...)
			s.send("isready")
			got := s.until("readyok")
			if o := e.lastOptions(); o != tc.want {
				t.Fatalf("engine options %+v, want %+v", o, tc.want)
			}
			complained := count(got, "info string") > 0 && strings.Contains(strings.Join(got, "\n"), tc.complain)
			if (tc.complain != "") != complained {
				t.Fatalf("want complaint %q, got %q", tc.complain, got)
			}
		})
	}
}

func TestServerNewGameAndClearHash(t *testing.T) {
	e := &fakeEngine{}
	s := startSession(t, e, testConfig)
	s.send("ucinewgame", "setoption name Clear Hash", "isready")
	s.until("readyok")
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.newGames != 2 {
		t.Fatalf("NewGame called %d times, want 2", e.newGames)
	}
}

func TestLevelForElo(t *testing.T) {
	tests := []struct{ elo, level int }{
		{0, 1}, {800, 1}, {899, 1}, {900, 1}, {901, 2}, {1500, 4}, {2200, 8}, {2399, 8}, {2401, 0}, {3500, 0},
	}
	for _, tc := range tests {
		if got := LevelForElo(testConfig.Elo, tc.elo); got != tc.level {
			t.Errorf("LevelForElo(%d) = %d, want %d", tc.elo, got, tc.level)
		}
	}
	if got := LevelForElo(nil, 1500); got != 0 {
		t.Errorf("empty table: %d, want 0", got)
	}
}

func TestServerEngineFaults(t *testing.T) {
	tests := []struct {
		name string
		e    *fakeEngine
		pos  string
		want string
	}{
		{"panic", &fakeEngine{panics: true}, "position startpos", "bestmove b1a3"},
		{"illegal move", &fakeEngine{play: func(chess.Position) chess.Move { return chess.Move(12 | 36<<6) }}, "position startpos moves e2e4", "bestmove b8a6"},
		{"mated", &fakeEngine{}, "position startpos moves f2f3 e7e5 g2g4 d8h4", "bestmove (none)"},
		{"stalemate", &fakeEngine{}, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "bestmove (none)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := startSession(t, tc.e, testConfig)
			s.send(tc.pos, "go depth 1")
			got := s.until("bestmove")
			if got[len(got)-1] != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestServerPonderMove(t *testing.T) {
	e := &fakeEngine{}
	srv := NewServer(e, testConfig)
	pos := chess.StartingPosition()
	e2e4, _ := pos.ParseUCI("e2e4")
	after := pos
	after.PlayUnchecked(e2e4)
	e7e5, _ := after.ParseUCI("e7e5")
	tests := []struct {
		res  Result
		want string
	}{
		{Result{BestMove: e2e4, PonderMove: e7e5}, "bestmove e2e4 ponder e7e5"},
		{Result{BestMove: e2e4, Info: Info{PV: []chess.Move{e2e4, e7e5}}}, "bestmove e2e4 ponder e7e5"},
		{Result{BestMove: e2e4, PonderMove: e2e4}, "bestmove e2e4"},
		{Result{BestMove: e2e4}, "bestmove e2e4"},
	}
	for _, tc := range tests {
		if got := srv.bestMoveLine(pos, tc.res); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestServerMalformed feeds lines that are not commands, or broken ones:
// each is answered by an info string or ignored, and the server goes on.
func TestServerMalformed(t *testing.T) {
	lines := []string{
		"", "   ", "hello", "joho debug on", "go wtime", "go wtime abc depth 1", "go nodes -5 depth 1",
		"go searchmoves z9z9 e2e4 depth 1", "position fen", "position fen moves", "setoption", "setoption name",
		"setoption name Hash value", "ponderhit", "stop", "bench x", "bench 1", "debug on", "register later", "d",
		"go movetime 99999999999999999999 depth 1", "go wtime -100 btime -100",
	}
	s := startSession(t, &fakeEngine{}, testConfig)
	for _, l := range lines {
		s.send(l)
	}
	s.send("isready")
	got := s.until("readyok")
	if n := count(got, "bestmove"); n < 4 {
		t.Fatalf("want a bestmove per go, got %d: %q", n, got)
	}
	if count(got, "info string unknown command: hello") != 1 {
		t.Fatalf("unknown command not reported: %q", got)
	}
	if count(got, "Nodes searched  : 1000") != 1 {
		t.Fatalf("bench output missing: %q", got)
	}
	s.send("uci")
	s.until("uciok")
}

func TestServerEndsAtEOF(t *testing.T) {
	srv := NewServer(&fakeEngine{}, testConfig)
	var out strings.Builder
	err := srv.Run(strings.NewReader("uci\nposition startpos moves e2e4\ngo infinite\nisready"), &out)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasSuffix(got, "readyok\nbestmove b8a6\n") && !strings.HasSuffix(got, "bestmove b8a6\n") {
		t.Fatalf("output ends %q", got[max(0, len(got)-60):])
	}
}

func TestServerLongLine(t *testing.T) {
	srv := NewServer(&fakeEngine{}, testConfig)
	var out strings.Builder
	in := "position startpos moves" + strings.Repeat(" e2e4", maxLine/5+10) + "\nisready\n"
	if err := srv.Run(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != "info string line too long, ignored\nreadyok\n" {
		t.Fatalf("got %q", out.String())
	}
}

// TestServerCastlingNotation checks that castling goes out as the king's
// step, or as king takes rook with UCI_Chess960.
func TestServerCastlingNotation(t *testing.T) {
	castle := func(pos chess.Position) chess.Move {
		for _, m := range pos.LegalMoves(nil) {
			if m.IsCastling() && m.To() == chess.H1 {
				return m
			}
		}
		return chess.NullMove
	}
	for _, tc := range []struct{ chess960, want string }{{"false", "bestmove e1g1"}, {"true", "bestmove e1h1"}} {
		s := startSession(t, &fakeEngine{play: castle}, testConfig)
		s.send("setoption name UCI_Chess960 value "+tc.chess960, "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "go depth 1")
		if got := s.until("bestmove"); got[len(got)-1] != tc.want {
			t.Errorf("UCI_Chess960 %s: %q, want %q", tc.chess960, got[len(got)-1], tc.want)
		}
	}
}

// TestServerBenchDefaultDepth: "bench" alone searches to a fixed depth, never
// without limit.
func TestServerBenchDefaultDepth(t *testing.T) {
	s := startSession(t, &fakeEngine{}, testConfig)
	s.send("bench")
	s.send("isready")
	got := s.until("readyok")
	want := fmt.Sprintf("Nodes searched  : %d", 1000*DefaultBenchDepth)
	if count(got, want) != 1 {
		t.Fatalf("bench without a depth: %q", got)
	}
}
