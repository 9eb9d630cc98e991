// Package i18n holds JoinPal's interface text: one message catalogue per
// language (es.json, Spanish, the default; en.json, English), each a plain
// JSON object from a stable code to a message template, read by the Go
// server through [Message] and [Describe] and bundled as they are into the
// browser.
//
// A code is a refusal of some package ("chess.move.illegal.unreachable",
// "game.not_your_turn", "live.node_busy": its package name first) or a word
// or sentence of the interface ("side.white", "termination.checkmate",
// "outcome.checkmate.white"). docs/ERRORS.md lists every code; tests fail
// when a code has no text in some language, when a catalogue has a key that
// is no code, and when a text leaves out a parameter its code declares.
//
// A template is text with placeholders in braces: {square} is replaced by
// the parameter "square" as it is; {piece:piece} by the text of the code
// "piece." + the value of the parameter "piece" (e.g. "piece.knight": "el
// caballo"), so that words inside a sentence are translated too;
// {n, plural, =0 {…} one {…} other {…}} by the branch that the count n
// selects (an exact =N, else n's CLDR plural category in the language),
// "#" in it being n; {n:number} by a grouped number; {at:datetime} by an
// RFC 3339 instant in the reader's language and time zone ([Reader]); and
// {left:duration} by whole seconds as "59 min". Braces appear nowhere
// else. A placeholder without its parameter is reported ([Render],
// [OnRenderError]) and shown as [Unfilled]. The browser renders the same
// templates (web/src/lib/i18n.ts); testdata/render.json is the corpus both
// renderers pass.
//
// Errors of every package of JoinPal implement [Coded]; the package
// imports nothing of JoinPal's, so that any package may import it.
package i18n
