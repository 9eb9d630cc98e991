// keyboard-input.ts is the field where a player types a move (e4, Cf3,
// O-O, e2e4): Enter plays the legal move it names and empties the field; an
// entry that names none stays in the field with the reason beside it,
// which screen readers announce (aria-live). The game page puts it under
// the board and keeps it in its view.
// h is lib/view's h (snabbdom's); imported from snabbdom itself so that the
// unit tests, which run without a window, do not load lib/view's modules.
import { h, type VNode } from 'snabbdom';
import { t, lang } from '../lib/i18n';
import { matchMove } from './keyboard';

/** KeyboardInputOptions are what the field asks of the game page. */
export interface KeyboardInputOptions {
  /** legal are the legal moves (UCI) the server last sent to this player. */
  legal: () => string[];
  /** fen is the position being played (not one the player is looking back at). */
  fen: () => string;
  /** play sends the move uci. */
  play: (uci: string) => void;
  /** enabled says whether the player may move now (their turn, the game running). */
  enabled: () => boolean;
}

/** Problem is the reason the last entry was not played: a ui.* code and its parameters. */
interface Problem {
  code: string;
  params?: Record<string, string>;
}

// The field's state outlives each render: the page renders the field anew on
// every redraw, and the entry must not lose its message in between. There
// is one such field on a page (its id is move-input).
const state: { problem?: Problem; message?: HTMLElement } = {};

/** keyboardInput renders the labelled field (#move-input) with its hint and its message (#move-input-error). */
export function keyboardInput(opts: KeyboardInputOptions): VNode {
  const problem = state.problem;
  return h('div.keyboard-move', [
    h('label', { attrs: { for: 'move-input' } }, t('ui.keyboard.label')),
    h('input#move-input', {
      attrs: {
        type: 'text',
        autocomplete: 'off',
        autocapitalize: 'off',
        autocorrect: 'off',
        spellcheck: 'false',
        enterkeyhint: 'send',
        'aria-describedby': 'move-input-hint move-input-error',
        'aria-invalid': problem ? 'true' : 'false',
      },
      on: {
        keydown: (e: KeyboardEvent) => onKey(e, opts),
        input: (e: Event) => {
          if (state.problem) show(undefined, e.target as HTMLInputElement);
        },
      },
    }),
    h('p#move-input-hint.keyboard-hint', [h('small', t('ui.keyboard.hint'))]),
    h(
      'p#move-input-error.error',
      {
        attrs: { 'aria-live': 'polite' },
        hook: {
          insert: (v) => (state.message = v.elm as HTMLElement),
          destroy: () => (state.message = undefined),
        },
      },
      problem ? t(problem.code, problem.params) : '',
    ),
  ]);
}

/** onKey plays the entry on Enter, or shows why it cannot. */
export function onKey(e: Pick<KeyboardEvent, 'key' | 'target' | 'preventDefault' | 'isComposing'>, opts: KeyboardInputOptions): void {
  if (e.key !== 'Enter' || e.isComposing) return;
  e.preventDefault();
  const input = e.target as HTMLInputElement;
  const text = input.value.trim();
  if (!text) return show(undefined, input);
  if (!opts.enabled()) return show({ code: 'ui.keyboard.not_now' }, input);
  const m = matchMove(text, opts.legal(), opts.fen(), lang());
  if ('error' in m) return show({ code: m.error, params: m.params }, input);
  input.value = '';
  show(undefined, input);
  opts.play(m.uci);
}

/** show records problem (or clears it) and puts it on the page at once, before the page's next redraw. */
function show(problem: Problem | undefined, input: HTMLInputElement): void {
  state.problem = problem;
  const text = problem ? t(problem.code, problem.params) : '';
  if (state.message) state.message.textContent = text;
  input.setAttribute?.('aria-invalid', problem ? 'true' : 'false');
}
