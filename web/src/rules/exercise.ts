// exercise.ts is one exercise of the rules guide: a chessground board, a
// field to type the move, and the words of the step. Every try goes to the
// server (POST /api/rules/try), which plays it with JoinPal's rules core or
// says why it is refused; the board's legal destinations come from
// GET /api/rules/position. Nothing here knows a rule of chess.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Config } from '@lichess-org/chessground/config';
import type { Key } from '@lichess-org/chessground/types';
import { ApiError, get, post } from '../lib/api';
import { lang, t } from '../lib/i18n';
import { play } from '../lib/sound';
import { h, VNode } from '../lib/view';
import { dests, echoTyped, needsPromotion, shownSAN, typedMove } from './notation';
import { describePosition } from './describe';
import { rich } from './text';
import type { ExerciseView, Played, PositionView, TryAnswer } from './types';

/** Feedback is what the exercise says after a try. */
interface Feedback {
  kind: 'refused' | 'wrong' | 'done' | 'error';
  lines: string[];
}

const promotions = ['queen', 'rook', 'bishop', 'knight'] as const;
const promoLetter: Record<string, string> = { queen: 'q', rook: 'r', bishop: 'b', knight: 'n' };

/** Exercise holds one exercise's state and draws it. */
export class Exercise {
  step = 0;
  fen: string;
  pos?: PositionView;
  lastMove?: [Key, Key];
  lastSAN?: string;
  feedback?: Feedback;
  busy = false;
  finished = false;
  promo?: { from: string; to: string };
  typed = '';
  private cg?: Api;

  constructor(
    readonly ex: ExerciseView,
    private readonly redraw: () => void,
    /** next draws the way on once the exercise is done (the next exercise, or the next section). */
    private readonly next: () => VNode | null,
  ) {
    this.fen = ex.fen;
    this.setLast(ex.lastMove);
  }

  /** domID is the id of the exercise's element. */
  get domID(): string {
    return 'ex-' + this.ex.id;
  }

  private setLast(m?: { uci: string; san: string }): void {
    this.lastMove = m ? [m.uci.slice(0, 2) as Key, m.uci.slice(2, 4) as Key] : undefined;
    this.lastSAN = m?.san;
  }

  /** load asks the server for the position's legal moves. */
  async load(): Promise<void> {
    try {
      this.pos = await get<PositionView>('/api/rules/position?fen=' + encodeURIComponent(this.fen));
    } catch (e) {
      this.feedback = { kind: 'error', lines: [e instanceof ApiError ? e.message : String(e)] };
    }
    this.sync();
    this.redraw();
  }

  private config(): Config {
    const p = this.pos;
    const open = !!p && !this.finished && !this.busy && !this.promo;
    return {
      fen: this.fen.split(' ')[0],
      orientation: this.ex.orientation,
      turnColor: p?.turn ?? (this.fen.split(' ')[1] === 'b' ? 'black' : 'white'),
      check: p?.check ? p.turn : false,
      lastMove: this.lastMove,
      coordinates: true,
      autoCastle: true,
      movable: {
        // Any move of the side to move may be tried: the server judges it
        // and explains a refusal. The dots show the legal ones.
        free: true,
        color: open ? p!.turn : undefined,
        dests: open ? (dests(p!.legal) as Map<Key, Key[]>) : new Map(),
        showDests: true,
        events: { after: (orig, dest) => this.onBoardMove(orig, dest) },
      },
      premovable: { enabled: false },
      draggable: { showGhost: true },
    };
  }

  private sync(): void {
    this.cg?.set(this.config());
  }

  private onBoardMove(from: string, to: string): void {
    if (this.pos && needsPromotion(this.pos.legal, from, to)) {
      this.promo = { from, to };
      this.sync();
      this.redraw();
      return;
    }
    void this.tryMove(from + to);
  }

