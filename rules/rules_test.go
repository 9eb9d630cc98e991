package rules

import (
	"errors"
	"testing"

	"github.com/joinpal/joinpal/chess"
)

func book(t testing.TB) *Book {
	t.Helper()
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGuideIsSound: every position, answer, reply, refusal and text of the
// embedded guide checks out, in every language.
func TestGuideIsSound(t *testing.T) {
	b := book(t)
	for _, err := range Check(b) {
		t.Error(err)
	}
	if got := b.Languages(); len(got) != 2 || got[0] != "es" {
		t.Errorf("languages %v", got)
	}
	for _, lang := range b.Languages() {
		ix := b.Index(lang)
		if len(ix.Sections) < 10 {
			t.Errorf("%s: only %d sections", lang, len(ix.Sections))
		}
		for _, s := range ix.Sections {
			v, err := b.Section(lang, s.ID)
			if err != nil || v.ID != s.ID || len(v.Rules) == 0 {
				t.Errorf("%s: section %s: %v", lang, s.ID, err)
			}
			for _, r := range v.Rules {
				if r.Exercise != nil {
					if _, err := chess.ParseFEN(r.Exercise.FEN); err != nil {
						t.Errorf("%s: %s/%s: %v", lang, s.ID, r.ID, err)
					}
				}
			}
		}
	}
}

// TestGuideCoversTheIssue: the sections the guide promises exist, with
// exercises for the special moves.
func TestGuideCoversTheIssue(t *testing.T) {
	b := book(t)
	for _, id := range []string{"board", "pieces", "pawn", "knight", "bishop", "rook", "queen", "king", "castling",
		"en-passant", "promotion", "check", "endings", "material", "joinpal", "practice", "faq"} {
		if _, err := b.Section("es", id); err != nil {
			t.Errorf("no section %s: %v", id, err)
		}
	}
	for _, id := range []string{"castle-through-check", "ep-capture", "ep-expired", "promote-knight-mate", "check-knight", "faq-castle-rook-attacked"} {
		if _, ok := b.Exercise(id); !ok {
			t.Errorf("no exercise %s", id)
		}
	}
}

func TestSectionUnknown(t *testing.T) {
	if _, err := book(t).Section("es", "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("got %v", err)
	}
	if got := book(t).Guide("fr").Lang; got != "es" {
		t.Errorf("a French reader gets %s", got)
	}
}

// TestJudge walks exercises as a reader would, right and wrong tries.
func TestJudge(t *testing.T) {
	b := book(t)
	start := func(id string) chess.Position {
		ex, _ := b.Exercise(id)
		pos, _, err := ex.Start()
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}
	type try struct {
		move     string
		refusal  string // the refusal's code, "" for a legal move
		done     bool
		next     int
		finished bool
	}
	tests := []struct {
		id    string
		tries []try // each done try moves on to the next step
	}{
		{"castle-through-check", []try{
			{"Nb1c3", chess.CodeNoSuchPiece, false, 0, false},
			{"e1g1", chess.CodeCastlingThroughAttacked, true, 1, false},
			{"e1d1", "", false, 1, false},
			{"O-O-O", "", true, -1, true},
		}},
		{"ep-expired", []try{
			{"e5d6", "", false, 0, false}, // legal now, but not what is asked
			{"Kd2", "", true, 1, false},
			{"exd6", chess.CodeEnPassantExpired, true, -1, true},
		}},
		{"ep-capture", []try{{"e5e6", "", false, 0, false}, {"exd6", "", true, -1, true}}},
		{"promote-knight-mate", []try{{"f8=Q", "", false, 0, false}, {"f7f8", chess.CodeMustPromote, false, 0, false}, {"f7f8n", "", true, -1, true}}},
		{"mate-not-stalemate", []try{{"Qf7", "", false, 0, false}, {"Qf8#", "", true, -1, true}}},
		{"king-safe", []try{{"e1e2", chess.CodeKingAttacked, false, 0, false}, {"Kf1", "", true, -1, true}}},
		{"check-knight", []try{{"a1d1", chess.CodeStillInCheckNoBlock, false, 0, false}, {"Kf1", "", true, -1, true}}},
		// The exercise's Moves are the past a repetition counts.
		{"draw-repetition", []try{{"Rc2", "", false, 0, false}, {"Ra2", "", true, -1, true}}},
	}
	for _, tc := range tests {
		pos := start(tc.id)
		step := 0
		for _, tr := range tc.tries {
			pl, refusal, v, err := b.Judge(tc.id, step, pos, tr.move)
			if err != nil {
				t.Fatalf("%s step %d %s: %v", tc.id, step, tr.move, err)
			}
			if code := chess.CodeOf(refusal); code != tr.refusal || v.Done != tr.done || v.Next != tr.next || v.Finished != tr.finished {
				t.Errorf("%s step %d %s: refusal %q done %v next %d finished %v; want %q %v %d %v",
					tc.id, step, tr.move, code, v.Done, v.Next, v.Finished, tr.refusal, tr.done, tr.next, tr.finished)
			}
			if !v.Done {
				continue
			}
			switch {
			case v.Reply != nil:
				pos, _ = chess.ParseFEN(v.Reply.FEN)
			case refusal == nil:
				pos, _ = chess.ParseFEN(pl.FEN)
			}
			step = v.Next
		}
	}
	// The same position with no past is no repetition: the third time needs
	// the exercise's moves before it (the FEN alone does not count them).
	rep := start("draw-repetition")
	if pl, _, _, _ := b.Judge("draw-repetition", 0, rep, "Ra2"); pl.Ending != string(chess.EndThreefoldRepetition) || pl.OutcomeCode != "outcome.threefold_repetition" {
		t.Errorf("Ra2 at the exercise's start: %+v", pl)
	}
	if pl, err := Play(rep, "Ra2"); err != nil || pl.Ending != "" {
		t.Errorf("Ra2 in the position alone: %+v, %v", pl, err)
	}
	if _, _, _, err := b.Judge("nope", 0, start("ep-capture"), "e5d6"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown exercise: %v", err)
	}
	if _, _, _, err := b.Judge("ep-capture", 3, start("ep-capture"), "e5d6"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown step: %v", err)
	}
}

func TestPlayDescribesTheMove(t *testing.T) {
	pos, _ := chess.ParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
	pl, err := Play(pos, "exd6")
	if err != nil || !pl.EnPassant || !pl.Capture || pl.SAN != "exd6" || pl.UCI != "e5d6" || pl.Ending != "" {
		t.Errorf("%+v %v", pl, err)
	}
	pos, _ = chess.ParseFEN("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1")
	if pl, _ := Play(pos, "Kxd2"); pl.Ending != string(chess.EndInsufficientMaterial) || pl.OutcomeCode != "outcome.insufficient_material" {
		t.Errorf("%+v", pl)
	}
	pos, _ = chess.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	if pl, _ := Play(pos, "Ra8"); !pl.Mate || pl.SAN != "Ra8#" || pl.OutcomeCode != "outcome.checkmate.white" {
		t.Errorf("%+v", pl)
	}
	pos, _ = chess.ParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	if pl, _ := Play(pos, "O-O-O"); pl.Castle != "queen" || pl.UCI != "e1c1" {
		t.Errorf("%+v", pl)
	}
}

// FuzzJudge: any try in any step of any exercise is judged without a
// panic, and a refusal is always coded.
func FuzzJudge(f *testing.F) {
	b := book(f)
	ids := b.ExerciseIDs()
	for i, s := range []string{"O-O", "e1g1", "exd6", "Kd2", "f7f8n", "a8=K", "", "zz"} {
		f.Add(uint8(i), uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, which, step uint8, text string) {
		id := ids[int(which)%len(ids)]
		ex, _ := b.Exercise(id)
		pos, _, _ := ex.Start()
		n := int(step) % (len(ex.Steps) + 1)
		_, refusal, v, err := b.Judge(id, n, pos, text)
		if err != nil {
			if !errors.Is(err, ErrNotFound) {
				t.Fatal(err)
			}
			return
		}
		if refusal != nil && chess.CodeOf(refusal) == "" {
			t.Fatalf("uncoded refusal %v", refusal)
		}
		if v.Done && v.Next == n {
			t.Fatal("a done step does not move on")
		}
	})
}

// TestCheckExerciseEnding: an accepted move that ends the game is a
// mistake unless the step asks for an ending (a capture that leaves king
// and bishop against king is a draw the praise would not mention).
func TestCheckExerciseEnding(t *testing.T) {
	cases := []struct {
		name string
		ex   Exercise
		bad  bool
	}{
		{"capture leaves bare bishop", Exercise{FEN: "4k3/8/8/1r6/8/8/4B3/4K3 w - - 0 1", Steps: []Step{{Answers: []string{"e2b5"}}}}, true},
		{"capture leaves a pawn", Exercise{FEN: "4k3/7p/8/1r6/8/8/4B3/4K3 w - - 0 1", Steps: []Step{{Answers: []string{"e2b5"}}}}, false},
		{"asked for the draw", Exercise{FEN: "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", Steps: []Step{{Goals: []Goal{GoalInsuff}}}}, false},
		{"asked for mate", Exercise{FEN: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Steps: []Step{{Goals: []Goal{GoalMate}}}}, false},
		{"any move, one of them mates", Exercise{FEN: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Steps: []Step{{Goals: []Goal{GoalAny}}}}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			errs := checkExercise(c.ex)
			if got := len(errs) > 0; got != c.bad {
				t.Errorf("errors %v, want some: %v", errs, c.bad)
			}
		})
	}
}
