// chat.test.mjs: the chat as two players and a spectator use it — a quick
// phrase, a typed line, a line that looks like HTML shown as the text it
// is, a report and a mute, the switch that hides the chat (remembered
// across a reload), the spectators' own room, the lobby's chat read by a
// guest, and axe on the pages with the chat open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, seekPair, player, missingTexts, axe, screenshot } from './harness.mjs';

const env = suite();

const injection = '<img src=x onerror=alert(1)>';

/** lineTexts are the texts of the chat's lines on page. */
async function lineTexts(page) {
  return page.locator('#chat-lines .chat-text').allTextContents();
}

test('two players chat: a quick phrase, a line, HTML shown as text, report, mute, hide', async () => {
  const g = await seekPair(env, '5+0');
  const dialogs = [];
  // Any dialog but the browser's own question before a reload would be the injected alert.
  for (const p of [g.white, g.black])
    p.page.on('dialog', (d) => (d.type() === 'beforeunload' ? d.accept() : (dialogs.push(d.message()), d.dismiss())));
  const { page: w } = g.white;
  const { page: b } = g.black;
  for (const p of [w, b]) {
    await p.locator('#chat-title', { hasText: 'Chat con tu rival' }).waitFor();
    await p.locator('#chat-input').waitFor();
  }

  // A quick phrase, from the catalogue.
  await w.locator('button.chat-phrase', { hasText: '¡Buena suerte!' }).click();
  await b.locator('#chat-lines .chat-text', { hasText: '¡Buena suerte!' }).waitFor();

  // A line that looks like HTML is shown as its text: no element is made of it.
  await b.locator('#chat-input').fill(injection);
  await b.locator('#chat-send').click();
  await w.locator('#chat-lines .chat-text', { hasText: injection }).waitFor();
  assert.deepEqual(await lineTexts(w), ['¡Buena suerte!', injection]);
  assert.equal(await w.locator('#chat-lines img').count(), 0);
  // The draft is cleared by the server's answer to black, which may reach
  // black after the line reached white.
  await b.waitForFunction(() => document.querySelector('#chat-input')?.value === '', null, { timeout: 10000 });
  assert.deepEqual(dialogs, []);

  // axe on the game page with the chat open, lines and buttons in it.
  assert.deepEqual(await missingTexts(w), []);
  assert.deepEqual(await axe(w), []);
  await screenshot(w, 'chat-game');

  // white reports black's line, then mutes black: black's next lines no
  // longer reach white, whose own still do.
  const theirs = w.locator('#chat-lines .chat-line', { hasText: injection });
  await theirs.locator('button.chat-report').click();
  await w.locator('#chat-message', { hasText: 'Mensaje denunciado' }).waitFor();
  await theirs.locator('button.chat-mute').click();
  await w.locator('#chat-message', { hasText: 'Has silenciado' }).waitFor();
  assert.deepEqual(await lineTexts(w), ['¡Buena suerte!']);
  await b.locator('#chat-input').fill('no me lees');
  await b.locator('#chat-send').click();
  await b.locator('#chat-lines .chat-text', { hasText: 'no me lees' }).waitFor();
  await w.locator('button.chat-phrase', { hasText: 'Gracias' }).click();
  await b.locator('#chat-lines .chat-text', { hasText: 'Gracias' }).waitFor();
  await w.locator('#chat-lines .chat-text', { hasText: 'Gracias' }).waitFor();
  assert.deepEqual(await lineTexts(w), ['¡Buena suerte!', 'Gracias']);

  // The switch hides the chat, and the browser remembers it.
  await w.locator('#chat-hide').check();
  await w.locator('#chat.hidden').waitFor();
  await w.reload();
  await w.locator('#chat.hidden').waitFor();
  assert.equal(await w.locator('#chat-lines').count(), 0);
  await w.locator('#chat-hide').uncheck();
  await w.locator('#chat-lines .chat-text', { hasText: 'Gracias' }).waitFor();
  assert.deepEqual(await lineTexts(w), ['¡Buena suerte!', 'Gracias'], 'the history after a reload leaves the muted out');

  // A spectator (a guest, in English) sees the spectators' room, read only,
  // and none of the players' lines.
  const s = await player(env.browser, { locale: 'en-GB' });
  await s.page.goto(env.server.url + '/game/' + g.gameId);
  await s.page.locator('#chat-title', { hasText: "Spectators' chat" }).waitFor();
  await s.page.locator('#chat .chat-note', { hasText: 'Only registered accounts can write here.' }).waitFor();
  assert.equal(await s.page.locator('#chat-lines').count(), 0);
  assert.equal(await s.page.locator('button.chat-phrase').count(), 0);
  assert.deepEqual(await axe(s.page), []);
  await s.context.close();
  await g.close();
});

test('the lobby chat on the home page', async () => {
  const p = await player(env.browser);
  await p.page.goto(env.server.url + '/');
  await p.page.locator('#chat-title', { hasText: 'Chat del vestíbulo' }).waitFor();
  await p.page.locator('#chat .chat-note', { hasText: 'Solo las cuentas registradas' }).waitFor();
  assert.deepEqual(await missingTexts(p.page), []);
  assert.deepEqual(await axe(p.page), []);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
