// arenas.ts is /arenas: the upcoming, running and finished arenas, and the
// form that creates one (accounts). See docs/TOURNAMENTS.md.
import { page } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { get, post } from '../lib/api';
import { Arena, ArenaPage, Phase, arenaPath, errorText, when, sayArena } from '../arena/types';

const phases: Phase[] = ['running', 'upcoming', 'finished'];

interface Form {
  name: string;
  minutes: number;
  increment: number;
  duration: number;
  startsIn: number;
  rated: boolean;
  berserk: boolean;
  streaks: boolean;
}

const state = {
  lists: { upcoming: [], running: [], finished: [] } as Record<Phase, Arena[]>,
  loaded: false,
  error: '',
  form: { name: '', minutes: 3, increment: 2, duration: 60, startsIn: 5, rated: true, berserk: true, streaks: true } as Form,
  formError: '',
  busy: false,
};
let redraw: () => void = () => {};

async function load(): Promise<void> {
  try {
    state.lists = await get<Record<Phase, Arena[]>>('/api/arenas');
    state.error = '';
  } catch (e) {
    state.error = errorText(e);
  }
  state.loaded = true;
  redraw();
}

async function create(ev: Event): Promise<void> {
  ev.preventDefault();
  state.busy = true;
  redraw();
  try {
    const p = await post<ArenaPage>('/api/arenas', state.form);
    location.href = arenaPath(p.arena.id);
    return;
  } catch (e) {
    state.formError = errorText(e);
  }
  state.busy = false;
  redraw();
}

function item(a: Arena): VNode {
  const at = a.phase === 'upcoming' ? t('ui.arena.starts', { at: when(a.startsAt) }) : a.phase === 'running' ? t('ui.arena.ends', { at: when(a.endsAt) }) : when(a.startsAt);
  return h('li.arena-item.card', { key: a.id, attrs: { 'data-id': a.id } }, [
    h('h3', [h('a', { attrs: { href: arenaPath(a.id) } }, a.name)]),
    h('p.arena-meta.muted', [sayArena(a), ' · ', at]),
  ]);
}

function number(id: string, label: string, key: 'minutes' | 'increment' | 'duration' | 'startsIn', min: number, max: number): VNode {
  const f = state.form;
  return h('div.field', [
    h('label', { attrs: { for: id } }, label),
    h('input#' + id, {
      attrs: { type: 'number', min, max, required: true },
      props: { value: String(f[key]) },
      on: { input: (e: Event) => (f[key] = Number((e.target as HTMLInputElement).value)) },
    }),
  ]);
}

function check(id: string, label: string, key: 'rated' | 'berserk' | 'streaks'): VNode {
  const f = state.form;
  return h('div.field.check', [
    h('input#' + id, { attrs: { type: 'checkbox' }, props: { checked: f[key] }, on: { change: (e: Event) => (f[key] = (e.target as HTMLInputElement).checked) } }),
    h('label', { attrs: { for: id } }, label),
  ]);
}

function formView(): VNode {
  const me = boot().me;
  const heading = h('h2#arena-form-title', t('ui.arena.form.heading'));
  if (!me || me.guest) {
    return h('section.card.arena-form', { attrs: { 'aria-labelledby': 'arena-form-title' } }, [
      heading,
      h('p#arena-signin', [t('ui.arena.need_account') + ' ', h('a', { attrs: { href: '/login' } }, t('ui.nav.login'))]),
    ]);
  }
  const f = state.form;
  return h('section.card.arena-form', { attrs: { 'aria-labelledby': 'arena-form-title' } }, [
    heading,
    h('form', { on: { submit: (e: Event) => void create(e) } }, [
      h('div.field', [
        h('label', { attrs: { for: 'arena-name' } }, t('ui.arena.form.name')),
        h('input#arena-name', {
          attrs: { type: 'text', required: true, autocomplete: 'off', maxlength: 40 },
          props: { value: f.name },
          on: { input: (e: Event) => (f.name = (e.target as HTMLInputElement).value) },
        }),
      ]),
      number('arena-minutes', t('ui.arena.form.minutes'), 'minutes', 1, 60),
      number('arena-increment', t('ui.arena.form.increment'), 'increment', 0, 10),
      number('arena-duration', t('ui.arena.form.duration'), 'duration', 5, 360),
      number('arena-starts-in', t('ui.arena.form.starts_in'), 'startsIn', 0, 43200),
      check('arena-rated', t('ui.arena.form.rated'), 'rated'),
      check('arena-berserk', t('ui.arena.form.berserk'), 'berserk'),
      check('arena-streaks', t('ui.arena.form.streaks'), 'streaks'),
      h('p#arena-form-error.error', { attrs: { role: 'alert' } }, state.formError),
      h('button#arena-create.primary', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.arena.form.submit')),
    ]),
  ]);
}

function view(): VNode {
  document.title = t('ui.title.arenas');
  return page(
    redraw,
    [
      h('h1', t('ui.arena.list.title')),
      h('p.intro', t('ui.arena.list.intro')),
      h('div.arenas-layout', [
        h(
          'div',
          phases.map((ph) =>
            h('section.arenas-' + ph, { attrs: { 'aria-labelledby': 'arenas-' + ph + '-title' } }, [
              h('h2#arenas-' + ph + '-title', t('ui.arena.phase.' + ph)),
              state.lists[ph].length
                ? h('ul#arenas-' + ph + '.arena-list', state.lists[ph].map(item))
                : h('p#arenas-' + ph + '-empty.muted', state.loaded ? t('ui.arena.list.empty') : t('ui.arena.loading')),
            ]),
          ),
        ),
        formView(),
      ]),
      ...(state.error ? [h('p#arenas-error.error', { attrs: { role: 'alert' } }, state.error)] : []),
    ],
    'arenas',
  );
}

/** start renders /arenas. */
export function start(root: HTMLElement): void {
  redraw = mount(root, view);
  void load();
}
