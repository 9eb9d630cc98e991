package wsload

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// frame is a server frame as the bots read it: only the fields they use.
type frame struct {
	T string `json:"t"`
	V int64  `json:"v"`
	D struct {
		// Game events (full, move, state).
		Ply    int      `json:"ply"`
		Turn   string   `json:"turn"`
		Status string   `json:"status"`
		Result string   `json:"result"`
		Legal  []string `json:"legal"`
		// ack and error (the full frame's id is the game's: a string).
		ID   json.RawMessage `json:"id"`
		UCI  string          `json:"uci"`
		Code string          `json:"code"`
	} `json:"d"`
}

// moveFrame is the move a bot sends.
type moveFrame struct {
	T string `json:"t"`
	D struct {
		UCI string `json:"uci"`
		Ply int    `json:"ply"`
		ID  int64  `json:"id"`
	} `json:"d"`
}

// match is one game between two bots.
type match struct {
	id string
	// node is the node that runs the game, among several ("" alone): its
	// sockets carry it (?node=) for the proxy in front.
	node  string
	run   *runner
	sides [2]*bot // white, black

	mu      sync.Mutex
	sentAt  time.Time      // when the last move was sent
	sentPly int            // its ply
	acked   map[int]string // ply → the acknowledged move
	lastAck time.Time      // when the last move of either side was acknowledged
	over    bool
	// told is the end each side was told, by color ("mate 1-0").
	told map[string]string
	// parkedCh is closed when a side parks its first move of the run:
	// the opening plies are played.
	parkedCh chan struct{}
	parkOnce sync.Once
}

// bot is one side of a match: a socket and the moves it sends.
type bot struct {
	m     *match
	color string
	g     *guest
	rng   *rand.Rand

	mu       sync.Mutex
	conn     *websocket.Conn
	lastPly  int // the last ply a move was planned for (-1: none)
	parked   *parked
	nextID   int64
	inFlight map[int64]sent
}

// sent is a move waiting for its answer.
type sent struct {
	at  time.Time
	ply int
	uci string
}

// dial opens b's game socket as g and starts reading it.
func (b *bot) dial(ctx context.Context, g *guest) error {
	u := "ws" + strings.TrimPrefix(g.base.String(), "http") + "/api/game/" + b.m.id + "/socket"
	if b.m.node != "" {
		u += "?node=" + url.QueryEscape(b.m.node)
	}
	conn, res, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: g.hc, CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		if res != nil && res.StatusCode != http.StatusSwitchingProtocols {
			return &apiError{Method: "GET", Path: "/api/game/" + b.m.id + "/socket", Status: res.StatusCode}
		}
		return err
	}
	conn.SetReadLimit(1 << 20)
	b.mu.Lock()
	b.g, b.conn = g, conn
	b.mu.Unlock()
	b.m.run.socketsOpen.Add(1)
	go b.read(conn)
	return nil
}

// read handles the server's frames until the socket closes; a socket
// that closes while the game goes on is opened again, as a browser does.
func (b *bot) read(conn *websocket.Conn) {
	r := b.m.run
	for {
		_, data, err := conn.Read(context.Background())
		if err != nil {
			r.socketsOpen.Add(-1)
			if !r.stopping.Load() && !b.m.isOver() {
				var ce websocket.CloseError
				if errors.As(err, &ce) {
					r.errorf("socket.closed." + ce.Reason)
				} else {
					r.errorf("socket.read")
				}
				b.reconnect()
			}
			return
		}
		now := time.Now()
		var f frame
		if err := json.Unmarshal(data, &f); err != nil {
			r.errorf("frame.bad_json")
			continue
		}
		b.handle(f, now)
	}
}

// handle acts on one frame received at now.
func (b *bot) handle(f frame, now time.Time) {
	r := b.m.run
	switch f.T {
	case "ack":
		id := frameID(f)
		b.mu.Lock()
		s, ok := b.inFlight[id]
		delete(b.inFlight, id)
		b.mu.Unlock()
		if !ok {
			r.errorf("ack.unknown_id")
			return
		}
		if f.D.UCI != s.uci || f.D.Ply != s.ply {
			r.errorf("ack.mismatch")
		}
		b.m.mu.Lock()
		b.m.acked[s.ply] = s.uci
		stall := now.Sub(b.m.lastAck)
		if b.m.lastAck.IsZero() {
			stall = 0
		}
		b.m.lastAck = now
		b.m.mu.Unlock()
		r.recordAck(now.Sub(s.at))
		r.recordStall(stall)
	case "error":
		id := frameID(f)
		r.errorf(f.D.Code)
		if f.D.Code == "live.unavailable" {
			// The game runs nowhere for a moment (its node died, another
			// takes it over): the same move, same id, again shortly.
			time.AfterFunc(retryWait, func() { b.resend(id) })
			return
		}
		b.mu.Lock()
		delete(b.inFlight, id)
		b.mu.Unlock()
	case "full", "move", "state":
		if f.D.Status != "started" && f.D.Status != "created" {
			b.m.tell(b.color, f.D.Status+" "+f.D.Result)
			b.m.end()
			return
		}
		if f.T == "move" && f.D.Turn == b.color {
			// The opponent's move arrived: its round trip.
			b.m.mu.Lock()
			at, ply := b.m.sentAt, b.m.sentPly
			b.m.mu.Unlock()
			if ply+1 == f.D.Ply {
				r.recordEvent(now.Sub(at))
			}
		}
		if f.D.Turn == b.color && len(f.D.Legal) > 0 {
			b.plan(f.D.Ply, f.D.Legal)
		}
	}
}

