package postgres_test

import (
	"testing"

	"github.com/joinpal/joinpal/store/storetest"
)

// TestScheduleConformance: scheduled games on PostgreSQL — the arrangements'
// store and the runtime across restarts.
func TestScheduleConformance(t *testing.T) {
	storetest.RunSchedule(t, func(t *testing.T) storetest.ScheduleStore { return openFor(t) })
}
