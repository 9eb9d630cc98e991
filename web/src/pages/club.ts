// club.ts is a club's page (/club/{id}): its description, its members with
// their roles, the button the club's policy offers (join, ask to join,
// accept an invitation, leave), the controls of its admins and owner
// (requests, invitations, roles, removals, handing over, deletion), its
// tournaments and its members' recent games. All user text (names,
// descriptions) is drawn as text, never as HTML. See docs/CLUBS.md.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { api, get, post } from '../lib/api';
import { playerName, profileLink, sayDate, gameLink, Summary } from '../account/format';
import { ClubPage, Place, Policy, policies, sayPolicy, sayRole, errorText } from '../club/types';
import { ChatCtrl, chatView } from '../lib/chat';
import { Socket } from '../lib/socket';
import { tournamentPath, sayFormat, sayStatus } from '../tournament/types';

interface State {
  id: string;
  page?: ClubPage;
  error: string;
  actionError: string;
  invite: string;
  /** edit is the settings form's text and choice, once opened. */
  edit?: { description: string; policy: Policy };
  busy: boolean;
}

const state: State = { id: '', error: '', actionError: '', invite: '', busy: false };
let redraw: () => void = () => {};

/** The club's chat: a socket of its own, open while the reader is a member. */
let chatSock: Socket | undefined;
const chat = new ChatCtrl(
  (t, d) => chatSock?.send(t, d) ?? false,
  () => redraw(),
  () => boot().me?.id,
);

/** isMember reports whether the reader holds a member's place in the club. */
function isMember(p?: ClubPage): boolean {
  const role = p?.me?.role ?? '';
  return role === 'owner' || role === 'admin' || role === 'member';
}

/** followChat opens the club's chat socket when the reader is a member, and closes it when they no longer are. */
function followChat(): void {
  const member = isMember(state.page);
  if (member && !chatSock) {
    chatSock = new Socket({
      url: () => Socket.url(base() + '/socket'),
      onFrame: (f) => {
        chat.onFrame(f);
      },
    });
  } else if (!member && chatSock) {
    chatSock.close();
    chatSock = undefined;
    chat.lines = [];
  }
}

function base(): string {
  return '/api/club/' + encodeURIComponent(state.id);
}

async function load(): Promise<void> {
  try {
    state.page = await get<ClubPage>(base());
    state.error = '';
    followChat();
  } catch (e) {
    state.error = errorText(e);
  }
  redraw();
}

/** act sends one change and shows the club as it then is. */
async function act(method: string, path: string, body: unknown, done: string, params: Record<string, string> = {}): Promise<void> {
  state.busy = true;
  redraw();
  try {
    state.page = await api<ClubPage>(method, base() + path, body);
    state.actionError = '';
    followChat();
    announce(t(done, params));
  } catch (e) {
    state.actionError = errorText(e);
  }
  state.busy = false;
  redraw();
}

async function remove(): Promise<void> {
  if (!window.confirm(t('ui.club.confirm.delete', { name: state.page?.club.name ?? '' }))) return;
  try {
    await api('DELETE', base());
    location.href = '/clubs';
  } catch (e) {
    state.actionError = errorText(e);
    redraw();
  }
}

function button(id: string, label: string, onClick: () => void, cls = '', aria?: string): VNode {
  return h('button' + (id ? '#' + id : '') + (cls ? '.' + cls : ''), {
    attrs: { type: 'button', disabled: state.busy, ...(aria ? { 'aria-label': aria } : {}) },
    on: { click: onClick },
  }, label);
}

