// schedule.fixture.mjs is what the scheduled games' browser tests share: a
// person in a browser context of their own locale and time zone, signed up
// through the API; the server's test clock moved forward (joinpal serve
// --test-clock, POST /test/clock); a scheduled game read as an account
// sees it.
import assert from 'node:assert/strict';
import { sizes } from './harness.mjs';

/**
 * person opens a browser context of env's browser in a locale and time
 * zone, signed up as username (anonymous when username is empty); errors
 * collects the page's uncaught errors.
 */
export async function person(env, username, { locale, timezoneId, size = 'desktop', mobile = false, deviceScaleFactor }) {
  const options = { locale, timezoneId, viewport: sizes[size], isMobile: mobile, hasTouch: mobile };
  if (deviceScaleFactor !== undefined) options.deviceScaleFactor = deviceScaleFactor;
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  if (username) {
    const res = await page.request.post(env.server.url + '/api/account/signup', { data: { username, password: 'contraseña-larga' } });
    assert.equal(res.status(), 201, await res.text());
  }
  return { context, page, errors };
}

/** moveClock moves env's server clock to the instant at (ms). */
export async function moveClock(env, at) {
  const res = await fetch(env.server.url + '/test/clock', { method: 'POST', body: JSON.stringify({ to: new Date(at).toISOString() }) });
  assert.equal(res.status, 200, await res.text());
}

/** scheduled reads the scheduled game id as p's account sees it. */
export async function scheduled(env, p, id) {
  const res = await p.page.request.get(env.server.url + '/api/schedule/' + id);
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()).game;
}

/**
 * gotoListening opens url in p's page and waits until the page's
 * notification socket (/api/schedule/socket, lib/notify.ts) has answered
 * its first ping: from then on the server tells the page every event (it
 * subscribes before the socket opens), so a test may make one happen.
 */
export async function gotoListening(p, url) {
  const socket = p.page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/api/schedule/socket') });
  await p.page.goto(url);
  const ws = await socket;
  await ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"pong"') });
}
