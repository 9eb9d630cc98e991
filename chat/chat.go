package chat

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/joinpal/joinpal/ratelimit"
)

// Author is who says a line: a user's id and name, and whether they are a
// guest (no account). An empty ID is nobody (an anonymous reader).
type Author struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest,omitempty"`
}

// Line is one line of a room. ID grows by one with each line of the room:
// with a [Store], the store numbers the lines of each room (the same on
// every node, across restarts); without one, each Chat numbers its own.
// At is when it was said.
type Line struct {
	ID     int64     `json:"id"`
	Room   Room      `json:"-"`
	Author Author    `json:"user"`
	Text   string    `json:"text"`
	At     time.Time `json:"-"`
}

// Report is a line someone reported, as the moderators read it: its own
// copy of the line (room, id, author, text, when it was said), so that it
// outlives the line, and who reported it when. LineID is the line's id in
// its room; a report made before the lines were stored (migration 0016)
// has the negative of the number its process gave the line, which no
// stored line has.
type Report struct {
	ID         string
	Room       Room
	LineID     int64
	Author     Author
	Text       string
	SaidAt     time.Time
	ReporterID string
	ReportedAt time.Time
}

// Mute is one reader's mute of an author in a room.
type Mute struct {
	Room  Room
	Muter string
	Muted string
	At    time.Time
}

// Store keeps the chat durable (the SQL stores have it): every line, the
// mutes, and the reports for the moderators.
type Store interface {
	// AddLines stores lines (their IDs ignored), each as the next line of
	// its room, in one write, and returns their ids in the same order:
	// each one more than the id of the room's last line ever stored, from
	// 1, so that ids are unique and grow in each room whatever node
	// stores them. When keep > 0 each room then keeps only its last keep
	// lines: the older ones are deleted in the same write. On an error
	// none is stored.
	AddLines(ctx context.Context, lines []Line, keep int) ([]int64, error)
	// LoadRoom returns room r's last lines, at most last, oldest first,
	// and its mutes, from one snapshot.
	LoadRoom(ctx context.Context, r Room, last int) ([]Line, []Mute, error)
	// SetMute stores m (on) or deletes it (off); either is idempotent.
	SetMute(ctx context.Context, m Mute, on bool) error
	// LoadLine returns line id of room r, and false if the store does not
	// hold it (never said, or deleted past the room's last lines).
	LoadLine(ctx context.Context, r Room, id int64) (Line, bool, error)
	// AddReport stores r, unless r.ReporterID reported r's line (its room
	// and line id) before, and returns the report stored: r, or the first
	// report of the line by that person, whole (its id, time and copy of
	// the line). A line is reported once by each person however many
	// nodes or restarts see the reports.
	AddReport(ctx context.Context, r Report) (Report, error)
	// Reports returns the newest reports first, at most limit (reports of
	// one instant in no set order).
	Reports(ctx context.Context, limit int) ([]Report, error)
}

// Defaults of [Config].
const (
	DefaultMaxRunes = 140
	DefaultBurst    = 4
	DefaultEvery    = 2 * time.Second
	DefaultHistory  = 50
	DefaultIdle     = time.Hour
	DefaultBuffer   = 64
	DefaultKeep     = 200
	DefaultTimeout  = 5 * time.Second
	DefaultBatch    = 64
	DefaultLoads    = 2
)

// Config sets a Chat's limits. The zero value of each field is its
// default.
type Config struct {
	// MaxRunes is the longest line, in characters (140).
	MaxRunes int
	// Burst lines at once (4), then one every Every (2 s), per author and
	// room.
	Burst int
	Every time.Duration
	// History is how many lines a room keeps and sends to who joins (50).
	History int
	// Idle is how long a room nobody is in stays in memory (an hour)
	// once it is quiet. With a Store the whole room is then forgotten (it
	// is loaded again when someone comes back); without one its lines
	// are, and its mutes stay.
	Idle time.Duration
	// Buffer is how many lines a member may fall behind by (64); past it
	// the member misses lines, and nobody else waits.
	Buffer int
	// Store keeps every line, the mutes and the reports. Without one the
	// rooms live in memory only and a report is refused (not stored).
	Store Store
	// Keep is how many lines a room keeps in the Store (200): storing a
	// line deletes the room's older ones.
	Keep int
	// Timeout bounds each call to the Store (5 s).
	Timeout time.Duration
	// Batch is the most lines stored in one write (64): the lines said on
	// this Chat are stored by one writer at a time, those said meanwhile
	// together in its next write.
	Batch int
	// Loads is how many rooms may be loaded from the Store at once (2):
	// the others wait, so that a crowd joining (after a restart) does
	// not take the database from the games.
	Loads int
	// Now is the clock (time.Now).
	Now func() time.Time
}

