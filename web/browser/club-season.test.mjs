// club-season.test.mjs: a club's season in a real Chromium, as a
// Spanish-speaking club runs it. Ana creates the club "Torre Blanca" from
// /clubs; ten members join it; from the club's page she creates a
// 7-round Swiss for the club; the members register from the tournament's
// page, Dani asks for a half-point bye in round 2 in advance. Ana starts
// the tournament and pairs each round from the page; the games end for
// real (resigned, drawn by agreement) through the game API; Hugo
// withdraws after round 3; one game's result is set by adjudication
// with a reason. At the end: the final standings with tie-breaks, the
// crosstable, the TRF and PGN downloads. Screenshots on a desktop and a
// phone at each step under web/test-output/club-season-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person } from './schedule.fixture.mjs';

const env = suite({ args: ['--signup-limit', '20/1h'] });

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

const members = ['beto', 'cris', 'dani', 'eva', 'fede', 'gabi', 'hugo', 'ines', 'juan', 'lola'];

test('a club runs a 7-round Swiss from its page', async () => {
  const ana = await person(env, 'ana', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const people = { ana };
  // Ana answers the confirmations (start, withdraw) with yes; what they
  // say is checked once.
  const asked = [];
  ana.page.on('dialog', (d) => {
    asked.push(d.message());
    void d.accept();
  });
  for (const name of members) {
    people[name] = await person(env, name, name === 'beto'
      ? { locale: 'es-ES', timezoneId: 'America/Mexico_City', size: 'phone', mobile: true }
      : { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  }
  const beto = people.beto;

  // Ana creates the club from /clubs.
  await ana.page.goto(env.server.url + '/clubs');
  await ana.page.locator('#club-name').fill('Torre Blanca');
  await ana.page.locator('#club-description').fill('Los martes y jueves de 19:00 a 22:00 en el centro cívico.');
  await ana.page.locator('#club-policy-open').check();
  await ana.page.locator('#club-create').click();
  await ana.page.waitForURL(/\/club\/torre-blanca$/);
  const clubURL = ana.page.url();
  await check(ana);
  await screenshot(ana.page, 'club-season-01-club');

  // The members join: Beto from his phone, on the club's page; the others
  // through the API.
  await beto.page.goto(clubURL);
  await beto.page.locator('#club-join').click();
  await beto.page.locator('#club-place[data-role="member"]').waitFor();
  assert.equal(await noHorizontalScroll(beto.page), true);
  await check(beto);
  await screenshot(beto.page, 'club-season-02-club-phone');
  for (const name of members.slice(1)) await api(people[name], 'POST', '/api/club/torre-blanca/join');

  // Ana creates the Swiss from the club's page.
  await ana.page.reload();
  await ana.page.locator('#club-new-tournament').click();
  await ana.page.locator('#tournament-name').waitFor();
  await ana.page.locator('#tournament-name').fill('Abierto de primavera');
  await ana.page.locator('#tournament-format').selectOption('swiss');
  await ana.page.locator('#tournament-rounds').fill('7');
  await ana.page.locator('#tournament-tb-BH-C1').check();
  await ana.page.locator('#tournament-tb-BH').check();
  await ana.page.locator('#tournament-tb-SB').check();
  // The club is chosen by its name, among the clubs Ana runs; the
  // tie-breaks say the order they apply in, the order she ticked them.
  assert.equal(await ana.page.locator('#tournament-club').inputValue(), 'torre-blanca');
  await ana.page.locator('#tournament-club option:checked', { hasText: 'Torre Blanca' }).waitFor({ state: 'attached' });
  assert.equal(await ana.page.locator('label[for="tournament-tb-BH-C1"] .tournament-tb-order').innerText(), ' (1.º)');
  assert.equal(await ana.page.locator('label[for="tournament-tb-SB"] .tournament-tb-order').innerText(), ' (3.º)');
  await check(ana);
  await screenshot(ana.page, 'club-season-03-new-swiss');
  await ana.page.locator('#tournament-create').click();
  await ana.page.waitForURL(/\/tournament\/\w+$/);
  const swissURL = ana.page.url();
  const swissAPI = swissURL.replace('/tournament/', '/api/tournament/');
  await ana.page.locator('#tournament-start').waitFor();
  await ana.page.locator('#tournament-standings-empty').waitFor();
  assert.equal(await ana.page.locator('#tournament-back').getAttribute('href'), '/club/torre-blanca');
  await check(ana);
  await screenshot(ana.page, 'club-season-04-swiss-registration');

  // The members register from the tournament's page (Beto on his phone).
  for (const name of members) {
    const p = people[name];
    if (name === 'beto' || name === 'dani') {
      await p.page.goto(swissURL);
      await p.page.locator('#tournament-join').click();
      await p.page.locator('#tournament-leave').waitFor();
    } else await api(p, 'POST', new URL(swissAPI).pathname + '/join');
  }
  assert.equal(await noHorizontalScroll(beto.page), true);
  await check(beto);
  await screenshot(beto.page, 'club-season-05-registered-phone');
  // Dani asks for a half-point bye in round 2, in advance.
  const dani = people.dani;
  await dani.page.locator('#tournament-bye-round').selectOption('2');
  await dani.page.locator('#tournament-bye-ask').click();
  await dani.page.locator('#tournament-byes-asked').waitFor();
  await check(dani);
  await screenshot(dani.page, 'club-season-06-bye');

  // Ana starts the tournament: round 1 is paired.
  await ana.page.reload();
  await ana.page.locator('#tournament-start').click();
  await ana.page.locator('#tournament-status[data-status="running"]').waitFor();
  assert.match(asked.shift(), /^¿Empezar el torneo con 10 jugadores\?/);
  await check(ana);
  await screenshot(ana.page, 'club-season-07-round1');
  // Beto's page, still open, shows his board and leads him to his game.
  await beto.page.locator('#tournament-my-game', { hasText: /^Ronda 1: juegas con (blancas|negras) contra \w+\./ }).waitFor();
  const mine = beto.page.locator('.tournament-round[data-round="1"] tr.tournament-mine');
  assert.equal(await mine.count(), 1);
  assert.equal(await beto.page.locator('#tournament-my-game a').getAttribute('href'), await mine.locator('a.tournament-game').getAttribute('href'));
  assert.equal(await noHorizontalScroll(beto.page), true);
  await check(beto);
  await screenshot(beto.page, 'club-season-07-my-game-phone');

  /** finish ends round's games: white resigns on odd boards, a draw by agreement on even ones; board adjudicated is left for Ana. */
  async function finish(round, adjudicated = 0) {
    // A round is shown once paired; its games are made by the service's
    // next tick, so the boards are read again until each has its game.
    let boards;
    for (let tries = 0; ; tries++) {
      const pageData = await api(ana, 'GET', new URL(swissAPI).pathname);
      boards = pageData.rounds[round - 1];
      if (boards.every((b) => !b.black || b.score || b.gameUrl) || tries === 100) break;
      await ana.page.waitForTimeout(100);
    }
    for (const b of boards) {
      if (!b.black || b.board === adjudicated || b.score) continue;
      assert.ok(b.gameUrl, `round ${round} board ${b.board} has a game`);
      const id = b.gameUrl.split('/').pop();
      const white = people[b.whiteName];
      const black = people[b.blackName];
      if (b.board % 2 === 1) await api(white, 'POST', `/api/game/${id}/resign`);
      else {
        await api(white, 'POST', `/api/game/${id}/draw/offer`);
        await api(black, 'POST', `/api/game/${id}/draw/accept`);
      }
    }
  }

  // Each round: the games end; the last one to end pairs the next round,
  // which reaches Ana's page over its socket, without a reload.
  for (let round = 1; round <= 7; round++) {
    await ana.page.locator(`.tournament-round[data-round="${round}"]`).waitFor();
    if (round === 3) {
      // Hugo cannot come any more: Ana withdraws him while round 3 is
      // played (his game of round 3 still counts).
      await ana.page.locator('#tournament-withdraw-name').selectOption('hugo');
      await ana.page.locator('#tournament-withdraw-go').click();
      assert.match(asked.shift(), /^¿Retirar a hugo del torneo\?/);
      await ana.page.locator('#tournament-standings-table tr[data-name="hugo"] .muted').waitFor();
      await check(ana);
      await screenshot(ana.page, 'club-season-09-withdrawn');
    }
    if (round === 2) {
      await check(ana);
      await screenshot(ana.page, 'club-season-08-round2');
    }
    await finish(round, round === 4 ? 1 : 0);
    if (round === 4) {
      // The game of board 1 was played over the board: Ana sets its result.
      await ana.page.locator('#tournament-result-round').selectOption('4');
      await ana.page.locator('#tournament-result-board').selectOption('1');
      await ana.page.locator('#tournament-result-value').selectOption('0-1');
      await ana.page.locator('#tournament-result-reason').fill('Jugada en el tablero del club');
      await ana.page.locator('#tournament-result-go').click();
      await ana.page.locator('.tournament-round[data-round="4"] tr[data-board="1"] .tournament-score', { hasText: '0-1' }).waitFor();
      await check(ana);
      await screenshot(ana.page, 'club-season-10-adjudicated');
    }
  }

  await ana.page.locator('#tournament-status[data-status="finished"]').waitFor();
  // The newest round comes first; the players' names lead to their profiles.
  assert.equal(await ana.page.locator('.tournament-round').first().getAttribute('data-round'), '7');
  assert.equal(await ana.page.locator('#tournament-standings-table tr[data-name="eva"] a.tournament-player').getAttribute('href'), '/@/eva');
  await check(ana);
  await screenshot(ana.page, 'club-season-11-final');
  await beto.page.goto(swissURL);
  await beto.page.locator('#tournament-status[data-status="finished"]').waitFor();
  assert.equal(await noHorizontalScroll(beto.page), true);
  await check(beto);
  await screenshot(beto.page, 'club-season-12-final-phone');

  // The files.
  const trf = await ana.page.request.get(env.server.url + (await ana.page.locator('#tournament-trf').getAttribute('href')));
  assert.equal(trf.status(), 200);
  const trfText = await trf.text();
  assert.match(trfText, /^012 Abierto de primavera/m);
  const pgn = await ana.page.request.get(env.server.url + (await ana.page.locator('#tournament-pgn').getAttribute('href')));
  assert.equal(pgn.status(), 200);
  const pgnText = await pgn.text();
  assert.match(pgnText, /\[Round "7\.\d+"\]/);
  assert.equal(trfText.match(/^001 /gm).length, 10);
  assert.match(pgnText, /\[Round "4\.1"\]/);

  // The club's page lists it, finished.
  await ana.page.goto(clubURL);
  await ana.page.locator('#club-tournaments li a', { hasText: 'Abierto de primavera' }).waitFor();
  await check(ana);
  await screenshot(ana.page, 'club-season-13-club-after');
  for (const p of Object.values(people)) assert.deepEqual(p.errors, []);
});
