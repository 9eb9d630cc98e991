// i18n.ts renders the catalogue's templates, as package i18n does on the
// server: {name} is a parameter; {name:family} is a parameter whose value is
// a code of that family ("{side:side}" with side "white" is the text of
// "side.white"). Every text of the interface comes from here; a code
// without a text comes back as itself, so a missing translation is visible
// (and web's Go tests fail on it).
import { boot } from './boot';

export type Params = Record<string, string | number>;

/** t returns the text of code in the page's language, parameters put in. */
export function t(code: string, params?: Params): string {
  return render(boot().t, code, params);
}

/** render fills code's template from catalogue. */
export function render(catalogue: Record<string, string>, code: string, params?: Params): string {
  const tpl = catalogue[code];
  if (tpl === undefined) return code;
  return tpl.replace(/\{([a-z0-9_]+)(?::([a-z0-9_.]+))?\}/g, (whole, name: string, family?: string) => {
    const v = params?.[name];
    if (v === undefined) return whole;
    if (family) {
      const word = catalogue[family + '.' + v];
      return word === undefined ? String(v) : word;
    }
    return String(v);
  });
}

/** has reports whether the catalogue has a text for code. */
export function has(code: string): boolean {
  return boot().t[code] !== undefined;
}

/** lang is the page's language. */
export function lang(): string {
  return boot().lang;
}

/** locale is the BCP 47 locale for numbers and dates in the page's language. */
export function locale(): string {
  return boot().lang === 'en' ? 'en-GB' : 'es-ES';
}