// Chat holds the rooms. It is safe for concurrent use.
type Chat struct {
	cfg   Config
	flood *ratelimit.Keyed

	mu        sync.Mutex
	rooms     map[Room]*room
	lastSweep time.Time

	// queue holds, under wmu, the lines waiting to be stored; a writer
	// goroutine runs while writing, and ends once the queue is empty.
	wmu     sync.Mutex
	queue   []*pending
	writing bool
	// loads holds a slot for each load from the store running.
	loads chan struct{}
}

// pending is a line waiting for the store: done is closed once it is
// stored (line then has its id) or failed (err).
type pending struct {
	line Line
	err  error
	done chan struct{}
}

// room is one room's lines, members and mutes.
type room struct {
	lines []Line // the last cfg.History, oldest first, in id order
	next  int64  // the next line's id, without a store
	// loaded is set once the stored lines and mutes are in memory;
	// loading is open while a load runs. muteGen counts the mutes set
	// here, so that a load that ran across one is made again.
	loaded  bool
	loading chan struct{}
	muteGen int64
	members map[*Member]struct{}
	mutes   map[string]map[string]bool // muter → muted → true
	touched time.Time                  // the last line, join or leave
}

// Member is one reader's presence in a room: its lines arrive on C.
type Member struct {
	// C carries the room's new lines, except those of authors the reader
	// muted. It is closed by Leave. A member that Follow made has no C:
	// its lines go to its deliver function.
	C       <-chan Line
	c       chan Line
	deliver func(Line)
	chat    *Chat
	room    Room
	reader  string
	once    sync.Once
}

// New returns a chat with cfg's limits.
func New(cfg Config) *Chat {
	if cfg.MaxRunes <= 0 {
		cfg.MaxRunes = DefaultMaxRunes
	}
	if cfg.Burst <= 0 {
		cfg.Burst = DefaultBurst
	}
	if cfg.Every <= 0 {
		cfg.Every = DefaultEvery
	}
	if cfg.History <= 0 {
		cfg.History = DefaultHistory
	}
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.Buffer <= 0 {
		cfg.Buffer = DefaultBuffer
	}
	if cfg.Keep <= 0 {
		cfg.Keep = DefaultKeep
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultBatch
	}
	if cfg.Loads <= 0 {
		cfg.Loads = DefaultLoads
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Chat{
		cfg:   cfg,
		flood: ratelimit.NewKeyed(cfg.Burst, time.Duration(cfg.Burst)*cfg.Every, cfg.Now),
		rooms: map[Room]*room{},
		loads: make(chan struct{}, cfg.Loads),
	}
}

// MaxRunes is the longest line in characters.
func (c *Chat) MaxRunes() int { return c.cfg.MaxRunes }

// roomLocked returns room r, made if new; c.mu is held.
func (c *Chat) roomLocked(r Room, now time.Time) *room {
	c.sweepLocked(now)
	rm := c.rooms[r]
	if rm == nil {
		rm = &room{next: 1, members: map[*Member]struct{}{}, mutes: map[string]map[string]bool{}}
		c.rooms[r] = rm
	}
	rm.touched = now
	return rm
}

// sweepLocked forgets, at most once per Idle, the rooms nobody is in
// that have been quiet for Idle. With a store they are forgotten whole
// (a later join loads them again); without one only their lines are
// when someone muted someone there: a mute then lasts as long as the
// process (a game's, however long the game). c.mu is held.
func (c *Chat) sweepLocked(now time.Time) {
	if now.Sub(c.lastSweep) < c.cfg.Idle {
		return
	}
	c.lastSweep = now
	for key, rm := range c.rooms {
		if len(rm.members) > 0 || now.Sub(rm.touched) < c.cfg.Idle || rm.loading != nil {
			continue
		}
		if len(rm.mutes) == 0 || c.cfg.Store != nil {
			delete(c.rooms, key)
			continue
		}
		rm.lines = nil
	}
}

// storeCtx bounds a call to the store.
func (c *Chat) storeCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, c.cfg.Timeout)
}

