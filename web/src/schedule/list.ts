// list.ts is /schedule: the signed-in user's scheduled games, each with a
// countdown to its start on the server's clock, the answers a proposal
// waits for, the waiting room and the .ics file; and the form that
// proposes a game to another account for a date and time entered in the
// browser's zone.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { get, post, ApiError } from '../lib/api';
import { startNotify } from '../lib/notify';
import { Clock, clockText, clockError, limits } from '../lib/timecontrol';
import { Scheduled } from './types';
import { setServerNow, serverNow, zone, whenShort, localInput, countdown, instantOf } from './time';
import { title, details, statusText, myID, opponentOf, errorText } from './words';

interface Form {
  opponent: string;
  when: string;
  zone: string;
  mode: 'game' | 'move';
  minutes: number;
  increment: number;
  seconds: number;
  color: 'random' | 'white' | 'black';
  rated: boolean;
  defaultMinutes: number;
}

interface State {
  games: Scheduled[];
  loaded: boolean;
  error: string;
  formError: string;
  busy: boolean;
  form: Form;
}

const state: State = {
  games: [],
  loaded: false,
  error: '',
  formError: '',
  busy: false,
  form: {
    opponent: '',
    when: '',
    zone: zone(),
    mode: 'game',
    minutes: 15,
    increment: 10,
    seconds: 60,
    color: 'random',
    rated: false,
    defaultMinutes: 10,
  },
};
let redraw: () => void = () => {};

async function load(): Promise<void> {
  try {
    const res = await get<{ now: string; games: Scheduled[] }>('/api/schedule');
    setServerNow(res.now);
    state.games = res.games;
    state.error = '';
  } catch (e) {
    state.error = e instanceof ApiError ? e.message : String(e);
  }
  state.loaded = true;
  if (!state.form.when) {
    // Tomorrow at the next whole hour, in the browser's zone.
    const d = new Date(serverNow() + 24 * 3600_000);
    d.setMinutes(0, 0, 0);
    state.form.when = localInput(d.getTime() + 3600_000);
  }
  redraw();
}

async function propose(ev: Event): Promise<void> {
  ev.preventDefault();
  const f = state.form;
  const clock: Clock = f.mode === 'game' ? { mode: 'game', minutes: f.minutes, increment: f.increment } : { mode: 'move', seconds: f.seconds };
  const bad = clockError(clock);
  if (bad) {
    state.formError = t(bad);
    return redraw();
  }
  // A time already gone gets its own words (the server would only say "at least 5 minutes ahead").
  if (instantOf(f.when, f.zone) <= serverNow()) {
    state.formError = t('ui.schedule.form.past', { when: f.when.replace('T', ' '), zone: f.zone });
    return redraw();
  }
  state.busy = true;
  redraw();
  try {
    const a = await post<Scheduled>('/api/schedule', {
      opponent: f.opponent.trim(),
      local: f.when,
      zone: f.zone,
      timeControl: clockText(clock),
      rated: f.rated,
      color: f.color,
      defaultMinutes: f.defaultMinutes,
    });
    state.formError = '';
    announce(t('ui.schedule.proposed', { opponent: a.opponent.name }));
    await load();
  } catch (e) {
    state.formError = errorText(e);
  }
  state.busy = false;
  redraw();
}

async function act(a: Scheduled, action: string): Promise<void> {
  try {
    await post('/api/schedule/' + encodeURIComponent(a.id) + '/' + action);
    state.error = '';
  } catch (e) {
    state.error = errorText(e);
  }
  await load();
}

function field(id: string, label: string, control: VNode, hint?: string): VNode {
  return h('div.field', [
    h('label', { attrs: { for: id } }, label),
    control,
    hint ? h('small.hint', { attrs: { id: id + '-hint' } }, hint) : null,
  ]);
}

function set<K extends keyof Form>(key: K, value: Form[K]): void {
  state.form[key] = value;
  redraw();
}

