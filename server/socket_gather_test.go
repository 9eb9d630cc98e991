package server

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/joinpal/joinpal/i18n"
)

// pipeWrites returns the writer end of a pipe and a channel that gets
// each write's bytes as the other end reads them: a pipe hands a write
// to one read when the reader's buffer can hold it, so the reads are the
// writes.
func pipeWrites(t *testing.T) (net.Conn, <-chan string) {
	t.Helper()
	w, r := net.Pipe()
	t.Cleanup(func() { w.Close(); r.Close() })
	got := make(chan string, 16)
	go func() {
		defer close(got)
		buf := make([]byte, 1<<20)
		for {
			n, err := r.Read(buf)
			if err != nil {
				return
			}
			got <- string(buf[:n])
		}
	}()
	return w, got
}

func TestGatherWriter(t *testing.T) {
	tests := []struct {
		name string
		// run writes through g; each step is a write ("w:TEXT"), a
		// write from another goroutine ("o:TEXT"), hold or release.
		steps []string
		want  []string // the connection's writes
	}{
		{"not held: each write goes out", []string{"w:uno", "w:dos"}, []string{"uno", "dos"}},
		{"held: one write on release", []string{"hold", "w:uno", "w:dos", "w:tres", "release"}, []string{"unodostres"}},
		{"a control frame while held follows the gathered ones", []string{"hold", "w:move", "o:pong", "w:ack", "release"}, []string{"movepongack"}},
		{"nothing gathered: no write", []string{"hold", "release", "w:solo"}, []string{"solo"}},
		{"held twice, released once", []string{"hold", "w:a", "hold", "w:b", "release", "release", "w:c"}, []string{"ab", "c"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conn, writes := pipeWrites(t)
			g := &gatherWriter{conn: conn}
			for _, step := range tc.steps {
				switch {
				case step == "hold":
					g.hold()
				case step == "release":
					if err := g.release(); err != nil {
						t.Fatal(err)
					}
				case strings.HasPrefix(step, "w:"):
					if n, err := g.Write([]byte(step[2:])); err != nil || n != len(step)-2 {
						t.Fatalf("write %q: %d, %v", step, n, err)
					}
				case strings.HasPrefix(step, "o:"):
					done := make(chan error)
					go func() {
						_, err := g.Write([]byte(step[2:]))
						done <- err
					}()
					if err := <-done; err != nil {
						t.Fatal(err)
					}
				}
			}
			conn.Close()
			var got []string
			for w := range writes {
				got = append(got, w)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("writes %q, want %q", got, tc.want)
			}
			if g.gathered() != 0 {
				t.Fatalf("%d bytes left gathered", g.gathered())
			}
		})
	}
}

// Frames queued before the writer runs are gathered and all arrive, in
// order, whole: more than maxGather bytes of them, some larger than the
// library's write buffer.
func TestSocketGathersQueuedFrames(t *testing.T) {
	var frames []string
	total := 0
	for i := 0; total < 3*maxGather; i++ {
		f := fmt.Sprintf(`{"t":"move","v":%d}`, i+1)
		if i%7 == 3 {
			f = fmt.Sprintf(`{"t":"chat","v":%d,"d":%q}`, i+1, strings.Repeat("x", 2*socketWriteBuffer))
		}
		frames = append(frames, f)
		total += len(f)
	}
	serveGathering(t, SocketConfig{OutBuffer: len(frames)}, frames, func(s *socket) {
		for _, f := range frames {
			if !s.sendEncoded([]byte(f)) {
				t.Error("a frame was refused")
			}
		}
	})
}

// serveGathering serves one socket with a gatherWriter under cfg: before
// it is served, queue queues its frames; then the test's raw client must
// read frames, in order (the socket's pings skipped).
func serveGathering(t *testing.T, cfg SocketConfig, frames []string, queue func(*socket)) {
	t.Helper()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var gather *gatherWriter
		c, err := websocket.Accept(smallBuffers{ResponseWriter: w, gather: &gather}, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		s := newSocket(c, cfg, i18n.Reader{Lang: "es"})
		s.gather = gather
		queue(s)
		s.serve(context.Background(), func(inFrame, []byte) {})
	}))
	defer hs.Close()
	br := rawUpgrade(t, hs.Listener.Addr().String(), nil)
	for i, want := range frames {
		got, err := readData(br)
		if err != nil {
			t.Fatalf("frame %d: %v", i+1, err)
		}
		if got != want {
			t.Fatalf("frame %d: %.40q (%d bytes), want %.40q (%d bytes)", i+1, got, len(got), want, len(want))
		}
	}
}

// readData reads the next unmasked text frame from the server, past the
// pings the socket sends when it opens.
func readData(br *bufio.Reader) (string, error) {
	for {
		op, err := br.Peek(1)
		if err != nil {
			return "", err
		}
		opcode := op[0] & 0x0f // op is the reader's buffer, which readText reuses
		text, err := readText(br)
		if err != nil || opcode == 0x1 {
			return text, err
		}
	}
}

// While a served socket's writes are held, frames queue and no writer
// starts; released, they go out in order.
func TestHoldWrites(t *testing.T) {
	frames := []string{`{"t":"move","v":7}`, `{"t":"ack","d":{"id":3}}`}
	held := make(chan bool, 1)
	serveGathering(t, SocketConfig{}, frames, func(s *socket) {
		go func() {
			// Once served, the socket admits writers: only the hold
			// keeps one from starting.
			for !s.serving.Load() {
				runtime.Gosched()
			}
			s.holdWrites()
			for _, f := range frames {
				s.sendEncoded([]byte(f))
			}
			s.qmu.Lock()
			held <- !s.writing && len(s.out)-s.outHead == len(frames)
			s.qmu.Unlock()
			s.releaseWrites()
		}()
	})
	if !<-held {
		t.Fatal("a writer started, or the frames were not all queued, while writes were held")
	}
}
