package server

import (
	"net/http"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/schedule"
)

// The HTTP statuses of the scheduled games' codes, added to the one table
// of errors.go (a code not listed is a 400).
func init() {
	for code, status := range map[string]int{
		string(schedule.CodeNotFound):       http.StatusNotFound,
		string(schedule.CodeExists):         http.StatusConflict,
		string(schedule.CodeConflict):       http.StatusConflict,
		string(schedule.CodeNotYours):       http.StatusForbidden,
		string(schedule.CodeClosed):         http.StatusConflict,
		string(schedule.CodeNotAccepted):    http.StatusConflict,
		string(schedule.CodeRequestPending): http.StatusConflict,
		string(schedule.CodeNoRequest):      http.StatusConflict,
		string(schedule.CodePostponeLimit):  http.StatusConflict,
		string(schedule.CodeNeedsAccounts):  http.StatusForbidden,
		string(game.CodePostponeTooLate):    http.StatusConflict,
		string(game.CodeCheckInNotOpen):     http.StatusConflict,
		string(game.CodeNotScheduled):       http.StatusConflict,
	} {
		statuses[code] = status
	}
}
