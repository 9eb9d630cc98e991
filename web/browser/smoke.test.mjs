// smoke.test.mjs: the server serves the interface, in Spanish by default
// and in English when the browser asks for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts } from './harness.mjs';

const env = suite();

test('the home page speaks Spanish by default and English to an English browser', async () => {
  const es = await player(env.browser);
  await es.page.goto(env.server.url + '/');
  await es.page.locator('header.site').waitFor();
  assert.equal(await es.page.getAttribute('html', 'lang'), 'es');
  assert.match(await es.page.locator('header.site').innerText(), /Jugar/);
  assert.deepEqual(await missingTexts(es.page), []);
  const en = await player(env.browser, { locale: 'en-US' });
  await en.page.goto(env.server.url + '/');
  await en.page.locator('header.site').waitFor();
  assert.equal(await en.page.getAttribute('html', 'lang'), 'en');
  assert.match(await en.page.locator('header.site').innerText(), /Play/);
  assert.deepEqual(es.errors, []);
  assert.deepEqual(en.errors, []);
});
