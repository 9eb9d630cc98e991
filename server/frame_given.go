package server

import (
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// given is a member of a client frame that may be absent or null: its
// value, and whether the frame gave one. Decoded in place it costs no
// allocation, where a pointer member costs one for its value.
type given[T any] struct {
	v  T
	ok bool
}

// UnmarshalJSONFrom decodes the member's value with the decoder's
// options; null leaves the member not given, as it leaves a pointer nil.
func (g *given[T]) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() == 'n' {
		*g = given[T]{}
		_, err := dec.ReadToken()
		return err
	}
	if err := jsonv2.UnmarshalDecode(dec, &g.v); err != nil {
		return err
	}
	g.ok = true
	return nil
}

// ptr returns a pointer to the value, nil when none was given.
func (g *given[T]) ptr() *T {
	if !g.ok {
		return nil
	}
	return &g.v
}
