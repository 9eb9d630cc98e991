package server

import (
	"strconv"
	"sync"
)

// Default caps on the WebSockets open at once (SocketConfig.MaxPerUser,
// MaxPerAddress): far more than the tabs one person keeps open, far fewer
// than a script opens.
const (
	DefaultSocketsPerUser    = 32
	DefaultSocketsPerAddress = 200
)

// socketCaps counts the WebSockets open per user (account or guest) and
// per client address, and refuses one more past either cap. It is safe
// for concurrent use; its memory is one entry per user and address with a
// socket open.
type socketCaps struct {
	perUser, perAddress int

	mu    sync.Mutex
	users map[string]int
	addrs map[string]int
}

// newSocketCaps returns caps of perUser and perAddress sockets (the
// defaults when <= 0).
func newSocketCaps(perUser, perAddress int) *socketCaps {
	if perUser <= 0 {
		perUser = DefaultSocketsPerUser
	}
	if perAddress <= 0 {
		perAddress = DefaultSocketsPerAddress
	}
	return &socketCaps{perUser: perUser, perAddress: perAddress, users: map[string]int{}, addrs: map[string]int{}}
}

// take counts one more socket of user ("" for nobody: the address's cap
// only) from addr, or returns the refusal (CodeTooManySockets, with the
// cap that was reached). release gives the socket back, once.
func (c *socketCaps) take(user, addr string) (release func(), err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if user != "" && c.users[user] >= c.perUser {
		return nil, tooManySockets(c.perUser)
	}
	if c.addrs[addr] >= c.perAddress {
		return nil, tooManySockets(c.perAddress)
	}
	if user != "" {
		c.users[user]++
	}
	c.addrs[addr]++
	var once sync.Once
	return func() { once.Do(func() { c.give(user, addr) }) }, nil
}

// give forgets one socket of user from addr.
func (c *socketCaps) give(user, addr string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	dec := func(m map[string]int, k string) {
		if m[k]--; m[k] <= 0 {
			delete(m, k)
		}
	}
	if user != "" {
		dec(c.users, user)
	}
	dec(c.addrs, addr)
}

// tooManySockets is the refusal of a socket past a cap of limit.
func tooManySockets(limit int) *Error {
	return NewError(CodeTooManySockets, "too many sockets open", nil).With("limit", strconv.Itoa(limit))
}
