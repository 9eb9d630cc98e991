package lobby_test

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/joinpal/joinpal/lobby"
)

// SweepEvery sweeps on its own: a seek whose owner left is gone after the
// grace and the next tick, with nobody calling Sweep. (synctest's bubble
// gives the ticker and the clock a fake time: nothing sleeps for real.)
func TestSweepEvery(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := newEnv(t, func(c *lobby.Config) { c.Now = time.Now })
		e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
		mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:1"))
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() {
			e.svc.SweepEvery(ctx, time.Second)
			close(done)
		}()
		time.Sleep(4 * time.Second)
		synctest.Wait()
		if len(e.seeks(t)) != 1 {
			t.Error("swept before the grace")
		}
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if len(e.seeks(t)) != 0 {
			t.Error("not swept after the grace")
		}
		cancel()
		<-done
	})
}
