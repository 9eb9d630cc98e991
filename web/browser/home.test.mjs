// home.test.mjs: the home page and lobby in a real Chromium — Spanish by
// default and English one click away, screenshots at desktop and phone
// sizes, two browsers finding each other through a seek and playing it to
// checkmate by clicking squares, and a challenge
// link copied by one and accepted by the other; the games in play name the
// AI as the profile does, with a capital opening a line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, noHorizontalScroll, screenshot, clickMove } from './harness.mjs';

const env = suite();

/** ready waits for the home page's parts that come from the server: the presets, the AI's levels, the seek list. */
async function ready(page) {
  await page.locator('button.preset[data-tc="3+2"]').waitFor();
  await page.locator('#ai-level option[value="2"]').waitFor({ state: 'attached' });
  await page.locator('#seeks .status.online').waitFor();
}

/** atGame waits until page shows the game gameId (or any game when absent) with its board, and returns the id. */
async function atGame(page, gameId) {
  await page.waitForURL(gameId ? `**/game/${gameId}` : /\/game\/[A-Za-z0-9]+$/);
  await page.locator('cg-board').first().waitFor();
  return new URL(page.url()).pathname.split('/').pop();
}

test('the home page speaks Spanish by default, switches to English, fits a phone and passes axe', async () => {
  const desk = await player(env.browser);
  await desk.page.goto(env.server.url + '/');
  await ready(desk.page);
  assert.equal(await desk.page.getAttribute('html', 'lang'), 'es');
  const main = desk.page.locator('#main');
  for (const text of ['Partida rápida', 'Partida completa', 'Por jugada', 'Jugar contra la IA', 'Búsquedas abiertas', 'Partidas en juego', 'Crear un enlace de desafío']) {
    assert.match(await main.innerText(), new RegExp(text), text);
  }
  assert.match(await desk.page.locator('#ai-level option[value="2"]').innerText(), /^Fácil \(Elo \d+\)$/);
  assert.match(await desk.page.locator('#ai-level option[value="8"]').innerText(), /^Maestro \(Elo \d+\)$/);
  assert.deepEqual(await missingTexts(desk.page), []);
  assert.deepEqual(await axe(desk.page), []);
  await screenshot(desk.page, 'home-desktop');

  // Every input has a label, and the form's controls are reached by Tab.
  const unlabelled = await desk.page.evaluate(() =>
    [...document.querySelectorAll('#main input, #main select')]
      .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
      .map((el) => el.id || el.outerHTML),
  );
  assert.deepEqual(unlabelled, []);
  await desk.page.locator('#form-minutes').focus();
  await desk.page.keyboard.press('Tab');
  assert.equal(await desk.page.evaluate(() => document.activeElement?.id), 'form-increment');

  // The English switch in the header.
  await desk.page.locator('#lang-switch').click();
  await desk.page.waitForFunction(() => document.documentElement.lang === 'en');
  await ready(desk.page);
  assert.match(await main.innerText(), /Quick game/);
  assert.match(await main.innerText(), /Play the AI/);
  assert.match(await desk.page.locator('#ai-level option[value="2"]').innerText(), /^Easy \(Elo \d+\)$/);
  assert.deepEqual(await missingTexts(desk.page), []);

  const phone = await player(env.browser, { size: 'phone', mobile: true });
  await phone.page.goto(env.server.url + '/');
  await ready(phone.page);
  assert.equal(await noHorizontalScroll(phone.page), true);
  assert.deepEqual(await axe(phone.page), []);
  await screenshot(phone.page, 'home-phone');
  assert.deepEqual(desk.errors, []);
  assert.deepEqual(phone.errors, []);
  await desk.context.close();
  await phone.context.close();
});

test('two browsers find each other through a seek: a preset in one, the listed seek joined in the other', async () => {
  const alba = await player(env.browser);
  const bruno = await player(env.browser, { size: 'phone', mobile: true });
  await alba.page.goto(env.server.url + '/');
  await bruno.page.goto(env.server.url + '/');
  await ready(alba.page);
  await ready(bruno.page);

  await alba.page.locator('button.preset[data-tc="3+2"]').click();
  // Alba became a guest with the seek: her name shows, and she waits.
  await alba.page.locator('#whoami', { hasText: /Juegas como invitado: \S/ }).waitFor();
  await alba.page.locator('#waiting').waitFor();
  const own = alba.page.locator('li.seek.own[data-tc="3+2"]');
  await own.waitFor();
  assert.equal(await own.locator('button.seek-cancel').count(), 1);

  // Bruno sees her seek arrive live, and joins it.
  const listed = bruno.page.locator('li.seek[data-tc="3+2"]');
  await listed.waitFor();
  assert.match(await listed.innerText(), /3\+2/);
  await listed.locator('button.seek-join').click();
  const id = await atGame(bruno.page);
  await atGame(alba.page, id);
  // They play the game out on the boards, by clicking squares: fool's mate.
  // White's first move starts the game, and then a third browser's home
  // page lists it among those being played, to watch.
  const game = await (await alba.page.request.get(`${env.server.url}/api/game/${id}`)).json();
  const albaMe = await (await alba.page.request.get(`${env.server.url}/api/account/me`)).json();
  const white = game.players.white.id === albaMe.id ? alba : bruno;
  const black = white === alba ? bruno : alba;
  const mate = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
  for (const [i, uci] of mate.entries()) {
    const mover = i % 2 === 0 ? white : black;
    await mover.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
    await clickMove(mover.page, uci);
    for (const p of [white, black]) await p.page.locator(`.moves .move[data-ply="${i + 1}"]`).waitFor();
    if (i === 0) {
      const carla = await player(env.browser);
      await carla.page.goto(env.server.url + '/');
      const watch = carla.page.locator(`#playing-now a[href="/game/${id}"]`);
      await watch.waitFor();
      assert.match(await watch.innerText(), / contra /);
      await carla.context.close();
    }
  }
  for (const p of [white, black]) {
    await p.page.locator('#result', { hasText: 'Las negras ganan por jaque mate' }).waitFor();
    assert.deepEqual(await p.page.locator('.moves button.move').allInnerTexts(), ['f3', 'e5', 'g4', 'Dh4#']);
  }
  assert.deepEqual(alba.errors, []);
  assert.deepEqual(bruno.errors, []);
  await alba.context.close();
  await bruno.context.close();
});

