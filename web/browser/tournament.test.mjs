// tournament.test.mjs: tournaments in a real Chromium — Ana (Spanish),
// admin of her club, organises a round-robin league from the club's page;
// Beto (English, a phone) and Cris join from the tournament's page; Ana
// starts it, the round is paired and its game's players are told of it
// by a notice, she sets a result with a reason and
// everyone's standings show it (Beto's without a reload, over the page's
// socket). Then an open Swiss from /tournaments: the players join, Ana
// starts it, round 1 is paired and its result reaches the standings and
// the crosstable, a table with headings in each reader's language. Every
// page passes axe and shows no code in place of a text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person } from './schedule.fixture.mjs';

const env = suite();

async function check(p) {
  assert.deepEqual(await missingTexts(p.page), []);
  assert.deepEqual(await axe(p.page), []);
}

/** setResult has the organiser set board's result in round by adjudication. */
async function setResult(p, round, board, result, reason) {
  await p.page.locator('#tournament-result-round').selectOption(String(round));
  await p.page.locator('#tournament-result-board').selectOption(String(board));
  await p.page.locator('#tournament-result-value').selectOption(result);
  await p.page.locator('#tournament-result-reason').fill(reason);
  await p.page.locator('#tournament-result-go').click();
}

test('a club league and an open Swiss: created, joined, paired, scored', async () => {
  const ana = await person(env, 'ana', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  // Starting a tournament asks the organiser to confirm.
  ana.page.on('dialog', (d) => void d.accept());
  const beto = await person(env, 'beto', { locale: 'en-GB', timezoneId: 'Europe/London', size: 'phone', mobile: true });
  const cris = await person(env, 'cris', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const res = await ana.page.request.post(env.server.url + '/api/clubs', { data: { name: 'Peón Rojo', description: '', policy: 'open' } });
  assert.equal(res.status(), 201, await res.text());
  for (const p of [beto, cris]) {
    const r = await p.page.request.post(env.server.url + '/api/club/peon-rojo/join');
    assert.equal(r.status(), 200, await r.text());
  }

  // Ana organises the league from her club's page.
  await ana.page.goto(env.server.url + '/club/peon-rojo');
  await ana.page.locator('#club-tournaments-empty').waitFor();
  await ana.page.locator('#club-new-tournament').click();
  await ana.page.locator('#tournament-name').waitFor();
  assert.equal(await ana.page.locator('#tournament-club').inputValue(), 'peon-rojo');
  await ana.page.locator('#tournaments-upcoming-empty').waitFor();
  assert.equal(await ana.page.locator('#tournaments-arenas').getAttribute('href'), '/arenas');
  await check(ana);
  await ana.page.locator('#tournament-name').fill('Liga de otoño');
  await ana.page.locator('#tournament-tb-SB').check();
  await ana.page.locator('#tournament-tb-DE').check();
  await ana.page.locator('#tournament-create').click();
  await ana.page.waitForURL(/\/tournament\/\w+$/);
  const leagueURL = ana.page.url();
  await ana.page.locator('#tournament-start').waitFor();
  await ana.page.locator('#tournament-join').click();
  await ana.page.locator('#tournament-leave').waitFor();
  await check(ana);
  await screenshot(ana.page, 'tournament-registration');

  // Beto and Cris join from the tournament's page.
  for (const [p, label] of [
    [beto, 'Join'],
    [cris, 'Inscribirme'],
  ]) {
    await p.page.goto(leagueURL);
    await p.page.locator('#tournament-join').waitFor();
    assert.equal(await p.page.locator('#tournament-join').innerText(), label);
    await p.page.locator('#tournament-join').click();
    await p.page.locator('#tournament-leave').waitFor();
    await check(p);
  }
  assert.equal(await noHorizontalScroll(beto.page), true);

  // Ana starts it: round 1 of the Berger table for three, a game and a bye.
  await ana.page.reload();
  await ana.page.locator('#tournament-start').click();
  await ana.page.locator('#tournament-status[data-status="running"]').waitFor();
  const round1 = ana.page.locator('.tournament-round[data-round="1"] tr.tournament-board');
  // The tournament's news may show it running before its first game is
  // made (on a busy machine): the game's link comes with the next news.
  await round1.nth(0).locator('a.tournament-game').waitFor();
  assert.equal(await round1.count(), 2);
  assert.equal(await round1.nth(0).locator('a.tournament-game').count(), 1, 'the game is linked');
  // The game's two players are told of it, on whatever page they are, in
  // their language, with a link to it; they close the notice.
  const board1 = await round1.nth(0).locator('td').nth(1).innerText();
  const gameHref = await round1.nth(0).locator('a.tournament-game').getAttribute('href');
  let told = 0;
  for (const [p, name, said] of [
    [ana, 'ana', /», ronda 1: tu partida contra (beto|cris) empieza el /],
    [beto, 'beto', /”, round 1: your game against (ana|cris) starts on /],
    [cris, 'cris', /», ronda 1: tu partida contra (ana|beto) empieza el /],
  ]) {
    if (!board1.split(' – ').includes(name)) continue;
    const note = p.page.locator('#jp-notices .notice-newGame');
    await note.waitFor();
    assert.match(await note.locator('a').innerText(), said);
    assert.equal(await note.locator('a').getAttribute('href'), gameHref);
    // In the page's flow, above its header: it covers none of its buttons.
    assert.equal(await p.page.locator('#jp-notices').evaluate((el) => getComputedStyle(el).position), 'static');
    await check(p);
    await note.locator('.notice-close').click();
    told++;
  }
  assert.equal(told, 2, `the players of ${board1}`);
  // The game and its replay link back to the tournament and the round.
  const gp = await ana.page.context().newPage();
  const gameURL = new URL(gameHref, env.server.url);
  for (const [path, sel] of [[gameURL.pathname, '#game-tournament'], ['/replay/' + gameURL.pathname.split('/').pop(), '#replay-tournament']]) {
    await gp.goto(env.server.url + path);
    const link = gp.locator(sel, { hasText: /^Torneo: .+, ronda 1$/ });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), new URL(leagueURL).pathname);
  }
  await gp.close();
  await check(ana);
  // Pairing round 1 again is refused, in her language.
  const again = await ana.page.request.post(leagueURL.replace('/tournament/', '/api/tournament/') + '/pair', { data: { round: 1 } });
  assert.equal(again.status(), 409);
  assert.equal((await again.json()).code, 'league.already_paired');

  // The result, set with a reason, reaches every standings table.
  await setResult(ana, 1, 1, '1-0', 'Jugada en el club');
  await ana.page.locator('.tournament-round[data-round="1"] tr[data-board="1"] .tournament-score', { hasText: '1-0' }).waitFor();
  const white = await round1.nth(0).locator('td').nth(1).innerText();
  const winner = white.split(' – ')[0];
  await ana.page.locator(`#tournament-standings-table tr[data-name="${winner}"] .tournament-points`, { hasText: '1' }).waitFor();
  await beto.page.locator(`#tournament-standings-table tr[data-name="${winner}"] .tournament-points`, { hasText: '1' }).waitFor();
  // The crosstable is a table, its headings from the catalogue (Ana's in
  // Spanish): the winner's row holds a 1 in the loser's column and * on
  // its own; on Beto's phone it scrolls in its box, not the page.
  const xt = ana.page.locator('#tournament-crosstable-table');
  await xt.locator('caption', { hasText: 'Tabla cruzada por número inicial' }).waitFor();
  assert.deepEqual((await xt.locator('thead th').allInnerTexts()).slice(0, 3), ['N.º', 'Jugador', 'Elo']);
  assert.ok((await xt.locator('thead th').allInnerTexts()).includes('Puntos'));
  const winnerRow = xt.locator('tbody tr', { hasText: winner });
  const own = await winnerRow.getAttribute('data-number');
  assert.equal(await winnerRow.locator(`td[data-column="${own}"]`).innerText(), '*');
  assert.equal(await winnerRow.locator('td.crosstable-cell', { hasText: /^1$/ }).count(), 1, 'one win in the grid');
  await beto.page.locator('#tournament-crosstable-table caption', { hasText: 'Crosstable by pairing number' }).waitFor();
  assert.equal(await noHorizontalScroll(beto.page), true);
  await check(beto);
  await screenshot(beto.page, 'tournament-league-phone');
  await check(ana);
  await screenshot(ana.page, 'tournament-league');

  // The club's page lists its league.
  await cris.page.goto(env.server.url + '/club/peon-rojo');
  await cris.page.locator('#club-tournaments li a', { hasText: 'Liga de otoño' }).waitFor();
  await check(cris);

  // An open Swiss from /tournaments, reached from the header.
  await ana.page.goto(env.server.url + '/');
  await ana.page.locator('#nav-tournaments').click();
  await ana.page.locator('#tournament-name').waitFor();
  await ana.page.locator('#tournaments-running li', { hasText: 'Liga de otoño' }).waitFor();
  await ana.page.locator('#tournament-name').fill('Abierto de invierno');
  await ana.page.locator('#tournament-format').selectOption('swiss');
  await ana.page.locator('#tournament-rounds').fill('3');
  // The league's round 2 pairs by itself once round 1 is decided: Ana may
  // have been told of her new game, in a notice over the page's corner.
  for (const close of await ana.page.locator('#jp-notices .notice-close').all()) await close.click();
  await ana.page.locator('#tournament-create').click();
  await ana.page.waitForURL(/\/tournament\/\w+$/);
  const swissURL = ana.page.url();
  for (const p of [ana, beto, cris]) {
    if (p !== ana) await p.page.goto(swissURL);
    await p.page.locator('#tournament-join').click();
    await p.page.locator('#tournament-leave').waitFor();
  }
  await beto.page.locator('#tournament-bye-ask').waitFor();
  await check(beto);
  await ana.page.reload();
  await ana.page.locator('#tournament-start').click();
  await ana.page.locator('#tournament-status[data-status="running"]').waitFor();
  const swiss1 = ana.page.locator('.tournament-round[data-round="1"] tr.tournament-board');
  assert.equal(await swiss1.count(), 2, 'three players: a game and the pairing-allocated bye');
  await setResult(ana, 1, 1, '1/2-1/2', 'Tablas acordadas');
  await ana.page.locator('.tournament-round[data-round="1"] tr[data-board="1"] .tournament-score', { hasText: '½-½' }).waitFor();
  await ana.page.locator('#tournament-standings-table .tournament-points', { hasText: '½' }).first().waitFor();
  // The Swiss crosstable: a column per round, the draw written as the
  // opponent's number, the colour in Spanish (b, n) and ½; the bye in words.
  const sx = ana.page.locator('#tournament-crosstable-table');
  await sx.locator('caption', { hasText: 'Tabla cruzada por puesto' }).waitFor();
  assert.deepEqual((await sx.locator('thead th').allInnerTexts()).slice(0, 5), ['Puesto', 'N.º', 'Jugador', 'Elo', 'R1']);
  await sx.locator('td[data-round="1"]', { hasText: /^\d+b½$/ }).waitFor();
  await sx.locator('td[data-round="1"]', { hasText: /^\d+n½$/ }).waitFor();
  assert.equal(await sx.locator('td[data-round="1"]', { hasText: 'descanso 1' }).count(), 1);
  assert.match(await sx.locator('td[data-round="1"]', { hasText: 'descanso' }).getAttribute('aria-label'), /^Ronda 1: descanso/);
  await check(ana);
  await screenshot(ana.page, 'tournament-swiss');
  for (const p of [ana, beto, cris]) assert.deepEqual(p.errors, []);
});
