// tournament.ts is a tournament's page (/tournament/{id}): its settings,
// registration (join, leave, half-point byes in a Swiss), the pairings of
// each round with each game's link, the standings with the tie-breaks
// chosen and the performance rating, the crosstable, the TRF and PGN
// downloads, an arranged round's calendar file, and the organiser's
// controls (start, pause, pair the next round, set a result with a
// reason, withdraw a player). A socket tells the page when the tournament
// changes. All user text is drawn as text. See docs/TOURNAMENTS.md.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { api, get } from '../lib/api';
import { Socket } from '../lib/socket';
import { errorText } from '../club/types';
import { sayTimeControl, sayDate, profileLink } from '../account/format';
import { TournamentPage, Board, sayFormat, sayStatus, sayTieBreak, sayReason, sayResult, results, roundDecided, points, tieBreakValue } from '../tournament/types';
import { Crosstable, cellText, cellLabel } from '../tournament/crosstable';

interface State {
  id: string;
  page?: TournamentPage;
  error: string;
  actionError: string;
  busy: boolean;
  bye: number;
  result: { round: number; board: number; result: string; reason: string };
  withdraw: string;
}

const state: State = {
  id: '',
  error: '',
  actionError: '',
  busy: false,
  bye: 0,
  result: { round: 1, board: 1, result: '1-0', reason: '' },
  withdraw: '',
};
let redraw: () => void = () => {};
let sock: Socket | undefined;

function base(): string {
  return '/api/tournament/' + encodeURIComponent(state.id);
}

async function load(): Promise<void> {
  try {
    state.page = await get<TournamentPage>(base());
    state.error = '';
  } catch (e) {
    state.error = errorText(e);
  }
  redraw();
}

/** act sends one change and shows the tournament as it then is. */
async function act(path: string, body: unknown, done: string, params: Record<string, string> = {}): Promise<void> {
  state.busy = true;
  redraw();
  try {
    state.page = await api<TournamentPage>('POST', base() + path, body);
    state.actionError = '';
    announce(t(done, params));
  } catch (e) {
    state.actionError = errorText(e);
  }
  state.busy = false;
  redraw();
}

function button(id: string, label: string, onClick: () => void, cls = ''): VNode {
  return h('button#' + id + (cls ? '.' + cls : ''), { attrs: { type: 'button', disabled: state.busy }, on: { click: onClick } }, label);
}

/** nameView is a player's name, linked to their profile. */
function nameView(name: string): VNode {
  const link = profileLink({ name });
  return link ? h('a.tournament-player', { attrs: { href: link } }, name) : h('span.tournament-player', name);
}

function placeView(p: TournamentPage): VNode {
  const me = boot().me;
  const tr = p.tournament;
  if (!me || me.guest) {
    return h('p#tournament-place', [t('ui.tournament.need_account') + ' ', h('a', { attrs: { href: '/login' } }, t('ui.nav.login'))]);
  }
  const mine = p.me;
  const parts: (VNode | string)[] = [];
  if (mine?.joined && mine.withdrawn) parts.push(t('ui.tournament.place.withdrawn'));
  else if (mine?.joined) {
    parts.push(t('ui.tournament.place.joined'));
    if (tr.status !== 'finished') {
      parts.push(button('tournament-leave', t('ui.tournament.action.leave'), () => {
        const key = tr.status === 'registration' ? 'ui.tournament.confirm.leave_registration' : 'ui.tournament.confirm.leave';
        if (window.confirm(t(key, { name: tr.name }))) void act('/leave', {}, 'ui.tournament.done.left');
      }));
    }
  } else if (tr.status === 'registration' || (tr.format === 'swiss' && tr.lateEntries && tr.status !== 'finished' && tr.round < tr.totalRounds)) {
    parts.push(button('tournament-join', t('ui.tournament.action.join'), () => void act('/join', {}, 'ui.tournament.done.joined'), 'primary'));
  } else parts.push(t(tr.status === 'finished' ? 'ui.tournament.place.finished' : 'ui.tournament.place.closed'));
  return h('div#tournament-place.club-place', parts.map((x) => (typeof x === 'string' ? h('span', x) : x)));
}