test('one\'s own seek can be cancelled, and leaves the other browser\'s list', async () => {
  const alba = await player(env.browser);
  const bruno = await player(env.browser);
  await alba.page.goto(env.server.url + '/');
  await bruno.page.goto(env.server.url + '/');
  await ready(alba.page);
  await ready(bruno.page);
  // A custom per-move clock from the form.
  await alba.page.locator('#mode-move').check();
  await alba.page.locator('#form-seconds').fill('45');
  await alba.page.locator('#form-seek').click();
  await alba.page.locator('li.seek.own[data-tc="move:45s"]').waitFor();
  await bruno.page.locator('li.seek[data-tc="move:45s"]', { hasText: '45 s por jugada' }).waitFor();
  await alba.page.locator('li.seek.own[data-tc="move:45s"] button.seek-cancel').click();
  await alba.page.locator('li.seek[data-tc="move:45s"]').waitFor({ state: 'detached' });
  await bruno.page.locator('li.seek[data-tc="move:45s"]').waitFor({ state: 'detached' });
  // A clock the server would refuse is refused in words before it is sent.
  await alba.page.locator('#form-seconds').fill('2');
  await alba.page.locator('#form-seek').click();
  assert.match(await alba.page.locator('#error-form').innerText(), /5 a 3600/);
  assert.deepEqual(alba.errors, []);
  await alba.context.close();
  await bruno.context.close();
});

test('a challenge link copied by one browser and opened by another starts a game for both', async () => {
  const alba = await player(env.browser);
  await alba.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  const bruno = await player(env.browser);
  await alba.page.goto(env.server.url + '/');
  await ready(alba.page);
  await alba.page.locator('#form-minutes').fill('10');
  await alba.page.locator('#form-increment').selectOption('5');
  await alba.page.locator('#make-link').click();
  await alba.page.locator('#link-url').waitFor();
  await alba.page.locator('#copy-link').click();
  await alba.page.locator('#link-copied', { hasText: 'copiado' }).waitFor();
  const url = await alba.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(url, await alba.page.locator('#link-url').inputValue());
  assert.match(url, /\/challenge\/[A-Za-z0-9]+$/);

  await bruno.page.goto(url);
  await bruno.page.locator('#challenge-accept').waitFor();
  assert.match(await bruno.page.locator('#challenge-clock').innerText(), /10\+5/);
  assert.match(await bruno.page.locator('#challenge-to').innerText(), /Quien abra el enlace/);
  assert.deepEqual(await missingTexts(bruno.page), []);
  assert.deepEqual(await axe(bruno.page), []);
  await bruno.page.locator('#challenge-accept').click();
  const id = await atGame(bruno.page);
  // Alba, still on the home page, is taken to the game by the lobby socket.
  await atGame(alba.page, id);
  assert.deepEqual(alba.errors, []);
  assert.deepEqual(bruno.errors, []);
  await alba.context.close();
  await bruno.context.close();
});

/**
 * aiGameInPlay starts a game against the AI at level with color for a new
 * guest, waits for its first move (the guest plays first, e4, as White),
 * and returns its line in another browser's list of games in play.
 */
async function aiGameInPlay(level, color) {
  const alba = await player(env.browser);
  const watcher = await player(env.browser);
  try {
    const res = await alba.page.request.post(env.server.url + '/api/challenge/ai', { data: { level, color, timeControl: 'untimed' } });
    assert.equal(res.status(), 201, await res.text());
    const { id } = await res.json();
    // A game is listed as played once it has a move.
    await alba.page.goto(env.server.url + '/game/' + id);
    if (color === 'white') {
      await alba.page.locator('.player-bottom .player-turn').waitFor();
      await clickMove(alba.page, 'e2e4');
    }
    await alba.page.locator(`.moves .move[data-ply="${color === 'white' ? 2 : 1}"]`).waitFor();
    await watcher.page.goto(env.server.url + '/');
    const link = watcher.page.locator(`#playing-now a[href="/game/${id}"]`);
    await link.waitFor();
    return await link.innerText();
  } finally {
    await alba.context.close();
    await watcher.context.close();
  }
}

test('the games in play name the AI as the profile does', async () => {
  assert.match(await aiGameInPlay(2, 'white'), / contra la IA \(Fácil\)$/);
});

test('a game in play whose white is the AI starts its line with a capital', async () => {
  assert.match(await aiGameInPlay(1, 'black'), /^La IA \(Principiante\) contra /);
});
