// chat.test.ts: the chat panel's controller takes the room's history and
// lines, keeps a line once and in id order, tells its own answers from the game's, and
// drops a muted author's lines once the server took the mute.
import '../rules/window.testenv';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setBoot } from './boot';
import { ChatCtrl, phrases, type ChatLine } from './chat';
import chatEs from '../../../i18n/ui/chat.es.json';

(globalThis as any).document ??= { getElementById: () => null };
setBoot({ page: 'game', params: {}, lang: 'es', langs: ['es', 'en'], me: null, t: chatEs });

const line = (id: number, user: string, text: string): ChatLine => ({ id, user: { id: user, name: user }, text, at: 0 });

function chat() {
  const sent: { t: string; d: any }[] = [];
  const c = new ChatCtrl(
    (t, d) => (sent.push({ t, d }), true),
    () => {},
    () => 'ana',
  );
  return { c, sent };
}

test('history, then lines, each kept once', () => {
  const { c } = chat();
  assert.equal(c.onFrame({ t: 'chat-history', d: { room: 'players', max: 140, write: true, lines: [line(1, 'beto', 'hola')] } }), true);
  assert.equal(c.room, 'players');
  assert.equal(c.write, true);
  c.onFrame({ t: 'chat', d: line(2, 'ana', '<b>no</b>') });
  c.onFrame({ t: 'chat', d: line(2, 'ana', '<b>no</b>') });
  assert.deepEqual(
    c.lines.map((l) => l.text),
    ['hola', '<b>no</b>'],
  );
  // A line said on another node may come after a later one.
  c.onFrame({ t: 'chat', d: line(4, 'beto', 'cuatro') });
  c.onFrame({ t: 'chat', d: line(3, 'ana', 'tres') });
  assert.deepEqual(
    c.lines.map((l) => l.id),
    [1, 2, 3, 4],
  );
});

test('its own answers, not the game’s', () => {
  const { c, sent } = chat();
  c.draft = 'hola';
  c.say('hola', true);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].t, 'chat-say');
  const id = sent[0].d.id;
  assert.equal(c.onFrame({ t: 'ack', d: { id: 17 } }), false, 'a move’s ack is the game’s');
  assert.equal(c.onFrame({ t: 'error', d: { id: 17, code: 'game.not_your_turn' } }), false);
  assert.equal(c.onFrame({ t: 'ack', d: { id } }), true);
  assert.equal(c.draft, '', 'the draft is cleared once the line is taken');
  c.say('otra');
  const id2 = sent[1].d.id;
  assert.equal(c.onFrame({ t: 'error', d: { id: id2, code: 'chat.too_fast', message: 'Escribes demasiado deprisa' } }), true);
  assert.equal(c.message, 'Escribes demasiado deprisa');
});

test('a mute drops the author’s lines once taken', () => {
  const { c, sent } = chat();
  c.onFrame({ t: 'chat-history', d: { room: 'players', lines: [line(1, 'beto', 'a'), line(2, 'ana', 'b'), line(3, 'beto', 'c')] } });
  c.toggleMute(c.lines[0]);
  assert.deepEqual(sent[0], { t: 'chat-mute', d: { user: 'beto', id: sent[0].d.id } });
  assert.equal(c.lines.length, 3, 'nothing changes before the server takes it');
  c.onFrame({ t: 'ack', d: { id: sent[0].d.id } });
  assert.deepEqual(
    c.lines.map((l) => l.text),
    ['b'],
  );
  assert.ok(c.muted.has('beto'));
});

test('the quick phrases have their texts', () => {
  assert.deepEqual(
    phrases.map((p) => (chatEs as Record<string, string>)[p]),
    ['¡Buena suerte!', '¡Buena partida!', 'Gracias'],
  );
});
