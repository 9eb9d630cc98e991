// profile.test.mjs: a profile after a rated game played through the HTTP
// API shows the ratings per speed (provisional with "?") and the history
// (opponent, colour, result in words, time control, date, a link to the
// replay), the game still going on under "playing now" with a link to it,
// and a missing user's page says so; a bot account's name has the BOT
// title before it, on its profile and on its game's player bar; at desktop
// and phone sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { signUp, accounts, challenge, play, foolsMate } from './account.fixture.mjs';

let alba, bruno, finished, running;

/**
 * fits reports whether the page is no wider than its 360 px viewport (a
 * mobile viewport grows to fit wider content, so innerWidth alone cannot
 * tell).
 */
const fits = async (page) => (await noHorizontalScroll(page)) && (await page.evaluate(() => document.documentElement.scrollWidth <= 361));
const env = suite({
  setup: async () => {
    alba = await player(env.browser);
    bruno = await player(env.browser);
    await signUp(alba.context, env.server.url, 'alba');
    await signUp(bruno.context, env.server.url, 'bruno');
    // A rated blitz game that black mates at once, and a casual one still on.
    finished = await challenge(env.server.url, alba.context, 'bruno', bruno.context);
    await play(env.server.url, finished, alba.context, bruno.context, foolsMate);
    running = await challenge(env.server.url, alba.context, 'bruno', bruno.context, { timeControl: 'move:30s', color: 'black', rated: false });
    await play(env.server.url, running, bruno.context, alba.context, ['e2e4', 'e7e5']);
  },
});

test('the profile shows the ratings per speed and the history after a finished game', async () => {
  const { page, errors } = alba;
  await page.goto(env.server.url + '/@/alba');
  // The history and the games being played come in two answers, in either order.
  await page.locator('#history [data-testid=history-game]').first().waitFor();
  await page.locator('#playing [data-testid=history-game]').first().waitFor();
  assert.equal(await page.locator('h1').innerText(), 'alba');
  assert.equal(await page.title(), 'alba · Perfil · JoinPal');
  assert.match(await page.locator('.profile-head p').innerText(), /^Miembro desde el \d+ de [a-z]+ de \d{4}$/);

  // Ratings: five speeds; blitz moved after the loss and is provisional.
  const rows = page.locator('#ratings tbody tr');
  assert.equal(await rows.count(), 5);
  assert.deepEqual(await rows.locator('th').allInnerTexts(), ['Bala', 'Relámpago', 'Rápida', 'Clásica', 'Correspondencia']);
  const blitz = page.locator('#ratings tr[data-speed=blitz] td');
  // A provisional rating: its "?" shown, and said to a screen reader;
  // the deviation beside it.
  const [rating, games] = await blitz.allInnerTexts();
  assert.match(await blitz.first().textContent(), /^(1\d{3})\? provisional Desviación ±\d+$/);
  assert.ok(Number(rating.slice(0, 4)) < 1500, `the loss lowered the blitz rating (${rating})`);
  assert.equal(await blitz.locator('.prov [aria-hidden]').innerText(), '?');
  assert.equal(games, '1');
  assert.deepEqual(await page.locator('#ratings tr[data-speed=bullet] td').allTextContents(), ['1500? provisional Desviación ±500', '0']);

  // The history: one finished game, told from alba's side.
  const item = page.locator('#history [data-testid=history-game]');
  assert.equal(await item.count(), 1);
  assert.equal(await item.getAttribute('data-game'), finished);
  assert.match(await item.locator('.hg-result').innerText(), /^Derrota · Jaque mate −\d+$/);
  assert.equal(await item.locator('.hg-players').innerText(), 'Con blancas contra bruno (1500)');
  assert.equal(await item.locator('.hg-players a').getAttribute('href'), '/@/bruno');
  assert.equal(await item.locator('.hg-meta').innerText(), '5+0 · Relámpago · Puntuable\nApertura: A00 Apertura Barnes: Mate del Loco');
  assert.equal(await item.locator('.hg-opening').getAttribute('data-eco'), 'A00');
  assert.match(await item.locator('time').innerText(), /\d{4}/);
  assert.equal(await item.locator('a.hg-link').innerText(), 'Ver la partida');
  assert.equal(await item.locator('a.hg-link').getAttribute('href'), '/replay/' + finished);

  // The game going on, with a link to watch it.
  const now = page.locator('#playing [data-testid=history-game]');
  assert.equal(await now.count(), 1);
  assert.match(await now.locator('.hg-result').innerText(), /^En curso/);
  assert.equal(await now.locator('.hg-players').innerText(), 'Con negras contra bruno');
  assert.equal(await now.locator('.hg-meta').innerText(), '30 s por jugada · Rápida · Amistosa');
  assert.equal(await now.locator('a.hg-link').getAttribute('href'), '/game/' + running);

  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'profile-desktop');

  // The link goes to the replay.
  await item.locator('a.hg-link').click();
  await page.waitForURL(env.server.url + '/replay/' + finished);
  assert.deepEqual(errors, []);
});

