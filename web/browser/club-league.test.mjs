// club-league.test.mjs: a club's double round-robin league with arranged
// rounds, in a real Chromium. Ana runs the club "Torre Blanca"; from its
// page she creates a league of two cycles, one round a week, its games
// scheduled; Ana, Beto (a phone, Mexico City), Cris and Dani enter. Ana
// starts it: round 1's games are scheduled games, each player sees the
// date of their game, a calendar file and a link to it. The server's
// test clock is moved to the start; the games end (a resignation, a
// draw by agreement); round 2 then pairs by itself. Screenshots
// under web/test-output/club-league-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person, moveClock } from './schedule.fixture.mjs';

const env = suite({ args: ['--test-clock'] });

async function check(p) {
  assert.deepEqual(await missingTexts(p.page), []);
  assert.deepEqual(await axe(p.page), []);
}

/** api calls the server as p's account and returns the JSON answer. */
async function api(p, method, path, data) {
  const res = await p.page.request.fetch(env.server.url + path, { method, data });
  const text = await res.text();
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${text}`);
  return text ? JSON.parse(text) : null;
}

test('a club runs a double round-robin league with arranged rounds', async () => {
  const ana = await person(env, 'ana', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  ana.page.on('dialog', (d) => void d.accept());
  const beto = await person(env, 'beto', { locale: 'es-ES', timezoneId: 'America/Mexico_City', size: 'phone', mobile: true });
  const cris = await person(env, 'cris', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const dani = await person(env, 'dani', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const people = { ana, beto, cris, dani };
  await api(ana, 'POST', '/api/clubs', { name: 'Torre Blanca', description: '', policy: 'open' });
  for (const p of [beto, cris, dani]) await api(p, 'POST', '/api/club/torre-blanca/join');

  // Ana creates the league from the club's page: two cycles, arranged
  // rounds a week apart, the first in two days at 19:00 her time.
  const { now } = await api(ana, 'GET', '/api/schedule');
  const first = new Date(Date.parse(now) + 2 * 86400_000);
  const day = first.toISOString().slice(0, 10);
  await ana.page.goto(env.server.url + '/club/torre-blanca');
  await ana.page.locator('#club-new-tournament').click();
  await ana.page.locator('#tournament-name').fill('Liga de invierno');
  await ana.page.locator('#tournament-cycles').selectOption('2');
  await ana.page.locator('#tournament-mode').selectOption('arranged');
  await ana.page.locator('#tournament-start').fill(day + 'T19:00');
  await ana.page.locator('#tournament-interval').fill('10080');
  await ana.page.locator('#tournament-tb-SB').check();
  await check(ana);
  await screenshot(ana.page, 'club-league-01-new');
  await ana.page.locator('#tournament-create').click();
  await ana.page.waitForURL(/\/tournament\/\w+$/);
  const leagueURL = ana.page.url();
  const leagueAPI = new URL(leagueURL).pathname.replace('/tournament/', '/api/tournament/');
  for (const p of Object.values(people)) await api(p, 'POST', leagueAPI + '/join');

  // Ana starts it: round 1 is two scheduled games.
  await ana.page.reload();
  await ana.page.locator('#tournament-start').click();
  await ana.page.locator('#tournament-status[data-status="running"]').waitFor();
  await ana.page.locator('.tournament-round[data-round="1"] .tournament-when').first().waitFor();
  await check(ana);
  await screenshot(ana.page, 'club-league-02-round1');
  await beto.page.goto(leagueURL);
  await beto.page.locator('.tournament-round[data-round="1"] a.tournament-ics').waitFor();
  assert.equal(await noHorizontalScroll(beto.page), true);
  await check(beto);
  await screenshot(beto.page, 'club-league-03-round1-phone');

  // At the start the games are played; they end.
  const data = await api(ana, 'GET', leagueAPI);
  const boards = data.rounds[0].filter((b) => b.black);
  assert.equal(boards.length, 2);
  await moveClock(env, Date.parse(boards[0].startAt) + 60_000);
  for (const [i, b] of boards.entries()) {
    const id = b.gameUrl.split('/').pop();
    if (i === 0) await api(people[b.whiteName], 'POST', `/api/game/${id}/resign`);
    else {
      await api(people[b.whiteName], 'POST', `/api/game/${id}/draw/offer`);
      await api(people[b.blackName], 'POST', `/api/game/${id}/draw/accept`);
    }
  }
  // Round 1 decided, round 2 pairs by itself and reaches Ana's page; the
  // page says round 3 waits for round 2's results.
  await ana.page.locator('.tournament-round[data-round="2"]').waitFor();
  await ana.page.locator('#tournament-pair-wait').waitFor();
  // A decided game shows its result, one still to play its date.
  assert.equal(await ana.page.locator('.tournament-round[data-round="1"] .tournament-when').count(), 0);
  assert.equal(await ana.page.locator('.tournament-round[data-round="2"] .tournament-when').count(), 2);
  await check(ana);
  await screenshot(ana.page, 'club-league-04-round2');
  await ana.page.goto(env.server.url + '/club/torre-blanca');
  await ana.page.locator('#club-tournaments li a', { hasText: 'Liga de invierno' }).waitFor();
  await screenshot(ana.page, 'club-league-05-club');
  for (const p of Object.values(people)) assert.deepEqual(p.errors, []);
});
