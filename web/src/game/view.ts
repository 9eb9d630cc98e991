// view.ts draws the game page from its controller: the board with its
// promotion picker, the players with their clocks and material, whose turn
// or the result in words, the move list with its navigation, the buttons
// of the game, and the confirmation dialogs.
import { h, type VNode } from '../lib/view';
import { t, lang } from '../lib/i18n';
import { openingName } from '../lib/opening';
import { localSan } from './notation';
import { finished, beforeStart, canTakeBack, type Color, type RatingData } from './state';
import { format } from './clock';
import { material, type Counted } from './material';
import { keyboardInput } from './keyboard-input';
import { waiting, calledOff } from './scheduled';
import { notice, watchNotice } from './absence';
import type { GameCtrl } from './ctrl';
import { sayTimeControl, saySpeed, signed } from '../account/format';
import { chatView } from '../lib/chat';
import { gameTournamentLink } from '../tournament/gamelink';

const roles: Record<string, string> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** pieceIcon is a small picture of a piece (chessground's piece set). */
function pieceIcon(role: string, color: Color): VNode {
  return h('span.piece-icon.cg-wrap', { attrs: { 'aria-hidden': 'true' } }, [h('piece.' + role + '.' + color)]);
}

/** board is the board, with the promotion picker over it while it waits. */
function board(ctrl: GameCtrl): VNode {
  return h('div.board-wrap', { class: { history: ctrl.viewPly !== undefined } }, [
    h('div#board.cg-wrap', {
      hook: {
        insert: (vnode) => ctrl.attach(vnode.elm as HTMLElement),
        // Whatever moved the board on the page (a banner, a line that
        // wrapped), chessground must measure it again for the next click.
        postpatch: () => ctrl.ground?.state.dom.bounds.clear(),
        destroy: () => ctrl.detach(),
      },
    }),
    ctrl.promotion ? promotionPicker(ctrl) : null,
  ]);
}

function promotionPicker(ctrl: GameCtrl): VNode {
  const color = ctrl.side ?? 'white';
  return h(
    'div#promotion.promotion',
    {
      attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'promotion-title' },
      on: { keydown: (e: KeyboardEvent) => e.key === 'Escape' && ctrl.promote() },
    },
    [
      h('p#promotion-title', t('ui.game.promotion.title')),
      h(
        'div.promotion-choices',
        ctrl.promotion!.choices.map((p, i) =>
          h(
            'button.promotion-choice',
            {
              attrs: { type: 'button', 'data-testid': 'promote-' + p, 'aria-label': t('ui.game.promotion.' + roles[p]) },
              hook: i === 0 ? { insert: (v) => (v.elm as HTMLElement).focus() } : undefined,
              on: { click: () => ctrl.promote(p) },
            },
            [pieceIcon(roles[p], color), h('span.promotion-name', t('ui.game.promotion.' + roles[p]))],
          ),
        ),
      ),
      h('button#promotion-cancel', { attrs: { type: 'button' }, on: { click: () => ctrl.promote() } }, t('ui.game.cancel')),
    ],
  );
}