/** placeView is the requester's place and the buttons it offers. */
function placeView(p: ClubPage): VNode {
  const me = boot().me;
  if (!me || me.guest) {
    return h('p#club-place', [t('ui.club.need_account') + ' ', h('a', { attrs: { href: '/login' } }, t('ui.nav.login'))]);
  }
  const role = p.me?.role ?? '';
  const name = p.club.name;
  const leave = (label: string) => button('club-leave', label, () => void act('POST', '/leave', {}, 'ui.club.done.left', { name }));
  let parts: (VNode | string)[] = [];
  switch (role) {
    case 'owner':
      parts = [t('ui.club.place.owner'), button('club-delete', t('ui.club.action.delete'), () => void remove(), 'danger')];
      break;
    case 'admin':
    case 'member':
      parts = [t('ui.club.place.member', { role: sayRole(role) }), leave(t('ui.club.action.leave'))];
      break;
    case 'requested':
      parts = [t('ui.club.place.requested'), leave(t('ui.club.action.withdraw'))];
      break;
    case 'invited':
      parts = [
        t('ui.club.place.invited'),
        button('club-accept', t('ui.club.action.accept'), () => void act('POST', '/accept', {}, 'ui.club.done.joined', { name }), 'primary'),
        leave(t('ui.club.action.decline_invitation')),
      ];
      break;
    default:
      if (p.club.policy === 'invitation') parts = [t('ui.club.place.invitation_only')];
      else if (p.club.policy === 'request')
        parts = [button('club-join', t('ui.club.action.request'), () => void act('POST', '/join', {}, 'ui.club.done.requested', { name }), 'primary')];
      else parts = [button('club-join', t('ui.club.action.join'), () => void act('POST', '/join', {}, 'ui.club.done.joined', { name }), 'primary')];
  }
  return h('div#club-place.club-place', { attrs: { 'data-role': role } }, parts.map((x) => (typeof x === 'string' ? h('span', x) : x)));
}

function nameLink(m: Place): VNode {
  const link = profileLink({ name: m.name });
  return link ? h('a.club-member-name', { attrs: { href: link } }, m.name) : h('span.club-member-name', m.name);
}

/** memberControls are what the requester may do to member m (by the permission table of docs/CLUBS.md). */
function memberControls(p: ClubPage, m: Place): VNode[] {
  const me = p.me;
  if (!me?.manage || m.id === boot().me?.id || m.role === 'owner') return [];
  const name = m.name;
  const path = '/members/' + encodeURIComponent(name);
  const out: VNode[] = [];
  if (m.role === 'member') {
    out.push(button('', t('ui.club.action.promote'), () => void act('PUT', path + '/role', { role: 'admin' }, 'ui.club.done.promoted', { name }), 'club-promote', t('ui.club.action.promote_who', { name })));
  }
  if (m.role === 'admin' && me.own) {
    out.push(button('', t('ui.club.action.demote'), () => void act('PUT', path + '/role', { role: 'member' }, 'ui.club.done.demoted', { name }), 'club-demote', t('ui.club.action.demote_who', { name })));
  }
  if (me.own) {
    out.push(
      button('', t('ui.club.action.transfer'), () => {
        if (window.confirm(t('ui.club.confirm.transfer', { name }))) void act('POST', '/transfer', { username: name }, 'ui.club.done.transferred', { name });
      }, 'club-transfer', t('ui.club.action.transfer_who', { name })),
    );
  }
  if (m.role === 'member' || me.own) {
    out.push(button('', t('ui.club.action.remove'), () => void act('DELETE', path, undefined, 'ui.club.done.removed', { name }), 'club-remove danger', t('ui.club.action.remove_who', { name })));
  }
  return out;
}

function membersView(p: ClubPage): VNode {
  return h('section.card.club-members', { attrs: { 'aria-labelledby': 'club-members-title' } }, [
    h('h2#club-members-title', t('ui.club.members.heading', { n: p.members.length })),
    h(
      'ul#club-members',
      p.members.map((m) =>
        h('li.club-member', { key: m.id, attrs: { 'data-name': m.name, 'data-role': m.role } }, [
          nameLink(m),
          h('span.club-role', sayRole(m.role)),
          h('span.club-controls', memberControls(p, m)),
        ]),
      ),
    ),
  ]);
}

