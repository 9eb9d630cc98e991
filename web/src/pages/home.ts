// home.ts is the home page and lobby (/): a game made from a preset clock
// or a form (a seek in the lobby, a challenge to a user, a challenge link),
// the open seeks kept live by the lobby socket, the challenges received, a
// game against the AI, and the games being played now. The parts are in
// src/home/: ctrl.ts holds the state and the actions, view.ts draws them.
import { page } from '../lib/layout';
import { mount } from '../lib/view';
import { t } from '../lib/i18n';
import { HomeCtrl } from '../home/ctrl';
import { view } from '../home/view';

/** start renders the page into root and connects it to the lobby. */
export function start(root: HTMLElement): void {
  document.title = t('ui.title.home');
  let ctrl: HomeCtrl | undefined;
  mount(root, (redraw) => {
    ctrl ??= new HomeCtrl(redraw);
    return page(redraw, view(ctrl), 'home');
  });
}
