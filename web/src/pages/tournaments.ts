// tournaments.ts is /tournaments: the upcoming, running and finished
// tournaments, a link to the arenas, and the form that creates a Swiss
// tournament or a round-robin league, open or for a club one runs
// (?club=<id> chooses it). See docs/TOURNAMENTS.md.
import { page } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { get, post } from '../lib/api';
import { errorText, Mine } from '../club/types';
import { Lists, Tournament, TournamentPage, Format, Mode, tieBreaks, tournamentPath, sayFormat, sayStatus, sayTieBreak } from '../tournament/types';
import { sayTimeControl } from '../account/format';

interface Form {
  name: string;
  club: string;
  format: Format;
  cycles: number;
  rounds: number;
  timeControl: string;
  rated: boolean;
  mode: Mode;
  startsAt: string;
  roundMinutes: number;
  maxPlayers: number;
  lateEntries: boolean;
  accelerated: boolean;
  minRating: number;
  maxRating: number;
  tieBreaks: string[];
}

interface State {
  lists?: Lists;
  /** clubs are the clubs the reader runs (owner or admin): those a tournament may be for. */
  clubs: { id: string; name: string }[];
  error: string;
  form: Form;
  formError: string;
  busy: boolean;
}

const state: State = {
  clubs: [],
  error: '',
  form: {
    name: '',
    club: '',
    format: 'round-robin',
    cycles: 1,
    rounds: 7,
    timeControl: '10+5',
    rated: true,
    mode: 'live',
    startsAt: '',
    roundMinutes: 10080,
    maxPlayers: 0,
    lateEntries: false,
    accelerated: false,
    minRating: 0,
    maxRating: 0,
    tieBreaks: [],
  },
  formError: '',
  busy: false,
};
let redraw: () => void = () => {};

async function load(): Promise<void> {
  try {
    state.lists = await get<Lists>('/api/tournaments');
    state.error = '';
  } catch (e) {
    state.error = errorText(e);
  }
  redraw();
  const me = boot().me;
  if (!me || me.guest) return;
  try {
    const { mine } = await get<{ mine: Mine[] }>('/api/clubs?max=1');
    state.clubs = mine.filter((m) => m.role === 'owner' || m.role === 'admin').map((m) => ({ id: m.club.id, name: m.club.name }));
  } catch {
    // The form still offers the club the address named.
  }
  redraw();
}

/**
 * clubOptions are the choices of the form's club: none (an open
 * tournament), the clubs the reader runs, and the one the address named
 * while the list is not there.
 */
function clubOptions(chosen: string): { id: string; name: string }[] {
  const out = [{ id: '', name: t('ui.tournament.form.club_none') }, ...state.clubs];
  if (chosen && !out.some((c) => c.id === chosen)) out.push({ id: chosen, name: chosen });
  return out;
}

async function create(ev: Event): Promise<void> {
  ev.preventDefault();
  const f = state.form;
  state.busy = true;
  redraw();
  try {
    const body: Record<string, unknown> = {
      name: f.name,
      club: f.club.trim(),
      format: f.format,
      timeControl: f.timeControl.trim(),
      rated: f.rated,
      mode: f.mode,
      maxPlayers: f.maxPlayers || 0,
      lateEntries: f.lateEntries,
      minRating: f.minRating || 0,
      maxRating: f.maxRating || 0,
      tieBreaks: f.tieBreaks,
    };
    if (f.format === 'swiss') {
      body.rounds = f.rounds;
      body.accelerated = f.accelerated;
    } else body.cycles = f.cycles;
    if (f.startsAt) body.startsAt = new Date(f.startsAt).toISOString();
    if (f.mode === 'arranged') {
      body.roundMinutes = f.roundMinutes;
      body.zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    }
    const p = await post<TournamentPage>('/api/tournaments', body);
    location.href = tournamentPath(p.tournament.id);
    return;
  } catch (e) {
    state.formError = errorText(e);
  }
  state.busy = false;
  redraw();
}

function item(tr: Tournament): VNode {
  return h('li.tournament-item.card', { key: tr.id, attrs: { 'data-id': tr.id } }, [
    h('h3', [h('a', { attrs: { href: tournamentPath(tr.id) } }, tr.name)]),
    h('p.muted', [
      sayFormat(tr),
      ' · ',
      sayTimeControl(tr.timeControl),
      ' · ',
      t('ui.tournament.players_count', { n: tr.players }),
      ' · ',
      sayStatus(tr.status),
      tr.clubId ? ' · ' : '',
      tr.clubId ? h('a', { attrs: { href: '/club/' + encodeURIComponent(tr.clubId) } }, t('ui.tournament.of_club', { club: tr.clubName || tr.clubId })) : '',
    ]),
  ]);
}

