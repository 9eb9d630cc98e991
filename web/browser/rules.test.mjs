// rules.test.mjs: the rules guide as a reader goes through it,
// in Spanish and in English: one exercise of every section, on the board
// (clicks) and with the keyboard (the move field), the refused castling
// through check explained with the square and the attacker, the en-passant
// capture refused one move later, a promotion chosen on the board; the
// sections without a board show their text; the phone fits 360 px; the
// practice button starts a game against the AI. For a keyboard reader and
// a teacher: a finished exercise hands the focus on, a refusal names the
// move with the letters typed, a praised capture plays on, the table of
// values has its board, the rank numbers contrast with their squares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';

const env = suite();

/** ready waits until exercise id has its position from the server. */
async function ready(page, id) {
  await page.locator(`#ex-${id} .exercise-status`).filter({ hasText: /\S/ }).waitFor();
  await page.locator(`#ex-${id}-board cg-board`).waitFor();
}

/** square clicks a square of exercise id's board, minding its orientation. */
async function square(page, id, sq) {
  const board = page.locator(`#ex-${id}-board`);
  await board.scrollIntoViewIfNeeded();
  const box = await page.locator(`#ex-${id}-board cg-board`).boundingBox();
  const black = (await board.getAttribute('class')).includes('orientation-black');
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq[1]) - 1;
  const size = box.width / 8;
  const col = black ? 7 - file : file;
  const row = black ? rank : 7 - rank;
  await page.mouse.click(box.x + size * (col + 0.5), box.y + size * (row + 0.5));
}

/** feedback returns exercise id's feedback once it has changed from before. */
async function feedback(page, id, before) {
  const fb = page.locator(`#ex-${id}-feedback`);
  await page.waitForFunction(([sel, prev]) => {
    const el = document.querySelector(sel);
    return el && el.textContent !== prev && el.textContent.trim() !== '';
  }, [`#ex-${id}-feedback`, before]);
  return fb.innerText();
}

/** move plays uci on exercise id's board by clicks (and a promotion button) and returns the feedback. */
async function click(page, id, uci, promo) {
  await ready(page, id);
  const before = await page.locator(`#ex-${id}-feedback`).textContent();
  await square(page, id, uci.slice(0, 2));
  await square(page, id, uci.slice(2, 4));
  if (promo) await page.locator(`#ex-${id}-promo-${promo}`).click();
  return feedback(page, id, before);
}

/** type plays text with the keyboard in exercise id's move field. */
async function type(page, id, text) {
  await ready(page, id);
  const before = await page.locator(`#ex-${id}-feedback`).textContent();
  await page.locator(`#ex-${id}-move`).fill(text);
  await page.locator(`#ex-${id}-move`).press('Enter');
  return feedback(page, id, before);
}

async function finished(page, id) {
  await page.locator(`#ex-${id}[data-finished="true"]`).waitFor();
}

