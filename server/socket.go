package server

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/ratelimit"
)

// SocketConfig sets the limits and timings of every WebSocket the server
// holds (game and lobby sockets alike). The zero value means the defaults.
type SocketConfig struct {
	// MaxFrame is the largest frame a client may send, in bytes (4096): a
	// larger one closes the socket with 1008 (policy violation).
	MaxFrame int
	// FloodLimit frames in FloodPeriod (100 in 20 s) are allowed; one more
	// closes the socket with 1008.
	FloodLimit  int
	FloodPeriod time.Duration
	// OutBuffer is how many frames may wait to be written to one socket
	// (64); a socket whose queue is full is a slow consumer and is closed
	// (1008), so that it never holds up a game or the other sockets.
	OutBuffer int
	// PingEvery is how long a socket may stay silent before the server
	// pings it (30 s): a socket that brought no frame for PingEvery is
	// pinged, one that keeps talking is pinged only every
	// lagPingFactor×PingEvery (60 s). A client that sends ping frames of
	// its own (the page does, every 3 s) is pinged after
	// PingEvery/talkerFactor (5 s) of silence instead: its silence says
	// sooner that frames stopped flowing. Each round trip measures the
	// socket's lag.
	PingEvery time.Duration
	// PongTimeout is how long a ping may wait for its pong (10 s) before
	// the socket counts as dead and is closed.
	PongTimeout time.Duration
	// WriteTimeout bounds the writing of one frame (5 s).
	WriteTimeout time.Duration
	// MaxPerUser is how many sockets one user (account or guest) may have
	// open at once, and MaxPerAddress how many one client address may
	// (DefaultSocketsPerUser and DefaultSocketsPerAddress); an upgrade
	// past either is refused with 429 CodeTooManySockets.
	MaxPerUser, MaxPerAddress int
	// Now is the clock of the flood windows and the lag measures
	// (time.Now).
	Now func() time.Time
}

