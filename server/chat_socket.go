package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"sync"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/i18n"
)

// Chat is what the sockets ask of the chat (chat.Chat has it).
type Chat interface {
	Join(ctx context.Context, r chat.Room, reader string) (*chat.Member, []chat.Line, error)
	Follow(ctx context.Context, r chat.Room, reader string, deliver func(chat.Line)) (*chat.Member, []chat.Line, error)
	History(ctx context.Context, r chat.Room, reader string) ([]chat.Line, error)
	Say(ctx context.Context, r chat.Room, who chat.Author, text string) (chat.Line, error)
	Mute(ctx context.Context, r chat.Room, muter, muted string) error
	Unmute(ctx context.Context, r chat.Room, muter, muted string) error
	Report(ctx context.Context, r chat.Room, lineID int64, reporter string) (chat.Report, error)
	MaxRunes() int
}

// The client frames of the chat, on the game and lobby sockets, by type.
const (
	frameChatSay    = "chat-say"
	frameChatMute   = "chat-mute"
	frameChatUnmute = "chat-unmute"
	frameChatReport = "chat-report"
)

// isChatFrame reports whether typ is a client frame of the chat.
func isChatFrame(typ string) bool {
	switch typ {
	case frameChatSay, frameChatMute, frameChatUnmute, frameChatReport:
		return true
	}
	return false
}

type (
	// chatSayFrame is the data of a "chat-say": the line (required) and
	// an optional id that the ack or error carries back.
	chatSayFrame struct {
		Text *string `json:"text"`
		ID   int64   `json:"id,omitempty"`
	}
	// chatMuteFrame is the data of a "chat-mute" or "chat-unmute": whose
	// lines (a user id, required).
	chatMuteFrame struct {
		User *string `json:"user"`
		ID   int64   `json:"id,omitempty"`
	}
	// chatReportFrame is the data of a "chat-report": the line's id in
	// the socket's room (required, ≥ 1).
	chatReportFrame struct {
		Line *int64 `json:"line"`
		ID   int64  `json:"id,omitempty"`
	}
)

// errNegativeID refuses a frame with a negative id.
var errNegativeID = errors.New("an id is at least 0")

func (c chatSayFrame) check() error {
	switch {
	case c.Text == nil:
		return errors.New("a chat line needs its text")
	case c.ID < 0:
		return errNegativeID
	}
	return nil
}

func (c chatMuteFrame) check() error {
	switch {
	case c.User == nil:
		return errors.New("a mute needs its user")
	case c.ID < 0:
		return errNegativeID
	}
	return nil
}

func (c chatReportFrame) check() error {
	switch {
	case c.Line == nil:
		return errors.New("a report needs its line")
	case *c.Line < 1:
		return errors.New("a line is at least 1")
	case c.ID < 0:
		return errNegativeID
	}
	return nil
}

// chatLineJSON is a line as the "chat" and "chat-history" frames carry it.
type chatLineJSON struct {
	ID   int64       `json:"id"`
	User chat.Author `json:"user"`
	Text string      `json:"text"`
	At   int64       `json:"at"` // ms since 1970
}

func chatLine(l chat.Line) chatLineJSON {
	return chatLineJSON{ID: l.ID, User: l.Author, Text: l.Text, At: l.At.UnixMilli()}
}

// chatHistoryJSON is the data of a "chat-history" frame.
type chatHistoryJSON struct {
	// Room is the kind of the socket's room: lobby, players, spectators.
	Room  chat.Kind      `json:"room"`
	Lines []chatLineJSON `json:"lines"`
	// Max is the longest line in characters.
	Max int `json:"max"`
	// Write says whether the reader may write there (a guest or nobody
	// may only read, but for a guest playing the game).
	Write bool `json:"write"`
}

// chatSocket is a socket's place in one chat room.
type chatSocket struct {
	chat Chat
	sock *socket
	who  Identity
	room chat.Room
	log  *slog.Logger

	// queue holds, under qmu, the chat frames read and not yet run; a
	// goroutine runs them in order while busy, and ends when it is
	// empty. The chat's frames wait for the store, so they are run off
	// the socket's reader: a move read after a line does not wait for
	// the line to be stored.
	qmu   sync.Mutex
	queue []inFrame
	busy  bool

	// joined is closed once the socket has joined its room (join); the
	// membership is member, under mmu, and gone is set once the socket
	// has closed.
	joined chan struct{}
	mmu    sync.Mutex
	member *chat.Member
	gone   bool
}

// chatQueue is how many chat frames of a socket may wait to be run; a
// frame past it is refused with chat.too_fast.
const chatQueue = 16

