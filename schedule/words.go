package schedule

// StatusWordFamily is the code family of the statuses' words in the
// catalogues: a message says a status as {status:schedule.status}, never
// as the status's value.
const StatusWordFamily = "schedule.status"

// Statuses lists every status.
func Statuses() []Status {
	return []Status{Proposed, Accepted, Suspended, Started, Finished, Declined, Canceled, Expired}
}

// Words returns the catalogue codes of the package's words: one per
// status ("schedule.status.accepted"), as messages say it.
func Words() []string {
	var out []string
	for _, s := range Statuses() {
		out = append(out, StatusWordFamily+"."+string(s))
	}
	return out
}
