package server

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/schedule"
)

// streamKeepAlive is how often an idle event stream writes an empty line,
// as lichess's does, so that proxies keep it open.
const streamKeepAlive = 7 * time.Second

// streamEvent is one line of a user's event stream, lichess's shapes:
// {"type":"gameStart"|"gameFinish","game":{...}} (lichess's GameEventInfo),
// {"type":"challenge"|"challengeCanceled"|"challengeDeclined","challenge":{...}}
// (lichess's ChallengeJson).
type streamEvent struct {
	Type      string                `json:"type"`
	Game      *lichessGameInfoJSON  `json:"game,omitempty"`
	Challenge *lichessChallengeJSON `json:"challenge,omitempty"`
	// Schedule is the event of a "schedule" line (scheduled games).
	Schedule *scheduleEvent `json:"schedule,omitempty"`
}

// streamEvents serves GET /api/stream/event: the requester's events as
// NDJSON, one JSON object a line, until the client goes: the games the
// lobby starts for them (from seeks and challenges) or they start against
// the AI, their scheduled games once the check-in opens, the games a
// tournament's live round or an arena pairs for them, and their ends;
// the challenges they make or receive as they change; and JoinPal's
// schedule lines. Refusals are lichess's.
func (s *Server) streamEvents(w http.ResponseWriter, r *http.Request) {
	who, ok := s.lichessSignedIn(w, r, account.ScopeChallengeRead)
	if !ok {
		return
	}
	userID := who.User.ID
	// A stream is held open like a socket, and counted with them.
	release, ok := s.takeSocket(w, r, userID)
	if !ok {
		return
	}
	defer release()
	// One event stream per API token, as lichess allows.
	if who.Token != nil {
		done, err := s.play.tokenStreams.take(who.Token.ID)
		if err != nil {
			s.writeLichessError(w, r, err)
			return
		}
		defer done()
	}
	// The server's deadlines bound reading a request and writing its
	// answer; a stream's request was read whole, and its answer goes on:
	// each line instead must be written within the socket's write timeout,
	// so that a client that stops reading is cut off.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	writeTimeout := s.cfg.Socket.withDefaults().WriteTimeout
	_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
	// Subscribed before the answer's header goes out: a client that has
	// seen the stream open gets every event from then on.
	events, cancel := s.cfg.Lobby.Events().Subscribe()
	defer func() { cancel() }()
	mine, unsubscribe := s.play.streams.subscribe(userID)
	defer unsubscribe()
	// The notices: the schedule's events, and the games tournaments'
	// live rounds and arenas pair.
	notes, cancelNotes := noticeFeed{s}.Subscribe()
	defer func() { cancelNotes() }()
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	enc := json.NewEncoder(w)
	write := func(e streamEvent) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		if err := enc.Encode(e); err != nil {
			return false
		}
		if flusher != nil {
			flusher.Flush()
		}
		return true
	}
	if flusher != nil {
		flusher.Flush()
	}
	ctx := r.Context()
	site := siteURL(r)
	finished := make(chan streamEvent, 16)
	watched := map[string]bool{}
	watch := func(gameID string) {
		if watched[gameID] {
			return
		}
		watched[gameID] = true
		go s.watchGameEnd(ctx, gameID, userID, finished)
	}
	// As lichess's stream: the games being played and the open
	// challenges first, so that a program that restarts finds them. The
	// events are subscribed to before these are read, so a challenge made
	// in between comes both ways: told is what the opening lines told,
	// and its event is then left out.
	told := map[string]bool{}
	for _, line := range s.currentLines(ctx, userID, site) {
		if line.Game != nil {
			watch(line.Game.GameID)
		}
		if line.Challenge != nil {
			told[line.Challenge.ID] = true
		}
		if !write(line) {
			return
		}
	}
	tick := time.NewTicker(streamKeepAlive)
	defer tick.Stop()
	for {
		select {
		case e, ok := <-events:
			if !ok {
				events, cancel = s.cfg.Lobby.Events().Subscribe()
				continue
			}
			line, gameID, ok := streamLine(e, userID, site)
			if !ok || line.Type == "challenge" && told[line.Challenge.ID] ||
				line.Type == "gameStart" && watched[gameID] {
				continue
			}
			if line.Challenge != nil {
				s.withTitles(ctx, line.Challenge, *e.Challenge)
			}
			if gameID != "" {
				line.Game = s.streamGameInfo(ctx, gameID, userID, nil)
				watch(gameID)
			}
			if !write(line) {
				return
			}
		case gameID := <-mine: // a game the lobby did not start (against the AI)
			watch(gameID)
			if !write(streamEvent{Type: "gameStart", Game: s.streamGameInfo(ctx, gameID, userID, nil)}) {
				return
			}
		case n, ok := <-notes:
			if !ok { // fell behind: what was missed is in the lists
				notes, cancelNotes = noticeFeed{s}.Subscribe()
				continue
			}
			if id := n.newGameOf(userID); id != "" && !watched[id] {
				// A game a live round or an arena paired for them.
				watch(id)
				if !write(streamEvent{Type: "gameStart", Game: s.streamGameInfo(ctx, id, userID, nil)}) {
					return
				}
				continue
			}
			if n.schedule == nil || !n.schedule.Concerns(userID) {
				continue
			}
			e := *n.schedule
			ev := scheduleEventJSON(e)
			if !write(streamEvent{Type: "schedule", Schedule: &ev}) {
				return
			}
			// A scheduled game is announced once its check-in opens, so
			// that a lichess client opens its board stream (which checks
			// its player in) as for any game that starts.
			if a := e.Arrangement; checkInOpen(a, s.cfg.Schedule.Now()) && !watched[a.GameID] {
				watch(a.GameID)
				if !write(streamEvent{Type: "gameStart", Game: s.streamGameInfo(ctx, a.GameID, userID, nil)}) {
					return
				}
			}
		case line := <-finished:
			if !write(line) {
				return
			}
		case <-tick.C:
			_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
			if _, err := w.Write([]byte("\n")); err != nil {
				return
			}
			if flusher != nil {
				flusher.Flush()
			}
		case <-ctx.Done():
			return
		case <-s.stopping: // the client reconnects to another process
			return
		}
	}
}