/** player is one side's name, material and clock. */
function player(ctrl: GameCtrl, color: Color, where: 'top' | 'bottom'): VNode {
  const st = ctrl.game.state;
  const p = st.players[color];
  const mat = material(ctrl.shownFen)[color];
  const now = performance.now();
  const captured: VNode[] = [];
  for (const k of ['q', 'r', 'b', 'n', 'p'] as Counted[]) {
    for (let i = 0; i < mat.captured[k]; i++) captured.push(pieceIcon(roles[k], other(color)));
  }
  const turn = !finished(st.status) && !beforeStart(st) && st.turn === color;
  const running = ctrl.clock.isRunning(color);
  return h('section.player.player-' + where, { attrs: { 'data-testid': 'player-' + color, 'aria-label': t('side.' + color) } }, [
    h('div.player-line', [
      h('span.player-side', { class: { [color]: true }, attrs: { 'aria-hidden': 'true' } }),
      // A bot account's title, as its profile shows it.
      st.ratings?.[color]?.title === 'BOT'
        ? h('span.user-title', { attrs: { title: t('ui.profile.bot'), 'data-testid': 'player-title' } }, t('ui.profile.bot_title'))
        : null,
      // The AI is named by its level ("IA · Fácil"), from the catalogue.
      h('span.player-name', { attrs: { title: playerLabel(p) } }, playerLabel(p)),
      barRating(st.ratings?.[color]),
      ctrl.side === color ? h('span.player-you', t('ui.game.you')) : null,
      turn ? h('span.player-turn', t('ui.game.to_move')) : null,
    ]),
    h('div.material', { attrs: { 'data-testid': 'material-' + color } }, [
      captured.length ? h('span.captured', { attrs: { role: 'img', 'aria-label': t('ui.game.captured') } }, captured) : null,
      mat.score > 0 ? h('span.score', '+' + mat.score) : null,
    ]),
    ctrl.clock.timed
      ? h(
          'div.clock',
          {
            attrs: { id: 'clock-' + color, role: 'timer', 'aria-label': t('ui.game.clock.' + color) },
            class: { running, low: ctrl.isLow(color, now), turn },
          },
          [
            h('span.clock-time', format(ctrl.clock.millis(color, now))),
            st.clock?.perMove ? h('span.clock-note', t('ui.game.per_move')) : null,
          ],
        )
      : null,
  ]);
}

/**
 * barRating is a player's rating on their bar: "1500?" while provisional
 * (the "?" said in words to screen readers), and the change the end of a
 * rated game made ("+12", "−12"). Guests and the AI have none.
 */
function barRating(r: RatingData | undefined): VNode | null {
  if (!r) return null;
  return h('span.player-rating', { attrs: { 'data-testid': 'player-rating' } }, [
    h('span.sr-only', t('ui.game.rating') + ' '),
    String(r.rating),
    r.provisional
      ? h('abbr.prov', { attrs: { title: t('ui.profile.provisional') } }, [
          h('span', { attrs: { 'aria-hidden': 'true' } }, '?'),
          h('span.sr-only', ' ' + t('ui.profile.provisional')),
        ])
      : null,
    r.diff !== undefined
      ? h('span.rating-diff', { class: { up: r.diff > 0, down: r.diff < 0 }, attrs: { 'data-testid': 'rating-diff' } }, [
          ' ',
          h('span.sr-only', t('ui.game.rating_change') + ' '),
          signed(r.diff),
        ])
      : null,
  ]);
}

/** status is whose turn, the draw offer, or the result in words. */
function status(ctrl: GameCtrl): VNode {
  const st = ctrl.game.state;
  const kids: (VNode | null)[] = [meta(ctrl), opening(ctrl), watchers(ctrl), opponentGone(ctrl)];
  if (finished(st.status)) {
    kids.push(
      h(
        'p#result.result',
        {
          attrs: { 'data-testid': 'result', tabindex: '-1' },
          // The end takes away the button a keyboard player was on (resign, accept the draw):
          // the focus goes to the result rather than to the page's top.
          hook: {
            insert: (v) => {
              if (ctrl.focusLost && lostFocus()) (v.elm as HTMLElement).focus();
              ctrl.focusLost = false;
            },
          },
        },
        st.outcome ? t(st.outcome) : st.result,
      ),
    );
    kids.push(calledOff(ctrl));
  } else {
    // A scheduled game before its start: the countdown, who has checked in, the waiting room (scheduled.ts).
    const scheduled = waiting(ctrl);
    if (scheduled) kids.push(scheduled);
    // Before a scheduled start nobody is to move yet: the box above says when it starts.
    if (!beforeStart(st))
      kids.push(
        h(
          'p#turn.turn',
          ctrl.side && st.turn === ctrl.side ? t('ui.game.your_turn') : t('ui.game.turn.' + st.turn),
        ),
      );
    if (ctrl.drawDeclined && !st.drawOffer) kids.push(h('p#draw-declined.offer', { attrs: { role: 'status' } }, t('ui.game.draw.declined')));
    if (st.drawOffer) {
      if (ctrl.side && st.drawOffer !== ctrl.side) {
        kids.push(
          h('div#draw-offered.offer', { attrs: { role: 'status' } }, [
            h('p', t('ui.game.draw.offered')),
            h('button#draw-accept.primary', { attrs: { type: 'button' }, hook: keepFocus(ctrl), on: { click: () => ctrl.action('draw-accept') } }, t('ui.game.draw.accept')),
            h('button#draw-decline', { attrs: { type: 'button' }, on: { click: () => ctrl.action('draw-decline') } }, t('ui.game.draw.decline')),
          ]),
        );
      } else if (ctrl.side) {
        kids.push(h('p#draw-sent.offer', t('ui.game.draw.sent')));
      } else {
        kids.push(h('p#draw-offered.offer', t('ui.game.draw.by.' + st.drawOffer)));
      }
    }
    kids.push(takebackOffer(ctrl));
  }
  if (ctrl.viewPly !== undefined) kids.push(h('p.history-note', historyNote(ctrl, ctrl.viewPly)));
  if (ctrl.outage) kids.push(h('p#game-outage.error', t('ui.game.outage')));
  if (ctrl.message) kids.push(h('p#game-message.error', { attrs: { role: 'alert' } }, ctrl.message));
  // Moves, offers and the result reach screen readers through announce() (ctrl.ts).
  return h('div#game-status.game-status', kids);
}

