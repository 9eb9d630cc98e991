// next.test.ts: after a sign-up or a log-in the browser goes only to a
// page of this site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterAuth, withNext } from './next';

const origin = 'https://joinpal.example';

test('afterAuth keeps this site\'s pages and refuses the rest', () => {
  const cases: [string, string][] = [
    ['', '/'],
    ['?next=/@/ana', '/@/ana'],
    ['?next=' + encodeURIComponent('/game/abc?x=1#m3'), '/game/abc?x=1#m3'],
    ['?next=//evil.example/x', '/'],
    ['?next=' + encodeURIComponent('/\\evil.example'), '/'],
    ['?next=https://evil.example/', '/'],
    ['?next=javascript:alert(1)', '/'],
    ['?next=@/ana', '/'],
    ['?next=/login', '/'],
    ['?next=/signup?next=/x', '/'],
    ['?next=/%2F%2Fevil.example', '/'],
    ['?next=' + encodeURIComponent('/%2F%2Fevil.example'), '/%2F%2Fevil.example'],
  ];
  for (const [search, want] of cases) assert.equal(afterAuth(search, origin), want, search);
});

test('withNext carries ?next= to the other form', () => {
  assert.equal(withNext('/login', ''), '/login');
  assert.equal(withNext('/login', '?next=/@/ana'), '/login?next=%2F%40%2Fana');
});