  /** tryMove sends a try to the server and shows its answer. */
  async tryMove(text: string): Promise<void> {
    if (this.busy || this.finished || !text.trim()) return;
    this.busy = true;
    this.promo = undefined;
    this.sync();
    const task = this.ex.steps[this.step];
    let a: TryAnswer;
    const sent = typedMove(text, lang());
    try {
      a = await post<TryAnswer>('/api/rules/try', { fen: this.fen, move: sent, exercise: this.ex.id, step: this.step });
    } catch (e) {
      this.busy = false;
      this.feedback = { kind: 'error', lines: [e instanceof ApiError ? e.message : String(e)] };
      this.sync();
      this.redraw();
      return;
    }
    this.busy = false;
    const v = a.exercise;
    const lines: string[] = [];
    if (!a.legal && a.refusal) {
      lines.push(echoTyped(a.refusal.message, sent, text.trim()));
      if (v?.done) lines.push(task.praise);
      else lines.push(t('ui.rules.hint', { hint: task.hint }));
      this.feedback = { kind: v?.done ? 'done' : 'refused', lines };
    } else if (a.move && v?.done) {
      this.fen = a.position.fen;
      this.pos = a.position;
      this.sound(a.move);
      lines.push(t('ui.rules.your_move', { san: shownSAN(a.move.san, lang()) }));
      if (a.move.outcomeCode) lines.push(t(a.move.outcomeCode));
      lines.push(task.praise);
      this.setLast(a.move);
      if (v.reply) {
        lines.push(t('ui.rules.reply', { san: shownSAN(v.reply.san, lang()) }));
        this.setLast(v.reply);
      }
      this.feedback = { kind: 'done', lines };
    } else if (a.move) {
      lines.push(t('ui.rules.legal_not_asked', { san: shownSAN(a.move.san, lang()) }));
      if (a.move.outcomeCode) lines.push(t(a.move.outcomeCode));
      lines.push(t('ui.rules.hint', { hint: task.hint }));
      this.feedback = { kind: 'wrong', lines };
    }
    if (v?.done) {
      if (v.finished) {
        this.finished = true;
        lines.push(t('ui.rules.done'));
      } else {
        this.step = v.next;
        lines.push(t('ui.rules.step_next', { task: this.ex.steps[this.step].task }));
      }
    }
    this.typed = '';
    const field = document.getElementById(this.domID + '-move') as HTMLInputElement | null;
    if (field) field.value = '';
    this.sync();
    this.redraw();
    if (this.finished) this.focusWayOn();
  }

  /**
   * focusWayOn moves the keyboard, once the finished exercise is drawn, from
   * its move field (now disabled, which would drop the focus to the page's
   * start) to the way on: the next exercise or section, or else "start again".
   */
  private focusWayOn(): void {
    const inside = () => {
      const a = document.activeElement;
      return !a || a === document.body || !!document.getElementById(this.domID)?.contains(a);
    };
    if (!inside()) return;
    requestAnimationFrame(() => {
      if (!inside()) return;
      const root = document.getElementById(this.domID);
      const to = root?.querySelector<HTMLElement>('[data-testid=next-exercise], [data-testid=next-section]') ?? document.getElementById(this.domID + '-restart');
      to?.focus({ preventScroll: true });
    });
  }

  private sound(m: Played): void {
    play(m.check ? 'check' : m.capture ? 'capture' : 'move');
  }

  /** restart goes back to the exercise's first step. */
  restart(): void {
    this.step = 0;
    this.fen = this.ex.fen;
    this.finished = false;
    this.feedback = undefined;
    this.promo = undefined;
    this.setLast(this.ex.lastMove);
    this.pos = undefined;
    void this.load();
  }

  /** focus moves the keyboard to the exercise's move field. */
  focus(): void {
    const el = document.getElementById(this.domID);
    el?.scrollIntoView({ block: 'center' });
    (document.getElementById(this.domID + '-move') as HTMLInputElement | null)?.focus();
  }

