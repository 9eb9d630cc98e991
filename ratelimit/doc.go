// Package ratelimit limits how often something may happen: Keyed limits
// many callers at once (log-in attempts per IP address and per account),
// Window limits one stream exactly (the frames of one WebSocket).
//
// Time is injected (a Now function), so tests never sleep.
package ratelimit