function adminView(p: ClubPage): VNode | null {
  if (!p.me?.manage) return null;
  const requests = h('section.club-requests', { attrs: { 'aria-labelledby': 'club-requests-title' } }, [
    h('h3#club-requests-title', t('ui.club.requests.heading')),
    p.requests.length === 0
      ? h('p#club-requests-empty.muted', t('ui.club.requests.empty'))
      : h(
          'ul#club-requests',
          p.requests.map((m) => {
            const name = m.name;
            const path = '/requests/' + encodeURIComponent(name);
            return h('li.club-request', { key: m.id, attrs: { 'data-name': name } }, [
              nameLink(m),
              button('', t('ui.club.action.approve'), () => void act('POST', path + '/approve', {}, 'ui.club.done.approved', { name }), 'club-approve primary', t('ui.club.action.approve_who', { name })),
              button('', t('ui.club.action.decline'), () => void act('POST', path + '/decline', {}, 'ui.club.done.declined', { name }), 'club-decline', t('ui.club.action.decline_who', { name })),
            ]);
          }),
        ),
  ]);
  const invite = h('section.club-invite', { attrs: { 'aria-labelledby': 'club-invite-title' } }, [
    h('h3#club-invite-title', t('ui.club.invite.heading')),
    h(
      'form',
      {
        on: {
          submit: (e: Event) => {
            e.preventDefault();
            const name = state.invite.trim();
            void act('POST', '/invite', { username: name }, 'ui.club.done.invited', { name }).then(() => {
              if (!state.actionError) state.invite = '';
              redraw();
            });
          },
        },
      },
      [
        h('label', { attrs: { for: 'club-invite-name' } }, t('ui.club.invite.username')),
        h('input#club-invite-name', {
          attrs: { type: 'text', required: true, autocomplete: 'off', maxlength: 30 },
          props: { value: state.invite },
          on: { input: (e: Event) => (state.invite = (e.target as HTMLInputElement).value) },
        }),
        h('button#club-invite-go', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.club.invite.submit')),
      ],
    ),
    p.invitations.length
      ? h(
          'ul#club-invitations',
          p.invitations.map((m) =>
            h('li', { key: m.id, attrs: { 'data-name': m.name } }, [
              nameLink(m),
              ' ',
              h('span.muted', sayRole(m.role)),
              button('', t('ui.club.action.uninvite'), () => void act('DELETE', '/members/' + encodeURIComponent(m.name), undefined, 'ui.club.done.uninvited', { name: m.name }), 'club-uninvite', t('ui.club.action.uninvite_who', { name: m.name })),
            ]),
          ),
        )
      : null,
  ]);
  return h('section.card.club-admin', { attrs: { 'aria-labelledby': 'club-admin-title' } }, [
    h('h2#club-admin-title', t('ui.club.admin.heading')),
    requests,
    invite,
    settingsView(p),
  ]);
}

/** settingsView is the form that sets the club's description and policy. */
function settingsView(p: ClubPage): VNode {
  const e = (state.edit ??= { description: p.club.description, policy: p.club.policy });
  return h('section.club-settings', { attrs: { 'aria-labelledby': 'club-settings-title' } }, [
    h('h3#club-settings-title', t('ui.club.settings.heading')),
    h(
      'form',
      {
        on: {
          submit: (ev: Event) => {
            ev.preventDefault();
            void act('PUT', '', { description: e.description, policy: e.policy }, 'ui.club.done.saved');
          },
        },
      },
      [
        h('label', { attrs: { for: 'club-edit-description' } }, t('ui.club.form.description')),
        h('textarea#club-edit-description', {
          attrs: { rows: 3, maxlength: 1000 },
          props: { value: e.description },
          on: { input: (ev: Event) => (e.description = (ev.target as HTMLTextAreaElement).value) },
        }),
        h('fieldset.club-policy', [
          h('legend', t('ui.club.form.policy')),
          ...policies.map((pol) =>
            h('div.field.check', [
              h('input#club-edit-policy-' + pol, {
                attrs: { type: 'radio', name: 'club-edit-policy', value: pol },
                props: { checked: e.policy === pol },
                on: { change: () => ((e.policy = pol), redraw()) },
              }),
              h('label', { attrs: { for: 'club-edit-policy-' + pol } }, sayPolicy(pol)),
            ]),
          ),
        ]),
        h('button#club-edit-save', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.club.settings.submit')),
      ],
    ),
  ]);
}

function gameItem(g: Summary): VNode {
  const when = g.endedAt ?? g.createdAt;
  const white = playerName(g.players.white, true);
  const black = playerName(g.players.black, true);
  return h('li.club-game', { key: g.id, attrs: { 'data-game': g.id } }, [
    h('a', { attrs: { href: gameLink(g) } }, t('ui.club.games.item', { white, black, result: g.result })),
    ' ',
    h('time.muted', { attrs: { datetime: new Date(when).toISOString() } }, sayDate(when)),
  ]);
}

function view(): VNode {
  const p = state.page;
  if (!p) {
    document.title = t('ui.title.club');
    return page(redraw, [
      h('h1', t('ui.club.title')),
      state.error ? h('p#club-error.error', { attrs: { role: 'alert' } }, state.error) : h('p.muted', { attrs: { role: 'status' } }, t('ui.club.loading')),
      h('p', h('a', { attrs: { href: '/clubs' } }, t('ui.club.back'))),
    ]);
  }
  const c = p.club;
  document.title = c.name + ' · ' + t('ui.title.club');
  return page(
    redraw,
    [
      h('p.club-back', h('a', { attrs: { href: '/clubs' } }, t('ui.club.back'))),
      h('h1#club-name', c.name),
      h('p.club-meta.muted', [t('ui.club.members_count', { n: c.members }), ' · ', sayPolicy(c.policy)]),
      c.description ? h('p#club-description.club-desc', c.description) : h('span'),
      placeView(p),
      h('p#club-action-error.error', { attrs: { role: 'alert' } }, state.actionError),
      h('div.club-layout', [
        h('div', [
          membersView(p),
          adminView(p),
        ]),
        h('div', [
          h('section.card.club-tournaments', { attrs: { 'aria-labelledby': 'club-tournaments-title' } }, [
            h('h2#club-tournaments-title', t('ui.club.tournaments.heading')),
            p.tournaments.length === 0
              ? h('p#club-tournaments-empty.muted', t('ui.club.tournaments.empty'))
              : h(
                  'ul#club-tournaments',
                  p.tournaments.map((tr) =>
                    h('li.club-tournament', { key: tr.id, attrs: { 'data-id': tr.id } }, [
                      h('a', { attrs: { href: tournamentPath(tr.id) } }, tr.name),
                      h('span.muted', ' · ' + sayFormat(tr) + ' · ' + sayStatus(tr.status)),
                    ]),
                  ),
                ),
            p.me?.manage
              ? h('p', h('a#club-new-tournament', { attrs: { href: '/tournaments?club=' + encodeURIComponent(c.id) } }, t('ui.club.tournaments.new')))
              : null,
          ]),
          h('section.card.club-games', { attrs: { 'aria-labelledby': 'club-games-title' } }, [
            h('h2#club-games-title', t('ui.club.games.heading')),
            p.games.length === 0 ? h('p#club-games-empty.muted', t('ui.club.games.empty')) : h('ul#club-games', p.games.map(gameItem)),
          ]),
          // The club's chat room (p.chatRoom, "club:<id>"), for its members.
          h('div#club-chat', { attrs: { 'data-room': p.chatRoom } }, isMember(p) ? [chatView(chat, false)] : []),
        ]),
      ]),
    ],
    'club',
  );
}

/** start renders /club/{id} into root. */
export function start(root: HTMLElement): void {
  state.id = boot().params.id ?? '';
  redraw = mount(root, view);
  void load();
}
