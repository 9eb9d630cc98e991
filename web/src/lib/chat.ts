// chat.ts is the chat panel of the game page (the players' room for a
// player, the spectators' for anyone else) and of the home page (the
// lobby's), and of a club's page (its members'): the lines the socket brings (`chat-history`, then `chat`),
// the input with its length left, the quick phrases of a game, a report
// and a mute button on each line of someone else, and a switch that hides
// the chat, remembered in localStorage. Lines are drawn as text nodes only:
// nothing a person writes is ever read as HTML (docs/PROTOCOL.md, "Chat").
import { h, type VNode } from './view';
import { t } from './i18n';
import { announce } from './layout';
import type { Frame } from './socket';

/** ChatLine is a line as the `chat` and `chat-history` frames carry it. */
export interface ChatLine {
  id: number;
  user: { id: string; name: string; guest?: boolean };
  text: string;
  at: number;
}

/** Room is the kind of the socket's room. */
export type Room = 'players' | 'spectators' | 'lobby' | 'club';

const hiddenKey = 'joinpal.chat.hidden';
/** firstId starts the ids of the chat's frames, far from the game's own (outbox.ts), so that an answer is told apart. */
const firstId = 1_000_000_000;
/** keep is how many lines the panel holds. */
const keep = 100;

/** The quick phrases of a game's chat, by catalogue code. */
export const phrases = ['ui.chat.phrase.good_luck', 'ui.chat.phrase.good_game', 'ui.chat.phrase.thanks'];

/** isHidden reports whether the chat is hidden in this browser. */
export function isHidden(): boolean {
  try {
    return localStorage.getItem(hiddenKey) === '1';
  } catch {
    return false;
  }
}

function setHidden(hidden: boolean): void {
  try {
    localStorage.setItem(hiddenKey, hidden ? '1' : '0');
  } catch {}
}

/** ChatCtrl is one page's chat: its lines and the actions on them, sent through send. */
export class ChatCtrl {
  room?: Room;
  lines: ChatLine[] = [];
  /** max is the longest line in characters; write whether the reader may write. */
  max = 140;
  write = false;
  hidden = isHidden();
  draft = '';
  /** message is the last refusal or confirmation, in the page's language. */
  message?: string;
  /** muted are the authors the reader muted here, by id. */
  readonly muted = new Set<string>();
  private nextId = firstId;
  private pending = new Map<number, () => void>();

  constructor(
    private readonly send: (t: string, d: unknown) => boolean,
    readonly redraw: () => void,
    /** me is the reader's user id (undefined for nobody). */
    readonly me: () => string | undefined,
  ) {}

  /** onFrame takes the chat's frames and the answers to its own; it reports whether f was one. */
  onFrame(f: Frame): boolean {
    switch (f.t) {
      case 'chat-history': {
        const d = f.d ?? {};
        this.room = d.room;
        this.max = typeof d.max === 'number' ? d.max : this.max;
        this.write = !!d.write;
        this.lines = Array.isArray(d.lines) ? d.lines : [];
        this.redraw();
        return true;
      }
      case 'chat':
        // A room's ids are given by the store, one sequence for every
        // server node: a line from another node may come after a later
        // one, and goes in its place.
        if (f.d && !this.lines.some((l) => l.id === f.d.id)) {
          this.lines = [...this.lines, f.d as ChatLine].sort((a, b) => a.id - b.id).slice(-keep);
        }
        this.redraw();
        return true;
      case 'ack': {
        const done = this.pending.get(f.d?.id);
        if (!done) return false;
        this.pending.delete(f.d.id);
        done();
        this.redraw();
        return true;
      }
      case 'error':
        if (!this.pending.delete(f.d?.id)) return false;
        this.message = f.d?.message ?? f.d?.code;
        announce(this.message ?? '');
        this.redraw();
        return true;
    }
    return false;
  }

  private request(type: string, d: Record<string, unknown>, done: () => void): void {
    const id = this.nextId++;
    this.pending.set(id, done);
    if (!this.send(type, { ...d, id })) this.pending.delete(id);
  }

  /** say sends a line; the draft is cleared once the server took it. */
  say(text: string, fromDraft = false): void {
    this.message = undefined;
    this.request('chat-say', { text }, () => {
      if (fromDraft) this.draft = '';
    });
    this.redraw();
  }

  /** report reports line l to the moderators. */
  report(l: ChatLine): void {
    this.request('chat-report', { line: l.id }, () => {
      this.message = t('ui.chat.reported');
      announce(this.message);
    });
  }

