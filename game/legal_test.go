package game

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestParseUCIText(t *testing.T) {
	tests := []struct {
		text string
		ok   bool
	}{
		{"e2e4", true}, {"e7e8q", true}, {"a1h8", true},
		{"", false}, {"e2e", false}, {"e7e8qq", false}, {"E2E4", false}, {"e2-e4", false}, {"e2e\"", false}, {"e2é4", false},
	}
	for _, tc := range tests {
		u, err := ParseUCIText(tc.text)
		switch {
		case tc.ok && (err != nil || u.String() != tc.text):
			t.Errorf("%q: %q, %v", tc.text, u.String(), err)
		case !tc.ok && (err == nil || CodeOf(err) != CodeIllegalMove || u != UCI{}):
			t.Errorf("%q: %q, %v; want an error of code %s", tc.text, u.String(), err, CodeIllegalMove)
		}
	}
}

// TestLegalMovesJSON: legal moves are written as encoding/json writes
// their texts, and read back; text that is not UCI is refused and
// changes nothing.
func TestLegalMovesJSON(t *testing.T) {
	texts := []string{"e2e4", "e7e8q", "g1f3"}
	var l LegalMoves
	for _, s := range texts {
		u, err := ParseUCIText(s)
		if err != nil {
			t.Fatal(err)
		}
		l = append(l, u)
	}
	got, err := json.Marshal(struct {
		L LegalMoves `json:"legal,omitempty"`
		E LegalMoves `json:"empty,omitempty"`
	}{L: l, E: LegalMoves{}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"legal":["e2e4","e7e8q","g1f3"]}`; string(got) != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	var back LegalMoves
	if err := json.Unmarshal([]byte(`["e2e4","e7e8q","g1f3"]`), &back); err != nil || !slices.Equal(back.Strings(), texts) {
		t.Fatalf("read back %v, %v", back.Strings(), err)
	}
	if err := json.Unmarshal([]byte("null"), &back); err != nil || back != nil {
		t.Fatalf("null: %v, %v", back, err)
	}
	for _, bad := range []string{`["e2e4","E2E4"]`, `["e2e4",1]`, `{}`, `["e2e4"`} {
		keep := l
		if err := json.Unmarshal([]byte(bad), &keep); err == nil || !slices.Equal(keep.Strings(), texts) {
			t.Errorf("%s: %v, left %v", bad, err, keep.Strings())
		}
	}
}

// FuzzLegalMovesJSON: what UnmarshalJSON takes, MarshalJSON writes back as
// encoding/json writes the same texts; what it refuses changes nothing.
func FuzzLegalMovesJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		l := LegalMoves{{'a', '1', 'a', '2'}}
		if err := l.UnmarshalJSON(b); err != nil {
			if len(l) != 1 || l[0].String() != "a1a2" {
				t.Fatalf("a refused input changed the moves to %v", l.Strings())
			}
			return
		}
		got, err := l.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(l.Strings())
		if string(got) != string(want) {
			t.Fatalf("%q: wrote %s, want %s", b, got, want)
		}
	})
}
