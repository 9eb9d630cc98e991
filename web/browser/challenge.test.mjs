// challenge.test.mjs: direct challenges between accounts in a real
// Chromium — made on the home page, received there live, declined with a
// reason that the challenger reads in words, accepted (both go to the
// game), cancelled by the challenger; and the page of a challenge that does
// not exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';

const env = suite();

/** account opens a browser signed up as username, on the home page. */
async function account(username, opts) {
  const p = await player(env.browser, opts);
  const res = await p.page.request.post(env.server.url + '/api/account/signup', { data: { username, password: 'contraseña-larga' } });
  assert.equal(res.status(), 201, await res.text());
  await p.page.goto(env.server.url + '/');
  await p.page.locator('#seeks .status.online').waitFor();
  await p.page.locator('#ai-level option').first().waitFor({ state: 'attached' });
  return p;
}

/** challenge has from challenge username from the home page's form, and returns the challenge page's id. */
async function challenge(from, username) {
  await from.page.locator('#form-minutes').fill('15');
  await from.page.locator('#form-increment').selectOption('10');
  await from.page.locator('#challenge-username').fill(username);
  await from.page.locator('#challenge-user').click();
  await from.page.waitForURL(/\/challenge\/[A-Za-z0-9]+$/);
  await from.page.locator('#challenge-status.waiting').waitFor();
  await from.page.locator('#seeks, #challenge').first().waitFor();
  return new URL(from.page.url()).pathname.split('/').pop();
}

test('a direct challenge: declined with a reason, then accepted, then cancelled', async () => {
  const alba = await account('alba');
  const bruno = await account('bruno', { size: 'phone', mobile: true });
  assert.match(await alba.page.locator('#form-rated + label').innerText(), /Puntuable/);

  // Nobody of that name: the server's refusal, in words, and nothing made.
  await alba.page.locator('#challenge-username').fill('nadie');
  await alba.page.locator('#challenge-user').click();
  await alba.page.locator('#error-user', { hasText: 'No hay ningún usuario «nadie»' }).waitFor();
  assert.match(alba.page.url(), /\/$/);

  // Declined: Bruno sees it arrive on his home page and gives a reason.
  let id = await challenge(alba, 'bruno');
  assert.match(await alba.page.locator('#challenge-to').innerText(), /bruno/);
  assert.match(await alba.page.locator('#challenge-clock').innerText(), /15\+10/);
  const incoming = bruno.page.locator(`li.incoming[data-challenge-id="${id}"]`);
  await incoming.waitFor();
  assert.match(await incoming.innerText(), /alba/);
  assert.equal(await noHorizontalScroll(bruno.page), true);
  assert.deepEqual(await axe(bruno.page), []);
  await incoming.locator('select.decline-reason').selectOption('later');
  await incoming.locator('button.challenge-decline').click();
  await incoming.waitFor({ state: 'detached' });
  await alba.page.locator('#challenge-status', { hasText: 'Desafío rechazado: Ahora no es buen momento' }).waitFor();

  // Accepted on the challenge page: both go to the game.
  await alba.page.goto(env.server.url + '/');
  await alba.page.locator('#seeks .status.online').waitFor();
  id = await challenge(alba, 'bruno');
  await bruno.page.goto(env.server.url + '/challenge/' + id);
  await bruno.page.locator('#challenge-accept').waitFor();
  assert.match(await bruno.page.locator('#challenge-status').innerText(), /alba te desafía/);
  assert.equal(await bruno.page.locator('#challenge-decline').count(), 1);
  assert.deepEqual(await missingTexts(bruno.page), []);
  assert.equal(await noHorizontalScroll(bruno.page), true);
  await screenshot(bruno.page, 'challenge-page-phone');
  await bruno.page.locator('#challenge-accept').click();
  await bruno.page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const gameId = new URL(bruno.page.url()).pathname.split('/').pop();
  await alba.page.waitForURL(`**/game/${gameId}`);
  await alba.page.locator('cg-board').first().waitFor();
  await bruno.page.locator('cg-board').first().waitFor();

  // Cancelled by the challenger: the page says so, and Bruno's list drops it.
  await alba.page.goto(env.server.url + '/');
  await alba.page.locator('#seeks .status.online').waitFor();
  await bruno.page.goto(env.server.url + '/');
  await bruno.page.locator('#seeks .status.online').waitFor();
  id = await challenge(alba, 'bruno');
  await bruno.page.locator(`li.incoming[data-challenge-id="${id}"]`).waitFor();
  await alba.page.locator('#challenge-cancel').click();
  await alba.page.locator('#challenge-status', { hasText: 'Desafío cancelado' }).waitFor();
  await bruno.page.locator(`li.incoming[data-challenge-id="${id}"]`).waitFor({ state: 'detached' });
  // The one refusal the browser logs is the 404 of the unknown username.
  assert.deepEqual(alba.errors.filter((e) => !/status of 404/.test(e)), []);
  assert.equal(alba.errors.length, 1);
  assert.deepEqual(bruno.errors, []);
  await alba.context.close();
  await bruno.context.close();
});

test('a challenge page that names no challenge says so, in English too', async () => {
  const es = await player(env.browser);
  await es.page.goto(env.server.url + '/challenge/zzzzzzzz');
  await es.page.locator('#challenge-missing', { hasText: 'Ese desafío no existe' }).waitFor();
  const en = await player(env.browser, { locale: 'en-US' });
  await en.page.goto(env.server.url + '/challenge/zzzzzzzz');
  await en.page.locator('#challenge-missing').waitFor();
  assert.doesNotMatch(await en.page.locator('#challenge-missing').innerText(), /desafío/);
  assert.deepEqual(await missingTexts(en.page), []);
  await es.context.close();
  await en.context.close();
});
