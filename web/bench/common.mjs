// common.mjs is what the browser measurements share: a fresh `joinpal serve`
// (web/browser/harness.mjs), API clients with their own cookies, games
// paired through the lobby and moves played over HTTP (docs/openapi.yaml).
import { request } from 'playwright-core';

/** api returns call(client, method, path, body): the JSON answer of one request to url, or an error with the server's words. */
export function api(url) {
  return async function call(client, method, path, body) {
    const res = method === 'GET' ? await client.get(url + path) : await client.post(url + path, body === undefined ? {} : { data: body });
    const text = await res.text();
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** identity is a new API-only client of url with its own cookies (a guest at its first request). */
export function identity(url) {
  return request.newContext({ baseURL: url, extraHTTPHeaders: { 'Accept-Language': 'es-ES' } });
}

/**
 * pair starts a game between clients a and b through the lobby (a's seek
 * waits, b's pairs with it) and returns its id and its white and black
 * clients.
 */
export async function pair(call, a, b, timeControl = '5+0') {
  const first = await call(a, 'POST', '/api/seek', { timeControl });
  if (first.gameId) throw new Error('the first seek paired at once: the lobby was not empty');
  const res = await call(b, 'POST', '/api/seek', { timeControl });
  if (!res.gameId) throw new Error('the second seek did not pair: ' + JSON.stringify(res));
  const aIsWhite = res.white.id === first.seek.owner.id;
  return { id: res.gameId, white: aIsWhite ? a : b, black: aIsWhite ? b : a };
}

/** play plays uci moves in turn from the side to move at ply from (white first by default), over HTTP. */
export async function play(call, g, moves, from = 0) {
  for (const [i, uci] of moves.entries()) {
    await call((from + i) % 2 === 0 ? g.white : g.black, 'POST', `/api/game/${g.id}/move/${uci}`);
  }
}

/** quantile is the q-quantile (0..1) of sorted numbers, by the nearest rank. */
export function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** kib formats bytes as KiB with one decimal. */
export function kib(bytes) {
  return (bytes / 1024).toFixed(1);
}