func (c SocketConfig) withDefaults() SocketConfig {
	if c.MaxFrame <= 0 {
		c.MaxFrame = 4096
	}
	if c.FloodLimit <= 0 {
		c.FloodLimit = 100
	}
	if c.FloodPeriod <= 0 {
		c.FloodPeriod = 20 * time.Second
	}
	if c.OutBuffer <= 0 {
		c.OutBuffer = 64
	}
	if c.PingEvery <= 0 {
		c.PingEvery = 30 * time.Second
	}
	if c.PongTimeout <= 0 {
		c.PongTimeout = 10 * time.Second
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = 5 * time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Close reasons the server gives. They are part of the protocol
// (docs/PROTOCOL.md).
const (
	reasonFlood      = "too many messages"
	reasonTooLarge   = "frame too large"
	reasonSlow       = "too slow to keep up"
	reasonRestarting = "server restarting"
	reasonNoPong     = "no pong"
	reasonBinary     = "binary frames are not part of the protocol"
)

// lagPingFactor sets how often a socket that keeps talking is still
// pinged: every lagPingFactor×PingEvery. Its frames prove it alive, so
// these pings are only for the lag meter (lag compensation), which a
// round trip a minute keeps current: the meter decays slowly anyway
// (each measurement weighs a tenth), and a browser's own ping frames
// cannot feed it, since the server sees only their arrival, not when they
// left.
const lagPingFactor = 2

// talkerFactor sets how long a client that sends ping frames of its own
// may stay silent before the server pings it: PingEvery/talkerFactor.
const talkerFactor = 6

// monoStart anchors the sockets' monotonic times (socket.heard,
// socket.pinged): nanoseconds since it.
var monoStart = time.Now()

func monoNow() int64 { return int64(time.Since(monoStart)) }

// socket is one WebSocket connection: a reader (the goroutine that calls
// serve: the handler's, or one of its own, see Server.detach) and a bounded queue of frames to write, which a writer
// goroutine empties; the writer runs only while there are frames to
// write, so an idle socket holds one goroutine, its reader. The socket
// hub's pinger pings it when it has been silent for a while, and now and
// then regardless, to measure the lag (socketHub.pingDue). Frames are
// queued with send, which never blocks: a full queue closes the socket as
// a slow consumer.
type socket struct {
	conn *websocket.Conn
	// gather is the writer under conn's buffered writer when the upgrade
	// kept it (see smallBuffers): frames queued together are then sent in
	// one write, and writes are bounded by its connection's write
	// deadline rather than by a context each, which costs a timer and the
	// library's watcher per frame.
	gather *gatherWriter
	cfg    SocketConfig
	now    func() time.Time
	lag    *lagMeter
	reader i18n.Reader // whom error frames are written for

	// qmu guards out, the frames waiting for the writer, oldest first
	// from outHead: at most OutBuffer, and no more room held than they
	// need (outKeep slots at rest); writing, set while a writer runs;
	// and live, set while serve admits writers (writers counts them).
	qmu     sync.Mutex
	out     [][]byte
	outHead int
	writing bool
	// writeOutFunc is s.writeOut made a function once: a writer starts for
	// each burst of frames, and a goroutine started on a method value
	// made anew costs an allocation each time.
	writeOutFunc func()
	holds        int // holdWrites not yet released: no writer starts
	live         bool
	writers      sync.WaitGroup
	done         chan struct{} // closed when the socket closes
	// closeDone is closed once the close handshake has ended.
	closeDone chan struct{}
	once      sync.Once
	mu        sync.Mutex
	code      websocket.StatusCode // why the server closed it (0: the peer did)
	reason    string

	// ctx is serve's context, set before serving is; the pinger's pings
	// run in it.
	ctx context.Context
	// serving is set once serve reads the socket (a ping needs a reader
	// for its pong to arrive); pinging while a ping waits for its pong.
	serving, pinging atomic.Bool
	// heard is when the last frame came from the client, pinged when the
	// last ping was sent (monoNow; 0: never).
	heard, pinged atomic.Int64
	// talker is set once the client sent a ping frame of its own: it is
	// expected to keep talking, and pinged after a shorter silence.
	talker atomic.Bool
	// wakePinger, set before serve, wakes the hub's pinger to look at the
	// sockets' next pings again.
	wakePinger func()
	// pings counts the pings under way; serve waits for them. pingsDone
	// (under mu) is set once serve no longer admits new ones.
	pings     sync.WaitGroup
	pingsDone bool
	// left are run once serve has ended (under mu): the memberships
	// that end with the socket.
	left []func()
	// rawFirst, when set before serve, is offered each client frame
	// before it is decoded: it reports whether it took the frame (a
	// move, decoded once rather than twice).
	rawFirst func(data []byte) bool
}

func newSocket(conn *websocket.Conn, cfg SocketConfig, reader i18n.Reader) *socket {
	cfg = cfg.withDefaults()
	// The library's own limit is a backstop far above ours: serve reads at
	// most MaxFrame+1 bytes of a frame and closes with 1008 itself.
	conn.SetReadLimit(int64(4 * cfg.MaxFrame))
	return &socket{
		conn:   conn,
		cfg:    cfg,
		now:    cfg.Now,
		lag:    newLagMeter(),
		reader: reader,
		done:   make(chan struct{}),

		closeDone: make(chan struct{}),
	}
}

// outFrame is a frame from the server: a type, the game's event sequence
// for frames that are events (0, omitted, for the others), and the data.
type outFrame struct {
	T string `json:"t"`
	V int64  `json:"v,omitempty"`
	D any    `json:"d,omitempty"`
}

// inFrame is a frame from a client.
type inFrame struct {
	T string         `json:"t"`
	D jsontext.Value `json:"d,omitempty"`
}

// send queues a frame without blocking; it returns false if the socket is
// closed or has just been closed for being too slow.
func (s *socket) send(f outFrame) bool { return s.enqueue(f, true) }

// sendLossy queues a frame that may be lost (an answer to the client's
// ping): a queue half full drops it instead of closing the socket.
func (s *socket) sendLossy(f outFrame) bool { return s.enqueue(f, false) }

func (s *socket) enqueue(f outFrame, vital bool) bool {
	return s.enqueueBytes(encodeFrame(f), vital)
}

// sendEncoded queues a frame already encoded (encodeFrame) as send does:
// a frame sent to many sockets is encoded once.
func (s *socket) sendEncoded(b []byte) bool { return s.enqueueBytes(b, true) }

// encodeFrame encodes a frame from the server.
func encodeFrame(f outFrame) []byte {
	b, err := json.Marshal(f)
	if err != nil {
		// Frames are built from the server's own types: this is a bug.
		panic("server: a frame does not encode: " + err.Error())
	}
	return b
}

// enqueueBytes queues the encoded frame b, which the socket only reads.
func (s *socket) enqueueBytes(b []byte, vital bool) bool {
	select {
	case <-s.done:
		return false
	default:
	}
	// A lossy frame (an answer to a ping) may fill only half the queue:
	// the rest is kept for the frames that must arrive, so that a client
	// that sends pings faster than its answers are written loses answers,
	// not its socket.
	limit := s.cfg.OutBuffer
	if !vital {
		limit = max(limit/2, 1)
	}
	s.qmu.Lock()
	if len(s.out)-s.outHead >= limit {
		s.qmu.Unlock()
		if vital {
			s.close(websocket.StatusPolicyViolation, reasonSlow)
		}
		return false
	}
	if len(s.out) == cap(s.out) && s.outHead > 0 {
		n := copy(s.out, s.out[s.outHead:])
		clear(s.out[n:])
		s.out, s.outHead = s.out[:n], 0
	}
	s.out = append(s.out, b)
	s.startWriterLocked()
	s.qmu.Unlock()
	return true
}

// startWriterLocked starts a writer for the queued frames unless one runs
// or serve does not admit one (yet, or any more); qmu is held.
func (s *socket) startWriterLocked() {
	if s.writing || !s.live || s.holds > 0 || s.outHead == len(s.out) {
		return
	}
	s.writing = true
	s.writers.Add(1)
	if s.writeOutFunc == nil {
		s.writeOutFunc = s.writeOut
	}
	go s.writeOutFunc()
}

// holdWrites keeps the socket's writer from starting until releaseWrites:
// a frame that is about to follow the ones queued meanwhile (a move's
// ack, after the move's event) then goes out with them in one write. A
// writer already running goes on.
func (s *socket) holdWrites() {
	s.qmu.Lock()
	s.holds++
	s.qmu.Unlock()
}

// releaseWrites ends one holdWrites, and starts the writer once none is
// left and frames wait.
func (s *socket) releaseWrites() {
	s.qmu.Lock()
	s.holds--
	s.startWriterLocked()
	s.qmu.Unlock()
}

// onClose has f run once the socket has closed and serve has ended.
func (s *socket) onClose(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.left = append(s.left, f)
}

// outKeep is how many slots of its queue a socket keeps once it has
// emptied it; a queue grown larger by a burst is let go.
const outKeep = 8

// nextOut takes the oldest frame waiting, if any, and reports whether
// another waits after it; when there is none the writer stops (writing
// is cleared), as it does when stop is set.
func (s *socket) nextOut(stop bool) (b []byte, more, ok bool) {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	if stop || s.outHead == len(s.out) {
		if s.outHead == len(s.out) {
			if cap(s.out) > outKeep {
				s.out = nil
			}
			s.out, s.outHead = s.out[:0], 0
		}
		s.writing = false
		return nil, false, false
	}
	return s.takeOutLocked()
}

// nextOutIf takes the oldest frame waiting, if any, and reports whether
// another waits after it; unlike nextOut, it leaves the writer running
// when there is none.
func (s *socket) nextOutIf() (b []byte, more, ok bool) {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	if s.outHead == len(s.out) {
		return nil, false, false
	}
	return s.takeOutLocked()
}

// takeOutLocked takes the oldest frame waiting, which there is; qmu is
// held.
func (s *socket) takeOutLocked() (b []byte, more, ok bool) {
	b = s.out[s.outHead]
	s.out[s.outHead] = nil
	s.outHead++
	return b, s.outHead < len(s.out), true
}

// close closes the socket once with code and reason, without waiting for
// the peer's answer.
func (s *socket) close(code websocket.StatusCode, reason string) {
	s.once.Do(func() {
		s.mu.Lock()
		s.code, s.reason = code, reason
		s.mu.Unlock()
		close(s.done)
		go func() {
			defer close(s.closeDone)
			_ = s.conn.Close(code, reason)
		}()
	})
}

// closedBy returns the code and reason the socket was closed with: the
// server's (1008 ...), 1000 and "" when the peer closed it or it dropped,
// 0 and "" while it is open.
func (s *socket) closedBy() (websocket.StatusCode, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.code, s.reason
}

// serve runs the socket until it closes: it starts the writer, lets the
// hub's pinger ping it, and reads frames, passing each to handle in order.
// A frame over the size limit, a flood of frames or a binary frame closes
// the socket with 1008 or 1003. serve returns once the socket is closed
// and its goroutines (its pings included) have ended.
func (s *socket) serve(ctx context.Context, handle func(inFrame, []byte)) {
	ctx, cancel := context.WithCancel(ctx)
	s.ctx = ctx
	s.qmu.Lock()
	s.live = true
	s.startWriterLocked() // the frames queued before
	s.qmu.Unlock()
	s.heard.Store(monoNow())
	s.serving.Store(true)
	s.startPing() // the lag is measured from the start
	defer func() {
		// The close handshake ends before ctx does: the library drops a
		// connection whose context ends mid-call, close frame unsent.
		<-s.closeDone
		cancel()
		s.mu.Lock()
		s.pingsDone = true
		left := s.left
		s.left = nil
		s.mu.Unlock()
		s.pings.Wait()
		s.qmu.Lock()
		s.live = false
		s.qmu.Unlock()
		s.writers.Wait()
		for _, f := range left {
			f()
		}
	}()
	flood := ratelimit.NewWindow(s.cfg.FloodLimit, s.cfg.FloodPeriod)
	// handleData handles the frame in data: one function for every frame
	// of the socket, made once (a function made for each frame would be an
	// allocation a frame). onStack's hand-off orders the write of data
	// before the read.
	var data []byte
	handleData := func() { s.handleFrame(data, handle) }
	for {
		// The read's context is never cancelled (the connection's
		// close ends it): one the library would watch costs an
		// allocation and a registration per frame.
		typ, r, err := s.conn.Reader(context.Background())
		if err != nil {
			s.close(websocket.StatusNormalClosure, "")
			return
		}
		s.heard.Store(monoNow())
		if !flood.Allow(s.now()) {
			s.close(websocket.StatusPolicyViolation, reasonFlood)
			return
		}
		if typ != websocket.MessageText {
			s.close(websocket.StatusUnsupportedData, reasonBinary)
			return
		}
		buf := frameBuffers.Get().(*[]byte)
		data, err = readFrame(r, s.cfg.MaxFrame, *buf)
		if err != nil {
			s.close(websocket.StatusNormalClosure, "")
			return
		}
		if len(data) > s.cfg.MaxFrame {
			s.close(websocket.StatusPolicyViolation, reasonTooLarge)
			return
		}
		// The frame is decoded and handled on another goroutine (one
		// kept for deep calls): decoding and handling grow a stack deep,
		// and the reader's, which an idle socket keeps, would keep that
		// size. Once handled, nothing holds its bytes.
		onStack(handleData)
		putFrameBuffer(buf, data)
		data = nil
		select {
		case <-s.done:
			return
		default:
		}
	}
}

// handleFrame decodes the client frame data and passes it to handle; a
// frame that does not decode is answered with server.bad_frame. A frame
// that rawFirst takes (it reports true) is its alone.
func (s *socket) handleFrame(data []byte, handle func(inFrame, []byte)) {
	if s.rawFirst != nil && s.rawFirst(data) {
		return
	}
	var f inFrame
	if err := decodeFrame(data, &f); err != nil {
		s.send(errorFrame(s.reader, 0, badFrame(f.T, err)))
		return
	}
	handle(f, data)
}

// pong answers the ping f with the lag measured, or refuses it
// (server.bad_frame) when it carries data.
func (s *socket) pong(f inFrame) {
	if !s.talker.Swap(true) && s.wakePinger != nil {
		s.wakePinger() // a talker may be due sooner than the pinger waits
	}
	var p pingFrame
	if err := decodeData(f, &p); err != nil {
		s.send(errorFrame(s.reader, 0, err))
		return
	}
	lag, _ := s.lag.measured()
	s.sendLossy(outFrame{T: "pong", D: map[string]int64{"lag": lag.Milliseconds()}})
}

// decodeFrame decodes a client frame strictly (strictJSON: one JSON
// object, names matched case-sensitively, no unknown or duplicate member,
// valid UTF-8) and requires its type.
func decodeFrame(data []byte, f *inFrame) error {
	if err := decodeBytes(data, f); err != nil {
		return err
	}
	if f.T == "" {
		return errors.New("the frame has no type")
	}
	return nil
}

// writeOut is the writer: it writes the queued frames in order until
// none is left, then ends (the next frame queued starts another), or
// until the socket closes; a write that outlasts WriteTimeout closes it
// as too slow. Frames are written one at a time, so they keep their
// order; those queued together are gathered into one write to the
// connection (gatherWriter).
func (s *socket) writeOut() {
	defer s.writers.Done()
	ctx := s.ctx
	for {
		b, more, ok := s.nextOut(s.stopping(ctx))
		if !ok {
			return
		}
		err := s.write(ctx, b, more)
		if err != nil {
			if (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded)) && ctx.Err() == nil {
				s.close(websocket.StatusPolicyViolation, reasonSlow)
			} else {
				s.close(websocket.StatusNormalClosure, "")
			}
			s.nextOut(true)
			return
		}
	}
}

// stopping reports whether the writer is to stop: the socket or ctx is
// done.
func (s *socket) stopping(ctx context.Context) bool {
	select {
	case <-s.done:
		return true
	default:
		return ctx.Err() != nil
	}
}

// write writes the frame b within WriteTimeout: under a write deadline
// on the raw connection, cleared after (the close handshake writes too),
// or else under a context with that timeout. When more frames wait
// (more) and the connection has a gatherWriter, b and those queued after
// it, up to maxGather bytes of them, go out in one write; whatever was
// gathered is sent even when a frame fails (it may hold the library's
// close frame).
func (s *socket) write(ctx context.Context, b []byte, more bool) error {
	if s.gather == nil {
		wctx, cancel := context.WithTimeout(ctx, s.cfg.WriteTimeout)
		defer cancel()
		return s.conn.Write(wctx, websocket.MessageText, b)
	}
	raw := s.gather.conn
	if err := raw.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout)); err != nil {
		return err
	}
	defer func() { _ = raw.SetWriteDeadline(time.Time{}) }()
	if !more {
		return s.conn.Write(context.Background(), websocket.MessageText, b)
	}
	s.gather.hold()
	for {
		if err := s.conn.Write(context.Background(), websocket.MessageText, b); err != nil {
			_ = s.gather.release()
			return err
		}
		if s.gather.gathered() >= maxGather || s.stopping(ctx) {
			break
		}
		var ok bool
		if b, _, ok = s.nextOutIf(); !ok {
			break
		}
	}
	return s.gather.release()
}

