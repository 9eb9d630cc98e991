package game

import (
	"encoding/json"
	"errors"
	"testing"
)

// The ids are stored in databases: these tables pin them. If a test here
// fails, the change is wrong, not the test.

func TestStatusIDs(t *testing.T) {
	tests := []struct {
		s        Status
		id       int
		code     string
		es, en   string
		finished bool
	}{
		{StatusCreated, 10, "created", "Creada", "Created", false},
		{StatusStarted, 20, "started", "En curso", "In progress", false},
		{StatusAborted, 30, "aborted", "Anulada", "Aborted", true},
		{StatusEnded, 40, "ended", "Terminada", "Ended", true},
	}
	if len(Statuses()) != len(tests) {
		t.Fatalf("Statuses() has %d values, the table %d", len(Statuses()), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			if Statuses()[i] != tt.s {
				t.Errorf("Statuses()[%d] = %v", i, Statuses()[i])
			}
			if int(tt.s) != tt.id {
				t.Errorf("id = %d, want %d", tt.s, tt.id)
			}
			if tt.s.String() != tt.code {
				t.Errorf("String %q", tt.s)
			}
			checkLabel(t, tt.s.LabelCode(), "status."+tt.code, tt.es, tt.en)
			if tt.s.Finished() != tt.finished || !tt.s.Valid() {
				t.Errorf("Finished %v Valid %v", tt.s.Finished(), tt.s.Valid())
			}
			if got, err := ParseStatus(tt.code); err != nil || got != tt.s {
				t.Errorf("ParseStatus = %v, %v", got, err)
			}
			if got, err := StatusFromID(tt.id); err != nil || got != tt.s {
				t.Errorf("StatusFromID = %v, %v", got, err)
			}
			b, err := json.Marshal(tt.s)
			var back Status
			if err != nil || string(b) != `"`+tt.code+`"` || json.Unmarshal(b, &back) != nil || back != tt.s {
				t.Errorf("JSON %s, %v, back %v", b, err, back)
			}
		})
	}
}

func TestStatusBad(t *testing.T) {
	for _, code := range []string{"", "Created", "ended ", "mate"} {
		if _, err := ParseStatus(code); !errors.Is(err, ErrBadStatus) {
			t.Errorf("ParseStatus(%q) error = %v", code, err)
		}
	}
	for _, id := range []int{-1, 0, 11, 25, 256, 266} {
		if _, err := StatusFromID(id); !errors.Is(err, ErrBadStatus) {
			t.Errorf("StatusFromID(%d) error = %v", id, err)
		}
	}
	if _, err := json.Marshal(Status(0)); err == nil {
		t.Error("marshalled Status(0)")
	}
	if Status(0).String() != "status(0)" || Status(0).LabelCode() != "" {
		t.Errorf("Status(0) = %q", Status(0))
	}
}

func TestTerminationIDs(t *testing.T) {
	tests := []struct {
		term   Termination
		id     int
		code   string
		es, en string
		draw   bool
	}{
		{TerminationNone, 0, "none", "Sin terminar", "Not ended", false},
		{Checkmate, 1, "checkmate", "Jaque mate", "Checkmate", false},
		{Resignation, 2, "resignation", "Rendición", "Resignation", false},
		{Timeout, 3, "timeout", "Tiempo agotado", "Time out", false},
		{TimeoutVsInsufficientMaterial, 4, "timeout_vs_insufficient_material", "Tiempo agotado contra material insuficiente", "Time out vs. insufficient material", true},
		{Stalemate, 5, "stalemate", "Rey ahogado", "Stalemate", true},
		{ThreefoldRepetition, 6, "threefold_repetition", "Triple repetición", "Threefold repetition", true},
		{FiftyMoves, 7, "fifty_moves", "Regla de los cincuenta movimientos", "Fifty-move rule", true},
		{InsufficientMaterial, 8, "insufficient_material", "Material insuficiente", "Insufficient material", true},
		{Agreement, 9, "agreement", "Tablas por acuerdo", "Draw by agreement", true},
		{Abandonment, 10, "abandonment", "Abandono por desconexión", "Abandonment", false},
		{NoShow, 11, "no_show", "Incomparecencia", "No-show", false},
		{DeadPosition, 12, "dead_position", "Posición muerta", "Dead position", true},
		{DrawClaimed, 13, "draw_claimed", "Tablas declaradas ante el abandono", "Draw declared on abandonment", true},
		{NoStart, 14, "no_start", "Partida no empezada", "Game not started", false},
	}
	if len(Terminations()) != len(tests)-1 {
		t.Fatalf("Terminations() has %d values, the table %d", len(Terminations()), len(tests)-1)
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			if tt.id > 0 && Terminations()[tt.id-1] != tt.term {
				t.Errorf("Terminations()[%d] = %v", tt.id-1, Terminations()[tt.id-1])
			}
			if int(tt.term) != tt.id {
				t.Errorf("id = %d, want %d", tt.term, tt.id)
			}
			if tt.term.String() != tt.code {
				t.Errorf("String %q", tt.term)
			}
			checkLabel(t, tt.term.LabelCode(), "termination."+tt.code, tt.es, tt.en)
			if tt.term.Draw() != tt.draw || !tt.term.Valid() {
				t.Errorf("Draw %v Valid %v", tt.term.Draw(), tt.term.Valid())
			}
			if got, err := ParseTermination(tt.code); err != nil || got != tt.term {
				t.Errorf("ParseTermination = %v, %v", got, err)
			}
			if got, err := TerminationFromID(tt.id); err != nil || got != tt.term {
				t.Errorf("TerminationFromID = %v, %v", got, err)
			}
			b, err := json.Marshal(tt.term)
			var back Termination
			if err != nil || string(b) != `"`+tt.code+`"` || json.Unmarshal(b, &back) != nil || back != tt.term {
				t.Errorf("JSON %s, %v, back %v", b, err, back)
			}
		})
	}
	for _, code := range []string{"", "mate", "Checkmate", "fifty-moves"} {
		if _, err := ParseTermination(code); !errors.Is(err, ErrBadTermination) {
			t.Errorf("ParseTermination(%q) error = %v", code, err)
		}
	}
	for _, id := range []int{-1, 15, 255} {
		if _, err := TerminationFromID(id); !errors.Is(err, ErrBadTermination) {
			t.Errorf("TerminationFromID(%d) error = %v", id, err)
		}
	}
	if Termination(15).Valid() || Termination(15).String() != "termination(15)" {
		t.Error("Termination(15) valid or misnamed")
	}
}