/** takebackOffer is the open takeback offer: to the opponent with accept and decline, to its maker with a way to withdraw it, to a spectator in words; or the note that the opponent declined the player's offer. */
function takebackOffer(ctrl: GameCtrl): VNode | null {
  const st = ctrl.game.state;
  const by = st.takebackOffer;
  if (!by) return ctrl.takebackDeclined ? h('p#takeback-declined.offer', { attrs: { role: 'status' } }, t('ui.game.takeback.declined')) : null;
  if (!ctrl.side) return h('p#takeback-offered.offer', t('ui.game.takeback.by.' + by));
  if (by !== ctrl.side)
    return h('div#takeback-offered.offer', { attrs: { role: 'status' } }, [
      h('p', t('ui.game.takeback.offered')),
      h('button#takeback-accept.primary', { attrs: { type: 'button' }, on: { click: () => ctrl.action('takeback-accept') } }, t('ui.game.takeback.accept')),
      h('button#takeback-decline', { attrs: { type: 'button' }, on: { click: () => ctrl.action('takeback-decline') } }, t('ui.game.takeback.decline')),
    ]);
  return h('div#takeback-sent.offer', [
    h('p', t('ui.game.takeback.sent')),
    h('button#takeback-cancel', { attrs: { type: 'button' }, on: { click: () => ctrl.action('takeback-cancel') } }, t('ui.game.takeback.cancel')),
  ]);
}

/** keepFocus is the hook of a button the game's end removes: it notes that the focus was on it, for the result to take. */
function keepFocus(ctrl: GameCtrl) {
  return {
    destroy: (v: VNode) => {
      if (v.elm && document.activeElement === v.elm) ctrl.focusLost = true;
    },
  };
}