// load makes room r hold its stored lines and mutes, once while the room
// is in memory (a chat without a store has nothing to load), and returns
// with c.mu held and the room. On failure c.mu is not held.
func (c *Chat) load(ctx context.Context, r Room) (*room, error) {
	for {
		c.mu.Lock()
		rm := c.roomLocked(r, c.cfg.Now())
		if c.cfg.Store == nil || rm.loaded {
			return rm, nil
		}
		if ch := rm.loading; ch != nil {
			c.mu.Unlock()
			select {
			case <-ch:
				continue
			case <-ctx.Done():
				return nil, fmt.Errorf("chat: loading room %s: %w", r, ctx.Err())
			}
		}
		ch := make(chan struct{})
		rm.loading = ch
		gen := rm.muteGen
		c.mu.Unlock()
		lines, mutes, err := c.loadRoom(ctx, r)
		c.mu.Lock()
		rm.loading = nil
		close(ch)
		if err != nil {
			c.mu.Unlock()
			return nil, fmt.Errorf("chat: loading room %s: %w", r, err)
		}
		if c.rooms[r] != rm || rm.muteGen != gen {
			// Forgotten, or a mute changed while the store was read:
			// read it again.
			c.mu.Unlock()
			continue
		}
		for _, l := range lines {
			rm.insert(l, c.cfg.History)
		}
		// Every mute set here was stored before it was set (here or on
		// the node that sent it), so the store's are all of them.
		rm.mutes = map[string]map[string]bool{}
		for _, m := range mutes {
			if rm.mutes[m.Muter] == nil {
				rm.mutes[m.Muter] = map[string]bool{}
			}
			rm.mutes[m.Muter][m.Muted] = true
		}
		rm.loaded = true
		return rm, nil
	}
}

// loadRoom reads room r from the store once a load slot is free.
func (c *Chat) loadRoom(ctx context.Context, r Room) ([]Line, []Mute, error) {
	select {
	case c.loads <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	defer func() { <-c.loads }()
	sctx, cancel := c.storeCtx(ctx)
	defer cancel()
	return c.cfg.Store.LoadRoom(sctx, r, c.cfg.History)
}

// insert puts l among the room's lines in id order, keeping the last
// history, and reports whether it was new: false for a line held
// already. A line older than every line of a full room is new but not
// held.
func (rm *room) insert(l Line, history int) bool {
	n := len(rm.lines)
	if n == 0 || rm.lines[n-1].ID < l.ID {
		rm.lines = append(rm.lines, l)
	} else {
		i, found := slices.BinarySearchFunc(rm.lines, l.ID, func(x Line, id int64) int { return cmp.Compare(x.ID, id) })
		if found {
			return false
		}
		if i == 0 && n >= history {
			return true
		}
		rm.lines = slices.Insert(rm.lines, i, l)
	}
	if over := len(rm.lines) - history; over > 0 {
		rm.lines = append(rm.lines[:0:0], rm.lines[over:]...)
	}
	return true
}

// Rooms returns how many rooms are held.
func (c *Chat) Rooms() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.rooms)
}

// Join makes reader (a user id; "" for an anonymous reader) a member of
// room r and returns the membership and the room's last lines, oldest
// first, without those of authors reader muted there. Leave ends it. A
// room new to this Chat is first loaded from the store: if that fails,
// the membership is made all the same, the history is what memory holds,
// and the error says so (the next join loads again).
func (c *Chat) Join(ctx context.Context, r Room, reader string) (*Member, []Line, error) {
	ch := make(chan Line, c.cfg.Buffer)
	m := &Member{C: ch, c: ch, chat: c, room: r, reader: reader}
	history, err := c.enter(ctx, m)
	return m, history, err
}

// Follow is Join without a channel: each new line, but those of authors
// the reader muted, is handed to deliver as it is said, by the sayer's
// goroutine with the chat locked. deliver must not block nor call the
// chat. A member without a channel costs no buffer and no goroutine to
// drain it.
func (c *Chat) Follow(ctx context.Context, r Room, reader string, deliver func(Line)) (*Member, []Line, error) {
	m := &Member{deliver: deliver, chat: c, room: r, reader: reader}
	history, err := c.enter(ctx, m)
	return m, history, err
}

// enter adds m to its room, loaded first, and returns the history m's
// reader is sent.
func (c *Chat) enter(ctx context.Context, m *Member) ([]Line, error) {
	rm, err := c.load(ctx, m.room)
	if err != nil {
		c.mu.Lock()
		rm = c.roomLocked(m.room, c.cfg.Now())
	}
	defer c.mu.Unlock()
	rm.members[m] = struct{}{}
	return rm.historyFor(m.reader), err
}

// historyFor returns the room's lines but those of authors reader muted.
func (rm *room) historyFor(reader string) []Line {
	history := make([]Line, 0, len(rm.lines))
	for _, l := range rm.lines {
		if !rm.mutes[reader][l.Author.ID] {
			history = append(history, l)
		}
	}
	return history
}

// Leave ends the membership and closes m.C (once, however often called).
func (m *Member) Leave() {
	m.once.Do(func() {
		c := m.chat
		c.mu.Lock()
		defer c.mu.Unlock()
		if rm := c.rooms[m.room]; rm != nil {
			delete(rm.members, m)
			rm.touched = c.cfg.Now()
		}
		if m.c != nil {
			close(m.c)
		}
	})
}