// pingDue reports whether the socket, served and with no ping waiting
// for its pong, is due a ping at now (monoNow): it has been silent for
// PingEvery since its last frame and its last ping, or it has not been
// pinged for lagPingFactor×PingEvery, or never.
func (s *socket) pingDue(now int64) bool {
	if !s.serving.Load() || s.pinging.Load() {
		return false
	}
	every := int64(s.cfg.PingEvery)
	last := s.pinged.Load()
	switch {
	case last == 0:
		return true
	case now-last >= lagPingFactor*every:
		return true
	}
	silence := every
	if s.talker.Load() {
		silence = every / talkerFactor
	}
	return now-s.heard.Load() >= silence && now-last >= silence
}

// nextPing returns the soonest the socket may be due a ping (monoNow), at
// now: what pingDue asks of it, with the times it holds now — or, while a
// ping waits for its pong, the soonest after it; before serve, which pings
// it at once, the shortest silence after now. Its frames and pings only
// push the moment later; becoming a talker brings it sooner (pong wakes
// the pinger then).
func (s *socket) nextPing(now int64) int64 {
	every := int64(s.cfg.PingEvery)
	silence := every
	if s.talker.Load() {
		silence = every / talkerFactor
	}
	if !s.serving.Load() {
		return now + every/talkerFactor
	}
	last := s.pinged.Load()
	switch {
	case last == 0:
		return now
	case s.pinging.Load():
		return last + silence
	}
	return min(last+lagPingFactor*every, max(s.heard.Load(), last)+silence)
}

// startPing pings the socket in a goroutine of its own, which ends with
// the pong (recorded in the lag meter), with PongTimeout (the socket is
// closed: no pong) or with the socket.
func (s *socket) startPing() {
	if !s.serving.Load() {
		return // no reader yet for the pong; s.ctx is not set
	}
	s.mu.Lock()
	if s.pingsDone || !s.pinging.CompareAndSwap(false, true) {
		s.mu.Unlock()
		return
	}
	s.pings.Add(1)
	s.mu.Unlock()
	s.pinged.Store(monoNow())
	go func() {
		defer s.pings.Done()
		defer s.pinging.Store(false)
		s.pingOnce(s.ctx)
	}()
}

// pingOnce pings the socket once and records the round trip in the lag
// meter; a ping without a pong within PongTimeout closes the socket.
func (s *socket) pingOnce(ctx context.Context) bool {
	pctx, cancel := context.WithTimeout(ctx, s.cfg.PongTimeout)
	defer cancel()
	start := s.now()
	if err := s.conn.Ping(pctx); err != nil {
		if ctx.Err() == nil {
			s.close(websocket.StatusPolicyViolation, reasonNoPong)
		}
		return false
	}
	s.lag.record(s.now().Sub(start))
	return true
}