function zones(): string[] {
  const own = state.form.zone;
  let all: string[] = [];
  try {
    all = (Intl as any).supportedValuesOf('timeZone') as string[];
  } catch {}
  if (!all.includes(own)) all = [own, ...all];
  if (!all.includes('UTC')) all.push('UTC');
  return all;
}

function formView(): VNode {
  const f = state.form;
  const num = (id: string, key: 'minutes' | 'seconds' | 'defaultMinutes', min: number, max: number) =>
    h('input#' + id, {
      attrs: { type: 'number', min, max, step: 1, inputmode: 'numeric' },
      props: { value: String(f[key]) },
      on: { input: (e: Event) => set(key, Number((e.target as HTMLInputElement).value)) },
    });
  return h('section.card.sched-form', { attrs: { 'aria-labelledby': 'sched-form-title' } }, [
    h('h2#sched-form-title', t('ui.schedule.form.heading')),
    h('form', { on: { submit: (e: Event) => void propose(e) } }, [
      field(
        'sched-opponent',
        t('ui.schedule.form.opponent'),
        h('input#sched-opponent', {
          attrs: { type: 'text', required: true, autocomplete: 'off', maxlength: 30 },
          props: { value: f.opponent },
          on: { input: (e: Event) => set('opponent', (e.target as HTMLInputElement).value) },
        }),
      ),
      field(
        'sched-when',
        t('ui.schedule.form.when'),
        h('input#sched-when', {
          attrs: { type: 'datetime-local', required: true, 'aria-describedby': 'sched-when-hint' },
          props: { value: f.when },
          on: { input: (e: Event) => set('when', (e.target as HTMLInputElement).value) },
        }),
        t('ui.schedule.form.when_hint', { zone: f.zone }),
      ),
      field(
        'sched-zone',
        t('ui.schedule.form.zone'),
        h(
          'select#sched-zone',
          { on: { change: (e: Event) => set('zone', (e.target as HTMLSelectElement).value) } },
          zones().map((z) => h('option', { attrs: { value: z }, props: { selected: z === f.zone } }, z)),
        ),
      ),
      field(
        'sched-mode',
        t('ui.schedule.form.mode'),
        h('select#sched-mode', { on: { change: (e: Event) => set('mode', (e.target as HTMLSelectElement).value as Form['mode']) } }, [
          h('option', { attrs: { value: 'game' }, props: { selected: f.mode === 'game' } }, t('ui.home.mode.game')),
          h('option', { attrs: { value: 'move' }, props: { selected: f.mode === 'move' } }, t('ui.home.mode.move')),
        ]),
      ),
      f.mode === 'game'
        ? h('div.field-row', [
            field('sched-minutes', t('ui.schedule.form.minutes'), num('sched-minutes', 'minutes', limits.minMinutes, limits.maxMinutes)),
            field(
              'sched-increment',
              t('ui.schedule.form.increment'),
              h(
                'select#sched-increment',
                { on: { change: (e: Event) => set('increment', Number((e.target as HTMLSelectElement).value)) } },
                Array.from({ length: limits.maxIncrement + 1 }, (_, i) =>
                  h('option', { attrs: { value: String(i) }, props: { selected: i === f.increment } }, String(i)),
                ),
              ),
            ),
          ])
        : field('sched-seconds', t('ui.schedule.form.seconds'), num('sched-seconds', 'seconds', limits.minSeconds, limits.maxSeconds)),
      field(
        'sched-color',
        t('ui.schedule.form.color'),
        h('select#sched-color', { on: { change: (e: Event) => set('color', (e.target as HTMLSelectElement).value as Form['color']) } }, [
          h('option', { attrs: { value: 'random' }, props: { selected: f.color === 'random' } }, t('ui.home.color.random')),
          h('option', { attrs: { value: 'white' }, props: { selected: f.color === 'white' } }, t('side.white')),
          h('option', { attrs: { value: 'black' }, props: { selected: f.color === 'black' } }, t('side.black')),
        ]),
      ),
      h('div.field.check', [
        h('input#sched-rated', {
          attrs: { type: 'checkbox' },
          props: { checked: f.rated },
          on: { change: (e: Event) => set('rated', (e.target as HTMLInputElement).checked) },
        }),
        h('label', { attrs: { for: 'sched-rated' } }, t('ui.home.rated')),
      ]),
      field('sched-default', t('ui.schedule.form.default'), num('sched-default', 'defaultMinutes', 1, 60), t('ui.schedule.form.default_hint')),
      h('p#sched-form-error.error', { attrs: { role: 'alert' } }, state.formError),
      h('button#sched-propose.primary', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.schedule.form.submit')),
    ]),
  ]);
}

function item(a: Scheduled): VNode {
  const mine = myID();
  const open = a.status === 'proposed' || a.status === 'accepted';
  const actions: VNode[] = [];
  if (a.status === 'proposed' && a.opponent.id === mine) {
    actions.push(h('button.sched-accept.primary', { on: { click: () => void act(a, 'accept') } }, t('ui.schedule.action.accept')));
    actions.push(h('button.sched-decline', { on: { click: () => void act(a, 'decline') } }, t('ui.schedule.action.decline')));
  }
  if (a.status === 'proposed' && a.proposer.id === mine) {
    actions.push(h('button.sched-cancel', { on: { click: () => void act(a, 'cancel') } }, t('ui.schedule.action.cancel')));
  }
  if (a.status !== 'proposed') {
    actions.push(h('a.button.sched-room', { attrs: { href: '/schedule/' + encodeURIComponent(a.id) } }, t('ui.schedule.action.room')));
  }
  if (open) {
    actions.push(
      h('a.button.sched-ics', { attrs: { href: '/api/schedule/' + encodeURIComponent(a.id) + '/ics', download: '' } }, t('ui.schedule.action.ics')),
    );
  }
  return h('li.sched-item.card', { attrs: { 'data-id': a.id, 'data-status': a.status }, key: a.id }, [
    h('h3', title(a)),
    h('p.sched-with', t('ui.schedule.with', { opponent: opponentOf(a) })),
    h('p.sched-when', [h('time', { attrs: { datetime: a.startAt } }, whenShort(a.startAt)), ' · ', h('span', state.form.zone)]),
    h('p.sched-details', details(a)),
    h('p.sched-status', statusText(a)),
    open ? h('p.sched-countdown', [t('ui.schedule.countdown.label') + ' ', h('span.countdown', countdown(a.startAt))]) : null,
    h('div.sched-actions', actions),
  ]);
}

function view(): VNode {
  const me = boot().me;
  document.title = t('ui.title.schedule');
  if (!me || me.guest) {
    return page(redraw, [
      h('h1', t('ui.schedule.title')),
      h('p#sched-signin', [t('ui.schedule.need_account') + ' ', h('a', { attrs: { href: '/login' } }, t('ui.nav.login'))]),
    ]);
  }
  return page(
    redraw,
    [
      h('h1', t('ui.schedule.title')),
      h('p.intro', t('ui.schedule.intro')),
      h('div.sched-layout', [
        h('section.sched-upcoming', { attrs: { 'aria-labelledby': 'sched-list-title' } }, [
          h('h2#sched-list-title', t('ui.schedule.list.heading')),
          state.error ? h('p#sched-error.error', { attrs: { role: 'alert' } }, state.error) : null,
          state.loaded && state.games.length === 0 ? h('p#sched-empty', t('ui.schedule.list.empty')) : null,
          h('ul#sched-list', state.games.map(item)),
        ]),
        formView(),
      ]),
    ],
    'schedule',
  );
}

/** startList renders /schedule into root. */
export function startList(root: HTMLElement): void {
  redraw = mount(root, view);
  if (!boot().me || boot().me?.guest) return;
  startNotify(() => void load());
  void load();
  window.setInterval(redraw, 1000);
}
