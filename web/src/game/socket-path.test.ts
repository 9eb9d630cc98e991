// socket-path.test.ts: a game socket's path carries the page's version and the game's node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gameSocketPath } from './socket-path';

const cases: [string, string, number | undefined, string | undefined, string][] = [
  ['a new page', 'abc', undefined, undefined, '/api/game/abc/socket'],
  ['a page that holds version 7', 'abc', 7, undefined, '/api/game/abc/socket?v=7'],
  ['version 0 is no version', 'abc', 0, undefined, '/api/game/abc/socket'],
  ['the node that runs the game', 'abc', undefined, 'node-2', '/api/game/abc/socket?node=node-2'],
  ['both', 'abc', 12, 'node-2', '/api/game/abc/socket?v=12&node=node-2'],
  ['names escaped', 'a/b', 3, 'n&1 x', '/api/game/a%2Fb/socket?v=3&node=n%261+x'],
];

for (const [name, id, v, node, want] of cases) {
  test(`gameSocketPath: ${name}`, () => assert.equal(gameSocketPath(id, v, node), want));
}
