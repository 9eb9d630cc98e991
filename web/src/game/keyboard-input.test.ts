// keyboard-input.test.ts: Enter plays the typed move and empties the field;
// a wrong entry stays, with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { VNode } from 'snabbdom';
import { setBoot } from '../lib/boot';
import { keyboardInput, onKey, KeyboardInputOptions } from './keyboard-input';
import es from '../../../i18n/ui/keyboard.es.json';
import en from '../../../i18n/ui/keyboard.en.json';

const catalogues: Record<string, Record<string, string>> = { es, en };
const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const startLegal = ['b1a3', 'b1c3', 'g1f3', 'g1h3', 'a2a3', 'b2b3', 'c2c3', 'd2d3', 'e2e3', 'f2f3', 'g2g3', 'h2h3', 'a2a4', 'b2b4', 'c2c4', 'd2d4', 'e2e4', 'f2f4', 'g2g4', 'h2h4'];

function find(v: VNode, sel: string): VNode | undefined {
  if (v.sel === sel) return v;
  for (const c of v.children ?? []) {
    if (typeof c === 'string') continue;
    const f = find(c, sel);
    if (f) return f;
  }
  return undefined;
}

/** field is a stand-in for the input element: what onKey reads and writes. */
function field(value: string) {
  const attrs: Record<string, string> = {};
  return { value, attrs, setAttribute: (k: string, v: string) => (attrs[k] = v) };
}

test('keyboardInput is a labelled field with a live message', () => {
  for (const lang of ['es', 'en']) {
    setBoot({ page: 'game', params: {}, lang, langs: ['es', 'en'], me: null, t: catalogues[lang] });
    const v = keyboardInput({ legal: () => startLegal, fen: () => start, play: () => {}, enabled: () => true });
    const label = find(v, 'label');
    assert.equal(label?.data?.attrs?.for, 'move-input');
    assert.equal(label?.text, catalogues[lang]['ui.keyboard.label']);
    const input = find(v, 'input#move-input');
    assert.ok(input, 'the field is #move-input');
    assert.equal(input.data?.attrs?.type, 'text');
    assert.equal(input.data?.attrs?.['aria-describedby'], 'move-input-hint move-input-error');
    assert.equal(find(find(v, 'p#move-input-hint.keyboard-hint')!, 'small')?.text, catalogues[lang]['ui.keyboard.hint']);
    const message = find(v, 'p#move-input-error.error');
    assert.equal(message?.data?.attrs?.['aria-live'], 'polite');
    assert.equal(message?.text, '');
  }
});

test('Enter plays what the field names, or keeps it and says why', () => {
  const cases: [string, string, string, boolean, string | undefined, string][] = [
    // lang, typed, fen, enabled, played, message shown after
    ['es', 'e4', start, true, 'e2e4', ''],
    ['es', 'Cf3', start, true, 'g1f3', ''],
    ['en', 'Nf3', start, true, 'g1f3', ''],
    ['en', 'e2e4', start, true, 'e2e4', ''],
    ['es', 'Cf4', start, true, undefined, '«Cf4» no es una jugada legal aquí.'],
    ['en', 'hello', start, true, undefined, '“hello” is not a move: type, for example, e4, Nf3, exd5, O-O or e2e4.'],
    ['es', 'e4', start, false, undefined, 'Ahora no puedes mover: no es tu turno o la partida no está en juego.'],
    ['es', '   ', start, true, undefined, ''],
  ];
  for (const [lang, typed, fen, enabled, played, message] of cases) {
    setBoot({ page: 'game', params: {}, lang, langs: ['es', 'en'], me: null, t: catalogues[lang] });
    const sent: string[] = [];
    const opts: KeyboardInputOptions = { legal: () => startLegal, fen: () => fen, play: (u) => sent.push(u), enabled: () => enabled };
    const input = field(typed);
    let prevented = false;
    onKey({ key: 'Enter', isComposing: false, target: input as unknown as EventTarget, preventDefault: () => (prevented = true) }, opts);
    const name = `${lang} ${typed} enabled=${enabled}`;
    assert.ok(prevented, name);
    assert.deepEqual(sent, played ? [played] : [], name);
    assert.equal(input.value, played ? '' : typed, name + ': the field');
    const v = keyboardInput(opts);
    assert.equal(find(v, 'p#move-input-error.error')?.text, message, name + ': the message');
    assert.equal(find(v, 'input#move-input')?.data?.attrs?.['aria-invalid'], message ? 'true' : 'false', name);
  }
});

test('other keys only type', () => {
  setBoot({ page: 'game', params: {}, lang: 'es', langs: ['es', 'en'], me: null, t: catalogues.es });
  const sent: string[] = [];
  const input = field('e4');
  onKey({ key: '4', isComposing: false, target: input as unknown as EventTarget, preventDefault: () => assert.fail('prevented') }, { legal: () => startLegal, fen: () => start, play: (u) => sent.push(u), enabled: () => true });
  assert.deepEqual(sent, []);
  assert.equal(input.value, 'e4');
});

test('the ambiguous entry lists its candidates', () => {
  setBoot({ page: 'game', params: {}, lang: 'es', langs: ['es', 'en'], me: null, t: catalogues.es });
  const fen = 'k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1';
  const legal = ['g1f1', 'g1h1', 'g1f2', 'g1g2', 'g1h2', 'e1a1', 'e1b1', 'e1c1', 'e1d1', 'e1f1', 'e1e2', 'e3e2', 'e3a3', 'e3e4'];
  const opts: KeyboardInputOptions = { legal: () => legal, fen: () => fen, play: () => assert.fail('played'), enabled: () => true };
  onKey({ key: 'Enter', isComposing: false, target: field('Te2') as unknown as EventTarget, preventDefault: () => {} }, opts);
  assert.equal(find(keyboardInput(opts), 'p#move-input-error.error')?.text, '«Te2» puede ser varias jugadas: T1e2, T3e2. Escribe cuál.');
});
