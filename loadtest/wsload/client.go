package wsload

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"sync/atomic"
	"time"
)

// sourcesPerTarget is how many loopback source addresses the sockets are
// spread over (127.0.0.1 ... 127.0.0.16) when the target is IPv4: one
// source address has only ~28,000 ephemeral ports (32768-60999), fewer
// than 40,000 sockets need.
const sourcesPerTarget = 16

// transport returns the HTTP transport of the load generator: its dials
// take their turn among the loopback source addresses when base is an
// IPv4 address.
func transport(base *url.URL) *http.Transport {
	var turn atomic.Uint32
	ip := net.ParseIP(base.Hostname())
	rotate := ip != nil && ip.To4() != nil
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := net.Dialer{Timeout: 30 * time.Second}
		if rotate {
			n := turn.Add(1)%sourcesPerTarget + 1
			d.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(n))}
		}
		return d.DialContext(ctx, network, addr)
	}
	return &http.Transport{DialContext: dial, MaxIdleConnsPerHost: 64, IdleConnTimeout: time.Minute}
}

// guest is one guest of the load generator: its own cookie jar (the
// session) over the shared transport.
type guest struct {
	base *url.URL
	hc   *http.Client
	id   string
}

// apiError is a refusal of the HTTP API.
type apiError struct {
	Method, Path string
	Status       int
	Code         string
	Body         string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("wsload: %s %s: %d %s", e.Method, e.Path, e.Status, e.Body)
}

// newGuest makes a guest (POST /api/guest).
func newGuest(ctx context.Context, base *url.URL, tr http.RoundTripper) (*guest, error) {
	jar, _ := cookiejar.New(nil)
	g := &guest{base: base, hc: &http.Client{Jar: jar, Transport: tr}}
	var u struct{ ID string }
	if err := g.do(ctx, "POST", "/api/guest", nil, http.StatusCreated, &u); err != nil {
		var ae *apiError
		if asAPIError(err, &ae) && ae.Status == http.StatusTooManyRequests {
			return nil, fmt.Errorf("%w (the server allows 30 guests per address per 10 minutes: give fewer --guests, or wait)", err)
		}
		return nil, err
	}
	g.id = u.ID
	return g, nil
}

func asAPIError(err error, target **apiError) bool {
	ae, ok := err.(*apiError)
	if ok {
		*target = ae
	}
	return ok
}

// do sends a request with body as JSON and decodes an answer of status
// want into v (if not nil).
func (g *guest) do(ctx context.Context, method, path string, body any, want int, v any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, g.base.String()+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := g.hc.Do(req)
	if err != nil {
		return fmt.Errorf("wsload: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<22))
	if err != nil {
		return fmt.Errorf("wsload: %s %s: %w", method, path, err)
	}
	if res.StatusCode != want {
		var e struct{ Code string }
		_ = json.Unmarshal(b, &e)
		return &apiError{Method: method, Path: path, Status: res.StatusCode, Code: e.Code, Body: string(bytes.TrimSpace(b))}
	}
	if v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			return fmt.Errorf("wsload: %s %s: %w", method, path, err)
		}
	}
	return nil
}

// newGame has white challenge black by an open challenge (a link) that
// black accepts, and returns the game's id and, among several nodes, the
// node that runs it (the accept's "node": the routing hint its sockets
// carry, as the game page's do).
func newGame(ctx context.Context, white, black *guest, tc string) (id, node string, err error) {
	var c struct {
		ID string `json:"id"`
	}
	if err := white.do(ctx, "POST", "/api/challenge/open", map[string]any{"timeControl": tc, "color": "white"}, http.StatusCreated, &c); err != nil {
		return "", "", err
	}
	var accepted struct {
		GameID string `json:"gameId"`
		Node   string `json:"node"`
	}
	if err := black.do(ctx, "POST", "/api/challenge/"+c.ID+"/accept", nil, http.StatusOK, &accepted); err != nil {
		return "", "", err
	}
	if accepted.GameID == "" {
		return "", "", fmt.Errorf("wsload: challenge %s accepted without a game", c.ID)
	}
	return accepted.GameID, accepted.Node, nil
}

// GameMoves reads a game's moves (UCI, in order) through the HTTP API
// (GET /api/game/{id}): what the server holds for it.
func GameMoves(ctx context.Context, target, id string) ([]string, error) {
	base, err := LoopbackTarget(target)
	if err != nil {
		return nil, err
	}
	g := &guest{base: base, hc: &http.Client{}}
	var v struct {
		Moves string `json:"moves"`
	}
	if err := g.do(ctx, "GET", "/api/game/"+url.PathEscape(id), nil, http.StatusOK, &v); err != nil {
		return nil, err
	}
	return splitMoves(v.Moves), nil
}

func splitMoves(s string) []string {
	var out []string
	for _, f := range bytes.Fields([]byte(s)) {
		out = append(out, string(f))
	}
	return out
}