/** lostFocus reports whether the focus is on no element of the page (its element was removed). */
function lostFocus(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/**
 * meta says the game's clock, speed and whether it is rated, as the
 * profile and the replay say them ("3+2 · Relámpago · Puntuable").
 */
function meta(ctrl: GameCtrl): VNode {
  const st = ctrl.game.state;
  // An untimed game has no speed to name (the server files it under classical).
  const parts = [
    sayTimeControl(st.timeControl),
    st.timeControl === 'untimed' ? '' : saySpeed(st.speed),
    st.rated === undefined ? '' : t(st.rated ? 'ui.account.rated' : 'ui.account.casual'),
  ];
  return h('p#game-meta.game-meta', parts.filter(Boolean).join(' · '));
}

/** watchers says how many people watch the game (the server's `crowd` count), once someone does. */
function watchers(ctrl: GameCtrl): VNode | null {
  if (!ctrl.watchers) return null;
  return h('p#watchers.game-meta', t('ui.game.watchers', { n: ctrl.watchers }));
}

/**
 * opponentGone says that the player's opponent has left and counts down to the claim; at its end, the buttons
 * that claim the win or declare a draw. A spectator is told which player has left, with no buttons. (The
 * announcements went through the live region once, in ctrl.ts: these texts are not live.)
 */
function opponentGone(ctrl: GameCtrl): VNode | null {
  if (finished(ctrl.game.state.status)) return null;
  if (!ctrl.side) {
    const gone = (['white', 'black'] as const).filter((s) => ctrl.absences.of(s));
    if (!gone.length) return null;
    return h('div#players-gone', gone.map((s) => h('p.opponent-gone', { attrs: { id: 'gone-' + s } }, t(watchNotice(s).code))));
  }
  const side = other(ctrl.side);
  if (!ctrl.absences.of(side)) return null;
  const left = ctrl.absences.claimLeft(side, performance.now());
  const n = notice(left);
  const text = h('p#opponent-gone.opponent-gone', t(n.code, n.params));
  if (left !== 0) return text;
  return h('div#claim', [
    text,
    h('div.claim-buttons', { attrs: { role: 'group', 'aria-label': t('ui.game.claim.label') } }, [
      h('button#claim-win.primary', { attrs: { type: 'button' }, hook: keepFocus(ctrl), on: { click: () => ctrl.action('claim-win') } }, t('ui.game.claim.win')),
      h('button#claim-draw', { attrs: { type: 'button' }, hook: keepFocus(ctrl), on: { click: () => ctrl.action('claim-draw') } }, t('ui.game.claim.draw')),
    ]),
  ]);
}

/** opening names the game's opening in the page's language, once it has reached a named position. */
function opening(ctrl: GameCtrl): VNode | null {
  const o = ctrl.game.state.opening;
  if (!o) return null;
  return h('p#game-opening.game-meta', { attrs: { 'data-eco': o.eco } }, t('ui.game.opening', { eco: o.eco, name: openingName(o, lang()) }));
}

/** historyNote says which earlier position the board shows ("after 2. g4"). */
function historyNote(ctrl: GameCtrl, ply: number): string {
  if (ply === 0) return t('ui.game.history_start');
  const blackFirst = ctrl.game.fens[0]?.split(' ')[1] === 'b';
  const firstNo = Number(ctrl.game.fens[0]?.split(' ')[5] ?? '1') || 1;
  const half = ply - 1 + (blackFirst ? 1 : 0);
  const no = firstNo + Math.floor(half / 2);
  const move = `${no}.${half % 2 === 1 ? '..' : ''} ${localSan(ctrl.game.san[ply - 1], lang())}`;
  return t('ui.game.history', { move });
}

/** moves is the move list in SAN, numbered in two columns, each move a button to show its position. */
function moves(ctrl: GameCtrl): VNode {
  const san = ctrl.game.san;
  const shown = ctrl.shownPly;
  const startBlack = ctrl.game.fens[0]?.split(' ')[1] === 'b';
  const firstNo = Number(ctrl.game.fens[0]?.split(' ')[5] ?? '1') || 1;
  const rows: VNode[] = [];
  const move = (i: number) =>
    h(
      'button.move',
      {
        attrs: { type: 'button', 'data-ply': String(i + 1), 'aria-current': shown === i + 1 ? 'true' : 'false' },
        class: { active: shown === i + 1 },
        on: { click: () => ctrl.show(i + 1) },
      },
      localSan(san[i], lang()),
    );
  let i = 0;
  let no = firstNo;
  if (startBlack && san.length) {
    rows.push(h('li.move-row', [h('span.move-no', no + '.'), h('span.move.empty', '…'), move(0)]));
    i = 1;
    no++;
  }
  for (; i < san.length; i += 2, no++) {
    rows.push(h('li.move-row', [h('span.move-no', no + '.'), move(i), i + 1 < san.length ? move(i + 1) : h('span.move.empty')]));
  }
  const last = san.length;
  // A step that leads nowhere is aria-disabled, not disabled: the button keeps the
  // focus of the keyboard user who just pressed it (« at the start, » at the end),
  // which a disabled button would drop to the page's top.
  const nav = (id: string, label: string, symbol: string, ply: number, disabled: boolean) =>
    h(
      'button#' + id + '.nav',
      { attrs: { type: 'button', 'aria-label': label, title: label, 'aria-disabled': disabled ? 'true' : 'false' }, on: { click: () => !disabled && ctrl.show(ply) } },
      symbol,
    );
  return h('section.moves-box', { attrs: { 'aria-label': t('ui.game.moves') } }, [
    h('ol#moves.moves', { hook: { postpatch: (_, v) => scrollActive(v.elm as HTMLElement) } }, rows),
    h('div.move-nav', [
      nav('nav-first', t('ui.game.nav.first'), '«', 0, shown === 0),
      nav('nav-prev', t('ui.game.nav.prev'), '‹', shown - 1, shown === 0),
      nav('nav-next', t('ui.game.nav.next'), '›', shown + 1, shown >= last),
      nav('nav-last', t('ui.game.nav.last'), '»', last, shown >= last),
    ]),
  ]);
}

function scrollActive(el: HTMLElement): void {
  const active = el.querySelector('.move.active') as HTMLElement | null;
  if (active && el.scrollHeight > el.clientHeight) el.scrollTop = Math.max(0, active.offsetTop - el.clientHeight / 2);
}

/** controls are the player's buttons: draw, resign, abort while it runs; rematch and a new game after. */
function controls(ctrl: GameCtrl): VNode | null {
  const st = ctrl.game.state;
  const kids: (VNode | null)[] = [];
  if (ctrl.playing && ctrl.pending) kids.push(moveConfirm(ctrl));
  if (ctrl.playing) {
    const mine = st.drawOffer === ctrl.side;
    const theirs = !!st.drawOffer && !mine;
    if (ctrl.canBerserk)
      kids.push(h('button#berserk', { attrs: { type: 'button', title: t('ui.arena.berserk_hint') }, on: { click: () => void ctrl.berserk() } }, t('ui.arena.berserk')));
    if (ctrl.canAbort) kids.push(h('button#abort', { attrs: { type: 'button' }, hook: keepFocus(ctrl), on: { click: () => ctrl.action('abort') } }, t('ui.game.abort')));
    // The AI never answers a draw offer (an offer lapses with its move): no button against it.
    const againstAI = !!ctrl.side && !!st.players[ctrl.side === 'white' ? 'black' : 'white']?.aiLevel;
    // Before a scheduled start there is no game to agree a draw in yet; resigning stays possible.
    if (!theirs && !againstAI && !beforeStart(st))
      // aria-disabled once offered, so that the button keeps the focus of the player who pressed it.
      kids.push(
        h(
          'button#draw-offer',
          { attrs: { type: 'button', 'aria-disabled': mine ? 'true' : 'false' }, hook: keepFocus(ctrl), on: { click: () => !mine && ctrl.action('draw-offer') } },
          t('ui.game.draw.offer'),
        ),
      );
    // A takeback needs a move of the player's own; the AI grants it at once, a person answers the offer.
    // While the opponent's offer is open, its answer is above: no button of one's own.
    if (ctrl.side && !beforeStart(st) && canTakeBack(st, ctrl.side) && (!st.takebackOffer || st.takebackOffer === ctrl.side)) {
      const pending = !!st.takebackOffer;
      // aria-disabled while an offer is open, so that the button keeps the focus of the player who pressed it.
      kids.push(
        h(
          'button#takeback-offer',
          { attrs: { type: 'button', 'aria-disabled': pending ? 'true' : 'false' }, hook: keepFocus(ctrl), on: { click: () => !pending && ctrl.action('takeback-offer') } },
          t('ui.game.takeback.offer'),
        ),
      );
    }
    kids.push(
      h('button#resign.danger', { attrs: { type: 'button' }, hook: keepFocus(ctrl), on: { click: () => ctrl.resign() } }, t('ui.game.resign')),
    );
  } else if (finished(st.status)) {
    if (ctrl.side && st.status !== 'aborted') kids.push(rematch(ctrl));
    kids.push(h('a#new-game.button.primary', { attrs: { href: '/' } }, t('ui.game.new_game')));
  }
  if (ctrl.arena)
    kids.push(h('a#arena-link.button', { attrs: { href: '/arena/' + encodeURIComponent(ctrl.arena.arenaId) } }, t('ui.arena.back', { name: ctrl.arena.arenaName })));
  if (ctrl.tournament) kids.push(gameTournamentLink(ctrl.tournament));
  return kids.length ? h('div#game-controls.game-controls', kids) : null;
}

/** moveConfirm asks the player to confirm the move shown on the board (the move confirmation setting). */
function moveConfirm(ctrl: GameCtrl): VNode {
  const uci = ctrl.pending!;
  return h('div#move-confirm.move-confirm', { attrs: { role: 'group', 'aria-labelledby': 'move-confirm-text' } }, [
    h('p#move-confirm-text', t('ui.settings.confirm_move.ask', { from: uci.slice(0, 2), to: uci.slice(2, 4) })),
    h(
      'button#move-confirm-yes.primary',
      { attrs: { type: 'button' }, hook: { insert: (v) => (v.elm as HTMLElement).focus() }, on: { click: () => ctrl.confirmMove(true) } },
      t('ui.settings.confirm_move.yes'),
    ),
    h('button#move-confirm-no', { attrs: { type: 'button' }, on: { click: () => ctrl.confirmMove(false) } }, t('ui.settings.confirm_move.no')),
  ]);
}

function rematch(ctrl: GameCtrl): VNode {
  const r = ctrl.rematch;
  const open = r && r.status === 'created';
  if (open && r.destUser?.id === ctrl.me) {
    return h('div#rematch-offered.offer', { attrs: { role: 'status' } }, [
      h('p', t('ui.game.rematch.offered')),
      h('button#rematch-accept.primary', { attrs: { type: 'button' }, on: { click: () => ctrl.action('rematch') } }, t('ui.game.rematch.accept')),
      h('button#rematch-decline', { attrs: { type: 'button' }, on: { click: () => ctrl.action('rematch-decline') } }, t('ui.game.rematch.decline')),
    ]);
  }
  if (open) return h('p#rematch-sent.offer', t('ui.game.rematch.sent'));
  if (r && r.status === 'declined') return h('p#rematch-declined.offer', t('ui.game.rematch.declined'));
  return h('button#rematch', { attrs: { type: 'button' }, on: { click: () => ctrl.action('rematch') } }, t('ui.game.rematch.offer'));
}

/** tools are the board flip, the PGN and the FEN. */
function tools(ctrl: GameCtrl): VNode {
  return h('div.game-tools', [
    h('button#flip', { attrs: { type: 'button', 'aria-label': t('ui.game.flip'), title: t('ui.game.flip') }, on: { click: () => ctrl.flip() } }, t('ui.game.flip')),
    h('a#pgn.button', { attrs: { href: `/api/game/${encodeURIComponent(ctrl.id)}/pgn`, download: `joinpal-${ctrl.id}.pgn` } }, t('ui.game.pgn')),
    h('button#copy-fen', { attrs: { type: 'button' }, on: { click: () => void ctrl.copyFen() } }, t('ui.game.copy_fen')),
    h('span#copied.copied', { attrs: { role: 'status' } }, ctrl.copied ? t('ui.game.copied') : ''),
  ]);
}

let opener: HTMLElement | null = null;

/** trapTab keeps Tab inside the dialog: from its last button to its first, and back. */
function trapTab(e: KeyboardEvent): void {
  const buttons = [...(e.currentTarget as HTMLElement).querySelectorAll('button')];
  if (!buttons.length) return;
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** dialog is the open confirmation (resigning, leaving), over the page. */
function dialog(ctrl: GameCtrl): VNode | null {
  const c = ctrl.confirm;
  if (!c) return null;
  const close = () => {
    ctrl.confirm = undefined;
    ctrl.redraw();
  };
  const yes =
    c.kind === 'resign'
      ? () => {
          ctrl.confirm = undefined;
          ctrl.action('resign');
        }
      : () => {
          ctrl.confirm = undefined;
          ctrl.goTo(c.href);
        };
  return h('div.dialog-backdrop', { on: { click: (e: Event) => e.target === e.currentTarget && close() } }, [
    h(
      'div#confirm.dialog',
      {
        attrs: { role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' },
        on: { keydown: (e: KeyboardEvent) => (e.key === 'Escape' ? close() : e.key === 'Tab' && trapTab(e)) },
        hook: {
          // The focus goes back where it was (the resign button) when the dialog closes.
          init: () => (opener = document.activeElement as HTMLElement | null),
          destroy: () => {
            if (opener?.isConnected) opener.focus();
            opener = null;
          },
        },
      },
      [
        h('h2#confirm-title', t(c.kind === 'resign' ? 'ui.game.confirm.resign_title' : 'ui.game.confirm.leave_title')),
        h('p#confirm-text', t(c.kind === 'resign' ? 'ui.game.confirm.resign_text' : ctrl.canAbort ? 'ui.game.confirm.leave_abort_text' : 'ui.game.confirm.leave_text')),
        h('div.dialog-buttons', [
          h(
            'button#confirm-yes.danger',
            { attrs: { type: 'button' }, hook: { insert: (v) => (v.elm as HTMLElement).focus() }, on: { click: yes } },
            t(c.kind === 'resign' ? 'ui.game.confirm.resign_yes' : ctrl.canAbort ? 'ui.game.confirm.leave_abort_yes' : 'ui.game.confirm.leave_yes'),
          ),
          h('button#confirm-no', { attrs: { type: 'button' }, on: { click: close } }, t(c.kind === 'resign' ? 'ui.game.confirm.resign_no' : 'ui.game.confirm.leave_no')),
        ]),
      ],
    ),
  ]);
}

/** view is the page's content. */
export function view(ctrl: GameCtrl): VNode[] {
  const banner =
    !ctrl.online && (ctrl.connected || ctrl.game.loaded)
      ? h('div#connection-banner.connection-banner', { attrs: { role: 'alert' } }, t('ui.game.reconnecting'))
      : null;
  if (ctrl.missing && !ctrl.game.loaded)
    return [h('p#game-missing.error', { attrs: { role: 'alert' } }, ctrl.missing), h('a#new-game.button.primary', { attrs: { href: '/' } }, t('ui.game.new_game'))];
  if (!ctrl.game.loaded) return [banner, h('p#game-loading.loading', t('ui.game.loading'))].filter(Boolean) as VNode[];
  const bottom = ctrl.orientation;
  const top = other(bottom);
  const input =
    ctrl.side && !finished(ctrl.game.state.status)
      ? keyboardInput({
          legal: () => (ctrl.game.state.turn === ctrl.side ? ctrl.game.state.legal ?? [] : []),
          fen: () => ctrl.game.state.fen,
          // A move typed while looking back at an earlier position is played
          // in the live one, which the board goes back to (as a lichess player expects).
          play: (uci) => {
            if (ctrl.viewPly !== undefined) ctrl.show(ctrl.game.uci.length);
            ctrl.playUci(uci);
          },
          enabled: () => ctrl.playing && ctrl.game.state.turn === ctrl.side,
        })
      : null;
  return [
    banner,
    h('h1.sr-only', t('ui.game.title', { white: ctrl.game.state.players.white.name, black: ctrl.game.state.players.black.name })),
    h('div.game-layout', [
      h('div.board-col', [board(ctrl)]),
      player(ctrl, top, 'top'),
      status(ctrl),
      controls(ctrl),
      moves(ctrl),
      player(ctrl, bottom, 'bottom'),
      input ? h('div.keyboard-box', [input]) : null,
      ctrl.zen
        ? h(
            'button#zen-exit.zen-exit',
            {
              attrs: { type: 'button' },
              on: {
                click: () => {
                  ctrl.zenOff = true;
                  ctrl.redraw();
                },
              },
            },
            t('ui.settings.zen.exit'),
          )
        : tools(ctrl),
      ...(ctrl.zen ? [] : [chatView(ctrl.chat, true)]),
    ]),
    dialog(ctrl),
  ].filter(Boolean) as VNode[];
}

/** playerLabel names a player on the board's bars: the AI by its level ("IA · Fácil"), a person by their name. */
function playerLabel(p: { name: string; aiLevel?: number }): string {
  return p.aiLevel ? t('ui.game.ai_level', { level: t('level.' + p.aiLevel) }) : p.name;
}
