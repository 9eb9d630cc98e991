// tv.ts is the TV page (/tv): the game GET /api/tv names, watched live as
// on its game page (src/game/, as a spectator); when the game ends the page
// waits a moment on the result, then asks for the next game. With no game
// in play it asks again every little while.
import { page } from '../lib/layout';
import { mount, h, type VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { get } from '../lib/api';
import { GameCtrl } from '../game/ctrl';
import { view as gameView } from '../game/view';
import { finished } from '../game/state';

/** TV is GET /api/tv's answer. */
interface TV {
  game: { id: string } | null;
}

/** How long the result stays on the board, and how often an empty TV asks again (ms). */
const linger = 5000;
const poll = 10000;

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  let ctrl: GameCtrl | undefined;
  let none = false;
  let next = false;
  const redraw = mount(root, (redraw) => page(redraw, view(), 'game-page tv-page'));

  function view(): VNode[] {
    const head = h('div.tv-head', [
      h('h1#tv-title', t('ui.tv.title')),
      h('p.muted', t('ui.tv.intro')),
      ctrl ? h('a#tv-open', { attrs: { href: '/game/' + encodeURIComponent(ctrl.id) } }, t('ui.tv.open')) : null,
      next ? h('p#tv-next.muted', { attrs: { role: 'status' } }, t('ui.tv.next')) : null,
    ]);
    if (none || !ctrl) return [head, none ? h('p#tv-none', { attrs: { role: 'status' } }, t('ui.tv.none')) : h('span')];
    // The game's own title is for its page: the TV's heading names this one.
    // Keyed by the game: the next game gets a new board (chessground attaches on insert).
    return [head, h('div.tv-game', { key: ctrl.id }, gameView(ctrl).filter((v) => v.sel !== 'h1.sr-only'))];
  }

  async function tune(): Promise<void> {
    let tv: TV;
    try {
      tv = await get<TV>('/api/tv');
    } catch {
      tv = { game: null };
    }
    next = false;
    if (!tv.game) {
      ctrl?.close();
      ctrl = undefined;
      none = true;
      redraw();
      window.setTimeout(() => void tune(), poll);
      return;
    }
    none = false;
    if (ctrl?.id !== tv.game.id) {
      ctrl?.close();
      ctrl = new GameCtrl(redraw, tv.game.id);
    }
    redraw();
    watch(ctrl);
  }

  /** watch waits for the end of the game on the screen, then tunes to the next. */
  function watch(c: GameCtrl): void {
    const timer = window.setInterval(() => {
      if (c !== ctrl) return window.clearInterval(timer);
      if (!c.game.loaded || !finished(c.game.state.status)) return;
      window.clearInterval(timer);
      next = true;
      redraw();
      window.setTimeout(() => void tune(), linger);
    }, 500);
  }

  void tune();
}
