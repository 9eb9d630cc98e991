package server

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
)

func TestLagMeter(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	tests := []struct {
		name     string
		rtts     []time.Duration
		reported time.Duration // < 0: none
		want     time.Duration
	}{
		{"nothing measured credits nothing", nil, ms(300), 0},
		{"nothing measured, nothing reported", nil, -1, 0},
		{"the server's measure when the client says nothing", []time.Duration{ms(100)}, -1, ms(100)},
		{"the client's figure below the measure", []time.Duration{ms(100)}, ms(40), ms(40)},
		{"the client's figure capped by the measure", []time.Duration{ms(100)}, ms(900), ms(100)},
		{"the first four averaged", []time.Duration{ms(100), ms(200), ms(300), ms(400)}, -1, ms(250)},
		{"then a tenth each", []time.Duration{ms(100), ms(100), ms(100), ms(100), ms(1100)}, -1, ms(200)},
		{"a stall counts as 10 s", []time.Duration{time.Minute}, -1, maxLag},
		{"a negative round trip counts as 0", []time.Duration{-time.Second}, ms(50), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newLagMeter()
			for _, d := range tt.rtts {
				m.record(d)
			}
			if got := m.moveLag(tt.reported); got != tt.want {
				t.Fatalf("moveLag(%v) = %v, want %v", tt.reported, got, tt.want)
			}
		})
	}
}

func TestSocketHubPresence(t *testing.T) {
	var h socketHub
	if !h.join("g", "p") || h.join("g", "p") {
		t.Fatal("only the first socket of a player is the first")
	}
	if last, _ := h.part("g", "p"); last {
		t.Fatal("a second tab still open: not the last")
	}
	if last, stopping := h.part("g", "p"); !last || stopping {
		t.Fatalf("last = %v, stopping = %v", last, stopping)
	}
	h.join("g", "q")
	h.closeAll(t.Context(), websocket.StatusServiceRestart, reasonRestarting)
	if last, stopping := h.part("g", "q"); !last || !stopping {
		t.Fatalf("after closeAll: last = %v, stopping = %v", last, stopping)
	}
}

// socketPair returns a server-side socket (not served: nothing writes its
// queue) and the client's connection to it.
func socketPair(t *testing.T, cfg SocketConfig) (*socket, *websocket.Conn) {
	t.Helper()
	got := make(chan *socket, 1)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		s := newSocket(c, cfg, i18n.Reader{Lang: "es"})
		got <- s
		<-s.closeDone
	}))
	t.Cleanup(hs.Close)
	ctx, cancel := context.WithTimeout(context.Background(), frameWait)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return <-got, c
}

// TestSlowConsumerClosed: a socket whose queue is full is closed with 1008
// at once, without blocking the sender (the game's fan-out).
func TestSlowConsumerClosed(t *testing.T) {
	s, client := socketPair(t, SocketConfig{OutBuffer: 4})
	for i := range 4 {
		if !s.send(outFrame{T: "move", V: int64(i + 1)}) {
			t.Fatalf("frame %d refused with room in the queue", i+1)
		}
	}
	if s.send(outFrame{T: "move", V: 5}) {
		t.Fatal("a fifth frame was queued")
	}
	if code, reason := s.closedBy(); code != websocket.StatusPolicyViolation || reason != reasonSlow {
		t.Fatalf("closed by %d %q", code, reason)
	}
	ctx, cancel := context.WithTimeout(context.Background(), frameWait)
	defer cancel()
	_, _, err := client.Read(ctx)
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || ce.Reason != reasonSlow {
		t.Fatalf("the client saw %v", err)
	}
	if s.sendLossy(outFrame{T: "pong"}) || s.send(outFrame{T: "move"}) {
		t.Fatal("a closed socket queued a frame")
	}
}

// TestLossyFramesDoNotClose: a pong that finds the queue full is dropped;
// the socket stays open.
func TestLossyFramesDoNotClose(t *testing.T) {
	s, _ := socketPair(t, SocketConfig{OutBuffer: 1})
	s.send(outFrame{T: "move", V: 1})
	if s.sendLossy(outFrame{T: "pong"}) {
		t.Fatal("a pong was queued in a full queue")
	}
	if code, _ := s.closedBy(); code != 0 {
		t.Fatalf("a dropped pong closed the socket (%d)", code)
	}
	s.close(websocket.StatusNormalClosure, "")
}

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"", 0, true}, {"0", 0, true}, {"17", 17, true}, {"-1", 0, false}, {"1.5", 0, false},
		{"abc", 0, false}, {"99999999999999999999", 0, false}, {" 3", 0, false},
	}
	for _, tt := range tests {
		got, err := parseVersion(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseVersion(%q) = %d, %v", tt.in, got, err)
		}
		if err != nil && !errors.Is(err, &Error{Code: CodeBadVersion}) {
			t.Errorf("parseVersion(%q): code of %v", tt.in, err)
		}
	}
}

