// settings.ts is the settings page (/settings), as lichess's: the board's
// colours and the piece set (with a board that shows them at once), the
// auto-queen, move and resign confirmations, sounds and their volume, the
// language, zen mode and takebacks. Each change is saved as it is made
// (lib/settings.ts: in the account, or in this browser for a guest), and
// said in the page's live region.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import { page, announce } from '../lib/layout';
import { mount, h, type VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { api, ApiError } from '../lib/api';
import {
  settings,
  change,
  isAccount,
  boards,
  pieceSets,
  autoQueens,
  takebackChoices,
  type Settings,
} from '../lib/settings';

/** langCookie is the language switch's cookie (server/pages.go). */
const langCookie = 'joinpal_lang';

/** chosenLang is the language setting in force: the account's, or this browser's cookie ("" for the browser's choice). */
function chosenLang(): string {
  if (isAccount()) return settings().lang;
  const m = document.cookie.match(/(?:^|;\s*)joinpal_lang=([^;]*)/);
  return m && boot().langs.includes(m[1]) ? m[1] : '';
}

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  let error = '';
  let ground: Api | undefined;
  const redraw = mount(root, (redraw) => page(redraw, view().filter(Boolean) as VNode[], 'settings-page'));

  async function set(part: Partial<Settings>): Promise<void> {
    error = '';
    try {
      await change(part);
      announce(t('ui.settings.saved'));
    } catch (e) {
      error = e instanceof ApiError && e.code !== 'ui.error.network' ? e.message : t('ui.error.network');
    }
    redraw();
  }

  async function setLang(lang: string): Promise<void> {
    document.cookie = lang
      ? `${langCookie}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`
      : `${langCookie}=; Path=/; Max-Age=0; SameSite=Lax`;
    try {
      if (isAccount()) await change({ lang });
      else if (boot().me) await api('PUT', '/api/account/lang', { lang });
      else await change({ lang });
    } catch (e) {
      error = e instanceof ApiError ? e.message : t('ui.error.network');
      redraw();
      return;
    }
    location.reload();
  }

  /** radios is a group of choices, one radio button each. */
  function radios<T extends string>(name: keyof Settings, values: readonly T[], current: T, label: (v: T) => string, pick: (v: T) => void): VNode {
    return h(
      'fieldset#settings-group-' + name,
      [
        h('legend', t('ui.settings.' + name + '.title')),
        h(
          'div.settings-choices',
          values.map((v) =>
            h('label', [
              h('input', {
                attrs: { type: 'radio', name, value: v, 'data-testid': `${name}-${v}` },
                props: { checked: v === current },
                on: { change: () => pick(v) },
              }),
              h('span', label(v)),
            ]),
          ),
        ),
      ],
    );
  }

  /** check is an on/off setting, with what it does said under it. */
  function check(name: 'confirmMove' | 'confirmResign' | 'sound' | 'zen', s: Settings): VNode {
    return h('div.settings-row', [
      h('input#setting-' + name, {
        attrs: { type: 'checkbox', 'aria-describedby': 'setting-' + name + '-help' },
        props: { checked: s[name] },
        on: { change: (e: Event) => void set({ [name]: (e.target as HTMLInputElement).checked }) },
      }),
      h('label', { attrs: { for: 'setting-' + name } }, t('ui.settings.' + name + '.title')),
      h('span.muted', { attrs: { id: 'setting-' + name + '-help' } }, t('ui.settings.' + name + '.help')),
    ]);
  }

  function view(): (VNode | null)[] {
    const s = settings();
    const lang = chosenLang();
    return [
      h('h1', t('ui.settings.title')),
      h('p#settings-where.muted', t(isAccount() ? 'ui.settings.where.account' : 'ui.settings.where.browser')),
      error ? h('p#settings-error.error', { attrs: { role: 'alert' } }, error) : null,
      h('section', { attrs: { 'aria-labelledby': 'settings-look' } }, [
        h('h2#settings-look', t('ui.settings.look')),
        radios('board', boards, s.board as (typeof boards)[number], (v) => t('ui.settings.board.' + v), (v) => void set({ board: v })),
        radios('pieces', pieceSets, s.pieces as (typeof pieceSets)[number], (v) => t('ui.settings.pieces.' + v), (v) => void set({ pieces: v })),
        h('div#settings-board.cg-wrap', {
          attrs: { role: 'img', 'aria-label': t('ui.settings.preview') },
          hook: {
            insert: (v) => {
              ground = Chessground(v.elm as HTMLElement, { viewOnly: true, coordinates: false });
            },
            destroy: () => ground?.destroy(),
          },
        }),
        h('p#settings-licenses', [
          t('ui.settings.licenses') + ' ',
          ...pieceSets.flatMap((p, i) => [
            i ? ', ' : '',
            h('a', { attrs: { href: `/assets/licenses/pieces-${p}.LICENSE.txt` } }, t('ui.settings.pieces.' + p)),
          ]),
        ]),
      ]),
      h('section', { attrs: { 'aria-labelledby': 'settings-play' } }, [
        h('h2#settings-play', t('ui.settings.play')),
        radios('autoQueen', autoQueens, s.autoQueen, (v) => t('ui.settings.autoQueen.' + v), (v) => void set({ autoQueen: v })),
        check('confirmMove', s),
        check('confirmResign', s),
        check('zen', s),
        radios('takebacks', takebackChoices, s.takebacks, (v) => t('ui.settings.takebacks.' + v), (v) => void set({ takebacks: v })),
      ]),
      h('section', { attrs: { 'aria-labelledby': 'settings-sound-lang' } }, [
        h('h2#settings-sound-lang', t('ui.settings.sound_lang')),
        check('sound', s),
        h('div.settings-row', [
          h('label', { attrs: { for: 'setting-volume' } }, t('ui.settings.volume')),
          h('input#setting-volume', {
            attrs: { type: 'range', min: '0', max: '100', step: '10', 'aria-valuetext': t('ui.settings.volume.value', { n: s.volume }) },
            props: { value: String(s.volume), disabled: !s.sound },
            on: { change: (e: Event) => void set({ volume: Number((e.target as HTMLInputElement).value) }) },
          }),
          h('output', { attrs: { for: 'setting-volume' } }, t('ui.settings.volume.value', { n: s.volume })),
        ]),
        h('div.settings-row', [
          h('label', { attrs: { for: 'setting-lang' } }, t('ui.settings.lang')),
          h(
            'select#setting-lang',
            { on: { change: (e: Event) => void setLang((e.target as HTMLSelectElement).value) } },
            ['', ...boot().langs].map((l) =>
              h('option', { attrs: l ? { value: l, lang: l } : { value: l }, props: { selected: l === lang } }, l ? t('ui.lang.name.' + l) : t('ui.settings.lang.browser')),
            ),
          ),
        ]),
      ]),
    ];
  }
}