function group(id: string, title: string, list: Tournament[] | undefined): VNode {
  return h('section.tournament-group', { attrs: { 'aria-labelledby': id + '-title' } }, [
    h('h2#' + id + '-title', title),
    !list || list.length === 0 ? h('p#' + id + '-empty.muted', t('ui.tournament.list.empty')) : h('ul#' + id + '.tournament-list', list.map(item)),
  ]);
}

function field(id: string, label: string, input: VNode, hint?: string): VNode {
  return h('div.field', [h('label', { attrs: { for: id } }, label), input, hint ? h('small.hint', hint) : null]);
}

function formView(): VNode {
  const me = boot().me;
  if (!me || me.guest) {
    return h('section.card.tournament-form', { attrs: { 'aria-labelledby': 'tournament-form-title' } }, [
      h('h2#tournament-form-title', t('ui.tournament.form.heading')),
      h('p', [t('ui.tournament.need_account') + ' ', h('a', { attrs: { href: '/login' } }, t('ui.nav.login'))]),
    ]);
  }
  const f = state.form;
  const text = (key: keyof Form) => (e: Event) => ((f as any)[key] = (e.target as HTMLInputElement).value);
  const num = (key: keyof Form) => (e: Event) => ((f as any)[key] = Number((e.target as HTMLInputElement).value) || 0);
  return h('section.card.tournament-form', { attrs: { 'aria-labelledby': 'tournament-form-title' } }, [
    h('h2#tournament-form-title', t('ui.tournament.form.heading')),
    h('form', { on: { submit: (e: Event) => void create(e) } }, [
      field('tournament-name', t('ui.tournament.form.name'), h('input#tournament-name', {
        attrs: { type: 'text', required: true, autocomplete: 'off', maxlength: 60 },
        props: { value: f.name },
        on: { input: text('name') },
      })),
      field('tournament-club', t('ui.tournament.form.club'), h('select#tournament-club', {
        attrs: { 'aria-describedby': 'tournament-club-hint' },
        on: { change: (e: Event) => ((f.club = (e.target as HTMLSelectElement).value), redraw()) },
      }, clubOptions(f.club).map((c) => h('option', { attrs: { value: c.id }, props: { selected: c.id === f.club } }, c.name)))),
      h('small#tournament-club-hint.hint', t('ui.tournament.form.club_hint')),
      field('tournament-format', t('ui.tournament.form.format'), h('select#tournament-format', {
        on: { change: (e: Event) => ((f.format = (e.target as HTMLSelectElement).value as Format), redraw()) },
      }, [
        h('option', { attrs: { value: 'round-robin' }, props: { selected: f.format === 'round-robin' } }, t('ui.tournament.format.round_robin')),
        h('option', { attrs: { value: 'swiss' }, props: { selected: f.format === 'swiss' } }, t('ui.tournament.format.swiss')),
      ])),
      f.format === 'swiss'
        ? field('tournament-rounds', t('ui.tournament.form.rounds'), h('input#tournament-rounds', {
            attrs: { type: 'number', min: 1, max: 20 }, props: { value: String(f.rounds) }, on: { input: num('rounds') },
          }))
        : field('tournament-cycles', t('ui.tournament.form.cycles'), h('select#tournament-cycles', {
            on: { change: (e: Event) => (f.cycles = Number((e.target as HTMLSelectElement).value)) },
          }, [
            h('option', { attrs: { value: '1' }, props: { selected: f.cycles === 1 } }, t('ui.tournament.format.single')),
            h('option', { attrs: { value: '2' }, props: { selected: f.cycles === 2 } }, t('ui.tournament.format.double')),
          ])),
      field('tournament-clock', t('ui.tournament.form.clock'), h('input#tournament-clock', {
        attrs: { type: 'text', required: true, autocomplete: 'off', maxlength: 12, 'aria-describedby': 'tournament-clock-hint' },
        props: { value: f.timeControl },
        on: { input: text('timeControl') },
      })),
      h('small#tournament-clock-hint.hint', t('ui.tournament.form.clock_hint')),
      h('div.field.check', [
        h('input#tournament-rated', { attrs: { type: 'checkbox' }, props: { checked: f.rated }, on: { change: (e: Event) => (f.rated = (e.target as HTMLInputElement).checked) } }),
        h('label', { attrs: { for: 'tournament-rated' } }, t('ui.tournament.form.rated')),
      ]),
      field('tournament-mode', t('ui.tournament.form.mode'), h('select#tournament-mode', {
        on: { change: (e: Event) => ((f.mode = (e.target as HTMLSelectElement).value as Mode), redraw()) },
      }, [
        h('option', { attrs: { value: 'live' }, props: { selected: f.mode === 'live' } }, t('ui.tournament.mode.live')),
        h('option', { attrs: { value: 'arranged' }, props: { selected: f.mode === 'arranged' } }, t('ui.tournament.mode.arranged')),
      ])),
      field('tournament-start', t('ui.tournament.form.start'), h('input#tournament-start', {
        attrs: { type: 'datetime-local' }, props: { value: f.startsAt }, on: { input: text('startsAt') },
      })),
      f.mode === 'arranged'
        ? field('tournament-interval', t('ui.tournament.form.interval'), h('input#tournament-interval', {
            attrs: { type: 'number', min: 60 }, props: { value: String(f.roundMinutes) }, on: { input: num('roundMinutes') },
          }))
        : null,
      field('tournament-max', t('ui.tournament.form.max_players'), h('input#tournament-max', {
        attrs: { type: 'number', min: 0, max: 500 }, props: { value: f.maxPlayers ? String(f.maxPlayers) : '' }, on: { input: num('maxPlayers') },
      })),
      field('tournament-min-rating', t('ui.tournament.form.min_rating'), h('input#tournament-min-rating', {
        attrs: { type: 'number', min: 0, max: 4000 }, props: { value: f.minRating ? String(f.minRating) : '' }, on: { input: num('minRating') },
      })),
      field('tournament-max-rating', t('ui.tournament.form.max_rating'), h('input#tournament-max-rating', {
        attrs: { type: 'number', min: 0, max: 4000 }, props: { value: f.maxRating ? String(f.maxRating) : '' }, on: { input: num('maxRating') },
      })),
      f.format === 'swiss'
        ? h('div.field.check', [
            h('input#tournament-late', { attrs: { type: 'checkbox' }, props: { checked: f.lateEntries }, on: { change: (e: Event) => (f.lateEntries = (e.target as HTMLInputElement).checked) } }),
            h('label', { attrs: { for: 'tournament-late' } }, t('ui.tournament.form.late')),
          ])
        : null,
      f.format === 'swiss'
        ? h('div.field.check', [
            h('input#tournament-accelerated', { attrs: { type: 'checkbox' }, props: { checked: f.accelerated }, on: { change: (e: Event) => (f.accelerated = (e.target as HTMLInputElement).checked) } }),
            h('label', { attrs: { for: 'tournament-accelerated' } }, t('ui.tournament.form.accelerated')),
          ])
        : null,
      h('fieldset.tournament-tiebreaks', [
        h('legend', t('ui.tournament.form.tiebreaks')),
        h('p.hint', t('ui.tournament.form.tiebreaks_hint')),
        ...tieBreaks.map((tb) =>
          h('div.field.check', [
            h('input#tournament-tb-' + tb, {
              attrs: { type: 'checkbox', value: tb },
              props: { checked: f.tieBreaks.includes(tb) },
              on: {
                change: (e: Event) => {
                  const on = (e.target as HTMLInputElement).checked;
                  f.tieBreaks = on ? [...f.tieBreaks, tb] : f.tieBreaks.filter((x) => x !== tb);
                  redraw();
                },
              },
            }),
            h('label', { attrs: { for: 'tournament-tb-' + tb } }, [
              sayTieBreak(tb),
              f.tieBreaks.includes(tb) ? h('span.tournament-tb-order.muted', ' ' + t('ui.tournament.form.tiebreak_order', { n: f.tieBreaks.indexOf(tb) + 1 })) : '',
            ]),
          ]),
        ),
      ]),
      h('p#tournament-form-error.error', { attrs: { role: 'alert' } }, state.formError),
      h('button#tournament-create.primary', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.tournament.form.submit')),
    ]),
  ]);
}

function view(): VNode {
  document.title = t('ui.title.tournaments');
  const l = state.lists;
  return page(
    redraw,
    [
      h('h1', t('ui.tournament.list.title')),
      h('p.intro', [t('ui.tournament.list.intro') + ' ', h('a#tournaments-arenas', { attrs: { href: '/arenas' } }, t('ui.tournament.list.arenas'))]),
      h('p#tournaments-error.error', { attrs: { role: 'alert' } }, state.error),
      h('div.clubs-layout', [
        h('div', [
          group('tournaments-upcoming', t('ui.tournament.list.upcoming'), l?.upcoming),
          group('tournaments-running', t('ui.tournament.list.running'), l?.running),
          group('tournaments-finished', t('ui.tournament.list.finished'), l?.finished),
        ]),
        formView(),
      ]),
    ],
    'tournaments',
  );
}

/** start renders /tournaments into root. */
export function start(root: HTMLElement): void {
  state.form.club = new URLSearchParams(location.search).get('club') ?? '';
  redraw = mount(root, view);
  void load();
}
