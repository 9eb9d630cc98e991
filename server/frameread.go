package server

import (
	"io"
	"sync"
)

// frameBuffers holds the buffers client frames are read into. A frame's
// bytes are decoded — every string and value copied out — before its
// handling returns, so its buffer then serves the next frame of any
// socket: a socket keeps no buffer between frames, and a frame costs no
// allocation to read.
var frameBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 512)
	return &b
}}

// maxKeptFrameBuffer is the largest buffer frameBuffers keeps: a rare
// large frame's buffer is left to the collector.
const maxKeptFrameBuffer = 8 << 10

// readFrame reads r, a frame's reader, to its end into buf (from its
// start) and returns the bytes read. It stops after max+1 bytes: a result
// longer than max is a frame too large, whose rest is left unread.
func readFrame(r io.Reader, max int, buf []byte) ([]byte, error) {
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		room := cap(buf)
		if room > max+1 {
			room = max + 1
		}
		n, err := r.Read(buf[len(buf):room])
		buf = buf[:len(buf)+n]
		switch {
		case len(buf) > max:
			return buf, nil
		case err == io.EOF:
			return buf, nil
		case err != nil:
			return buf, err
		}
	}
}

// putFrameBuffer gives the buffer of data (from frameBuffers) back.
func putFrameBuffer(b *[]byte, data []byte) {
	if cap(data) > maxKeptFrameBuffer {
		return
	}
	*b = data[:0]
	frameBuffers.Put(b)
}