func TestTerminationAllows(t *testing.T) {
	results := []Result{NoResult, WhiteWins, BlackWins, Drawn, BothLose}
	tests := []struct {
		term  Termination
		allow []Result
	}{
		{TerminationNone, []Result{NoResult}},
		{Checkmate, []Result{WhiteWins, BlackWins}},
		{Resignation, []Result{WhiteWins, BlackWins}},
		{Timeout, []Result{WhiteWins, BlackWins}},
		{Abandonment, []Result{WhiteWins, BlackWins, BothLose}},
		{NoShow, []Result{WhiteWins, BlackWins, BothLose}},
		{TimeoutVsInsufficientMaterial, []Result{Drawn}},
		{Stalemate, []Result{Drawn}},
		{ThreefoldRepetition, []Result{Drawn}},
		{FiftyMoves, []Result{Drawn}},
		{InsufficientMaterial, []Result{Drawn}},
		{Agreement, []Result{Drawn}},
		{DeadPosition, []Result{Drawn}},
		{DrawClaimed, []Result{Drawn}},
		{NoStart, []Result{WhiteWins, BlackWins}},
		{Termination(40), nil},
	}
	for _, tt := range tests {
		for _, r := range results {
			want := false
			for _, a := range tt.allow {
				want = want || a == r
			}
			if got := tt.term.Allows(r); got != want {
				t.Errorf("%v.Allows(%v) = %v, want %v", tt.term, r, got, want)
			}
		}
		if tt.term.Allows(Result(9)) {
			t.Errorf("%v allows Result(9)", tt.term)
		}
	}
}

func TestResultIDs(t *testing.T) {
	tests := []struct {
		r                  Result
		id                 int
		code, display, pgn string
		label, es, en      string
		white, black       float64
		winner             Side
		hasWinner          bool
	}{
		{NoResult, 0, "*", "*", "*", "result.none", "Sin resultado", "No result", 0, 0, 0, false},
		{WhiteWins, 1, "1-0", "1-0", "1-0", "result.white_wins", "Ganan las blancas", "White wins", 1, 0, White, true},
		{BlackWins, 2, "0-1", "0-1", "0-1", "result.black_wins", "Ganan las negras", "Black wins", 0, 1, Black, true},
		{Drawn, 3, "1/2-1/2", "½-½", "1/2-1/2", "result.draw", "Tablas", "Draw", 0.5, 0.5, 0, false},
		{BothLose, 4, "0-0", "0-0", "*", "result.both_lose", "Pierden ambos", "Both lose", 0, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			r := tt.r
			if int(r) != tt.id {
				t.Errorf("id = %d, want %d", r, tt.id)
			}
			if r.String() != tt.code || r.Display() != tt.display || r.PGN() != tt.pgn {
				t.Errorf("String %q Display %q PGN %q", r, r.Display(), r.PGN())
			}
			checkLabel(t, r.LabelCode(), tt.label, tt.es, tt.en)
			if r.Score(White) != tt.white || r.Score(Black) != tt.black {
				t.Errorf("scores %v %v", r.Score(White), r.Score(Black))
			}
			if w, ok := r.Winner(); ok != tt.hasWinner || w != tt.winner {
				t.Errorf("Winner = %v, %v", w, ok)
			}
			for _, text := range []string{tt.code, tt.display} {
				if got, err := ParseResult(text); err != nil || got != r {
					t.Errorf("ParseResult(%q) = %v, %v", text, got, err)
				}
			}
			if got, err := ResultFromID(tt.id); err != nil || got != r {
				t.Errorf("ResultFromID = %v, %v", got, err)
			}
			b, err := json.Marshal(r)
			var back Result
			if err != nil || json.Unmarshal(b, &back) != nil || back != r {
				t.Errorf("JSON %s, %v, back %v", b, err, back)
			}
		})
	}
	if WinFor(White) != WhiteWins || WinFor(Black) != BlackWins {
		t.Error("WinFor")
	}
	for _, code := range []string{"", "1/2", "1-1", "0.5-0.5"} {
		if _, err := ParseResult(code); !errors.Is(err, ErrBadResult) {
			t.Errorf("ParseResult(%q) error = %v", code, err)
		}
	}
	for _, id := range []int{-1, 5, 300} {
		if _, err := ResultFromID(id); !errors.Is(err, ErrBadResult) {
			t.Errorf("ResultFromID(%d) error = %v", id, err)
		}
	}
	if Result(5).Valid() || Result(5).PGN() != "*" || Result(5).LabelCode() != "" {
		t.Error("Result(5)")
	}
	if _, err := json.Marshal(Result(5)); err == nil {
		t.Error("marshalled Result(5)")
	}
	if Result(5).Score(White) != 0 || WhiteWins.Score(Side(3)) != 0 {
		t.Error("score of invalid values")
	}
}
