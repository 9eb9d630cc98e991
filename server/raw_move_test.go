package server

import (
	"reflect"
	"testing"
)

// slowMove decodes data as handle does: the frame, then its data.
func slowMove(data []byte) (moveFrame, bool) {
	var f inFrame
	if decodeFrame(data, &f) != nil || f.T != "move" {
		return moveFrame{}, false
	}
	var m moveFrame
	if decodeData(f, &m) != nil {
		return moveFrame{}, false
	}
	return m, true
}

func TestDecodeRawMove(t *testing.T) {
	tests := []struct {
		name, frame string
		want        bool // taken whole
	}{
		{"a move", `{"t":"move","d":{"uci":"e2e4","ply":0,"id":1}}`, true},
		{"with lag", `{"t":"move","d":{"uci":"e7e5","ply":1,"id":2,"lag":35}}`, true},
		{"data first", `{"d":{"uci":"e2e4","ply":0},"t":"move"}`, false},
		{"spaced", `{ "t":"move","d":{"uci":"e2e4","ply":0}}`, false},
		{"another frame", `{"t":"resign","d":{"id":3}}`, false},
		{"no ply", `{"t":"move","d":{"uci":"e2e4"}}`, false},
		{"negative id", `{"t":"move","d":{"uci":"e2e4","ply":0,"id":-1}}`, false},
		{"null data", `{"t":"move","d":null}`, false},
		{"an unknown member", `{"t":"move","d":{"uci":"e2e4","ply":0,"x":1}}`, false},
		{"a duplicate type", `{"t":"move","d":{"uci":"e2e4","ply":0},"t":"resign"}`, false},
		{"a NUL", `{"t":"move","d":{"uci":"e2\u0000e4","ply":0}}`, false},
		{"trailing text", `{"t":"move","d":{"uci":"e2e4","ply":0}} x`, false},
		{"a null move", `{"t":"move","d":{"uci":null,"ply":0}}`, false},
		{"a null ply", `{"t":"move","d":{"uci":"e2e4","ply":null}}`, false},
		{"a null lag", `{"t":"move","d":{"uci":"e2e4","ply":0,"lag":null}}`, true},
		{"a ply as text", `{"t":"move","d":{"uci":"e2e4","ply":"0"}}`, false},
		{"a fractional ply", `{"t":"move","d":{"uci":"e2e4","ply":0.5}}`, false},
		{"a lag as text", `{"t":"move","d":{"uci":"e2e4","ply":0,"lag":"35"}}`, false},
		{"a move as a number", `{"t":"move","d":{"uci":5,"ply":0}}`, false},
		{"a lag out of range", `{"t":"move","d":{"uci":"e2e4","ply":0,"lag":9223372036854775808}}`, false},
		{"not UTF-8", "{\"t\":\"move\",\"d\":{\"uci\":\"e2\xffe4\",\"ply\":0}}", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := decodeRawMove([]byte(tc.frame))
			if ok != tc.want {
				t.Fatalf("taken %v, want %v", ok, tc.want)
			}
			if !ok {
				return
			}
			slow, sok := slowMove([]byte(tc.frame))
			if !sok || !reflect.DeepEqual(got, slow) {
				t.Fatalf("taken as %+v; handle decodes %+v (%v)", got, slow, sok)
			}
		})
	}
}

// FuzzDecodeRawMove: a frame taken whole is one that handle would decode
// to the same move.
func FuzzDecodeRawMove(f *testing.F) {
	f.Add([]byte(`{"t":"move","d":{"uci":"e2e4","ply":0,"id":1}}`))
	f.Add([]byte(`{"t":"move","d":{"uci":"a7a8q","ply":12,"id":7,"lag":120}}`))
	f.Add([]byte(`{"t":"move","d":{"Uci":"e2e4","ply":0}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := decodeRawMove(data)
		if !ok {
			return
		}
		slow, sok := slowMove(data)
		if !sok || !reflect.DeepEqual(got, slow) {
			t.Fatalf("%q taken as %+v; handle decodes %+v (%v)", data, got, slow, sok)
		}
	})
}

// BenchmarkDecodeRawMove: a move frame as the page sends it, lag
// included, decoded whole.
func BenchmarkDecodeRawMove(b *testing.B) {
	data := []byte(`{"t":"move","d":{"uci":"e2e4","ply":0,"id":1,"lag":35}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := decodeRawMove(data); !ok {
			b.Fatal("not taken")
		}
	}
}