  /** toggleMute mutes the author of l, or lets them be heard again. */
  toggleMute(l: ChatLine): void {
    const user = l.user;
    if (this.muted.has(user.id)) {
      this.request('chat-unmute', { user: user.id }, () => this.muted.delete(user.id));
      return;
    }
    this.request('chat-mute', { user: user.id }, () => {
      this.muted.add(user.id);
      this.lines = this.lines.filter((x) => x.user.id !== user.id);
      this.message = t('ui.chat.muted', { name: user.name });
      announce(this.message);
    });
  }

  /** setHidden hides the chat or shows it again, and remembers it. */
  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    setHidden(hidden);
    this.redraw();
  }
}

/** roomTitle is the heading of a room. */
function roomTitle(room?: Room): string {
  switch (room) {
    case 'players':
      return t('ui.chat.room.players');
    case 'spectators':
      return t('ui.chat.room.spectators');
    case 'lobby':
      return t('ui.chat.room.lobby');
    case 'club':
      return t('ui.chat.room.club');
  }
  return t('ui.chat.title');
}

/** lineView is one line: its author and its text, as text nodes, and its buttons. */
function lineView(ctrl: ChatCtrl, l: ChatLine): VNode {
  const me = ctrl.me();
  const theirs = !!me && l.user.id !== me;
  return h('li.chat-line', { key: l.id, attrs: { 'data-line': String(l.id) } }, [
    h('span.chat-author', l.user.name),
    ' ',
    h('span.chat-text', l.text),
    theirs
      ? h('span.chat-line-tools', [
          h(
            'button.chat-report.link',
            { attrs: { type: 'button', 'aria-label': t('ui.chat.report_label', { name: l.user.name }) }, on: { click: () => ctrl.report(l) } },
            t('ui.chat.report'),
          ),
          h(
            'button.chat-mute.link',
            { attrs: { type: 'button', 'aria-label': t('ui.chat.mute_label', { name: l.user.name }) }, on: { click: () => ctrl.toggleMute(l) } },
            t('ui.chat.mute'),
          ),
        ])
      : null,
  ]);
}

/** chatView is the chat panel; withPhrases adds the quick phrases (a game's chat). */
export function chatView(ctrl: ChatCtrl, withPhrases: boolean): VNode {
  const toggle = h('label.chat-toggle', [
    h('input#chat-hide', {
      attrs: { type: 'checkbox', role: 'switch' },
      props: { checked: ctrl.hidden },
      on: { change: (e: Event) => ctrl.setHidden((e.target as HTMLInputElement).checked) },
    }),
    ' ',
    t('ui.chat.hide'),
  ]);
  const header = h('div.chat-head', [h('h2#chat-title', roomTitle(ctrl.room)), toggle]);
  if (ctrl.hidden) return h('section#chat.chat.hidden', { attrs: { 'aria-labelledby': 'chat-title' } }, [header, h('p.chat-note', t('ui.chat.hidden'))]);
  const left = ctrl.max - [...ctrl.draft].length;
  const submit = (e: Event) => {
    e.preventDefault();
    if (ctrl.draft.trim()) ctrl.say(ctrl.draft, true);
  };
  const form = ctrl.write
    ? h('form#chat-form.chat-form', { on: { submit } }, [
        h('label.sr-only', { attrs: { for: 'chat-input' } }, t('ui.chat.input')),
        h('input#chat-input', {
          attrs: { type: 'text', autocomplete: 'off', placeholder: t('ui.chat.input'), 'aria-describedby': 'chat-left' },
          props: { value: ctrl.draft },
          on: {
            input: (e: Event) => {
              ctrl.draft = (e.target as HTMLInputElement).value;
              ctrl.redraw();
            },
          },
        }),
        h('button#chat-send', { attrs: { type: 'submit', disabled: left < 0 } }, t('ui.chat.send')),
        h('span#chat-left.chat-left', { class: { over: left < 0 } }, t('ui.chat.left', { n: left })),
      ])
    : h('p.chat-note', t('ui.chat.read_only'));
  const quick =
    withPhrases && ctrl.write && ctrl.room === 'players'
      ? h(
          'div.chat-phrases',
          { attrs: { role: 'group', 'aria-label': t('ui.chat.phrases') } },
          phrases.map((code) =>
            h('button.chat-phrase', { attrs: { type: 'button', 'data-phrase': code }, on: { click: () => ctrl.say(t(code)) } }, t(code)),
          ),
        )
      : null;
  return h('section#chat.chat', { attrs: { 'aria-labelledby': 'chat-title' } }, [
    header,
    ctrl.lines.length
      ? h('ol#chat-lines.chat-lines', { attrs: { 'aria-label': t('ui.chat.lines'), 'aria-live': 'polite' } }, ctrl.lines.map((l) => lineView(ctrl, l)))
      : h('p.chat-note', t('ui.chat.none')),
    ctrl.message ? h('p#chat-message.chat-message', { attrs: { role: 'status' } }, ctrl.message) : null,
    quick,
    form,
  ]);
}
