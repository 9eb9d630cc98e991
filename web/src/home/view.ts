// view.ts draws the home page from its HomeCtrl: who we are, the preset
// clocks, the custom game form with its challenge to a user and its link,
// the challenges made to us, the open seeks, the AI's box and the games
// being played now.
import { h, type VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { playerName as gamePlayerName } from '../account/format';
import { sayClock, sayClockShort, limits, correspondenceDays } from '../lib/timecontrol';
import { waitingGames, timeLeft } from '../lib/turns';
import { format as formatClock } from '../game/clock';
import type { Seek, Preset, GameSummary } from './types';
import { playerName, colorWord } from './words';
import { aiSection } from './ai';
import { challengesIn } from './incoming';
import { me, isAccount } from './me';
import type { Color } from './state';
import type { HomeCtrl } from './ctrl';
import { chatView } from '../lib/chat';

function errorLine(ctrl: HomeCtrl, section: string): VNode | null {
  const e = ctrl.state.errors[section];
  return e ? h('p.error', { attrs: { role: 'alert', id: 'error-' + section } }, e) : null;
}

function whoAmI(): VNode {
  const m = me();
  return h(
    'p#whoami.whoami',
    m ? t(m.guest ? 'ui.home.me.guest' : 'ui.home.me.account', { name: m.displayName }) : t('ui.home.me.nobody'),
  );
}

function quickSection(ctrl: HomeCtrl): VNode {
  const state = ctrl.state;
  const games = state.presets.filter((p) => p.mode === 'game');
  const moves = state.presets.filter((p) => p.mode === 'move');
  const button = (p: Preset) =>
    h(
      'button.preset',
      {
        attrs: { type: 'button', 'data-tc': p.timeControl, title: t('ui.home.quick.seek', { clock: sayClock(p.timeControl) }), disabled: state.busy },
        on: { click: () => void ctrl.seek('quick', p.timeControl, 'random', false) },
      },
      [h('span.preset-clock', sayClockShort(p.timeControl)), h('span.preset-speed', t('ui.home.speed.' + p.speed))],
    );
  return h('section#quick.card', { attrs: { 'aria-labelledby': 'quick-title' } }, [
    h('h2#quick-title', t('ui.home.quick.title')),
    h('h3', t('ui.home.mode.game')),
    h('div.presets', games.map(button)),
    h('h3', t('ui.home.mode.move')),
    h('div.presets', moves.map(button)),
    errorLine(ctrl, 'quick'),
  ]);
}

function numberInput(id: string, value: number, min: number, max: number, set: (n: number) => void): VNode {
  return h('input#' + id, {
    attrs: { type: 'number', min, max, step: 1, inputmode: 'numeric', required: true },
    props: { value: String(value) },
    on: { input: (e: Event) => set(Number((e.target as HTMLInputElement).value)) },
  });
}

function formSection(ctrl: HomeCtrl): VNode {
  const state = ctrl.state;
  const redraw = ctrl.redraw;
  const f = state.form;
  const radio = (name: string, value: string, checked: boolean, label: string, set: () => void) =>
    h('label.choice', [
      h('input', { attrs: { type: 'radio', name, value, id: name + '-' + value }, props: { checked }, on: { change: set } }),
      ' ',
      label,
    ]);
  return h('section#create.card', { attrs: { 'aria-labelledby': 'create-title' } }, [
    h('h2#create-title', t('ui.home.form.title')),
    h('form#game-form', { attrs: { novalidate: true }, on: { submit: (e: Event) => (e.preventDefault(), ctrl.formSeek()) } }, [
      h('fieldset.modes', [
        h('legend', t('ui.home.form.mode')),
        radio('mode', 'game', f.mode === 'game', t('ui.home.mode.game'), () => ((f.mode = 'game'), redraw())),
        radio('mode', 'move', f.mode === 'move', t('ui.home.mode.move'), () => ((f.mode = 'move'), redraw())),
        radio('mode', 'days', f.mode === 'days', t('ui.home.mode.days'), () => ((f.mode = 'days'), redraw())),
      ]),
      f.mode === 'days'
        ? h('div.row', [
            h('div', [
              h('label', { attrs: { for: 'form-days' } }, t('ui.home.form.days')),
              h(
                'select#form-days',
                { on: { change: (e: Event) => (f.days = Number((e.target as HTMLSelectElement).value)) } },
                correspondenceDays.map((d) => h('option', { attrs: { value: String(d) }, props: { selected: d === f.days } }, t('ui.home.form.days_option', { days: d }))),
              ),
            ]),
            h('p.hint', t('ui.home.form.days_hint')),
          ])
        : f.mode === 'game'
        ? h('div.row', [
            h('div', [h('label', { attrs: { for: 'form-minutes' } }, t('ui.home.form.minutes')), numberInput('form-minutes', f.minutes, limits.minMinutes, limits.maxMinutes, (n) => (f.minutes = n))]),
            h('div', [
              h('label', { attrs: { for: 'form-increment' } }, t('ui.home.form.increment')),
              h(
                'select#form-increment',
                { on: { change: (e: Event) => (f.increment = Number((e.target as HTMLSelectElement).value)) } },
                Array.from({ length: limits.maxIncrement + 1 }, (_, i) =>
                  h('option', { attrs: { value: String(i) }, props: { selected: i === f.increment } }, t('ui.home.form.increment_option', { seconds: i })),
                ),
              ),
            ]),
          ])
        : h('div.row', [
            h('div', [h('label', { attrs: { for: 'form-seconds' } }, t('ui.home.form.seconds')), numberInput('form-seconds', f.seconds, limits.minSeconds, limits.maxSeconds, (n) => (f.seconds = n))]),
          ]),
      h('div.row', [
        h('div', [
          h('label', { attrs: { for: 'form-color' } }, t('ui.home.form.color')),
          h(
            'select#form-color',
            { on: { change: (e: Event) => (f.color = (e.target as HTMLSelectElement).value as Color) } },
            (['random', 'white', 'black'] as Color[]).map((c) => h('option', { attrs: { value: c }, props: { selected: c === f.color } }, colorWord(c))),
          ),
        ]),
        isAccount()
          ? h('div.check', [
              h('input#form-rated', { attrs: { type: 'checkbox' }, props: { checked: f.rated }, on: { change: (e: Event) => (f.rated = (e.target as HTMLInputElement).checked) } }),
              h('label', { attrs: { for: 'form-rated' } }, t('ui.home.form.rated')),
            ])
          : h('p.hint', t('ui.home.form.rated_accounts')),
      ]),
      h('div.actions', [h('button#form-seek.primary', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.home.form.seek'))]),
      errorLine(ctrl, 'form'),
    ]),
    h('div.challenge-tools', [
      h('h3', t('ui.home.challenge.title')),
      h('p.hint', t('ui.home.challenge.hint')),
      h('form#challenge-user-form.inline', { on: { submit: (e: Event) => (e.preventDefault(), void ctrl.challengeUser()) } }, [
        h('label', { attrs: { for: 'challenge-username' } }, t('ui.home.challenge.username')),
        h('div.inline-row', [
          h('input#challenge-username', {
            attrs: { type: 'text', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', maxlength: 40 },
            props: { value: f.username },
            on: { input: (e: Event) => (f.username = (e.target as HTMLInputElement).value) },
          }),
          h('button#challenge-user', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.home.challenge.send')),
        ]),
        errorLine(ctrl, 'user'),
      ]),
      linkBlock(ctrl),
    ]),
  ]);
}

function linkBlock(ctrl: HomeCtrl): VNode {
  const state = ctrl.state;
  const c = state.link;
  const parts: (VNode | null)[] = [h('button#make-link', { attrs: { type: 'button', disabled: state.busy }, on: { click: () => void ctrl.makeLink() } }, t('ui.home.link.make'))];
  if (c?.url && c.status === 'created') {
    parts.push(
      h('div.link-box', [
        h('label', { attrs: { for: 'link-url' } }, t('ui.home.link.label', { clock: sayClock(c.timeControl) })),
        h('div.inline-row', [
          h('input#link-url', { attrs: { type: 'text', readonly: true }, props: { value: c.url } }),
          h('button#copy-link.primary', { attrs: { type: 'button' }, on: { click: () => void ctrl.copyLink() } }, t('ui.home.link.copy')),
        ]),
        state.copied ? h('p#link-copied.ok', { attrs: { role: 'status' } }, t('ui.home.link.copied')) : null,
        h('p.hint', t('ui.home.link.waiting')),
        h('div.actions', [
          h('a', { attrs: { href: '/challenge/' + encodeURIComponent(c.id) } }, t('ui.home.link.open')),
          h('button#cancel-link.danger', { attrs: { type: 'button' }, on: { click: () => void ctrl.cancelLink() } }, t('ui.home.link.cancel')),
        ]),
      ]),
    );
  } else if (c && c.status !== 'created') {
    parts.push(h('p.hint', t('ui.challenge.status.' + c.status)));
  }
  parts.push(errorLine(ctrl, 'link'));
  return h('div#link', parts);
}

function seekRow(ctrl: HomeCtrl, s: Seek): VNode {
  const m = me();
  const own = !!m && s.owner.id === m.id;
  return h('li.seek' + (own ? '.own' : ''), { key: s.id, attrs: { 'data-seek-id': s.id, 'data-tc': s.timeControl } }, [
    h('span.seek-who', playerName(s.owner)),
    h('span.seek-info', [
      h('span.seek-clock', sayClock(s.timeControl)),
      h('span.seek-color', colorWord(s.color)),
      h('span.seek-rated', t(s.rated ? 'ui.home.rated' : 'ui.home.casual')),
    ]),
    own
      ? h('button.seek-cancel.danger', { attrs: { type: 'button', 'aria-label': t('ui.home.seek.cancel_label', { clock: sayClock(s.timeControl) }) }, on: { click: () => void ctrl.cancelSeek(s.id) } }, t('ui.home.seek.cancel'))
      : h(
          'button.seek-join.primary',
          {
            attrs: { type: 'button', disabled: ctrl.state.busy, 'aria-label': t('ui.home.seek.join_label', { name: s.owner.name, clock: sayClock(s.timeControl) }) },
            on: { click: () => void ctrl.join(s) },
          },
          t('ui.home.seek.join'),
        ),
  ]);
}

function seeksSection(ctrl: HomeCtrl): VNode {
  const lobby = ctrl.lobby;
  const m = me();
  const waiting = m ? lobby.seeks.filter((s) => s.owner.id === m.id) : [];
  return h('section#seeks.card', { attrs: { 'aria-labelledby': 'seeks-title' } }, [
    h('h2#seeks-title', [t('ui.home.seeks.title'), ' ', h('span.status' + (lobby.online ? '.online' : '.offline'), lobby.online ? t('ui.home.online') : t('ui.home.offline'))]),
    waiting.length
      ? h('p#waiting.waiting', { attrs: { role: 'status' } }, t('ui.home.waiting', { clock: waiting.map((s) => sayClock(s.timeControl)).join(', ') }))
      : null,
    lobby.seeks.length ? h('ul#seek-list.seek-list', lobby.seeks.map((s) => seekRow(ctrl, s))) : h('p#no-seeks.hint', t('ui.home.seeks.none')),
    errorLine(ctrl, 'seeks'),
  ]);
}

function nowSection(ctrl: HomeCtrl): VNode {
  const state = ctrl.state;
  // The AI is named as the profile and the replay name it ("la IA (Fácil)"; "La IA" opening the line), not by its level's word alone.
  const name = (p: GameSummary['players']['white'], opening = false) => gamePlayerName(p, opening);
  return h('section#playing-now.card', { attrs: { 'aria-labelledby': 'now-title' } }, [
    h('h2#now-title', t('ui.home.now.title')),
    state.now.length
      ? h(
          'ul.now-list',
          state.now.map((g) =>
            h('li', { key: g.id }, [
              h('a', { attrs: { href: '/game/' + encodeURIComponent(g.id) } }, t('ui.home.now.game', { white: name(g.players.white, true), black: name(g.players.black) })),
              ' ',
              h('span.hint', sayClock(g.timeControl)),
            ]),
          ),
        )
      : h('p.hint', t('ui.home.now.none')),
  ]);
}

/** turnsSection lists the correspondence games waiting for our move, with the time left on each. */
function turnsSection(ctrl: HomeCtrl): VNode | null {
  const m = me();
  if (!m) return null;
  const list = waitingGames();
  const now = performance.now();
  const opponent = (g: (typeof list)[number]) => (g.players.white?.id === m.id ? g.players.black : g.players.white);
  return h('section#turns.card', { attrs: { 'aria-labelledby': 'turns-title' } }, [
    h('h2#turns-title', [t('ui.home.turns.title'), ' ', list.length ? h('span.badge', String(list.length)) : null]),
    ctrl.state.turnNote ? h('p#turn-note.ok', { attrs: { role: 'status' } }, ctrl.state.turnNote) : null,
    list.length
      ? h(
          'ul#turn-list.now-list',
          list.map((g) =>
            h('li.turn', { key: g.id, attrs: { 'data-game-id': g.id } }, [
              h('a', { attrs: { href: '/game/' + encodeURIComponent(g.id) } }, t('ui.home.turns.game', { opponent: gamePlayerName(opponent(g)) })),
              ' ',
              h('span.hint', sayClock(g.timeControl)),
              ' ',
              h('span.turn-left', t('ui.home.turns.left', { left: formatClock(timeLeft(g, now)) })),
            ]),
          ),
        )
      : h('p#no-turns.hint', t('ui.home.turns.none')),
  ]);
}

/** view draws the home page's content. */
export function view(ctrl: HomeCtrl): VNode[] {
  const state = ctrl.state;
  return [
    h('h1.home-title', t('ui.home.title')),
    whoAmI(),
    h('div.home-grid', [
      h('div.home-col', [quickSection(ctrl), formSection(ctrl)]),
      h('div.home-col', [
        turnsSection(ctrl),
        challengesIn(state.incoming, { accept: (c) => void ctrl.accept(c), decline: (c, reason) => void ctrl.decline(c, reason) }, errorLine(ctrl, 'incoming')),
        seeksSection(ctrl),
        aiSection(state.ai, state.levels, state.presets, state.busy, ctrl.redraw, () => void ctrl.playAI(), errorLine(ctrl, 'ai')),
        nowSection(ctrl),
        chatView(ctrl.chat, false),
      ]),
    ]),
  ];
}
