// chat-restart.test.mjs: a game's chat is stored. Two players talk, the
// game ends, the (only) server restarts on the same database; back on the
// finished game's page both players read their lines, in order, and the
// mute one of them made before the restart still hides the other's lines.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, seekPair, missingTexts } from './harness.mjs';

const dir = mkdtempSync(join(tmpdir(), 'joinpal-chat-restart-'));
const db = ['--db', join(dir, 'joinpal.db')];
const env = { server: null, browser: null };
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** lineTexts are the texts of the chat's lines on page. */
async function lineTexts(page) {
  return page.locator('#chat-lines .chat-text').allTextContents();
}

test('a finished game’s chat after a restart', async () => {
  env.server = await startServer(db);
  env.browser = await launch();
  const g = await seekPair(env, '5+0');
  const { page: w } = g.white;
  const { page: b } = g.black;
  for (const p of [w, b]) await p.locator('#chat-input').waitFor();
  await w.locator('button.chat-phrase', { hasText: '¡Buena suerte!' }).click();
  await b.locator('#chat-lines .chat-text', { hasText: '¡Buena suerte!' }).waitFor();
  await b.locator('#chat-input').fill('Gracias, igualmente');
  await b.locator('#chat-send').click();
  await w.locator('#chat-lines .chat-text', { hasText: 'Gracias, igualmente' }).waitFor();
  // Black mutes white: white's lines no longer reach black.
  await b.locator('#chat-lines .chat-line', { hasText: '¡Buena suerte!' }).locator('button.chat-mute').click();
  await b.locator('#chat-message', { hasText: 'Has silenciado' }).waitFor();
  assert.deepEqual(await lineTexts(b), ['Gracias, igualmente']);
  const resigned = await w.request.post(env.server.url + '/api/game/' + g.gameId + '/resign');
  assert.equal(resigned.status(), 200, await resigned.text());

  // The same database, a new process.
  await env.server.stop();
  env.server = await startServer(db);
  for (const p of [w, b]) {
    await p.goto(env.server.url + '/game/' + g.gameId);
    await p.locator('cg-board').waitFor();
    await p.locator('#chat-lines .chat-text').first().waitFor();
  }
  assert.deepEqual(await lineTexts(w), ['¡Buena suerte!', 'Gracias, igualmente']);
  assert.deepEqual(await lineTexts(b), ['Gracias, igualmente'], 'black’s mute of white outlived the restart');
  assert.deepEqual(await missingTexts(w), []);
  // The pages' sockets tried the stopped server before they were moved on.
  const refused = (e) => e.includes('ERR_CONNECTION_REFUSED');
  assert.deepEqual([...g.white.errors, ...g.black.errors].filter((e) => !refused(e)), []);
  await g.close();
});