// Say adds a line by who to room r and sends it to its members, but to
// those who muted who. It refuses a reader who may not write there
// (chat.read_only), an empty or too long line (chat.empty,
// chat.too_long) and a line past the author's burst (chat.too_fast).
// With a store, the line is stored before it is sent to anyone and Say
// returns: a line that could not be stored is an error, and nobody read
// it. Once the line is queued for the store ctx no longer counts: the
// store's Timeout bounds the wait.
func (c *Chat) Say(ctx context.Context, r Room, who Author, text string) (Line, error) {
	if err := mayWrite(r.Kind(), who); err != nil {
		return Line{}, err
	}
	text, err := Check(text, c.cfg.MaxRunes)
	if err != nil {
		return Line{}, err
	}
	if ok, retry := c.flood.Allow(string(r) + "\x00" + who.ID); !ok {
		secs := int64((retry + time.Second - 1) / time.Second)
		return Line{}, NewError(CodeTooFast, "too many lines", nil).With("seconds", strconv.FormatInt(max(secs, 1), 10))
	}
	now := c.cfg.Now()
	l := Line{Room: r, Author: who, Text: text, At: now.UTC().Truncate(time.Microsecond)}
	if c.cfg.Store == nil {
		return c.add(l, false), nil
	}
	if err := ctx.Err(); err != nil {
		return Line{}, err
	}
	p := &pending{line: l, done: make(chan struct{})}
	c.wmu.Lock()
	c.queue = append(c.queue, p)
	if !c.writing {
		c.writing = true
		go c.write()
	}
	c.wmu.Unlock()
	<-p.done // the writer's own timeout bounds the wait
	if p.err != nil {
		return Line{}, p.err
	}
	return p.line, nil
}

// write stores the queued lines, at most Batch in one write, in the
// order they were said, and sends each stored line to its room, until
// the queue is empty. The lines of one Chat are stored by one write at a
// time: a room's ids come in the order its lines are sent here, and the
// chat takes at most one of the store's connections.
func (c *Chat) write() {
	for {
		c.wmu.Lock()
		n := min(len(c.queue), c.cfg.Batch)
		if n == 0 {
			c.queue, c.writing = nil, false
			c.wmu.Unlock()
			return
		}
		batch := slices.Clone(c.queue[:n])
		c.queue = c.queue[n:]
		c.wmu.Unlock()
		lines := make([]Line, n)
		for i, p := range batch {
			lines[i] = p.line
		}
		// The writer's own context: one sayer giving up must not fail
		// the others' lines.
		ctx, cancel := context.WithTimeout(context.Background(), c.cfg.Timeout)
		ids, err := c.cfg.Store.AddLines(ctx, lines, c.cfg.Keep)
		cancel()
		if err == nil && len(ids) != n {
			err = fmt.Errorf("%d ids for %d lines", len(ids), n)
		}
		for i, p := range batch {
			if err != nil {
				p.err = fmt.Errorf("chat: storing a line of %s: %w", p.line.Room, err)
			} else {
				p.line.ID = ids[i]
				p.line = c.add(p.line, true)
			}
			close(p.done)
		}
	}
}

// Deliver adds a line that another node's Chat took (its Say checked and,
// with a store, stored it) to room r and sends it to the room's members,
// as Say does. With a store the line keeps its id, a line already held
// is not sent again, and a room this Chat does not hold is left alone
// (whoever joins it here loads it, the line with it), as is a line
// without an id (a Chat without a store numbered none); without one the
// line gets the room's next number here. l.At keeps when it was said.
func (c *Chat) Deliver(l Line) {
	if c.cfg.Store != nil {
		if l.ID <= 0 {
			return
		}
		c.mu.Lock()
		_, held := c.rooms[l.Room]
		c.mu.Unlock()
		if !held {
			return
		}
	}
	c.add(l, c.cfg.Store != nil)
}

// add adds l to its room and sends it to the room's members, but to
// those who muted its author. keepID keeps l's id (from the store), and
// a line the room holds already is not sent again; otherwise l gets the
// room's next number.
func (c *Chat) add(l Line, keepID bool) Line {
	c.mu.Lock()
	defer c.mu.Unlock()
	rm := c.roomLocked(l.Room, c.cfg.Now())
	if !keepID {
		l.ID = rm.next
		rm.next++
	}
	if !rm.insert(l, c.cfg.History) {
		return l
	}
	for m := range rm.members {
		if rm.mutes[m.reader][l.Author.ID] {
			continue
		}
		if m.deliver != nil {
			m.deliver(l)
			continue
		}
		select {
		case m.c <- l:
		default: // a reader that fell behind misses the line
		}
	}
	return l
}

// History returns room r's last lines for reader, oldest first, without
// those of authors reader muted there, loading the room from the store
// if this Chat does not hold it.
func (c *Chat) History(ctx context.Context, r Room, reader string) ([]Line, error) {
	rm, err := c.load(ctx, r)
	if err != nil {
		return nil, err
	}
	defer c.mu.Unlock()
	return rm.historyFor(reader), nil
}
