// qa11.test.mjs: the rules guide as a keyboard reader and a teacher check
// it: a finished exercise hands the focus to the way on (the move field it
// was typed in turns disabled); a refusal names the move with the letters
// the reader typed; the boards of the starting position and of the table
// of values; a capture the text praises does not end the game in a draw;
// the rank numbers contrast with their squares from either side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe } from './harness.mjs';

const env = suite();

/** ready waits until exercise id has its position from the server. */
async function ready(page, id) {
  await page.locator(`#ex-${id} .exercise-status`).filter({ hasText: /\S/ }).waitFor();
  await page.locator(`#ex-${id}-board cg-board`).waitFor();
}

/** type plays text in exercise id's move field and returns the feedback once it has changed. */
async function type(page, id, text) {
  await ready(page, id);
  const before = await page.locator(`#ex-${id}-feedback`).textContent();
  await page.locator(`#ex-${id}-move`).fill(text);
  await page.locator(`#ex-${id}-move`).press('Enter');
  await page.waitForFunction(
    ([sel, prev]) => {
      const el = document.querySelector(sel);
      return el && el.textContent !== prev && el.textContent.trim() !== '';
    },
    [`#ex-${id}-feedback`, before],
  );
  return page.locator(`#ex-${id}-feedback`).innerText();
}

/** focused returns the test id of the focused element once it has one. */
async function focused(page) {
  const h = await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid'));
  return h.jsonValue();
}

test('the keyboard goes on from a finished exercise to the next one, then to the next section', async () => {
  const { page, errors, context } = await player(env.browser, { locale: 'es-ES' });
  await page.goto(env.server.url + '/rules/board');
  assert.match(await type(page, 'board-setup', 'e2e4'), /e4 es una jugada legal, pero no es lo que se pide/);
  assert.match(await type(page, 'board-setup', 'd2d4'), /el de la dama es el de la columna d/);
  assert.equal(await focused(page), 'next-exercise');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'ex-board-turn-move');
  assert.match(await type(page, 'board-turn', 'Cf6'), /Cf6/);
  assert.equal(await focused(page), 'next-section');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('href')), /\/rules\/pieces$/);
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a refusal names the move with the letters typed, and the praised capture plays on', async () => {
  for (const [locale, typed, sent, taken] of [
    ['es-ES', 'Ae2a6', 'Be2a6', /Axb5\+/],
    ['en-GB', 'Be2a6', null, /Bxb5\+/],
  ]) {
    const { page, errors, context } = await player(env.browser, { locale });
    await page.goto(env.server.url + '/rules/bishop');
    const refused = await type(page, 'bishop-diagonal', typed);
    assert.ok(refused.includes(typed), refused);
    if (sent) assert.ok(!refused.includes(sent), refused);
    const done = await type(page, 'bishop-diagonal', 'e2b5');
    assert.match(done, taken);
    assert.doesNotMatch(done, /Tablas|Draw/, 'the capture leaves more than king and bishop against king');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the table of values has a board: the most valuable capture is the rook', async () => {
  for (const [locale, wrong, right] of [
    ['es-ES', /Dxf2 es una jugada legal, pero no es lo que se pide[\s\S]*la torre \(5\) vale más/, /Dxf6/],
    ['en-GB', /Qxf2 is a legal move, but it is not what is asked[\s\S]*the rook \(5\) is worth more/, /Qxf6/],
  ]) {
    const { page, errors, context } = await player(env.browser, { locale });
    await page.goto(env.server.url + '/rules/pieces');
    assert.match(await type(page, 'values-capture', 'd4f2'), wrong);
    assert.match(await type(page, 'values-capture', 'd4f6'), right);
    await page.locator('#ex-values-capture[data-finished="true"]').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the rank numbers contrast with their squares, seen from White and from Black', async () => {
  const { page, context } = await player(env.browser, { locale: 'es-ES' });
  await page.goto(env.server.url + '/rules/board');
  await ready(page, 'board-squares');
  await ready(page, 'board-turn');
  // Each rank number's colour and the colour of the square under its middle.
  const probe = (id) =>
    page.evaluate((id) => {
      const board = document.querySelector(`#ex-${id}-board`);
      const black = board.classList.contains('orientation-black');
      const cg = board.querySelector('cg-board').getBoundingClientRect();
      return [...board.querySelectorAll('coords.ranks coord')].map((c) => {
        const r = c.getBoundingClientRect();
        const row = Math.floor((r.top + r.height / 2 - cg.top) / (cg.height / 8));
        const rank = black ? row + 1 : 8 - row;
        const file = black ? 8 : 1; // the left-hand column: h seen from Black, a from White
        const light = (rank + file) % 2 === 1;
        const rgb = getComputedStyle(c).color.match(/\d+/g).slice(0, 3).map(Number);
        return { text: c.textContent, rank, light, bright: rgb[0] + rgb[1] + rgb[2] > 400 };
      });
    }, id);
  for (const id of ['board-squares', 'board-turn']) {
    const got = await probe(id);
    assert.equal(got.length, 8, id);
    for (const c of got) {
      assert.equal(c.text, String(c.rank), `${id}: the number ${c.text} stands in the square of its rank`);
      assert.notEqual(c.bright, c.light, `${id}: rank ${c.text} contrasts with its square`);
    }
  }
  await context.close();
});
