// i18n.test.ts: the browser renders templates as package i18n does — the
// shared corpus i18n/testdata/render.json, which the Go tests pass too —
// and every interface text renders whole with the parameters it asks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render, renderTemplate, placeholders } from './i18n';
import corpus from '../../../i18n/testdata/render.json';
import accountEs from '../../../i18n/ui/account.es.json';
import accountEn from '../../../i18n/ui/account.en.json';
import appEs from '../../../i18n/ui/app.es.json';
import appEn from '../../../i18n/ui/app.en.json';
import challengeEs from '../../../i18n/ui/challenge.es.json';
import challengeEn from '../../../i18n/ui/challenge.en.json';
import gameEs from '../../../i18n/ui/game.es.json';
import gameEn from '../../../i18n/ui/game.en.json';
import homeEs from '../../../i18n/ui/home.es.json';
import homeEn from '../../../i18n/ui/home.en.json';
import keyboardEs from '../../../i18n/ui/keyboard.es.json';
import keyboardEn from '../../../i18n/ui/keyboard.en.json';
import profileEs from '../../../i18n/ui/profile.es.json';
import profileEn from '../../../i18n/ui/profile.en.json';
import replayEs from '../../../i18n/ui/replay.es.json';
import replayEn from '../../../i18n/ui/replay.en.json';
import rulesEs from '../../../i18n/ui/rules.es.json';
import rulesEn from '../../../i18n/ui/rules.en.json';
import scheduleEs from '../../../i18n/ui/schedule.es.json';
import scheduleEn from '../../../i18n/ui/schedule.en.json';
import speechEs from '../../../i18n/ui/speech.es.json';
import speechEn from '../../../i18n/ui/speech.en.json';
import es from '../../../i18n/es.json';
import en from '../../../i18n/en.json';

interface Case {
  lang: string;
  template: string;
  params?: Record<string, string>;
  zone?: string;
  want: string;
  missing?: string[];
  malformed?: string[];
}

test('the shared corpus renders as on the server', () => {
  const words = corpus.words as Record<string, Record<string, string>>;
  for (const c of corpus.cases as Case[]) {
    const got = renderTemplate(c.template, words[c.lang], c.params, { lang: c.lang, timeZone: c.zone ?? 'UTC' });
    assert.deepEqual(
      { text: got.text, missing: got.missing, malformed: got.malformed },
      { text: c.want, missing: c.missing ?? [], malformed: c.malformed ?? [] },
      `${c.lang} ${c.template} ${JSON.stringify(c.params)}`,
    );
  }
});

test('render takes numbers as parameters and codes without a text come back as they are', () => {
  const catalogue = { soon: 'en {minutes, plural, one {# minuto} other {# minutos}}', plain: 'Tablas' };
  assert.equal(render(catalogue, 'soon', { minutes: 1 }, { lang: 'es' }), 'en 1 minuto');
  assert.equal(render(catalogue, 'soon', { minutes: 15 }, { lang: 'es' }), 'en 15 minutos');
  assert.equal(render(catalogue, 'plain'), 'Tablas');
  assert.equal(render(catalogue, 'missing.code'), 'missing.code');
});

// sample is a parameter value of a kind, a word of its family's first code.
function sample(kind: string, name: string, tpl: string, catalogue: Record<string, string>): string {
  switch (kind) {
    case 'plural':
    case 'number':
    case 'duration':
      return '1';
    case 'datetime':
      return '2026-12-01T18:30:00Z';
    case 'word': {
      const family = new RegExp(`\\{${name}:([a-z0-9_.]+)\\}`).exec(tpl)![1];
      const code = Object.keys(catalogue).find((k) => k.startsWith(family + '.'));
      return code ? code.slice(family.length + 1) : 'x';
    }
  }
  return 'x';
}

test('every interface text renders whole with the parameters it asks for', () => {
  const catalogues: Record<string, Record<string, string>> = {
    es: Object.assign({}, es, accountEs, appEs, challengeEs, gameEs, homeEs, keyboardEs, profileEs, replayEs, rulesEs, scheduleEs, speechEs),
    en: Object.assign({}, en, accountEn, appEn, challengeEn, gameEn, homeEn, keyboardEn, profileEn, replayEn, rulesEn, scheduleEn, speechEn),
  };
  for (const [lang, catalogue] of Object.entries(catalogues)) {
    for (const [code, tpl] of Object.entries(catalogue)) {
      const params: Record<string, string> = {};
      for (const [name, kind] of placeholders(tpl)) params[name] = sample(kind, name, tpl, catalogue);
      const got = renderTemplate(tpl, catalogue, params, { lang, timeZone: 'UTC' });
      assert.deepEqual([got.missing, got.malformed], [[], []], `${code} in ${lang}: ${got.text}`);
      assert.ok(!/[{}]/.test(got.text), `${code} in ${lang} keeps a brace: ${got.text}`);
    }
  }
});
