// Package server is JoinPal's HTTP face: one table of routes (routes.go)
// on a net/http ServeMux, handlers that decode → validate → call the domain
// → respond, one file per resource (*_handlers.go).
//
// Every refusal is JSON {code, message, params} (see [Codes] and
// docs/ERRORS.md) with the status of errors.go's one table, in the
// language of the request: the user's setting, else Accept-Language,
// Spanish by default. An error without a code is answered "internal" and
// its cause goes to the log only.
//
// People are guests (an anonymous user made at once, in a session cookie,
// with a generated display name) or accounts (account.Store). Sessions
// live in the store, so any node serves them and they can be revoked; the
// cookie holds only the session's secret (HttpOnly, SameSite=Lax, Secure
// when the request came over https). Behind a proxy that ends TLS, the
// client's address (the key of every per-address limit) and scheme come
// from X-Forwarded-For and X-Forwarded-Proto, believed only from
// Config.TrustedProxies (origin.go). Programs use API tokens (Authorization: Bearer), stored
// hashed, named, revocable and limited to scopes. Every state-changing
// request passes http.CrossOriginProtection; WebSocket upgrades call
// [Server.CheckOrigin]. Log-ins and sign-ups are rate-limited per IP and
// per account; passwords are never logged.
//
// /healthz is ready once the runtime has resumed its games
// ([Server.SetReady]), and answers 503 while the store confirms no writes;
// /metrics serves Prometheus metrics.
package server