// currentLines are the lines an event stream opens with: a gameStart for
// each game userID is playing, a challenge for each open challenge made
// to or by them. What cannot be read is left out: the stream's events
// follow.
func (s *Server) currentLines(ctx context.Context, userID, site string) []streamEvent {
	var out []streamEvent
	if s.cfg.Listing != nil {
		if games, err := s.cfg.Listing.PlayerPlaying(ctx, userID, game.ClampListLimit(game.MaxListLimit)); err == nil {
			for _, g := range games {
				out = append(out, streamEvent{Type: "gameStart", Game: s.streamGameInfo(ctx, g.ID, userID, nil)})
			}
		}
	}
	out = append(out, s.scheduledLines(ctx, userID, out)...)
	if open, err := s.cfg.Lobby.ChallengesFor(ctx, userID); err == nil {
		now := s.cfg.Now()
		for _, c := range open {
			if c.IsOpen(now) {
				lc := viewLichessChallenge(c, userID, site)
				s.withTitles(ctx, &lc, c)
				out = append(out, streamEvent{Type: "challenge", Challenge: &lc})
			}
		}
	}
	return out
}

// scheduledLines are the gameStart lines of userID's scheduled games whose
// check-in has opened and that lines (gameStart lines already written)
// do not announce: the playing list has a game once its first move is
// played.
func (s *Server) scheduledLines(ctx context.Context, userID string, lines []streamEvent) []streamEvent {
	if s.cfg.Schedule == nil {
		return nil
	}
	list, err := s.cfg.Schedule.List(ctx, userID)
	if err != nil {
		return nil
	}
	now := s.cfg.Schedule.Now()
	var out []streamEvent
	for _, a := range list {
		if !checkInOpen(a, now) || slices.ContainsFunc(lines, func(l streamEvent) bool { return l.Game != nil && l.Game.GameID == a.GameID }) {
			continue
		}
		out = append(out, streamEvent{Type: "gameStart", Game: s.streamGameInfo(ctx, a.GameID, userID, nil)})
	}
	return out
}

// checkInOpen reports whether arrangement a has a game whose check-in has
// opened at now (game.CheckInWindow before its start) and that has not
// ended.
func checkInOpen(a schedule.Arrangement, now time.Time) bool {
	return a.GameID != "" && (a.Status == schedule.Accepted || a.Status == schedule.Started) &&
		!now.Before(a.StartAt.Add(-game.CheckInWindow))
}

