// clubs.ts is /clubs: the requester's clubs, every club (most members
// first) with a search by name, and the form that creates a club. See
// docs/CLUBS.md.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { get, post } from '../lib/api';
import { Club, ClubPage, Mine, Policy, policies, sayPolicy, sayRole, errorText, clubPath } from '../club/types';

interface State {
  clubs: Club[];
  mine: Mine[];
  loaded: boolean;
  q: string;
  error: string;
  form: { name: string; description: string; policy: Policy };
  formError: string;
  busy: boolean;
}

const state: State = {
  clubs: [],
  mine: [],
  loaded: false,
  q: '',
  error: '',
  form: { name: '', description: '', policy: 'open' },
  formError: '',
  busy: false,
};
let redraw: () => void = () => {};

async function load(): Promise<void> {
  try {
    const res = await get<{ clubs: Club[]; mine: Mine[] }>('/api/clubs?q=' + encodeURIComponent(state.q.trim()));
    state.clubs = res.clubs;
    state.mine = res.mine;
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
    const p = await post<ClubPage>('/api/clubs', state.form);
    announce(t('ui.club.created', { name: p.club.name }));
    location.href = clubPath(p.club.id);
    return;
  } catch (e) {
    state.formError = errorText(e);
  }
  state.busy = false;
  redraw();
}

function clubItem(c: Club, role?: string): VNode {
  return h('li.club-item.card', { key: c.id, attrs: { 'data-id': c.id } }, [
    h('h3', [h('a', { attrs: { href: clubPath(c.id) } }, c.name)]),
    h('p.club-meta.muted', [
      t('ui.club.members_count', { n: c.members }),
      ' · ',
      sayPolicy(c.policy),
      role ? ' · ' + sayRole(role as Mine['role']) : '',
    ]),
    c.description ? h('p.club-desc', c.description) : null,
  ]);
}

function formView(): VNode {
  const me = boot().me;
  if (!me || me.guest) {
    return h('section.card.club-form', { attrs: { 'aria-labelledby': 'club-form-title' } }, [
      h('h2#club-form-title', t('ui.club.form.heading')),
      h('p#club-signin', [t('ui.club.need_account') + ' ', h('a', { attrs: { href: '/login' } }, t('ui.nav.login'))]),
    ]);
  }
  const f = state.form;
  return h('section.card.club-form', { attrs: { 'aria-labelledby': 'club-form-title' } }, [
    h('h2#club-form-title', t('ui.club.form.heading')),
    h('form', { on: { submit: (e: Event) => void create(e) } }, [
      h('div.field', [
        h('label', { attrs: { for: 'club-name' } }, t('ui.club.form.name')),
        h('input#club-name', {
          attrs: { type: 'text', required: true, autocomplete: 'off', maxlength: 40, 'aria-describedby': 'club-name-hint' },
          props: { value: f.name },
          on: { input: (e: Event) => (f.name = (e.target as HTMLInputElement).value) },
        }),
        h('small.hint#club-name-hint', t('ui.club.form.name_hint')),
      ]),
      h('div.field', [
        h('label', { attrs: { for: 'club-description' } }, t('ui.club.form.description')),
        h('textarea#club-description', {
          attrs: { rows: 3, maxlength: 1000 },
          props: { value: f.description },
          on: { input: (e: Event) => (f.description = (e.target as HTMLTextAreaElement).value) },
        }),
      ]),
      h('fieldset.club-policy', [
        h('legend', t('ui.club.form.policy')),
        ...policies.map((p) =>
          h('div.field.check', [
            h('input#club-policy-' + p, {
              attrs: { type: 'radio', name: 'club-policy', value: p },
              props: { checked: f.policy === p },
              on: { change: () => ((f.policy = p), redraw()) },
            }),
            h('label', { attrs: { for: 'club-policy-' + p } }, sayPolicy(p)),
          ]),
        ),
      ]),
      h('p#club-form-error.error', { attrs: { role: 'alert' } }, state.formError),
      h('button#club-create.primary', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.club.form.submit')),
    ]),
  ]);
}

function view(): VNode {
  document.title = t('ui.title.clubs');
  return page(
    redraw,
    [
      h('h1', t('ui.club.list.title')),
      h('p.intro', t('ui.club.list.intro')),
      h('div.clubs-layout', [
        h('div', [
          state.mine.length
            ? h('section.clubs-mine', { attrs: { 'aria-labelledby': 'clubs-mine-title' } }, [
                h('h2#clubs-mine-title', t('ui.club.list.mine')),
                h('ul#clubs-mine.club-list', state.mine.map((m) => clubItem(m.club, m.role))),
              ])
            : null,
          h('section.clubs-all', { attrs: { 'aria-labelledby': 'clubs-all-title' } }, [
            h('h2#clubs-all-title', t('ui.club.list.all')),
            h('form.club-search', { attrs: { role: 'search' }, on: { submit: (e: Event) => (e.preventDefault(), void load()) } }, [
              h('label', { attrs: { for: 'club-search' } }, t('ui.club.list.search')),
              h('input#club-search', {
                attrs: { type: 'search', autocomplete: 'off', maxlength: 40 },
                props: { value: state.q },
                on: { input: (e: Event) => (state.q = (e.target as HTMLInputElement).value) },
              }),
              h('button#club-search-go', { attrs: { type: 'submit' } }, t('ui.club.list.search_go')),
            ]),
            state.error ? h('p#clubs-error.error', { attrs: { role: 'alert' } }, state.error) : null,
            state.loaded && state.clubs.length === 0 ? h('p#clubs-empty', t('ui.club.list.empty')) : null,
            h('ul#clubs-list.club-list', state.clubs.map((c) => clubItem(c))),
          ]),
        ]),
        formView(),
      ]),
    ],
    'clubs',
  );
}

/** start renders /clubs into root. */
export function start(root: HTMLElement): void {
  redraw = mount(root, view);
  void load();
}