/** byeView lets a Swiss player ask for (or withdraw) a half-point bye for a round not yet paired. */
function byeView(p: TournamentPage): VNode | null {
  const tr = p.tournament;
  if (tr.format !== 'swiss' || !p.me?.joined || p.me.withdrawn || tr.status === 'finished') return null;
  const rounds: number[] = [];
  for (let r = tr.round + 1; r <= tr.totalRounds; r++) rounds.push(r);
  if (rounds.length === 0) return null;
  if (!rounds.includes(state.bye)) state.bye = rounds[0];
  const asked = p.me.byes ?? [];
  return h('section#tournament-byes.card', { attrs: { 'aria-labelledby': 'tournament-byes-title' } }, [
    h('h2#tournament-byes-title', t('ui.tournament.bye.heading')),
    asked.length ? h('p#tournament-byes-asked', t('ui.tournament.bye.asked', { rounds: asked.join(', ') })) : null,
    h('label', { attrs: { for: 'tournament-bye-round' } }, t('ui.tournament.bye.round')),
    h('select#tournament-bye-round', { on: { change: (e: Event) => (state.bye = Number((e.target as HTMLSelectElement).value)) } },
      rounds.map((r) => h('option', { attrs: { value: String(r) }, props: { selected: r === state.bye } }, String(r)))),
    asked.includes(state.bye)
      ? button('tournament-bye-cancel', t('ui.tournament.bye.cancel'), () => void act('/bye', { round: state.bye, on: false }, 'ui.tournament.done.bye_cancelled'))
      : button('tournament-bye-ask', t('ui.tournament.bye.ask'), () => void act('/bye', { round: state.bye, on: true }, 'ui.tournament.done.bye_asked')),
  ]);
}

