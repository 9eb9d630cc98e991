// game.ts is the game page (/game/{id}): the board, the clocks, the moves
// and the game's buttons, live over the game socket. The parts are in
// src/game/: ctrl.ts holds the state and the actions, view.ts draws them.
import { page } from '../lib/layout';
import { mount } from '../lib/view';
import { GameCtrl } from '../game/ctrl';
import { view } from '../game/view';
import { guardLeaving } from '../game/leave';
import { historyKeys } from '../game/keys';

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  let ctrl: GameCtrl | undefined;
  mount(root, (redraw) => {
    ctrl ??= new GameCtrl(redraw);
    return page(redraw, view(ctrl), 'game-page', { zen: ctrl.zen });
  });
  if (!ctrl) return;
  guardLeaving(ctrl);
  historyKeys(ctrl);
}