// Each section with the exercise gone through: tries in order, each [how,
// move, pattern of the feedback per language]; the last one finishes it.
const tour = [
  ['board', 'board-squares', [['type', 'g1f3', { es: /Cf3/, en: /Nf3/ }]]],
  ['pieces', null, { es: /Dama\s+9/, en: /Queen\s+9/ }],
  ['pawn', 'pawn-capture', [
    ['type', 'e4e5', { es: /el peón de e4 no puede avanzar: el caballo de e5 le cierra el paso/, en: /the pawn on e4 cannot advance: the knight on e5 is in its way/ }],
    ['click', 'e4d5', { es: /exd5/, en: /exd5/ }],
  ]],
  ['knight', 'knight-jump', [['type', 'd3d5', { es: /el caballo salta en forma de L/, en: /the knight jumps in an L/ }], ['click', 'd3e5', { es: /Cxe5/, en: /Nxe5/ }]]],
  ['bishop', 'bishop-diagonal', [['type', 'e2b5', { es: /Axb5/, en: /Bxb5/ }]]],
  ['rook', 'rook-file', [['type', 'a1a7', { es: /Txa7/, en: /Rxa7/ }]]],
  ['queen', 'queen-lines', [
    ['type', 'd1d7', { es: /Dxd7\+ es una jugada legal, pero no es lo que se pide/, en: /Qxd7\+ is a legal move, but it is not what is asked/ }],
    ['type', 'd1a4', { es: /Dxa4/, en: /Qxa4/ }],
  ]],
  ['king', 'king-safe', [['click', 'e1e2', { es: /atacada por la torre de a2/, en: /attacked by the rook on a2/ }], ['type', { es: 'Rf1', en: 'Kf1' }, { es: /Rf1/, en: /Kf1/ }]]],
  ['castling', 'castle-through-check', [
    ['click', 'e1g1', { es: /el rey no puede enrocar: pasaría por f1, atacada por el alfil de c4/, en: /the king cannot castle: it would pass through f1, attacked by the bishop on c4/ }],
    ['type', 'O-O-O', { es: /O-O-O/, en: /O-O-O/ }],
  ]],
  ['en-passant', 'ep-expired', [
    ['type', { es: 'Rd2', en: 'Kd2' }, { es: /Respuesta del rival: g6/, en: /Your opponent answers: g6/ }],
    ['click', 'e5d6', { es: /la captura al paso solo se puede hacer justo después del avance doble/, en: /en passant is only possible right after the double step/ }],
  ]],
  ['promotion', 'promote-knight-mate', [['click', 'f7f8', { es: /f8=C#/, en: /f8=N#/ }, 'knight']]],
  ['check', 'check-knight', [['type', 'a1d1', { es: /ese jaque no se puede tapar/, en: /that check cannot be blocked/ }], ['type', 'e1f1', { es: /Rf1/, en: /Kf1/ }]]],
  ['endings', 'mate-not-stalemate', [
    ['type', 'f1f7', { es: /Tablas por rey ahogado/, en: /Draw by stalemate/ }],
    ['type', 'f1f8', { es: /Df8#/, en: /Qf8#/ }],
  ]],
  ['material', 'material-exchange', [['type', 'b3c5', { es: /Cxc5/, en: /Nxc5/ }]]],
  ['joinpal', null, { es: /incremento opcional de 1 a 10 segundos/, en: /optional increment of 1 to 10 seconds/ }],
  ['practice', null, { es: /Enroca pronto/, en: /Castle early/ }],
  ['faq', 'faq-castle-rook-attacked', [['click', 'e1g1', { es: /O-O/, en: /O-O/ }]]],
];

async function goThrough(lang, locale) {
  const { page, errors, context } = await player(env.browser, { locale });
  await page.goto(env.server.url + '/rules');
  await page.locator('h1').waitFor();
  assert.equal(await page.getAttribute('html', 'lang'), lang);
  const cards = await page.locator('.rules-cards li').count();
  assert.equal(cards, tour.length, 'every section is listed');
  assert.deepEqual(await missingTexts(page), []);
  for (const [section, id, tries] of tour) {
    await page.goto(env.server.url + '/rules/' + section);
    await page.locator('#rules-title').waitFor();
    if (!id) {
      assert.match(await page.locator('.rules-main').innerText(), tries[lang], section);
      continue;
    }
    for (const [how, move, want, promo] of tries) {
      const text = typeof move === 'string' ? move : move[lang];
      const got = how === 'click' ? await click(page, id, text, promo) : await type(page, id, text);
      assert.match(got, want[lang], `${section}: ${text}`);
    }
    await finished(page, id);
    assert.deepEqual(await missingTexts(page), [], section);
  }
  assert.deepEqual(errors, []);
  await context.close();
}

test('a Spanish reader goes through one exercise of every section', async () => {
  await goThrough('es', 'es-ES');
});

test('an English reader goes through one exercise of every section', async () => {
  await goThrough('en', 'en-GB');
});

test('a section on a phone: no horizontal scroll, accessible, linkable, the next exercise offered', async () => {
  const { page, errors, context } = await player(env.browser, { size: 'phone', mobile: true });
  await page.goto(env.server.url + '/rules/castling#conditions');
  await ready(page, 'castle-through-check');
  assert.equal(await noHorizontalScroll(page), true);
  assert.deepEqual(await axe(page), []);
  assert.match(await page.locator('#ex-castle-through-check-feedback').getAttribute('aria-live'), /polite/);
  // The first exercise done by keyboard alone, then the next one offered.
  assert.match(await type(page, 'castle-short', 'O-O'), /¡Enrocado!/);
  await page.locator('#ex-castle-short [data-testid=next-exercise]').click();
  await page.waitForFunction(() => document.activeElement?.id === 'ex-castle-through-check-move');
  await screenshot(page, 'rules-castling-phone');
  await page.goto(env.server.url + '/rules');
  await page.locator('.rules-cards').waitFor();
  assert.equal(await noHorizontalScroll(page), true);
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('practice: one click starts a game against the AI at level Easy, without an account', async () => {
  const { page, errors, context } = await player(env.browser);
  await page.goto(env.server.url + '/rules/practice');
  await page.locator('#rules-play-ai').click();
  await page.waitForURL(/\/game\/[^/]+$/);
  const id = page.url().split('/game/')[1];
  const res = await context.request.get(env.server.url + '/api/game/' + id);
  const g = await res.json();
  assert.equal([g.players.white, g.players.black].some((p) => p?.aiLevel === 2), true, JSON.stringify(g));
  assert.deepEqual(errors.filter((e) => !/WebSocket/.test(e)), []);
  await context.close();
});

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