/** organiserView holds the organiser's controls. */
function organiserView(p: TournamentPage): VNode | null {
  if (!p.me?.organiser) return null;
  const tr = p.tournament;
  const controls: VNode[] = [];
  const active = p.players.filter((e) => !e.withdrawn);
  if (tr.status === 'registration') {
    controls.push(button('tournament-start', t('ui.tournament.action.start'), () => {
      // A Swiss of n players has at most n-1 rounds without a repeat
      // (n with an odd n's byes): more is allowed, as on lichess, and
      // the tournament ends early when a round cannot be paired; the
      // organiser is told before starting.
      const n = active.length;
      const most = n % 2 ? n : n - 1;
      const key = tr.format === 'swiss' && (tr.rounds ?? 0) > most ? 'ui.tournament.confirm.start_rounds' : 'ui.tournament.confirm.start';
      if (window.confirm(t(key, { n, max: most, rounds: tr.rounds ?? 0 }))) void act('/start', {}, 'ui.tournament.done.started');
    }, 'primary'));
  }
  let waiting: VNode | null = null;
  if (tr.status === 'running') {
    if (tr.round < tr.totalRounds) {
      const next = tr.round + 1;
      // The next round pairs once every game of this one has its result
      // (a live round by itself then); until then the button would only
      // be refused.
      if (roundDecided(p.rounds[tr.round - 1] ?? [], Date.now())) {
        controls.push(button('tournament-pair', t('ui.tournament.action.pair', { round: next }), () => void act('/pair', { round: next }, 'ui.tournament.done.paired', { round: String(next) }), 'primary'));
      } else {
        const key = tr.mode === 'live' ? 'ui.tournament.organiser.waiting_live' : 'ui.tournament.organiser.waiting';
        waiting = h('p#tournament-pair-wait.muted', t(key, { round: tr.round, next }));
      }
    }
    controls.push(button('tournament-pause', t('ui.tournament.action.pause'), () => void act('/pause', {}, 'ui.tournament.done.paused')));
  }
  if (tr.status === 'paused') controls.push(button('tournament-resume', t('ui.tournament.action.resume'), () => void act('/resume', {}, 'ui.tournament.done.resumed')));
  // Finishing early is offered once the current round is decided (the
  // server refuses it while games are undecided).
  if ((tr.status === 'running' || tr.status === 'paused') && roundDecided(p.rounds[tr.round - 1] ?? [], Date.now())) {
    controls.push(button('tournament-finish', t('ui.tournament.action.finish'), () => {
      if (window.confirm(t('ui.tournament.confirm.finish', { round: tr.round }))) void act('/finish', {}, 'ui.tournament.done.finished');
    }));
  }
  const r = state.result;
  // The round and board chosen from what was paired: each board said by
  // its players, each result by its symbol and words.
  const paired = p.rounds.map((boards, i) => ({ round: i + 1, games: boards.filter((b) => b.black) })).filter((x) => x.games.length);
  if (paired.length && !paired.some((x) => x.round === r.round)) r.round = paired[paired.length - 1].round;
  const games = paired.find((x) => x.round === r.round)?.games ?? [];
  if (games.length && !games.some((b) => b.board === r.board)) r.board = games[0].board;
  const adjudicate =
    tr.status === 'registration' || paired.length === 0
      ? null
      : h('form#tournament-result-form', {
          on: { submit: (e: Event) => (e.preventDefault(), void act('/result', { ...r }, 'ui.tournament.done.result')) },
        }, [
          h('h3', t('ui.tournament.result.heading')),
          h('label', { attrs: { for: 'tournament-result-round' } }, t('ui.tournament.result.round')),
          h('select#tournament-result-round', { on: { change: (e: Event) => ((r.round = Number((e.target as HTMLSelectElement).value)), redraw()) } },
            paired.map((x) => h('option', { attrs: { value: String(x.round) }, props: { selected: x.round === r.round } }, String(x.round)))),
          h('label', { attrs: { for: 'tournament-result-board' } }, t('ui.tournament.result.board')),
          h('select#tournament-result-board', { on: { change: (e: Event) => (r.board = Number((e.target as HTMLSelectElement).value)) } },
            games.map((b) => h('option', { attrs: { value: String(b.board) }, props: { selected: b.board === r.board } },
              t('ui.tournament.result.board_item', { board: b.board, white: b.whiteName, black: b.blackName ?? '', result: b.score || '…' })))),
          h('label', { attrs: { for: 'tournament-result-value' } }, t('ui.tournament.result.result')),
          h('select#tournament-result-value', { on: { change: (e: Event) => (r.result = (e.target as HTMLSelectElement).value) } },
            results.map((x) => h('option', { attrs: { value: x }, props: { selected: x === r.result } }, sayResult(x)))),
          h('label', { attrs: { for: 'tournament-result-reason' } }, t('ui.tournament.result.reason')),
          h('input#tournament-result-reason', { attrs: { type: 'text', required: true, maxlength: 40, 'aria-describedby': 'tournament-result-hint' }, props: { value: r.reason }, on: { input: (e: Event) => (r.reason = (e.target as HTMLInputElement).value) } }),
          h('small#tournament-result-hint.hint', t('ui.tournament.result.hint')),
          h('button#tournament-result-go', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.tournament.result.submit')),
        ]);
  if (!active.some((e) => e.name === state.withdraw)) state.withdraw = '';
  const withdraw =
    tr.status === 'finished' || active.length === 0
      ? null
      : h('form#tournament-withdraw-form', {
          on: {
            submit: (e: Event) => {
              e.preventDefault();
              const name = state.withdraw;
              if (!name) return;
              const key = tr.status === 'registration' ? 'ui.tournament.confirm.remove' : 'ui.tournament.confirm.withdraw';
              if (window.confirm(t(key, { name }))) void act('/withdraw', { username: name }, 'ui.tournament.done.withdrawn', { name });
            },
          },
        }, [
          h('h3', t('ui.tournament.withdraw.heading')),
          h('label', { attrs: { for: 'tournament-withdraw-name' } }, t('ui.tournament.withdraw.username')),
          h('select#tournament-withdraw-name', { on: { change: (e: Event) => ((state.withdraw = (e.target as HTMLSelectElement).value), redraw()) } }, [
            h('option', { attrs: { value: '' }, props: { selected: state.withdraw === '' } }, t('ui.tournament.withdraw.choose')),
            ...active.map((e) => h('option', { attrs: { value: e.name }, props: { selected: e.name === state.withdraw } }, e.name)),
          ]),
          h('button#tournament-withdraw-go', { attrs: { type: 'submit', disabled: state.busy || !state.withdraw } }, t('ui.tournament.withdraw.submit')),
        ]);
  return h('section#tournament-organiser.card', { attrs: { 'aria-labelledby': 'tournament-organiser-title' } }, [
    h('h2#tournament-organiser-title', t('ui.tournament.organiser.heading')),
    controls.length ? h('div.tournament-controls', controls) : null,
    waiting,
    adjudicate,
    withdraw,
  ]);
}

/**
 * boardRow is one board: its players, linked to the game when there is
 * one (the reader's own board marked), and its result with an arranged
 * game's start and an adjudication's reason.
 */
function boardRow(b: Board, arranged: boolean, me: string): VNode {
  const names = b.black ? b.whiteName + ' – ' + (b.blackName ?? '') : b.whiteName + ' ' + t('ui.tournament.bye_word');
  const mine = me !== '' && (b.white === me || b.black === me);
  return h('tr.tournament-board' + (mine ? '.tournament-mine' : ''), { key: b.round + '.' + b.board, attrs: { 'data-board': String(b.board) } }, [
    h('td', String(b.board)),
    h('td', [
      b.gameUrl ? h('a.tournament-game', { attrs: { href: b.gameUrl, title: t('ui.tournament.game') } }, names) : names,
      mine ? h('span.tournament-you', ' ' + t('ui.tournament.you')) : '',
    ]),
    h('td', [
      // An arranged game still to play shows its date; once decided, its result.
      h('span.tournament-score', b.score || (arranged && b.startAt ? '' : '…')),
      arranged && b.startAt && !b.score ? h('span.tournament-when', sayDate(Date.parse(b.startAt))) : '',
      b.reason ? h('span.muted.tournament-reason', ' (' + sayReason(b.reason) + ')') : '',
    ]),
  ]);
}

/**
 * myGameView points a player to their game of the current round while it
 * is being played (or, arranged, still to play).
 */
function myGameView(p: TournamentPage): VNode | null {
  const me = boot().me?.id ?? '';
  const tr = p.tournament;
  if (!me || tr.status === 'finished' || tr.round === 0) return null;
  const b = (p.rounds[tr.round - 1] ?? []).find((x) => x.black && (x.white === me || x.black === me));
  if (!b || b.score || !b.gameUrl) return null;
  const white = b.white === me;
  const opponent = (white ? b.blackName : b.whiteName) ?? '';
  return h('p#tournament-my-game.tournament-my-game', [
    t(white ? 'ui.tournament.my_game.white' : 'ui.tournament.my_game.black', { round: b.round, opponent }) + ' ',
    h('a.button.primary', { attrs: { href: b.gameUrl } }, t('ui.tournament.my_game.go')),
  ]);
}

function roundsView(p: TournamentPage): VNode {
  const arranged = p.tournament.mode === 'arranged';
  const mine = p.me?.joined && arranged;
  const me = boot().me?.id ?? '';
  return h('section#tournament-rounds.card', { attrs: { 'aria-labelledby': 'tournament-rounds-title', tabindex: '0' } }, [
    h('h2#tournament-rounds-title', t('ui.tournament.rounds.heading')),
    p.rounds.length === 0 ? h('p#tournament-rounds-empty.muted', t('ui.tournament.rounds.empty')) : null,
    // The newest round first: the one being played is what players look for.
    ...p.rounds.map((boards, i) => ({ boards, i })).reverse().map(({ boards, i }) =>
      h('div.tournament-round', { key: 'round' + (i + 1), attrs: { 'data-round': String(i + 1) } }, [
        h('h3', t('ui.tournament.round_n', { round: i + 1 })),
        mine ? h('a.tournament-ics', { attrs: { href: base() + '/round/' + (i + 1) + '/ics' } }, t('ui.tournament.ics')) : null,
        h('table.tournament-pairings', [
          h('thead', h('tr', [h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.board')), h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.players')), h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.result'))])),
          h('tbody', boards.map((b) => boardRow(b, arranged, me))),
        ]),
      ]),
    ),
  ]);
}

function standingsView(p: TournamentPage): VNode {
  return h('section#tournament-standings.card', { attrs: { 'aria-labelledby': 'tournament-standings-title', tabindex: '0' } }, [
    h('h2#tournament-standings-title', t('ui.tournament.standings.heading')),
    p.standings.length === 0 ? h('p#tournament-standings-empty.muted', t('ui.tournament.standings.empty')) : null,
    p.standings.length === 0 ? null : h('table#tournament-standings-table', [
      h('thead', h('tr', [
        h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.rank')),
        h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.player')),
        h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.rating')),
        h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.points')),
        ...p.tieBreaks.map((tb) => h('th', { attrs: { scope: 'col', title: sayTieBreak(tb) } }, tb)),
        h('th', { attrs: { scope: 'col' } }, t('ui.tournament.col.performance')),
      ])),
      h('tbody', p.standings.map((r) =>
        h('tr.tournament-row', { key: r.userId, attrs: { 'data-name': r.name } }, [
          h('td', String(r.rank)),
          h('td', [nameView(r.name), r.withdrawn ? h('span.muted', ' ' + t('ui.tournament.withdrawn')) : '']),
          h('td', String(r.rating)),
          h('td.tournament-points', points(r.points)),
          ...r.tieBreaks.map((v) => h('td', tieBreakValue(v))),
          h('td', r.performance ? String(r.performance) : '–'),
        ]),
      )),
    ]),
  ]);
}

function th(text: string, title?: string): VNode {
  return h('th', { attrs: title ? { scope: 'col', title } : { scope: 'col' } }, text);
}

/**
 * crosstableView is the crosstable's table, its caption and headings from
 * the catalogue; it scrolls inside its box, never the page.
 */
function crosstableView(x: Crosstable): VNode {
  const swiss = !x.roundRobin;
  const cols = swiss
    ? Array.from({ length: x.rounds }, (_, i) => th(t('ui.tournament.crosstable.round_short', { round: i + 1 }), t('ui.tournament.crosstable.round', { round: i + 1 })))
    : x.rows.map((r) => th(String(r.number), r.name));
  const head = [
    th(swiss ? t('ui.tournament.col.rank') : t('ui.tournament.crosstable.number_short'), swiss ? undefined : t('ui.tournament.crosstable.number')),
    ...(swiss ? [th(t('ui.tournament.crosstable.number_short'), t('ui.tournament.crosstable.number'))] : []),
    th(t('ui.tournament.col.player')),
    th(t('ui.tournament.col.rating')),
    ...cols,
    th(t('ui.tournament.col.points')),
    ...(swiss ? [] : [th(t('ui.tournament.col.rank'))]),
    ...x.tieBreaks.map((tb) => th(tb, sayTieBreak(tb))),
  ];
  const body = x.rows.map((r) => {
    const cells = swiss
      ? (r.rounds ?? []).map((c, i) => h('td.crosstable-cell', { attrs: { 'aria-label': cellLabel(c, i + 1), 'data-round': String(i + 1) } }, cellText(c)))
      : (r.results ?? []).map((c, i) => h('td.crosstable-cell', { attrs: { 'data-column': String(x.rows[i]?.number ?? i + 1) } }, c));
    return h('tr', { key: String(r.number), attrs: { 'data-number': String(r.number) } }, [
      swiss ? h('td', String(r.rank)) : h('th', { attrs: { scope: 'row' } }, String(r.number)),
      ...(swiss ? [h('td', String(r.number))] : []),
      swiss ? h('th', { attrs: { scope: 'row' } }, r.name) : h('td', r.name),
      h('td', r.rating ? String(r.rating) : '–'),
      ...cells,
      h('td.crosstable-points', r.points),
      ...(swiss ? [] : [h('td', String(r.rank))]),
      ...r.tieBreaks.map((v) => h('td', tieBreakValue(v))),
    ]);
  });
  return h('div', [
    h('p#tournament-crosstable-legend.muted', t(swiss ? 'ui.tournament.crosstable.legend_swiss' : 'ui.tournament.crosstable.legend_round_robin')),
    h('div.crosstable-scroll', { attrs: { tabindex: '0', role: 'region', 'aria-labelledby': 'tournament-crosstable-caption' } }, [
      h('table#tournament-crosstable-table.crosstable', { attrs: { 'aria-describedby': 'tournament-crosstable-legend' } }, [
        h('caption#tournament-crosstable-caption', t(swiss ? 'ui.tournament.crosstable.caption_swiss' : 'ui.tournament.crosstable.caption_round_robin')),
        h('thead', h('tr', head)),
        h('tbody', body),
      ]),
    ]),
  ]);
}

function view(): VNode {
  const p = state.page;
  if (!p) {
    document.title = t('ui.title.tournament');
    return page(redraw, [
      h('h1', t('ui.tournament.title')),
      state.error ? h('p#tournament-error.error', { attrs: { role: 'alert' } }, state.error) : h('p.muted', { attrs: { role: 'status' } }, t('ui.tournament.loading')),
      h('p', h('a', { attrs: { href: '/tournaments' } }, t('ui.tournament.back'))),
    ]);
  }
  const tr = p.tournament;
  document.title = tr.name + ' · ' + t('ui.title.tournament');
  return page(
    redraw,
    [
      h('p.club-back', tr.clubId
        ? h('a#tournament-back', { attrs: { href: '/club/' + encodeURIComponent(tr.clubId) } }, t('ui.tournament.back_club', { club: tr.clubName || tr.clubId }))
        : h('a#tournament-back', { attrs: { href: '/tournaments' } }, t('ui.tournament.back'))),
      h('h1#tournament-name', tr.name),
      h('p#tournament-meta.muted', [
        sayFormat(tr),
        ' · ',
        sayTimeControl(tr.timeControl),
        ' · ',
        tr.rated ? t('ui.tournament.rated') : t('ui.tournament.casual'),
        ' · ',
        t('ui.tournament.mode.' + tr.mode),
        ' · ',
        h('span#tournament-status', { attrs: { 'data-status': tr.status } }, sayStatus(tr.status)),
        tr.round ? ' · ' + t('ui.tournament.round_of', { round: tr.round, total: tr.totalRounds }) : '',
        tr.clubId ? ' · ' : '',
        tr.clubId ? h('a#tournament-club', { attrs: { href: '/club/' + encodeURIComponent(tr.clubId) } }, t('ui.tournament.of_club', { club: tr.clubName || tr.clubId })) : '',
      ]),
      tr.ended ? h('p#tournament-ended', { attrs: { 'data-ended': tr.ended } }, t('ui.tournament.ended.' + tr.ended)) : h('span'),
      h('p.muted', t('ui.tournament.organised_by', { name: tr.ownerName })),
      placeView(p),
      myGameView(p) ?? h('span'),
      h('p#tournament-action-error.error', { attrs: { role: 'alert' } }, state.actionError),
      h('div.club-layout', [
        h('div', [standingsView(p), roundsView(p)]),
        h('div', [
          organiserView(p),
          byeView(p),
          h('section#tournament-players.card', { attrs: { 'aria-labelledby': 'tournament-players-title' } }, [
            h('h2#tournament-players-title', t('ui.tournament.players.heading', { n: p.players.length })),
            h('ul', p.players.map((e) => h('li', { key: e.userId }, [nameView(e.name), ' (' + e.rating + ')', e.withdrawn ? h('span.muted', ' ' + t('ui.tournament.withdrawn')) : '']))),
          ]),
          tr.status !== 'registration'
            ? h('section#tournament-files.card', { attrs: { 'aria-labelledby': 'tournament-files-title' } }, [
                h('h2#tournament-files-title', t('ui.tournament.files.heading')),
                h('ul', [
                  h('li', h('a#tournament-trf', { attrs: { href: base() + '/trf' } }, t('ui.tournament.files.trf'))),
                  h('li', h('a#tournament-pgn', { attrs: { href: base() + '/pgn' } }, t('ui.tournament.files.pgn'))),
                ]),
              ])
            : null,
        ]),
      ]),
      ...(p.crosstable.rows.length
        ? [
            h('section#tournament-crosstable.card', { attrs: { 'aria-labelledby': 'tournament-crosstable-title' } }, [
              h('h2#tournament-crosstable-title', t('ui.tournament.crosstable.heading')),
              crosstableView(p.crosstable),
            ]),
          ]
        : []),
    ],
    'tournament',
  );
}

/** start renders /tournament/{id} into root and follows its changes. */
export function start(root: HTMLElement): void {
  state.id = boot().params.id ?? '';
  redraw = mount(root, view);
  void load();
  sock = new Socket({
    url: () => Socket.url(base() + '/socket'),
    onFrame: (f) => {
      if (f.t === 'tournament') void load();
    },
    onOpen: () => void load(),
  });
}
