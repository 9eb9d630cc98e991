// i18n.ts renders the catalogue's templates, as package i18n does on the
// server (docs/ERRORS.md, "Templates"; the corpus i18n/testdata/render.json
// holds the two to the same output):
//   {name}                    the parameter as it is
//   {name:family}             a word: the text of code family + "." + value
//   {name:number}             a whole number, grouped as the language does
//   {name:datetime}           an RFC 3339 instant, in the browser's zone
//   {name:duration}           whole seconds: "59 min", "2 h 5 min"
//   {n, plural, =0 {…} one {…} other {…}}
//                             the branch of n (exact, else its CLDR category
//                             by Intl.PluralRules), "#" in it is n
// Every text of the interface comes from here; a code without a text comes
// back as itself, so a missing translation is visible (and web's Go tests
// fail on it), and a placeholder without a parameter shows "…" and is
// reported on the console.
import { boot } from './boot';

export type Params = Record<string, string | number>;

/** Options say for whom a template is rendered: the language ("es", "en") and, for tests, the time zone of instants (the browser's own by default). */
export interface Options {
  lang?: string;
  timeZone?: string;
}

/** Rendered is a template's text and the parameters it lacked or could not read. */
export interface Rendered {
  text: string;
  missing: string[];
  malformed: string[];
}

/** UNFILLED stands where a placeholder has no parameter. */
export const UNFILLED = '…';

/** t returns the text of code in the page's language, parameters put in. */
export function t(code: string, params?: Params): string {
  return render(boot().t, code, params, { lang: boot().lang });
}

/** render fills code's template from catalogue. */
export function render(catalogue: Record<string, string>, code: string, params?: Params, opts: Options = {}): string {
  const tpl = catalogue[code];
  if (tpl === undefined) return code;
  const out = renderTemplate(tpl, catalogue, params, opts);
  if (out.missing.length || out.malformed.length) {
    console.warn(`i18n: ${code}: no parameter [${out.missing}], malformed [${out.malformed}]`);
  }
  return out.text;
}

/** has reports whether the catalogue has a text for code. */
export function has(code: string): boolean {
  return boot().t[code] !== undefined;
}

/** lang is the page's language. */
export function lang(): string {
  return boot().lang;
}

/** locale is the BCP 47 locale for numbers and dates in a language (the page's by default). */
export function locale(l: string = boot().lang): string {
  return l === 'en' ? 'en-GB' : 'es-ES';
}

/**
 * rememberZone tells the server the browser's IANA time zone, in the "tz"
 * cookie, so that the messages it writes (a refusal that names the start
 * of a game) show instants in it, as this page does.
 */
export function rememberZone(): void {
  if (typeof document === 'undefined') return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split('; ').includes('tz=' + encodeURIComponent(zone))) {
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  }
}

// --- templates ---

type Segment =
  | { text: string }
  | { hash: true }
  | { param: string; family?: string; kind?: string }
  | { param: string; exact: Map<number, Segment[]>; forms: Map<string, Segment[]> };

const KINDS = ['number', 'datetime', 'duration'];
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const NAME = /^[a-z0-9_]+$/;
const FAMILY = /^[a-z0-9_]+(\.[a-z0-9_]+)*$/;

const parsed = new Map<string, Segment[]>();

/** parse reads a template; a template that does not parse is shown as text (the Go tests refuse it in a catalogue). */
function parse(tpl: string): Segment[] {
  let segs = parsed.get(tpl);
  if (!segs) {
    try {
      const p = { s: tpl, i: 0 };
      segs = message(p, false);
      if (p.i < tpl.length) throw new Error('a } without a {');
    } catch {
      segs = [{ text: tpl }];
    }
    parsed.set(tpl, segs);
  }
  return segs;
}

interface Cursor {
  s: string;
  i: number;
}

function message(p: Cursor, inPlural: boolean): Segment[] {
  const out: Segment[] = [];
  let lit = '';
  const flush = () => {
    if (lit) out.push({ text: lit });
    lit = '';
  };
  while (p.i < p.s.length) {
    const c = p.s[p.i];
    if (c === '}') break;
    if (c === '{') {
      flush();
      out.push(placeholder(p));
    } else if (c === '#' && inPlural) {
      flush();
      out.push({ hash: true });
      p.i++;
    } else {
      lit += c;
      p.i++;
    }
  }
  flush();
  return out;
}

function placeholder(p: Cursor): Segment {
  p.i++; // {
  const rest = p.s.slice(p.i);
  const end = rest.search(/[{},]/);
  if (end < 0) throw new Error('a { without a }');
  const inner = rest.slice(0, end);
  p.i += end;
  if (p.s[p.i] === ',') return plural(p, inner.trim());
  if (p.s[p.i] !== '}') throw new Error('bad placeholder');
  p.i++;
  const colon = inner.indexOf(':');
  const name = colon < 0 ? inner : inner.slice(0, colon);
  const family = colon < 0 ? undefined : inner.slice(colon + 1);
  if (!NAME.test(name) || (family !== undefined && !FAMILY.test(family))) throw new Error('bad placeholder');
  if (family !== undefined && KINDS.includes(family)) return { param: name, kind: family };
  return { param: name, family };
}

