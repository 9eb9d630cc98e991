package natsbus

import (
	"errors"
	"strings"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// request is a command or a read of a game sent to the node that runs it.
type request struct {
	Op     string `json:"op"`
	Game   string `json:"game"`
	Player string `json:"player,omitempty"`
	// From is the node that asks (the presence of players is counted by
	// node).
	From  string            `json:"from,omitempty"`
	Move  *live.MoveRequest `json:"move,omitempty"`
	Seq   int64             `json:"seq,omitempty"`
	At    time.Time         `json:"at,omitzero"`
	Asked time.Time         `json:"asked,omitzero"`
}

// reply is the owner's answer to a request.
type reply struct {
	Ack      *live.Ack           `json:"ack,omitempty"`
	Event    *game.Event         `json:"event,omitempty"`
	Events   []game.Event        `json:"events,omitempty"`
	Schedule *game.ScheduleState `json:"schedule,omitempty"`
	Err      []wireError         `json:"err,omitempty"`
}

// wireError is one coded error of an answer's chain, outermost first. A
// chain without a coded error travels as one wireError without a code.
type wireError struct {
	Code   string            `json:"code,omitempty"`
	Msg    string            `json:"msg"`
	Params map[string]string `json:"params,omitempty"`
}

// codedError is what JoinPal's coded errors have (internal/coded.Error and
// the rules core's error types).
type codedError interface {
	error
	ErrorCode() string
	ErrorParams() map[string]string
}

// encodeError turns err into its chain of coded errors, for the wire.
func encodeError(err error) []wireError {
	if err == nil {
		return nil
	}
	var out []wireError
	for e := err; e != nil; {
		if c, ok := e.(codedError); ok {
			out = append(out, wireError{Code: c.ErrorCode(), Msg: c.Error(), Params: c.ErrorParams()})
		}
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			e = u.Unwrap()
		case interface{ Unwrap() []error }:
			if errs := u.Unwrap(); len(errs) > 0 {
				e = errs[0]
			} else {
				e = nil
			}
		default:
			e = nil
		}
	}
	if len(out) == 0 {
		return []wireError{{Msg: err.Error()}}
	}
	return out
}

// decodeError rebuilds an error from its chain: live's, game's and arena's codes
// as their own packages' errors (so errors.Is and errors.As work as on the
// owner), any other code as a remoteError that describes itself the same.
func decodeError(chain []wireError) error {
	if len(chain) == 0 {
		return nil
	}
	var err error
	for i := len(chain) - 1; i >= 0; i-- {
		w := chain[i]
		msg := w.Msg
		if inner := err; inner != nil {
			msg = strings.TrimSuffix(msg, ": "+inner.Error())
		}
		switch {
		case w.Code == "":
			err = errors.New("natsbus: the owner node: " + w.Msg)
		case strings.HasPrefix(w.Code, "live."):
			e := live.NewError(live.Code(w.Code), strings.TrimPrefix(msg, "live: "), err)
			e.Params = w.Params
			err = e
		case strings.HasPrefix(w.Code, "game."):
			e := game.NewError(game.Code(w.Code), strings.TrimPrefix(msg, "game: "), err)
			e.Params = w.Params
			err = e
		case strings.HasPrefix(w.Code, "arena."):
			e := arena.NewError(arena.Code(w.Code), strings.TrimPrefix(msg, "arena: "), err)
			e.Params = w.Params
			err = e
		default:
			err = &remoteError{code: w.Code, msg: msg, params: w.Params, err: err}
		}
	}
	return err
}

// remoteError is a coded error of another package, as the owner node
// reported it.
type remoteError struct {
	code, msg string
	params    map[string]string
	err       error
}

func (e *remoteError) Error() string {
	if e.err != nil {
		return e.msg + ": " + e.err.Error()
	}
	return e.msg
}
func (e *remoteError) Unwrap() error                  { return e.err }
func (e *remoteError) ErrorCode() string              { return e.code }
func (e *remoteError) ErrorParams() map[string]string { return e.params }
