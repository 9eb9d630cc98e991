package server

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
)

// The buffers a socket's connection keeps for as long as it is open. The
// WebSocket library reads and writes every frame through the buffered
// reader and writer the upgrade hands it, which net/http's hijack would
// make 4 KiB each: for tens of thousands of mostly idle sockets that is
// most of their heap. A client's frames are small (a move is under 100
// bytes) and a larger one is read past the buffer; a frame to the client
// larger than the writer's buffer costs a second write call.
const (
	socketReadBuffer  = 512
	socketWriteBuffer = 1024
)

// smallBuffers is the ResponseWriter an upgrade is accepted on: its Hijack
// hands the WebSocket library buffers of socketReadBuffer and
// socketWriteBuffer bytes instead of net/http's, which go back to
// net/http's pools. The writer flushes into a gatherWriter on the
// connection; when gather is set, Hijack stores that writer there, for
// the socket's writer to gather frames and to set write deadlines on its
// connection.
type smallBuffers struct {
	http.ResponseWriter
	gather **gatherWriter
}

// Unwrap returns the ResponseWriter below, for http.ResponseController.
func (w smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack takes the connection over. The bytes the client sent after the
// upgrade request, which net/http has already read, are read first; the
// response written so far (the 101) has been sent by net/http's Hijack.
func (w smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, fmt.Errorf("server: hijacking the connection: %w", err)
	}
	if err := brw.Writer.Flush(); err != nil {
		_ = conn.Close()
		return nil, nil, fmt.Errorf("server: hijacking the connection: %w", err)
	}
	br := bufio.NewReaderSize(conn, socketReadBuffer)
	if n := brw.Reader.Buffered(); n > 0 {
		// The library takes what the reader holds (Buffered) and reads
		// the connection after it, so the early bytes must be held by
		// the new reader, not merely be ahead of the connection in its
		// source.
		early, _ := brw.Reader.Peek(n)
		br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(early)), conn), max(socketReadBuffer, n))
		if _, err := br.Peek(n); err != nil {
			_ = conn.Close()
			return nil, nil, fmt.Errorf("server: hijacking the connection: %w", err)
		}
	}
	g := &gatherWriter{conn: conn}
	if w.gather != nil {
		*w.gather = g
	}
	return conn, bufio.NewReadWriter(br, bufio.NewWriterSize(g, socketWriteBuffer)), nil
}