// streamLine is the line of lobby event e for userID, the game it starts
// (to watch for its end; the line's game is for the caller to describe),
// and false when e is not theirs; site is the server's address.
func streamLine(e lobby.Event, userID, site string) (streamEvent, string, bool) {
	if !e.Concerns(userID) {
		return streamEvent{}, "", false
	}
	switch e.Type {
	case lobby.Paired:
		return streamEvent{Type: "gameStart"}, e.GameID, true
	case lobby.ChallengeChanged:
		c := e.Challenge
		if c == nil {
			return streamEvent{}, "", false
		}
		lc := viewLichessChallenge(*c, userID, site)
		switch c.Status {
		case lobby.Created:
			return streamEvent{Type: "challenge", Challenge: &lc}, "", true
		case lobby.Accepted:
			if c.GameID != "" {
				return streamEvent{Type: "gameStart"}, c.GameID, true
			}
		case lobby.Canceled, lobby.Expired:
			return streamEvent{Type: "challengeCanceled", Challenge: &lc}, "", true
		case lobby.Declined:
			return streamEvent{Type: "challengeDeclined", Challenge: &lc}, "", true
		}
	}
	return streamEvent{}, "", false
}

// watchGameEnd sends the gameFinish line of game id to out once the game
// ends, or gives up when ctx ends.
func (s *Server) watchGameEnd(ctx context.Context, id, userID string, out chan<- streamEvent) {
	for {
		events, cancel := s.cfg.Runtime.Bus().Subscribe(id)
		// The game may have ended before the subscription: ask once.
		if ev, err := s.cfg.Runtime.Snapshot(ctx, id); err == nil && ev.Status.Finished() {
			cancel()
			s.sendFinish(ctx, ev, userID, out)
			return
		}
		if s.followToEnd(ctx, events, userID, out) {
			cancel()
			return
		}
		cancel() // dropped by the bus: subscribe again
	}
}

// followToEnd reads events until the game ends (its gameFinish sent) or
// ctx ends, reporting true; false when the bus dropped the subscription.
func (s *Server) followToEnd(ctx context.Context, events <-chan game.Event, userID string, out chan<- streamEvent) bool {
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return false
			}
			if ev.Status.Finished() {
				s.sendFinish(ctx, ev, userID, out)
				return true
			}
		case <-ctx.Done():
			return true
		}
	}
}

func (s *Server) sendFinish(ctx context.Context, ev game.Event, userID string, out chan<- streamEvent) {
	select {
	case out <- streamEvent{Type: "gameFinish", Game: s.streamGameInfo(ctx, ev.GameID, userID, &ev)}:
	case <-ctx.Done():
	}
}

// oneStream holds the keys (API tokens) that have their one event stream
// open in this process.
type oneStream struct {
	mu   sync.Mutex
	open map[string]bool
}

// take marks key's stream open, or refuses (CodeTooManySockets, limit 1,
// 429) when it already is; done marks it closed, once.
func (o *oneStream) take(key string) (done func(), err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open[key] {
		return nil, tooManySockets(1)
	}
	if o.open == nil {
		o.open = make(map[string]bool)
	}
	o.open[key] = true
	var once sync.Once
	return func() {
		once.Do(func() {
			o.mu.Lock()
			defer o.mu.Unlock()
			delete(o.open, key)
		})
	}, nil
}

// userStreams carries, to the event streams of this process, the games
// started outside the lobby (against the AI, on the requester's own
// request): their gameStart comes from here, not from the lobby's events.
type userStreams struct {
	mu   sync.Mutex
	subs map[string]map[chan string]struct{}
}

// subscribe returns the ids of the games started for userID from now on.
func (u *userStreams) subscribe(userID string) (<-chan string, func()) {
	ch := make(chan string, 16)
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.subs == nil {
		u.subs = make(map[string]map[chan string]struct{})
	}
	if u.subs[userID] == nil {
		u.subs[userID] = make(map[chan string]struct{})
	}
	u.subs[userID][ch] = struct{}{}
	return ch, func() {
		u.mu.Lock()
		defer u.mu.Unlock()
		delete(u.subs[userID], ch)
		if len(u.subs[userID]) == 0 {
			delete(u.subs, userID)
		}
	}
}

// gameStarted tells userID's streams that game id started; a stream that
// does not keep up misses it rather than hold up the request.
func (u *userStreams) gameStarted(userID, id string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	for ch := range u.subs[userID] {
		select {
		case ch <- id:
		default:
		}
	}
}

// online returns the users who have an event stream open in this process,
// in no order.
func (u *userStreams) online() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	out := make([]string, 0, len(u.subs))
	for id := range u.subs {
		out = append(out, id)
	}
	return out
}