// author is who as a line's author.
func (cs *chatSocket) author() chat.Author {
	u := cs.who.User
	return chat.Author{ID: u.ID, Name: u.DisplayName, Guest: u.Guest}
}

// mayWrite mirrors chat's rule for the history frame: the page hides the
// input from who may only read.
func (cs *chatSocket) mayWrite() bool {
	u := cs.who.User
	if u.ID == "" {
		return false
	}
	return !u.Guest || cs.room.Kind() == chat.KindPlayers
}

// isClubMember reports whether userID holds a member's place (owner,
// admin or member) in club clubID: a request or an invitation is not one.
func (s *Server) isClubMember(ctx context.Context, clubID, userID string) bool {
	if s.cfg.Clubs == nil || userID == "" {
		return false
	}
	m, err := s.cfg.Clubs.Membership(ctx, clubID, userID)
	return err == nil && m.Role.IsMember()
}

// handleClubSocket serves GET /api/club/{id}/socket: the club's chat room,
// for its members only (anyone else is answered 409 club.not_member
// before the upgrade). It carries chat-history and chat, takes the chat's
// frames and ping, and nothing else.
func (s *Server) handleClubSocket(w http.ResponseWriter, r *http.Request) {
	who, ok := s.socketViewer(w, r)
	if !ok {
		return
	}
	clubs, ok := s.clubService(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	if _, err := clubs.Get(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.isClubMember(r.Context(), id, who.User.ID) {
		s.writeError(w, r, club.NewError(club.CodeNotMember, "the club's chat is for its members", nil).
			With("user", who.User.Username))
		return
	}
	sock, done, ok := s.upgrade(w, r, who)
	if !ok {
		return
	}
	cs := s.joinChat(sock, who, chat.Club(id))
	s.detach(sock, done, func(ctx context.Context) {
		sock.serve(ctx, func(f inFrame, _ []byte) {
			switch {
			case f.T == "ping":
				sock.pong(f)
			case isChatFrame(f.T):
				cs.take(f)
			default:
				sock.send(errorFrame(sock.reader, 0, NewError(CodeUnknownFrame, "unknown frame type", nil).
					With("type", clip(f.T))))
			}
		})
	})
}

// joinChat makes the socket a member of its room and sends the room's
// history; the room's new lines are queued on the socket as they are said
// (a line is not worth the socket: a full queue drops it), with no
// goroutine of the socket's waiting for them. The membership ends with
// the socket. Joining may read the room from the store, so it runs on a
// goroutine of its own: the socket serves its other frames at once, and
// its chat frames wait for the join (take).
func (s *Server) joinChat(sock *socket, who Identity, room chat.Room) *chatSocket {
	cs := &chatSocket{chat: s.chat, sock: sock, who: who, room: room, log: s.log, joined: make(chan struct{})}
	sock.onClose(cs.leave)
	go cs.join()
	return cs
}

// join joins the socket's room and sends its history, then lets the
// chat frames run.
func (cs *chatSocket) join() {
	defer close(cs.joined)
	// A line said while the history is being sent waits for it: the
	// history comes first.
	var first sync.Mutex
	first.Lock()
	defer first.Unlock()
	sock := cs.sock
	m, history, err := cs.chat.Follow(context.Background(), cs.room, cs.who.User.ID, func(l chat.Line) {
		first.Lock()
		defer first.Unlock()
		sock.sendLossy(outFrame{T: "chat", D: chatLine(l)})
	})
	if err != nil {
		// The room's new lines come all the same; its history lacks what
		// the store holds.
		cs.log.Error("server: the chat's history", "room", cs.room, "err", err)
	}
	cs.mmu.Lock()
	cs.member = m
	gone := cs.gone
	cs.mmu.Unlock()
	if gone {
		m.Leave()
		return
	}
	lines := make([]chatLineJSON, 0, len(history))
	for _, l := range history {
		lines = append(lines, chatLine(l))
	}
	sock.send(outFrame{T: "chat-history", D: chatHistoryJSON{Room: cs.room.Kind(), Lines: lines, Max: cs.chat.MaxRunes(), Write: cs.mayWrite()}})
}

// leave ends the socket's membership, now or once join has made it.
func (cs *chatSocket) leave() {
	cs.mmu.Lock()
	cs.gone = true
	m := cs.member
	cs.mmu.Unlock()
	if m != nil {
		m.Leave()
	}
}

// take queues a chat frame of the socket to be run (handle) after those
// before it, on a goroutine of the chat's: the socket's reader goes on.
func (cs *chatSocket) take(f inFrame) {
	cs.qmu.Lock()
	defer cs.qmu.Unlock()
	if len(cs.queue) >= chatQueue {
		var id struct {
			ID int64 `json:"id"`
		}
		_ = json.Unmarshal(f.D, &id) // the id the refusal carries back, if any
		cs.sock.send(errorFrame(cs.sock.reader, max(id.ID, 0), chat.NewError(chat.CodeTooFast, "too many chat frames waiting", nil).
			With("seconds", "1")))
		return
	}
	cs.queue = append(cs.queue, f)
	if !cs.busy {
		cs.busy = true
		go cs.run()
	}
}

// run runs the queued frames in order, once the socket has joined its
// room, until none is left.
func (cs *chatSocket) run() {
	<-cs.joined
	for {
		cs.qmu.Lock()
		if len(cs.queue) == 0 {
			cs.queue, cs.busy = nil, false
			cs.qmu.Unlock()
			return
		}
		f := cs.queue[0]
		cs.queue = cs.queue[1:]
		cs.qmu.Unlock()
		cs.handle(f)
	}
}

// handle runs one chat frame of the socket: a token needs its scope
// (scopes.go), and the chat judges the rest. A line is acknowledged once
// the chat has stored it.
func (cs *chatSocket) handle(f inFrame) {
	reader := cs.sock.reader
	ctx := context.Background()
	var (
		id  int64
		err error
	)
	switch f.T {
	case frameChatSay:
		var d chatSayFrame
		if err = decodeData(f, &d); err == nil {
			id = d.ID
			if err = tokenRefusal(cs.who, f.T); err == nil {
				_, err = cs.chat.Say(ctx, cs.room, cs.author(), *d.Text)
			}
		}
	case frameChatMute, frameChatUnmute:
		var d chatMuteFrame
		if err = decodeData(f, &d); err == nil {
			id = d.ID
			if err = tokenRefusal(cs.who, f.T); err == nil {
				if f.T == frameChatMute {
					err = cs.chat.Mute(ctx, cs.room, cs.who.User.ID, *d.User)
				} else {
					err = cs.chat.Unmute(ctx, cs.room, cs.who.User.ID, *d.User)
				}
			}
		}
	case frameChatReport:
		var d chatReportFrame
		if err = decodeData(f, &d); err == nil {
			id = d.ID
			if err = tokenRefusal(cs.who, f.T); err == nil {
				_, err = cs.chat.Report(ctx, cs.room, *d.Line, cs.who.User.ID)
			}
		}
	}
	if err != nil {
		d := errorFrame(reader, id, err)
		if d.D.(errorData).Code == i18n.CodeInternal {
			// The store failed: the client is told internal, the log why.
			cs.log.Error("server: a chat frame", "type", f.T, "room", cs.room, "err", err)
		}
		cs.sock.send(d)
		return
	}
	cs.sock.send(outFrame{T: "ack", D: ackData{ID: id}})
}

// chatReportRequest is the body of POST /api/chat/report: the room's key
// ("lobby", "game:<id>", "game:<id>:spectators") and the line's id in it.
type chatReportRequest struct {
	Room string `json:"room"`
	Line int64  `json:"line"`
}

// postChatReport serves POST /api/chat/report: the line of a room the
// requester is in (the lobby; a game's players' room for its players, its
// spectators' room for anyone else) reported to the moderators, as the
// socket's chat-report does. It needs the scope of chat-report
// (scopes.go). A room the requester cannot read answers chat.no_line, as
// a line the room no longer holds does.
func (s *Server) postChatReport(w http.ResponseWriter, r *http.Request) {
	var req chatReportRequest
	if !s.decodeJSON(w, r, &req) {
		return
	}
	who, ok := s.signedIn(w, r, scopeFor(frameChatReport))
	if !ok {
		return
	}
	room := chat.Room(req.Room)
	if !s.readsChat(r.Context(), room, who.User.ID) {
		s.writeError(w, r, chat.NewError(chat.CodeNoLine, "a room the reporter does not read", nil))
		return
	}
	rep, err := s.chat.Report(r.Context(), room, req.Line, who.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": rep.ID})
}

// readsChat reports whether userID is in room: everyone is in the lobby's;
// a game's players in its players' room, everyone else in its
// spectators'.
func (s *Server) readsChat(ctx context.Context, room chat.Room, userID string) bool {
	kind := room.Kind()
	if kind == chat.KindLobby {
		return true
	}
	if clubID, ok := room.ClubID(); ok {
		return s.isClubMember(ctx, clubID, userID)
	}
	id, ok := room.GameID()
	if !ok {
		return false
	}
	rec, err := s.loadGame(ctx, id)
	if err != nil {
		return false
	}
	_, plays := sideOfUser(rec, userID)
	return plays == (kind == chat.KindPlayers)
}