// plan sends a random one of legal for ply: at once for the first two
// plies (the setup plays them, so that no first-move timer runs out while
// the other games are set up); after the think time once the run has
// started; else it parks the move until the start.
func (b *bot) plan(ply int, legal []string) {
	b.mu.Lock()
	if ply <= b.lastPly {
		b.mu.Unlock()
		return
	}
	b.lastPly = ply
	uci := legal[b.rng.IntN(len(legal))]
	var think time.Duration
	switch {
	case ply < openingPlies:
	case b.m.run.started.Load():
		think = b.m.run.cfg.Think
	default:
		b.parked = &parked{ply: ply, uci: uci}
		b.mu.Unlock()
		b.m.parkOnce.Do(func() { close(b.m.parkedCh) })
		return
	}
	b.mu.Unlock()
	time.AfterFunc(think, func() { b.send(ply, uci) })
}

// openingPlies are the plies the setup plays at once.
const openingPlies = 2

// parked is the move a bot will make when the run starts.
type parked struct {
	ply int
	uci string
}

// start sends b's parked move, if any, after a random part of the think
// time: the games' moves spread evenly over time.
func (b *bot) start() {
	b.mu.Lock()
	p := b.parked
	b.parked = nil
	var delay time.Duration
	if p != nil {
		delay = time.Duration(b.rng.Int64N(int64(b.m.run.cfg.Think)))
	}
	b.mu.Unlock()
	if p != nil {
		time.AfterFunc(delay, func() { b.send(p.ply, p.uci) })
	}
}

// frameID is the id of an ack or error frame (0 if none).
func frameID(f frame) int64 {
	var id int64
	_ = json.Unmarshal(f.D.ID, &id)
	return id
}

// send writes the move uci for ply, unless the run is stopping.
func (b *bot) send(ply int, uci string) {
	r := b.m.run
	if r.stopping.Load() || b.m.isOver() {
		return
	}
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	var mf moveFrame
	mf.T, mf.D.UCI, mf.D.Ply, mf.D.ID = "move", uci, ply, id
	data, _ := json.Marshal(mf)
	now := time.Now()
	b.inFlight[id] = sent{at: now, ply: ply, uci: uci}
	b.mu.Unlock()
	b.m.mu.Lock()
	b.m.sentAt, b.m.sentPly = now, ply
	b.m.mu.Unlock()
	r.sentMoves.Add(1)
	b.write(data)
}

// write sends data on b's current socket.
func (b *bot) write(data []byte) {
	r := b.m.run
	b.mu.Lock()
	conn := b.conn
	b.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := conn.Write(ctx, websocket.MessageText, data); err != nil && !r.stopping.Load() {
		r.errorf("socket.write")
	}
}

// retryWait is the wait before a move refused as live.unavailable is sent
// again, and between attempts to open a closed socket again.
const retryWait = 250 * time.Millisecond

// resend sends move id again, unless it was answered or the socket it
// went on was replaced meanwhile.
func (b *bot) resend(id int64) {
	r := b.m.run
	if r.stopping.Load() || b.m.isOver() {
		return
	}
	b.mu.Lock()
	s, ok := b.inFlight[id]
	b.mu.Unlock()
	if !ok {
		return
	}
	var mf moveFrame
	mf.T, mf.D.UCI, mf.D.Ply, mf.D.ID = "move", s.uci, s.ply, id
	data, _ := json.Marshal(mf)
	b.write(data)
}

// reconnect opens b's socket again after it closed, trying every
// retryWait for up to a minute. The moves in flight on the old socket are
// forgotten (their answers went with it); the full frame the new socket
// starts with tells where the game is, and the bot plans from there.
func (b *bot) reconnect() {
	r := b.m.run
	from := time.Now()
	b.mu.Lock()
	b.inFlight = map[int64]sent{}
	b.lastPly = -1
	g := b.g
	b.mu.Unlock()
	for time.Since(from) < time.Minute && !r.stopping.Load() && !b.m.isOver() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := b.dial(ctx, g)
		cancel()
		if err == nil {
			r.recordReconnect(time.Since(from))
			return
		}
		time.Sleep(retryWait)
	}
	if !r.stopping.Load() && !b.m.isOver() {
		r.errorf("socket.reconnect")
	}
}

// waiting is how many of b's moves await their answer.
func (b *bot) waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.inFlight)
}

func (m *match) end() {
	m.mu.Lock()
	first := !m.over
	m.over = true
	m.mu.Unlock()
	if first {
		m.run.gamesOver.Add(1)
	}
}

// tell records the end a side was told (the first it was told).
func (m *match) tell(color, end string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.told == nil {
		m.told = map[string]string{}
	}
	if _, ok := m.told[color]; !ok {
		m.told[color] = end
	}
}

// toldApart reports whether the two sides were told different ends.
func (m *match) toldApart() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	w, okW := m.told["white"]
	b, okB := m.told["black"]
	return okW && okB && w != b
}

func (m *match) isOver() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.over
}

// ackedMoves returns the acknowledged moves in ply order, and whether they
// are the game's first plies without a gap.
func (m *match) ackedMoves() ([]string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.acked))
	for ply := 0; ply < len(m.acked); ply++ {
		uci, ok := m.acked[ply]
		if !ok {
			return out, false
		}
		out = append(out, uci)
	}
	return out, true
}
