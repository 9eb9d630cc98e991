// arena.test.mjs: an arena in a real Chromium — Ana (Spanish) creates an
// arena starting now from /arenas and joins it; Beto (English, a phone)
// finds it and joins; both are taken to their game; the black player
// berserks (the clock halves); White resigns; the two, the arena's only
// players, meet again at once, and the black player, still on the ended
// game's page, is told of the new game by a notice that links to it; back
// on the arena's page the standings show the win and the games list the
// berserk. Every page passes axe and shows no code in place of a text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person } from './schedule.fixture.mjs';

const env = suite();

test('two players join an arena, are paired, one berserks, the result shows in the standings', async () => {
  const ana = await person(env, 'ana', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const beto = await person(env, 'beto', { locale: 'en-GB', timezoneId: 'Europe/London', size: 'phone', mobile: true });

  // Ana creates the arena from /arenas.
  await ana.page.goto(env.server.url + '/arenas');
  await ana.page.locator('#arena-name').waitFor();
  await ana.page.locator('#arenas-running-empty').waitFor();
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  await ana.page.locator('#arena-name').fill('Arena del jueves');
  await ana.page.locator('#arena-minutes').fill('3');
  await ana.page.locator('#arena-increment').fill('2');
  await ana.page.locator('#arena-duration').fill('30');
  await ana.page.locator('#arena-starts-in').fill('0');
  await ana.page.locator('#arena-rated').uncheck();
  await ana.page.locator('#arena-create').click();
  await ana.page.waitForURL(/\/arena\/[a-z0-9]+$/);
  const arenaURL = ana.page.url();
  await ana.page.locator('#arena-countdown[data-phase="running"]').waitFor();
  assert.match(await ana.page.locator('#arena-countdown').innerText(), /^Termina en \d+:\d\d$/);
  await ana.page.locator('#arena-standings-empty').waitFor();
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  await ana.page.locator('#arena-join').click();
  await ana.page.locator('#arena-waiting').waitFor();
  await ana.page.locator('#arena-standings tr[data-name="ana"]').waitFor();
  await screenshot(ana.page, 'arena-waiting');

  // Beto finds it among the running arenas and joins: both are paired and
  // taken to the game.
  await beto.page.goto(env.server.url + '/arenas');
  await beto.page.locator('#arenas-running li a').click();
  await beto.page.locator('#arena-join').waitFor();
  assert.equal(await beto.page.locator('#arena-join').innerText(), 'Join');
  assert.deepEqual(await axe(beto.page), []);
  assert.equal(await noHorizontalScroll(beto.page), true);
  await beto.page.locator('#arena-join').click();
  await beto.page.waitForURL(/\/game\/[a-z0-9]+$/);
  await ana.page.waitForURL(/\/game\/[a-z0-9]+$/);
  assert.equal(ana.page.url(), beto.page.url());

  // The black player berserks: half of 3 minutes.
  await ana.page.locator('#arena-link').waitFor();
  await ana.page.locator('#board.cg-wrap').waitFor();
  const anaBlack = /orientation-black/.test(await ana.page.locator('#board').getAttribute('class'));
  const [black, white] = anaBlack ? [ana, beto] : [beto, ana];
  await black.page.locator('#berserk').waitFor();
  assert.deepEqual(await axe(black.page), []);
  assert.deepEqual(await missingTexts(black.page), []);
  await black.page.locator('#berserk').click();
  await black.page.locator('#berserk').waitFor({ state: 'detached' });
  await screenshot(black.page, 'arena-berserk');

  // White resigns.
  const firstGame = black.page.url();
  await white.page.locator('#resign').click();
  await white.page.locator('#confirm-yes').click();
  // The only two players of a small arena meet again: the black player,
  // on the ended game's page, is told of the new one.
  const note = black.page.locator('#jp-notices .notice-newGame a');
  await note.waitFor();
  assert.match(await note.getAttribute('href'), /^\/game\/[a-z0-9]+$/);
  assert.notEqual(env.server.url + (await note.getAttribute('href')), firstGame);
  assert.match(await note.innerText(), black === ana ? /^Arena «Arena del jueves»: nueva partida contra beto/ : /^Arena “Arena del jueves”: a new game against ana/);
  assert.deepEqual(await axe(black.page), []);
  assert.deepEqual(await missingTexts(black.page), []);
  await white.page.locator('#arena-link').click();
  await white.page.waitForURL(arenaURL);
  const blackName = black === ana ? 'ana' : 'beto';
  const whiteName = black === ana ? 'beto' : 'ana';
  const row = white.page.locator(`#arena-standings tr[data-name="${blackName}"]`);
  await row.locator('.arena-score', { hasText: '2' }).waitFor();
  assert.equal(await white.page.locator('#arena-standings tbody tr').first().getAttribute('data-name'), blackName);
  assert.equal(await white.page.locator(`#arena-standings tr[data-name="${whiteName}"] .arena-score`).innerText(), '0');
  await white.page.locator('#arena-games li[data-result="0-1"]').waitFor();
  assert.match(await white.page.locator('#arena-games li[data-result="0-1"]').innerText(), /\(berserk\)/);
  assert.deepEqual(await missingTexts(white.page), []);
  assert.deepEqual(await axe(white.page), []);
  await screenshot(white.page, 'arena-standings');

  // The black player's page follows over the socket once back on it.
  await black.page.goto(arenaURL);
  await black.page.locator(`#arena-standings tr[data-name="${blackName}"] .arena-score`, { hasText: '2' }).waitFor();
  assert.deepEqual(ana.errors, []);
  assert.deepEqual(beto.errors, []);
  await ana.context.close();
  await beto.context.close();
});
