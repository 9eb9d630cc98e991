package server

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadFrame: a frame is read whole into the buffer given, in any
// chunks; past max it stops one byte over; a failed read is an error.
func TestReadFrame(t *testing.T) {
	long := strings.Repeat("x", 5000)
	tests := []struct {
		name    string
		r       io.Reader
		max     int
		buf     []byte
		want    string
		wantErr bool
	}{
		{"empty", strings.NewReader(""), 10, nil, "", false},
		{"short", strings.NewReader(`{"t":"ping"}`), 4096, make([]byte, 0, 512), `{"t":"ping"}`, false},
		{"byte by byte", iotest.OneByteReader(strings.NewReader(`{"t":"move"}`)), 4096, nil, `{"t":"move"}`, false},
		{"grows past the buffer", strings.NewReader(long[:3000]), 4096, make([]byte, 0, 16), long[:3000], false},
		{"exactly max", strings.NewReader(long[:4096]), 4096, nil, long[:4096], false},
		{"one over max", strings.NewReader(long[:4097]), 4096, nil, long[:4097], false},
		{"far over max stops one over", strings.NewReader(long), 4096, make([]byte, 0, 8192), long[:4097], false},
		{"a used buffer starts again", strings.NewReader("new"), 10, []byte("old bytes"), "new", false},
		{"read fails", iotest.ErrReader(errors.New("broken")), 4096, nil, "", true},
		{"fails after data", io.MultiReader(strings.NewReader("ab"), iotest.ErrReader(errors.New("broken"))), 4096, nil, "ab", true},
	}
	for _, tt := range tests {
		got, err := readFrame(tt.r, tt.max, tt.buf)
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: err = %v, want an error %v", tt.name, err, tt.wantErr)
		}
		if !bytes.Equal(got, []byte(tt.want)) {
			t.Errorf("%s: read %d bytes %.20q, want %d %.20q", tt.name, len(got), got, len(tt.want), tt.want)
		}
	}
}

// TestPutFrameBuffer: a buffer goes back empty with its room, and a large
// one is not kept.
func TestPutFrameBuffer(t *testing.T) {
	b := new([]byte)
	data := make([]byte, 100, 1024)
	putFrameBuffer(b, data)
	if len(*b) != 0 || cap(*b) != 1024 {
		t.Errorf("kept len %d cap %d, want 0 and 1024", len(*b), cap(*b))
	}
	big := new([]byte)
	putFrameBuffer(big, make([]byte, 10, maxKeptFrameBuffer+1))
	if *big != nil {
		t.Errorf("a buffer of %d bytes was kept", cap(*big))
	}
}

// BenchmarkReadFrame reads a move frame as a socket's reader does: into
// a buffer from frameBuffers ("pooled"), against io.ReadAll of a
// LimitReader ("readAll").
func BenchmarkReadFrame(b *testing.B) {
	frame := []byte(`{"t":"move","d":{"uci":"e2e4","ply":0,"id":1}}`)
	r := bytes.NewReader(frame)
	b.Run("pooled", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.Reset(frame)
			buf := frameBuffers.Get().(*[]byte)
			data, err := readFrame(r, 4096, *buf)
			if err != nil || len(data) != len(frame) {
				b.Fatal(len(data), err)
			}
			putFrameBuffer(buf, data)
		}
	})
	b.Run("readAll", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.Reset(frame)
			data, err := io.ReadAll(io.LimitReader(r, 4097))
			if err != nil || len(data) != len(frame) {
				b.Fatal(len(data), err)
			}
		}
	})
}