// FuzzClientFrame: any bytes decode to a frame with a type, or are refused
// with server.bad_frame; a frame's data decodes strictly into a move, an
// action or a ping, or is refused the same way. What decodes is valid JSON
// by the strict rules (no duplicate name, valid UTF-8), and a move that
// decodes has its uci and ply and no negative id. Nothing panics.
func FuzzClientFrame(f *testing.F) {
	for _, s := range []string{
		`{"t":"move","d":{"uci":"e2e4","ply":0,"id":17}}`, `{"t":"move","d":{"uci":"e7e8q","ply":57,"id":46,"lag":80}}`,
		`{"t":"resign","d":{"id":18}}`, `{"t":"abort"}`, `{"t":"ping"}`, `{"t":""}`, `{}`, `[]`, `null`, `{"t":"move","d":null}`,
		`{"t":"move","d":{"uci":1}}`, `{"t":"move","d":{"colour":"w"}}`, `{"t":"move"} {}`, `{"t":"move","x":1}`,
		`{"T":"resign"}`, `{"t":"move","t":"resign"}`, `{"t":"ping","d":{"x":1}}`, `{"t":"move","d":{"uci":"e2e4","id":3}}`,
		`{"t":"move","d":{"uci":"e2e4","ply":0,"id":-1}}`, `{"t":"resign\u0000"}`, "{\"t\":\"resign\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fr inFrame
		if err := decodeFrame(data, &fr); err != nil {
			return // serve answers server.bad_frame
		}
		if fr.T == "" || !jsontext.Value(data).IsValid() || strings.IndexByte(fr.T, 0) >= 0 {
			t.Fatalf("%q decoded: type %q", data, fr.T)
		}
		var m moveFrame
		if err := decodeData(fr, &m); err != nil {
			if !errors.Is(err, &Error{Code: CodeBadFrame}) {
				t.Fatalf("%q: data refused with %v", data, err)
			}
		} else if m.UCI == nil || m.Ply == nil || *m.Ply < 0 || m.ID < 0 {
			t.Fatalf("%q decoded to an incomplete move %+v", data, m)
		}
		var a actionFrame
		if err := decodeData(fr, &a); err == nil && a.ID < 0 {
			t.Fatalf("%q decoded to an action with id %d", data, a.ID)
		} else if err != nil && !errors.Is(err, &Error{Code: CodeBadFrame}) {
			t.Fatalf("%q: action data refused with %v", data, err)
		}
		var p pingFrame
		if err := decodeData(fr, &p); err == nil && len(fr.D) > 0 && string(fr.D) != "null" && !strings.HasPrefix(strings.TrimSpace(string(fr.D)), "{") {
			t.Fatalf("%q: a ping took data %s", data, fr.D)
		}
	})
}

// pingState returns a socket pinged after every of silence, in the
// state the pinger reads.
func pingState(every time.Duration, serving, pinging, talker bool, heard, pinged int64) *socket {
	s := &socket{cfg: SocketConfig{PingEvery: every}.withDefaults()}
	s.serving.Store(serving)
	s.pinging.Store(pinging)
	s.talker.Store(talker)
	s.heard.Store(heard)
	s.pinged.Store(pinged)
	return s
}