test('the winner\'s profile on a phone, in English', async () => {
  const { page, errors, context } = await player(env.browser, { size: 'phone', mobile: true, locale: 'en-US' });
  await page.goto(env.server.url + '/@/bruno');
  await page.locator('#history [data-testid=history-game]').first().waitFor();
  const item = page.locator('#history [data-testid=history-game]');
  assert.match(await item.locator('.hg-result').innerText(), /^Win · Checkmate \+\d+$/);
  assert.equal(await item.locator('.hg-players').innerText(), 'With black against alba (1500)');
  assert.equal(await item.locator('.hg-opening').innerText(), "Opening: A00 Barnes Opening: Fool's Mate");
  assert.deepEqual(await page.locator('#ratings thead th').allInnerTexts(), ['Speed', 'Rating', 'Games']);
  assert.ok(await fits(page), 'no horizontal scrolling at 360 px');
  assert.deepEqual(await missingTexts(page), []);
  await context.close();

  const es = await player(env.browser, { size: 'phone', mobile: true });
  await es.page.goto(env.server.url + '/@/alba');
  await es.page.locator('#history [data-testid=history-game]').first().waitFor();
  assert.ok(await fits(es.page), 'no horizontal scrolling at 360 px');
  assert.deepEqual(await axe(es.page), []);
  await screenshot(es.page, 'profile-phone');
  assert.deepEqual(errors, []);
  assert.deepEqual(es.errors, []);
  await es.context.close();
});

test('the history comes by pages of 20', async () => {
  const celia = await player(env.browser);
  await signUp(celia.context, env.server.url, 'celia');
  for (let i = 0; i < 21; i++) {
    const g = await challenge(env.server.url, celia.context, 'bruno', bruno.context, { timeControl: '10+0', color: 'white', rated: false });
    const res = await celia.context.request.post(env.server.url + `/api/game/${g}/abort`, { data: {} });
    assert.equal(res.status(), 200, await res.text());
  }
  const { page, errors } = celia;
  await page.goto(env.server.url + '/@/celia');
  await page.locator('#history-more').waitFor();
  const items = page.locator('#history [data-testid=history-game]');
  assert.equal(await items.count(), 20);
  assert.equal(await items.first().locator('.hg-result').innerText(), 'Anulada');
  assert.equal(await page.locator('#history-more').innerText(), 'Más partidas');
  await page.click('#history-more');
  await page.locator('#history-game-20').waitFor();
  assert.equal(await items.count(), 21);
  await page.waitForFunction(() => document.activeElement?.id === 'history-game-20');
  assert.equal(await page.locator('#history-more').count(), 0, 'no page after the last');
  assert.deepEqual(errors, []);
  await celia.context.close();
});