  /** view draws the exercise. */
  view(): VNode {
    const ex = this.ex;
    const task = ex.steps[this.step];
    const id = this.domID;
    const p = this.pos;
    const status: (string | VNode)[] = [];
    if (p) status.push(t(p.turn === 'white' ? 'ui.rules.turn.white' : 'ui.rules.turn.black'));
    if (this.lastSAN) status.push(' · ', t('ui.rules.last_move', { san: shownSAN(this.lastSAN, lang()) }));
    if (p?.check) status.push(' · ', h('strong', t('ui.rules.check')));
    return h('section.exercise', { attrs: { id, 'aria-labelledby': id + '-title', 'data-testid': 'exercise', 'data-exercise': ex.id, 'data-step': String(this.step), 'data-finished': String(this.finished) } }, [
      h('h3.exercise-title', { attrs: { id: id + '-title' } }, [
        t('ui.rules.exercise'),
        ex.steps.length > 1 ? h('span.exercise-step', ' · ' + t('ui.rules.step', { n: this.step + 1, total: ex.steps.length })) : '',
      ]),
      h('p.exercise-task', { attrs: { id: id + '-task' } }, rich(task.task)),
      h('p.exercise-status', status),
      h('div.exercise-board', [
        h('div.cg-wrap-outer', { attrs: { 'aria-hidden': 'true' } }, [
          h('div.rules-board', {
            attrs: { id: id + '-board' },
            hook: {
              insert: (vn) => {
                const el = vn.elm as HTMLElement;
                this.cg = Chessground(el, this.config());
                // chessground keeps the board's bounds until a scroll or a
                // resize; the text around it may move it (the feedback of
                // another exercise, a line of status), so they are read
                // again at each touch.
                const fresh = () => this.cg?.state.dom.bounds.clear();
                el.addEventListener('mousedown', fresh, { capture: true });
                el.addEventListener('touchstart', fresh, { capture: true, passive: true });
              },
              destroy: () => this.cg?.destroy(),
            },
          }),
        ]),
        h('p.sr-only', { attrs: { id: id + '-position' } }, p ? describePosition(this.fen) : ''),
      ]),
      this.promo ? this.promoView() : null,
      h('form.exercise-form', { on: { submit: (e: Event) => (e.preventDefault(), void this.tryMove(this.typed)) } }, [
        h('label', { attrs: { for: id + '-move' } }, t('ui.rules.input_label')),
        h('div.exercise-input', [
          h('input', {
            attrs: { id: id + '-move', type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false', 'aria-describedby': id + '-help ' + id + '-task', disabled: this.finished },
            props: { value: this.typed },
            on: { input: (e: Event) => (this.typed = (e.target as HTMLInputElement).value) },
          }),
          h('button.primary', { attrs: { type: 'submit', id: id + '-play', disabled: this.busy || this.finished } }, t('ui.rules.submit')),
        ]),
        h('p.exercise-help', { attrs: { id: id + '-help' } }, t('ui.rules.input_help')),
      ]),
      h(
        'div.exercise-feedback',
        { class: { [this.feedback?.kind ?? 'none']: true }, attrs: { id: id + '-feedback', role: 'status', 'aria-live': 'polite', 'data-testid': 'feedback' } },
        (this.feedback?.lines ?? []).map((l) => h('p', l)),
      ),
      h('div.exercise-actions', [
        h('button', { attrs: { type: 'button', id: id + '-restart' }, on: { click: () => this.restart() } }, t('ui.rules.restart')),
        this.finished ? this.next() : null,
      ]),
    ]);
  }

  private promoView(): VNode {
    const pr = this.promo!;
    return h('div.exercise-promo', { attrs: { role: 'group', 'aria-label': t('ui.rules.promote_title') } }, [
      h('p', t('ui.rules.promote_title')),
      ...promotions.map((pc) =>
        h('button', { attrs: { type: 'button', id: this.domID + '-promo-' + pc }, on: { click: () => void this.tryMove(pr.from + pr.to + promoLetter[pc]) } }, t('ui.rules.promote.' + pc)),
      ),
      h(
        'button',
        {
          attrs: { type: 'button' },
          on: {
            click: () => {
              this.promo = undefined;
              this.sync();
              this.redraw();
            },
          },
        },
        t('ui.rules.promote_cancel'),
      ),
    ]);
  }
}
