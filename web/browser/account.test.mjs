// account.test.mjs: signing up, logging out and logging in through the
// pages' forms, the server's refusals shown beside their field in Spanish
// and focused, and ?next= taking the user back (to this site only).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { password } from './account.fixture.mjs';

const env = suite();

/** fill types the form's fields and sends it. */
async function fill(page, fields) {
  for (const [id, value] of Object.entries(fields)) await page.fill('#' + id, value);
  await page.click('#auth-submit');
}

/** focused waits (up to 10 s) until the element with id has the focus, and reports whether it came. */
const focused = (page, id) =>
  page.waitForFunction((id) => document.activeElement?.id === id, id, { timeout: 10000 }).then(() => true, () => false);

/** pageErrors are errors, less the console's notes of the refusals the test asks for (a 4xx answer). */
const pageErrors = (errors) => errors.filter((e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e));

test('sign up, log out and log in again, back to the page of ?next=', async () => {
  const { page, errors, context } = await player(env.browser);
  await page.goto(env.server.url + '/signup?next=' + encodeURIComponent('/@/marta'));
  await page.locator('#auth-form').waitFor();
  assert.equal(await page.locator('h1').innerText(), 'Crear una cuenta');
  assert.equal(await page.locator('label[for=password2]').innerText(), 'Repite la contraseña');
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);

  // Two different passwords: the page says so and focuses the second one.
  await fill(page, { username: 'marta', password, password2: password + 'x' });
  await page.locator('#password2-error').waitFor();
  assert.equal(await page.locator('#password2-error').innerText(), 'Las dos contraseñas no coinciden');
  assert.ok(await focused(page, 'password2'), 'the focus is on #password2');
  assert.equal(await page.getAttribute('#password2', 'aria-describedby'), 'password2-error');

  // The server's refusal of a username, in Spanish, beside the field.
  await fill(page, { username: '9marta', password, password2: password });
  await page.locator('#username-error').waitFor();
  assert.equal(await page.locator('#username-error').innerText(), 'El nombre de usuario debe empezar por una letra');
  assert.ok(await focused(page, 'username'), 'the focus is on #username');
  assert.equal(await page.getAttribute('#username', 'aria-invalid'), 'true');

  // Accepted: the browser goes to ?next=, signed in.
  await fill(page, { username: 'marta', password, password2: password });
  await page.waitForURL(env.server.url + '/@/marta');
  await page.locator('#nav-profile').waitFor();
  assert.equal(await page.locator('#nav-profile').innerText(), 'marta');
  const cookies = await context.cookies();
  assert.ok(cookies.some((c) => c.name === 'joinpal_session' && c.httpOnly), 'a session cookie, HttpOnly');

  // A second browser cannot take the name.
  const other = await player(env.browser);
  await other.page.goto(env.server.url + '/signup');
  await fill(other.page, { username: 'Marta', password, password2: password });
  await other.page.locator('#username-error').waitFor();
  assert.equal(await other.page.locator('#username-error').innerText(), 'El nombre de usuario «Marta» ya está en uso');
  await other.context.close();

  // Log out with the header's button: home, nobody signed in.
  await page.click('#nav-logout');
  await page.waitForURL(env.server.url + '/');
  await page.locator('#nav-login').waitFor();
  assert.equal(await page.locator('#nav-profile').count(), 0);

  // Log in from the header's link; a ?next= to another site goes home instead.
  await page.goto(env.server.url + '/login?next=' + encodeURIComponent('//evil.example/x'));
  await page.locator('#auth-form').waitFor();
  assert.equal(await page.locator('#password2').count(), 0);
  assert.equal(await page.getAttribute('#password', 'autocomplete'), 'current-password');
  await fill(page, { username: 'marta', password });
  await page.waitForURL(env.server.url + '/');
  await page.locator('#nav-profile').waitFor();
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('a refused log-in says why in Spanish, focused; too many say to wait', async () => {
  const { page, errors, context } = await player(env.browser, { size: 'phone', mobile: true });
  await page.goto(env.server.url + '/login');
  await page.locator('#auth-form').waitFor();
  assert.equal(await page.locator('h1').innerText(), 'Entrar');
  await fill(page, { username: 'nadie', password: 'no-es-esta-1' });
  await page.locator('#auth-error:not(.empty)').waitFor();
  assert.equal(await page.locator('#auth-error').innerText(), 'Usuario o contraseña incorrectos');
  assert.ok(await focused(page, 'auth-error'), 'the focus is on #auth-error');
  assert.equal(await page.getAttribute('#auth-error', 'role'), 'alert');
  assert.ok(await noHorizontalScroll(page), 'no horizontal scrolling at 360 px');
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'login-phone');

  // Each wrong password makes the next try from the same address wait
  // (1 s, then doubling), and five per username and address in five minutes
  // are the most: the refusal names the wait, in the singular for 1 s.
  let text = '';
  for (let i = 0; i < 6 && !/Demasiados intentos/.test(text); i++) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/login'));
    await fill(page, { username: 'nadie', password: 'no-es-esta-' + i });
    await answered;
    await page.waitForFunction(() => document.querySelector('#auth-form')?.getAttribute('aria-busy') === 'false');
    text = await page.locator('#auth-error').innerText();
  }
  assert.match(text, /^Demasiados intentos; vuelve a intentarlo dentro de (1 segundo|([02-9]|\d\d+) segundos)$/);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('a guest who signs up keeps its id (and so its games), in a new session', async () => {
  const { page, errors, context } = await player(env.browser);
  const guest = await (await context.request.post(env.server.url + '/api/guest', { data: {} })).json();
  const before = (await context.cookies()).find((c) => c.name === 'joinpal_session')?.value;
  await page.goto(env.server.url + '/signup');
  await page.locator('.auth-guest').waitFor();
  assert.equal(
    await page.locator('.auth-guest').innerText(),
    `Ahora juegas como invitado (${guest.displayName}): al crear la cuenta, tus partidas pasan a ella.`,
  );
  await fill(page, { username: 'gala', password, password2: password });
  await page.waitForURL(env.server.url + '/');
  const me = await (await context.request.get(env.server.url + '/api/account/me')).json();
  assert.equal(me.id, guest.id, 'the same user');
  assert.equal(me.guest, false);
  assert.equal(me.username, 'gala');
  const after = (await context.cookies()).find((c) => c.name === 'joinpal_session')?.value;
  assert.ok(after && after !== before, 'a new session cookie');
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('the forms in English, and the signed-in user is told so', async () => {
  const { page, errors, context } = await player(env.browser, { locale: 'en-US' });
  await page.goto(env.server.url + '/login');
  await page.locator('#auth-form').waitFor();
  assert.equal(await page.locator('label[for=username]').innerText(), 'Username');
  assert.equal(await page.locator('#auth-switch').getAttribute('href'), '/signup');
  await page.goto(env.server.url + '/signup?next=%2F%40%2Fines');
  await page.locator('#auth-form').waitFor();
  assert.equal(await page.locator('#auth-switch').getAttribute('href'), '/login?next=%2F%40%2Fines');
  await fill(page, { username: 'ines', password, password2: password });
  await page.waitForURL(env.server.url + '/@/ines');
  await page.goto(env.server.url + '/login');
  await page.locator('#auth-signed-in').waitFor();
  assert.equal(await page.locator('#auth-signed-in').innerText(), 'You are already logged in as ines.');
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});
