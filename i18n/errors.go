package i18n

import "maps"

// Coded is an error with a stable code and the parameters its message
// needs: the one contract of JoinPal's errors. Every coded error
// implements it without importing this package: the instances of
// internal/coded's Error (*game.Error, *lobby.Error, *server.Error ...) and
// the rules core's own types (*chess.Error, *pgn.Error, *uci.Error), so the
// server can speak of any of them without knowing its package.
//
// The methods are ErrorCode and ErrorParams, not Code and Params, because
// the errors keep their codes in a public field named Code.
type Coded interface {
	error
	// ErrorCode returns the stable code, e.g. "game.not_your_turn".
	ErrorCode() string
	// ErrorParams returns the parameters of the message by name; the
	// caller may change the map. It may be nil.
	ErrorParams() map[string]string
}

// CodeInternal is the code of an error that is not [Coded]: something went
// wrong that the user cannot fix. Its cause belongs in the log, not in the
// answer.
const CodeInternal = "internal"

// Description is what a client is told of an error.
type Description struct {
	// Code is the code of the outermost Coded error in the chain (what the
	// program that was called refused, e.g. "game.illegal_move"), or
	// CodeInternal.
	Code string `json:"code"`
	// Reason is the code of the innermost Coded error, the most precise
	// account of what is wrong (e.g. "chess.move.illegal.unreachable"); the
	// same as Code when the chain has one Coded error.
	Reason string `json:"reason"`
	// Message is Reason's text in the language asked for.
	Message string `json:"message"`
	// Params are the parameters of every Coded error of the chain; where
	// two have one name, the inner one's value is kept.
	Params map[string]string `json:"params,omitempty"`
	// Details describes each error of a joined error in the chain (one
	// with Unwrap() []error, such as chess.SetupError with every problem of
	// a position) when it holds more than one; Code, Reason and Message
	// above are those of the first.
	Details []Description `json:"details,omitempty"`
}

// chain returns the Coded errors of err from the outermost in, following
// Unwrap() error and, for errors that join several, the first of
// Unwrap() []error.
func chain(err error) []Coded {
	var out []Coded
	for err != nil {
		if c, ok := err.(Coded); ok {
			out = append(out, c)
		}
		switch e := err.(type) {
		case interface{ Unwrap() error }:
			err = e.Unwrap()
		case interface{ Unwrap() []error }:
			if errs := e.Unwrap(); len(errs) > 0 {
				err = errs[0]
			} else {
				err = nil
			}
		default:
			err = nil
		}
	}
	return out
}

// Code returns the code of the outermost Coded error in err's chain,
// CodeInternal if there is none, and "" for a nil err.
func Code(err error) string {
	if err == nil {
		return ""
	}
	if c := chain(err); len(c) > 0 {
		return c[0].ErrorCode()
	}
	return CodeInternal
}

// Params returns the parameters of every Coded error in err's chain (the
// inner one's value where two have one name), or nil if there are none.
func Params(err error) map[string]string {
	var out map[string]string
	c := chain(err)
	for i := len(c) - 1; i >= 0; i-- {
		for k, v := range c[i].ErrorParams() {
			if out == nil {
				out = map[string]string{}
			}
			if _, ok := out[k]; !ok {
				out[k] = v
			}
		}
	}
	return out
}

// Describe tells what err means in the language lang asks for (a tag or an
// Accept-Language header, see [Match]), for a reader whose time zone is
// not known: see [Reader.Describe].
func Describe(lang string, err error) Description {
	return Reader{Lang: lang}.Describe(err)
}

// Describe tells r what err means: the outermost code, the innermost (most
// precise) code and its text, and the parameters as the error gave them
// (instants in RFC 3339, for programs). An error that is not Coded is
// described as CodeInternal, with no parameters: its own message is for
// the log. A nil err gives the zero Description.
func (r Reader) Describe(err error) Description {
	if err == nil {
		return Description{}
	}
	c := chain(err)
	if len(c) == 0 {
		return Description{Code: CodeInternal, Reason: CodeInternal, Message: r.Message(CodeInternal, nil)}
	}
	params := Params(err)
	reason := c[len(c)-1].ErrorCode()
	d := Description{
		Code:    c[0].ErrorCode(),
		Reason:  reason,
		Message: r.Message(reason, params),
		Params:  maps.Clone(params),
	}
	if errs := joined(err); len(errs) > 1 {
		for _, e := range errs {
			d.Details = append(d.Details, r.Describe(e))
		}
	}
	return d
}

// joined returns the errors of the first joined error in err's chain (as
// chain follows it), or nil.
func joined(err error) []error {
	for err != nil {
		switch e := err.(type) {
		case interface{ Unwrap() error }:
			err = e.Unwrap()
		case interface{ Unwrap() []error }:
			return e.Unwrap()
		default:
			return nil
		}
	}
	return nil
}
