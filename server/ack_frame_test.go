package server

import "testing"

func TestMoveAckFrame(t *testing.T) {
	tests := []struct {
		name     string
		id       int64
		ply      int
		uci, san string
		v        int64
		resent   bool
	}{
		{"a move", 17, 0, "e2e4", "e4", 2, false},
		{"resent", 17, 0, "e2e4", "e4", 2, true},
		{"no id", 0, 5, "g1f3", "Nf3", 7, false},
		{"a promotion with mate", 3, 120, "a7a8q", "a8=Q#", 300, false},
		{"castling", 9, 8, "e1g1", "O-O", 10, false},
		{"escaped text", -4, -1, "<\"\\>", "ñ\x00&", 0, false},
		{"empty", 0, 0, "", "", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ply := tc.ply
			want := string(encodeFrame(outFrame{T: "ack", D: ackData{ID: tc.id, Ply: &ply, UCI: tc.uci, SAN: tc.san, V: tc.v, Resent: tc.resent}}))
			if got := string(moveAckFrame(tc.id, tc.ply, tc.uci, tc.san, tc.v, tc.resent)); got != want {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// FuzzMoveAckFrame: the hand-written ack is encodeFrame's, whatever the
// move's text.
func FuzzMoveAckFrame(f *testing.F) {
	f.Add(int64(17), 0, "e2e4", "e4", int64(2), false)
	f.Add(int64(0), 3, "a7a8q", "a8=Q+", int64(0), true)
	f.Add(int64(-1), -7, "\u2028<", "\xff\"", int64(-9), false)
	f.Fuzz(func(t *testing.T, id int64, ply int, uci, san string, v int64, resent bool) {
		p := ply
		want := string(encodeFrame(outFrame{T: "ack", D: ackData{ID: id, Ply: &p, UCI: uci, SAN: san, V: v, Resent: resent}}))
		if got := string(moveAckFrame(id, ply, uci, san, v, resent)); got != want {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
	})
}
