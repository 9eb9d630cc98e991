package server

import (
	"net"
	"sync"
)

// A socket's frames that are queued together go out in one write to the
// connection: a move's ack and its event reach the mover's socket a few
// microseconds apart, and each write is a system call that also runs the
// TCP stack (on loopback, the receiver's side too). The WebSocket library
// flushes its buffered writer after every message; that writer flushes
// into a gatherWriter, which passes the bytes to the connection, or,
// while the socket's writer holds it, keeps them until release sends them
// all in one write.

// maxGather is how many bytes of frames a writer gathers before it sends
// them: a long queue goes out in writes of about this size.
const maxGather = 16 << 10

// gatherBuffers are the buffers of gathered frames, taken for one batch
// and given back: an idle socket holds none.
var gatherBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 2048)
	return &b
}}

// gatherWriter is the writer below the WebSocket library's buffered
// writer: the connection, and the frames gathered while held. The library
// writes from more than one goroutine (the socket's writer; its own
// control frames: pongs, the close), so mu guards it.
type gatherWriter struct {
	conn net.Conn

	mu   sync.Mutex
	held bool
	buf  *[]byte
}

// Write sends p to the connection, or keeps it while the writer is held.
func (g *gatherWriter) Write(p []byte) (int, error) {
	g.mu.Lock()
	if g.held {
		*g.buf = append(*g.buf, p...)
		g.mu.Unlock()
		return len(p), nil
	}
	g.mu.Unlock()
	return g.conn.Write(p)
}

// hold keeps what is written from now on until release.
func (g *gatherWriter) hold() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.held {
		return
	}
	g.held = true
	g.buf = gatherBuffers.Get().(*[]byte)
}

// gathered is how many bytes wait to be sent.
func (g *gatherWriter) gathered() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.held {
		return 0
	}
	return len(*g.buf)
}

// release sends what was gathered in one write and lets writes through
// again. The write happens under mu, so that a control frame the
// library writes meanwhile follows the gathered frames rather than
// overtaking them.
func (g *gatherWriter) release() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.held {
		return nil
	}
	g.held = false
	buf := g.buf
	g.buf = nil
	var err error
	if len(*buf) > 0 {
		_, err = g.conn.Write(*buf)
	}
	if cap(*buf) <= 4*maxGather {
		*buf = (*buf)[:0]
		gatherBuffers.Put(buf)
	}
	return err
}