// TestPingDue: a socket is pinged when it has never been, when it has
// been silent for PingEvery since its last frame and its last ping (a
// talkerFactor-th of it for a client that sends ping frames of its own), and,
// however much it talks, every lagPingFactor×PingEvery; never before it
// is served nor while a ping waits for its pong.
func TestPingDue(t *testing.T) {
	const every = int64(30 * time.Second)
	tests := []struct {
		name                     string
		serving, pinging, talker bool
		heard, pinged, now       int64
		want                     bool
	}{
		{"not served", false, false, false, 1, 0, 1, false},
		{"never pinged", true, false, false, 1, 0, 1, true},
		{"ping waiting", true, true, false, 1, 0, 10 * every, false},
		{"silent", true, false, false, 1, 1, 1 + every, true},
		{"silent a while, not long", true, false, false, 1, 1, 1 + every/2, false},
		{"silent, pinged lately", true, false, false, 1, every, every + every/2, false},
		{"a talker silent a sixth of it", true, false, true, 1, 1, 1 + every/talkerFactor, true},
		{"a talker silent less", true, false, true, 1, 1, every / (talkerFactor + 1), false},
		{"a talker pinged lately", true, false, true, 1, every / 2, every/2 + every/(talkerFactor+1), false},
		{"talking", true, false, false, 3 * every, 2 * every, 3*every + 1, false},
		{"talking, lag stale", true, false, false, lagPingFactor * every, 1, lagPingFactor*every + 1, true},
	}
	for _, tt := range tests {
		s := pingState(time.Duration(every), tt.serving, tt.pinging, tt.talker, tt.heard, tt.pinged)
		if got := s.pingDue(tt.now); got != tt.want {
			t.Errorf("%s: pingDue = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNextPing: the pinger may sleep until a socket's nextPing — no
// sooner is the socket due a ping (pingDue) with the times it holds, and,
// served and with no ping waiting, it is due then.
func TestNextPing(t *testing.T) {
	const every = int64(30 * time.Second)
	at := func(serving, pinging, talker bool, heard, pinged int64) *socket {
		return pingState(time.Duration(every), serving, pinging, talker, heard, pinged)
	}
	tests := []struct {
		name      string
		sock      *socket
		now, want int64
	}{
		{"not served", at(false, false, false, 1, 0), 5, 5 + every/talkerFactor},
		{"never pinged", at(true, false, false, 1, 0), 5, 5},
		{"ping waiting", at(true, true, false, 1, 2), 10, 2 + every},
		{"a talker's ping waiting", at(true, true, true, 1, 2), 10, 2 + every/talkerFactor},
		{"silent since its last ping", at(true, false, false, 1, 2), 10, 2 + every},
		{"heard since its last ping", at(true, false, false, 7, 2), 10, 7 + every},
		{"a talker heard", at(true, false, true, 7, 2), 10, 7 + every/talkerFactor},
		{"talking: the lag's ping", at(true, false, false, lagPingFactor*every, 1), 10, 1 + lagPingFactor*every},
	}
	for _, tt := range tests {
		if got := tt.sock.nextPing(tt.now); got != tt.want {
			t.Errorf("%s: nextPing = %d, want %d", tt.name, got, tt.want)
		}
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		pinged := rng.Int64N(3 * every)
		heard := rng.Int64N(3 * every)
		now := max(pinged, heard) + rng.Int64N(every)
		s := pingState(time.Duration(every), true, false, rng.IntN(2) == 0, heard, pinged)
		next := s.nextPing(now)
		if next > now {
			for _, at := range []int64{now, (now + next) / 2, next - 1} {
				if s.pingDue(at) {
					t.Fatalf("heard %d, pinged %d, talker %v: due at %d, before nextPing %d", heard, pinged, s.talker.Load(), at, next)
				}
			}
		}
		if !s.pingDue(max(next, now)) {
			t.Fatalf("heard %d, pinged %d, talker %v: not due at nextPing %d (now %d)", heard, pinged, s.talker.Load(), next, now)
		}
	}
}

// TestTalkerWakesThePinger: the first ping frame of a client makes its
// socket a talker, due a ping sooner, and wakes the hub's pinger (which
// may sleep until the socket's nextPing as it was); later ones do not.
func TestTalkerWakesThePinger(t *testing.T) {
	var hub socketHub
	s := &socket{cfg: SocketConfig{}.withDefaults(), done: make(chan struct{}), lag: newLagMeter()}
	if !hub.add(s) {
		t.Fatal("the hub refused a socket")
	}
	defer hub.remove(s)
	if s.wakePinger == nil {
		t.Fatal("the hub gave its socket no way to wake the pinger")
	}
	hub.wakePinger() // the pinger runs: no wait
	wakes := 0
	s.wakePinger = func() { wakes++ }
	for i := range 3 {
		s.pong(inFrame{T: "ping"})
		if wakes != 1 {
			t.Fatalf("after %d ping frames the pinger was woken %d times, want 1", i+1, wakes)
		}
	}
	if !s.talker.Load() {
		t.Error("a client that sent ping frames is not a talker")
	}
}

// TestEventFrameEncodedOnce: a game's event is encoded once per variant
// while the game has sockets; an older event, or a game without sockets,
// is encoded each time; a newer event replaces the frames kept.
func TestEventFrameEncodedOnce(t *testing.T) {
	var ws watchState
	ws.join(&gameSocket{id: "g", sock: &socket{cfg: SocketConfig{}.withDefaults(), done: make(chan struct{})}})
	encodes := 0
	enc := func(text string) func() []byte {
		return func() []byte { encodes++; return []byte(text) }
	}
	ev := func(seq int64) game.Event { return game.Event{Seq: seq, Type: game.EventMove, Ply: int(seq), FEN: "f"} }
	steps := []struct {
		game    string
		seq     int64
		legal   bool
		want    string
		encodes int
	}{
		{"g", 2, false, "2", 1},
		{"g", 2, false, "2", 1},
		{"g", 2, true, "2+", 2},
		{"g", 2, true, "2+", 2},
		{"g", 1, false, "1", 3},
		{"g", 2, false, "2", 3},
		{"g", 3, true, "3+", 4},
		{"g", 3, true, "3+", 4},
		{"other", 3, true, "3+", 5},
		{"other", 3, true, "3+", 6},
	}
	for i, st := range steps {
		text := strconv.FormatInt(st.seq, 10)
		if st.legal {
			text += "+"
		}
		got := ws.eventFrame(st.game, ev(st.seq), st.legal, enc(text))
		if string(got) != st.want || encodes != st.encodes {
			t.Fatalf("step %d: %q after %d encodings, want %q after %d", i, got, encodes, st.want, st.encodes)
		}
	}
}
