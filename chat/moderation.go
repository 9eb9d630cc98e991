package chat

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/joinpal/joinpal/internal/randid"
)

// Mute stops muted's lines in room r from reaching muter (from now on,
// and in the history muter is sent). With a store the mute is stored
// first and lasts as long as the room's lines do; without one, as long
// as the process runs. Muting oneself or nobody, or by nobody, is
// refused (chat.bad_mute).
func (c *Chat) Mute(ctx context.Context, r Room, muter, muted string) error {
	return c.setMute(ctx, r, muter, muted, true)
}

// Unmute undoes Mute.
func (c *Chat) Unmute(ctx context.Context, r Room, muter, muted string) error {
	return c.setMute(ctx, r, muter, muted, false)
}

// DeliverMute applies a mute (on) or an unmute that another node's Chat
// made (and, with a store, stored) to room r here, storing nothing. With
// a store a room this Chat does not hold is left alone: it loads the
// mute with the room.
func (c *Chat) DeliverMute(r Room, muter, muted string, on bool) {
	if muter == "" || muted == "" || muter == muted {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, held := c.rooms[r]; !held && c.cfg.Store != nil {
		return
	}
	c.muteLocked(c.roomLocked(r, c.cfg.Now()), muter, muted, on)
}

func (c *Chat) setMute(ctx context.Context, r Room, muter, muted string, on bool) error {
	if muter == "" || muted == "" || muter == muted {
		return NewError(CodeBadMute, "a mute needs two different people", nil)
	}
	if c.cfg.Store != nil {
		sctx, cancel := c.storeCtx(ctx)
		err := c.cfg.Store.SetMute(sctx, Mute{Room: r, Muter: muter, Muted: muted, At: c.cfg.Now().UTC().Truncate(time.Microsecond)}, on)
		cancel()
		if err != nil {
			return fmt.Errorf("chat: storing a mute in %s: %w", r, err)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.muteLocked(c.roomLocked(r, c.cfg.Now()), muter, muted, on)
	return nil
}

// muteLocked sets or clears muter's mute of muted in rm. c.mu is held.
func (c *Chat) muteLocked(rm *room, muter, muted string, on bool) {
	rm.muteGen++
	if !on {
		delete(rm.mutes[muter], muted)
		return
	}
	if rm.mutes[muter] == nil {
		rm.mutes[muter] = map[string]bool{}
	}
	rm.mutes[muter][muted] = true
}

// Muted reports whether muter muted muted in room r.
func (c *Chat) Muted(r Room, muter, muted string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	rm := c.rooms[r]
	return rm != nil && rm.mutes[muter][muted]
}

// Report stores line lineID of room r, as reported by reporter, for the
// moderators, and returns the report. The line is the one this Chat holds
// or, failing that, the store's: any stored line of the room (its last
// Keep) may be reported. A line neither holds is refused (chat.no_line);
// so is a report by nobody (chat.read_only). A line reported again by the
// same person is not stored again, whichever node took the first report
// and however long ago: the first report comes back. Without a store a
// report is an error (nothing keeps it).
func (c *Chat) Report(ctx context.Context, r Room, lineID int64, reporter string) (Report, error) {
	if reporter == "" {
		return Report{}, NewError(CodeReadOnly, "nobody may report", nil)
	}
	noLine := NewError(CodeNoLine, fmt.Sprintf("no line %d in the room", lineID), nil)
	if lineID <= 0 {
		return Report{}, noLine
	}
	l, found := c.held(r, lineID)
	if c.cfg.Store == nil {
		if !found {
			return Report{}, noLine
		}
		return Report{}, errors.New("chat: no store for reports")
	}
	if !found {
		sctx, cancel := c.storeCtx(ctx)
		var err error
		l, found, err = c.cfg.Store.LoadLine(sctx, r, lineID)
		cancel()
		if err != nil {
			return Report{}, fmt.Errorf("chat: reading line %d of %s: %w", lineID, r, err)
		}
		if !found {
			return Report{}, noLine
		}
	}
	rep := Report{
		ID:     randid.String(randid.Alphanumeric, 12),
		Room:   r,
		LineID: l.ID,
		Author: l.Author,
		Text:   l.Text,
		SaidAt: l.At,
		// The time as the store keeps it, so that the report returned
		// is the one stored.
		ReporterID: reporter,
		ReportedAt: c.cfg.Now().UTC().Truncate(time.Microsecond),
	}
	sctx, cancel := c.storeCtx(ctx)
	defer cancel()
	stored, err := c.cfg.Store.AddReport(sctx, rep)
	if err != nil {
		return Report{}, fmt.Errorf("chat: report: %w", err)
	}
	return stored, nil
}

// held returns line id of room r if this Chat holds it.
func (c *Chat) held(r Room, id int64) (Line, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	rm := c.rooms[r]
	if rm == nil {
		return Line{}, false
	}
	i, found := slices.BinarySearchFunc(rm.lines, id, func(x Line, id int64) int { return cmp.Compare(x.ID, id) })
	if !found {
		return Line{}, false
	}
	return rm.lines[i], true
}