function plural(p: Cursor, name: string): Segment {
  if (!NAME.test(name)) throw new Error('bad plural name');
  p.i++; // ,
  const comma = p.s.indexOf(',', p.i);
  if (comma < 0 || p.s.slice(p.i, comma).trim() !== 'plural') throw new Error('only plural is known');
  p.i = comma + 1;
  const exact = new Map<number, Segment[]>();
  const forms = new Map<string, Segment[]>();
  for (;;) {
    while (p.i < p.s.length && /\s/.test(p.s[p.i])) p.i++;
    if (p.i >= p.s.length) throw new Error('a plural without a }');
    if (p.s[p.i] === '}') {
      p.i++;
      break;
    }
    const open = p.s.indexOf('{', p.i);
    if (open < 0) throw new Error('a selector without a branch');
    const sel = p.s.slice(p.i, open).trim();
    p.i = open + 1;
    const branch = message(p, true);
    if (p.s[p.i] !== '}') throw new Error('a branch without a }');
    p.i++;
    if (/^=\d+$/.test(sel)) exact.set(Number(sel.slice(1)), branch);
    else if (CATEGORIES.includes(sel)) forms.set(sel, branch);
    else throw new Error('bad selector');
  }
  if (!forms.has('other')) throw new Error('a plural without other');
  return { param: name, exact, forms };
}

/** renderTemplate renders tpl, words from catalogue, and says which parameters were missing or malformed. */
export function renderTemplate(tpl: string, catalogue: Record<string, string>, params: Params = {}, opts: Options = {}): Rendered {
  const l = opts.lang ?? 'es';
  const out: Rendered = { text: '', missing: [], malformed: [] };
  const note = (list: string[], name: string) => {
    if (!list.includes(name)) list.push(name);
  };
  const walk = (segs: Segment[], hash: string): string => {
    let s = '';
    for (const seg of segs) {
      if ('text' in seg) s += seg.text;
      else if ('hash' in seg) s += hash;
      else if ('forms' in seg) {
        const v = params[seg.param];
        const n = v === undefined ? NaN : Number(v);
        if (v === undefined) note(out.missing, seg.param);
        else if (!isWhole(v)) note(out.malformed, seg.param);
        if (Number.isNaN(n) || !isWhole(v!)) {
          s += walk(seg.forms.get('other')!, v === undefined ? UNFILLED : String(v));
          continue;
        }
        const branch = seg.exact.get(n) ?? seg.forms.get(new Intl.PluralRules(locale(l)).select(n)) ?? seg.forms.get('other')!;
        s += walk(branch, formatInt(l, n));
      } else {
        const v = params[seg.param];
        if (v === undefined) {
          note(out.missing, seg.param);
          s += UNFILLED;
        } else if (seg.kind) {
          const text = formatKind(seg.kind, String(v), l, opts.timeZone);
          if (text === undefined) note(out.malformed, seg.param);
          s += text ?? String(v);
        } else if (seg.family) {
          const word = catalogue[seg.family + '.' + v];
          s += word === undefined ? String(v) : word;
        } else s += String(v);
      }
    }
    return s;
  };
  out.text = walk(parse(tpl), '');
  return out;
}

/** placeholders lists the parameters tpl asks for, with their kinds ("plural", "word", a typed kind, or "" for text). */
export function placeholders(tpl: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (segs: Segment[]) => {
    for (const seg of segs) {
      if (!('param' in seg)) continue;
      if ('forms' in seg) {
        if (!out.has(seg.param)) out.set(seg.param, 'plural');
        for (const b of seg.exact.values()) walk(b);
        for (const b of seg.forms.values()) walk(b);
      } else if (!out.has(seg.param)) out.set(seg.param, seg.kind ?? (seg.family ? 'word' : ''));
    }
  };
  walk(parse(tpl));
  return out;
}

function isWhole(v: string | number): boolean {
  return typeof v === 'number' ? Number.isInteger(v) : /^-?\d+$/.test(v);
}

/** formatInt groups a whole number as the page's Intl does (es: 1500 but 15.000; en: 1,500). */
function formatInt(l: string, n: number): string {
  return new Intl.NumberFormat(locale(l), { maximumFractionDigits: 0 }).format(n);
}

/** formatKind writes v as a number, an instant or a duration, or returns undefined when v is none. */
function formatKind(kind: string, v: string, l: string, timeZone?: string): string | undefined {
  switch (kind) {
    case 'number':
      return isWhole(v) ? formatInt(l, Number(v)) : undefined;
    case 'datetime': {
      const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) ? new Date(v) : undefined;
      if (!at || Number.isNaN(at.getTime())) return undefined;
      return new Intl.DateTimeFormat(locale(l), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
    }
    case 'duration':
      return /^\d+$/.test(v) ? formatDuration(Number(v)) : undefined;
  }
  return undefined;
}

/** formatDuration writes whole seconds, rounded down, in their two largest units: "45 s", "59 min", "2 h 5 min", "3 d 4 h". */
export function formatDuration(secs: number): string {
  const days = Math.floor(secs / 86400);
  const hours = Math.floor(secs / 3600) % 24;
  const mins = Math.floor(secs / 60) % 60;
  const pair = (a: number, ua: string, b: number, ub: string) => (b ? `${a} ${ua} ${b} ${ub}` : `${a} ${ua}`);
  if (days) return pair(days, 'd', hours, 'h');
  if (hours) return pair(hours, 'h', mins, 'min');
  if (mins) return `${mins} min`;
  return `${secs} s`;
}