test('a bot account shows the BOT title before its name, on its profile and its game', async () => {
  const { page, errors } = alba;
  // bruno, whose games are over or going on, becomes a bot (no new
  // sign-up: the address's limit is for the tests after this one).
  const tok = await bruno.context.request.post(env.server.url + '/api/tokens', { data: { name: 'bot', scopes: ['bot:play'] } });
  assert.equal(tok.status(), 201, await tok.text());
  const { token } = await tok.json();
  const up = await bruno.context.request.post(env.server.url + '/api/bot/account/upgrade', { headers: { Authorization: 'Bearer ' + token } });
  assert.equal(up.status(), 200, await up.text());
  await page.goto(env.server.url + '/@/bruno');
  await page.locator('#profile-name .user-title').waitFor();
  assert.equal(await page.locator('#profile-name').innerText(), 'BOT bruno');
  assert.equal(await page.locator('#profile-name .user-title').getAttribute('title'), 'Cuenta de bot: juega un programa');
  await page.goto(env.server.url + '/@/alba');
  await page.locator('#ratings').waitFor();
  assert.equal(await page.locator('#profile-name .user-title').count(), 0, 'a person has no title');
  // The game still going on: bruno's bar (white) has the title, alba's not.
  await page.goto(env.server.url + '/game/' + running);
  const title = page.locator('[data-testid=player-white] [data-testid=player-title]');
  await title.waitFor();
  assert.equal(await title.innerText(), 'BOT');
  assert.equal(await title.getAttribute('title'), 'Cuenta de bot: juega un programa');
  assert.equal(await page.locator('[data-testid=player-black] [data-testid=player-title]').count(), 0, 'a person has no title');
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(errors, []);
});

test('a missing user: the server\'s words', async () => {
  const { page, errors, context } = await player(env.browser);
  await page.goto(env.server.url + '/@/nadie');
  await page.locator('#profile-error').waitFor();
  assert.equal(await page.locator('#profile-error').innerText(), 'No hay ningún usuario «nadie»');
  assert.equal(await page.locator('h1').innerText(), 'Perfil');
  assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  await context.close();
});

test('the rating history: a chart per speed with rated games, and its points as a table', async () => {
  const [dana, eva] = await accounts(env, 'dana', 'eva');
  // Two rated blitz games: dana loses the first (white), wins the second (black).
  const first = await challenge(env.server.url, dana.context, 'eva', eva.context);
  await play(env.server.url, first, dana.context, eva.context, foolsMate);
  const second = await challenge(env.server.url, eva.context, 'dana', dana.context);
  await play(env.server.url, second, eva.context, dana.context, foolsMate);

  const { page, errors } = dana;
  await page.goto(env.server.url + '/@/dana');
  const chart = page.locator('#rating-history figure.rating-chart');
  await chart.first().waitFor();
  assert.equal(await page.locator('#rating-history-title').innerText(), 'Evolución de la puntuación');
  assert.equal(await chart.count(), 1, 'only the speed with rated games');
  assert.equal(await chart.getAttribute('data-speed'), 'blitz');
  const low = await page.locator('#ratings tr[data-speed=blitz] td').first().innerText();
  const caption = await chart.locator('figcaption').innerText();
  assert.match(caption, /^Relámpago · 2 partidas puntuables: de 1\d{3} a 1\d{3} \(mínimo 1\d{3}, máximo 1\d{3}\)$/);
  assert.ok(caption.includes(low.slice(0, 4)), `the caption ends at the rating shown (${low}): ${caption}`);
  const svg = chart.locator('svg');
  assert.equal(await svg.getAttribute('role'), 'img');
  assert.match(await svg.getAttribute('aria-label'), /^Relámpago: 2 partidas puntuables/);
  assert.equal(await svg.locator('circle').count(), 2);
  assert.equal(await svg.locator('polyline').count(), 1);
  // The text alternative: a table behind a disclosure, each date a link to the game.
  await chart.locator('details summary').click();
  const rows = chart.locator('table tbody tr');
  assert.equal(await rows.count(), 2);
  assert.equal(await rows.nth(1).locator('a').getAttribute('href'), '/replay/' + second);
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'profile-rating-chart');
  assert.deepEqual(errors, []);
  await dana.context.close();
  await eva.context.close();
});
