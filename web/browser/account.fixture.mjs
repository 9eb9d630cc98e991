// account.fixture.mjs is what the account, profile and replay browser tests
// share: accounts and games made through the HTTP API (a context's
// page.request keeps that context's cookies, so each player is signed in
// in their own browser context), as a program would with lichess's board
// API.
import assert from 'node:assert/strict';
import { player } from './harness.mjs';

/** password is every test account's password. */
export const password = 'tablero-secreto-7';

/** signUp makes the account username in ctx's browser context (its session cookie). */
export async function signUp(ctx, url, username) {
  const res = await ctx.request.post(url + '/api/account/signup', { data: { username, password } });
  assert.equal(res.status(), 201, await res.text());
  return res.json();
}

/** challenge has challenger (a context) challenge the account dest with body, and acceptor (a context) accept; it returns the game id. */
export async function challenge(url, challenger, dest, acceptor, body = { timeControl: '5+0', color: 'white', rated: true }) {
  const c = await challenger.request.post(url + '/api/challenge/' + dest, { data: body });
  assert.equal(c.status(), 201, await c.text());
  const { id } = await c.json();
  const a = await acceptor.request.post(url + `/api/challenge/${id}/accept`, { data: {} });
  assert.equal(a.status(), 200, await a.text());
  const { gameId } = await a.json();
  assert.ok(gameId, 'the accepted challenge has a game');
  return gameId;
}

/** play plays moves (UCI) in game id, white's from white's context and black's from black's. */
export async function play(url, id, white, black, moves) {
  for (const [i, uci] of moves.entries()) {
    const ctx = i % 2 === 0 ? white : black;
    const res = await ctx.request.post(url + `/api/game/${id}/move/${uci}`, { data: {} });
    assert.equal(res.status(), 200, `${uci}: ${await res.text()}`);
  }
}

/** foolsMate is the shortest mate: black mates on the fourth ply. */
export const foolsMate = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

/** accounts opens a browser context per name (Spanish, desktop) and signs each up as that account. */
export async function accounts(env, ...names) {
  const out = [];
  for (const name of names) {
    const p = await player(env.browser);
    await signUp(p.context, env.server.url, name);
    out.push(p);
  }
  return out;
}
