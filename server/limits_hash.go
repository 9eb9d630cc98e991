package server

import (
	"context"
	"runtime"
	"strconv"
	"time"

	"github.com/joinpal/joinpal/account"
)

// DefaultHashWait is how long a log-in or sign-up waits for a free
// password-hashing slot before it is refused with CodeBusy.
const DefaultHashWait = 5 * time.Second

// hashPool bounds how many Argon2id hashes run at once: each takes the
// memory of its parameters (19 MiB by default), so that many log-ins at
// once cannot take the server's memory. A caller waits for a slot up to
// wait, then is refused.
type hashPool struct {
	slots chan struct{}
	wait  time.Duration
	// after is the timer of the wait (time.After).
	after func(time.Duration) <-chan time.Time
}

// newHashPool returns a pool of n slots (GOMAXPROCS when n <= 0) whose
// callers wait up to wait (DefaultHashWait when wait <= 0).
func newHashPool(n int, wait time.Duration) *hashPool {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	if wait <= 0 {
		wait = DefaultHashWait
	}
	return &hashPool{slots: make(chan struct{}, n), wait: wait, after: time.After}
}

// acquire takes a slot, waiting for one up to the pool's wait or until
// ctx ends; it returns the slot's release, or the refusal (CodeBusy, with
// the seconds to wait before trying again).
func (p *hashPool) acquire(ctx context.Context) (release func(), err error) {
	release = func() { <-p.slots }
	select {
	case p.slots <- struct{}{}:
		return release, nil
	default:
	}
	timeout := p.after(p.wait)
	select {
	case p.slots <- struct{}{}:
		return release, nil
	case <-timeout:
	case <-ctx.Done():
	}
	secs := max(1, int(p.wait.Seconds()+0.999))
	return nil, NewError(CodeBusy, "too many passwords being checked at once", nil).With("seconds", strconv.Itoa(secs))
}

// hashPassword is account.HashPassword in a slot of the pool.
func (s *Server) hashPassword(ctx context.Context, password string) (string, error) {
	release, err := s.hashes.acquire(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	return account.HashPassword(password, s.cfg.PasswordParams)
}

// checkPassword is account.CheckPassword in a slot of the pool.
func (s *Server) checkPassword(ctx context.Context, hash, password string) (ok, rehash bool, err error) {
	release, err := s.hashes.acquire(ctx)
	if err != nil {
		return false, false, err
	}
	defer release()
	return account.CheckPassword(hash, password, s.cfg.PasswordParams)
}
