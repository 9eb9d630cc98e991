// club.test.mjs: a club in a real Chromium — Ana (Spanish) creates a club
// by request; Beto (English, a phone) finds it, asks to join; Ana sees the
// request on her club's page, approves it; both see the two members with
// their roles; she opens the club to all and Beto sees it. Every page passes axe and shows no code in
// place of a text; the club's description is drawn as text, never HTML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person } from './schedule.fixture.mjs';

const env = suite();

test('a club by request: one asks to join, the owner approves, both see the members', async () => {
  const ana = await person(env, 'ana', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const beto = await person(env, 'beto', { locale: 'en-GB', timezoneId: 'Europe/London', size: 'phone', mobile: true });

  // Ana creates the club from /clubs, reached from the header.
  await ana.page.goto(env.server.url + '/');
  await ana.page.locator('#nav-clubs').click();
  await ana.page.locator('#club-name').waitFor();
  assert.equal(await ana.page.locator('#nav-clubs').innerText(), 'Clubes');
  await ana.page.locator('#clubs-list').waitFor({ state: 'attached' });
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  await ana.page.locator('#club-name').fill('Peón Rojo');
  await ana.page.locator('#club-description').fill('Los jueves a las 19:00 <b>en el bar</b>');
  await ana.page.locator('#club-policy-request').check();
  await ana.page.locator('#club-create').click();
  await ana.page.waitForURL(/\/club\/peon-rojo$/);
  await ana.page.locator('#club-members li[data-name="ana"][data-role="owner"]').waitFor();
  assert.equal(await ana.page.locator('#club-description').innerText(), 'Los jueves a las 19:00 <b>en el bar</b>');
  assert.equal(await ana.page.locator('#club-description b').count(), 0, 'no HTML from user text');
  await ana.page.locator('#club-requests-empty').waitFor();
  await ana.page.locator('#club-tournaments-empty').waitFor();
  await ana.page.locator('#club-games-empty').waitFor();
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  await screenshot(ana.page, 'club-owner');

  // Beto finds it by searching, and asks to join.
  await beto.page.goto(env.server.url + '/clubs');
  await beto.page.locator('#club-search').fill('peon');
  await beto.page.locator('#club-search-go').click();
  await beto.page.locator('#clubs-list li[data-id="peon-rojo"]').waitFor();
  assert.deepEqual(await axe(beto.page), []);
  await screenshot(beto.page, 'clubs-list-phone');
  await beto.page.locator('#clubs-list li[data-id="peon-rojo"] a').click();
  await beto.page.locator('#club-join').waitFor();
  assert.equal(await beto.page.locator('#club-join').innerText(), 'Ask to join');
  assert.deepEqual(await axe(beto.page), []);
  await beto.page.locator('#club-join').click();
  await beto.page.locator('#club-place[data-role="requested"]').waitFor();
  assert.equal(await beto.page.locator('#club-members li').count(), 1);
  assert.equal(await noHorizontalScroll(beto.page), true);
  assert.deepEqual(await missingTexts(beto.page), []);

  // Ana sees the request on her club's page, and approves it.
  await ana.page.reload();
  const request = ana.page.locator('#club-requests li[data-name="beto"]');
  await request.waitFor();
  assert.deepEqual(await axe(ana.page), []);
  await request.locator('button.club-approve').click();
  await ana.page.locator('#club-members li[data-name="beto"][data-role="member"]').waitFor();
  await ana.page.locator('#club-requests-empty').waitFor();
  await screenshot(ana.page, 'club-approved');

  // Both see the two members, with their roles, in their languages.
  await beto.page.reload();
  await beto.page.locator('#club-place[data-role="member"]').waitFor();
  for (const [p, owner, member] of [
    [ana.page, 'propietario', 'miembro'],
    [beto.page, 'owner', 'member'],
  ]) {
    const rows = p.locator('#club-members li');
    assert.equal(await rows.count(), 2);
    assert.equal(await rows.nth(0).getAttribute('data-name'), 'ana');
    assert.equal(await rows.nth(0).locator('.club-role').innerText(), owner);
    assert.equal(await rows.nth(1).getAttribute('data-name'), 'beto');
    assert.equal(await rows.nth(1).locator('.club-role').innerText(), member);
    assert.deepEqual(await missingTexts(p), []);
    assert.deepEqual(await axe(p), []);
  }
  assert.equal(await beto.page.locator('.club-admin').count(), 0, 'a member has no admin controls');

  // The members talk in the club's chat, each in their language.
  await ana.page.locator('#chat-title', { hasText: 'Chat del club' }).waitFor();
  await beto.page.locator('#chat-title', { hasText: 'Club chat' }).waitFor();
  await beto.page.locator('#chat-input').fill('¿Jugamos el martes?');
  await beto.page.locator('#chat-send').click();
  await ana.page.locator('#chat-lines .chat-text', { hasText: '¿Jugamos el martes?' }).waitFor();
  assert.deepEqual(await axe(ana.page), []);

  // Ana opens the club to all; Beto sees its new description and policy.
  await ana.page.locator('#club-edit-description').fill('Los martes, abierto a todos');
  await ana.page.locator('#club-edit-policy-open').check();
  await ana.page.locator('#club-edit-save').click();
  await ana.page.locator('#club-description', { hasText: 'Los martes' }).waitFor();
  await beto.page.reload();
  await beto.page.locator('#club-description', { hasText: 'Los martes, abierto a todos' }).waitFor();
  assert.match(await beto.page.locator('.club-meta').innerText(), /open/);
  await screenshot(beto.page, 'club-member-phone');
  assert.deepEqual(ana.errors, []);
  assert.deepEqual(beto.errors, []);
});
