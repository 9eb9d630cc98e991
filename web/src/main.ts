// main.ts starts the page the server's shell names (server/pages.go). Each
// page is its own module, loaded on demand, so the home page loads only
// what it shows.
import { boot } from './lib/boot';
import { rememberZone } from './lib/i18n';
import { apply as applySettings } from './lib/settings';

/** A page module's start renders the page into root. */
type Start = (root: HTMLElement) => void | Promise<void>;

const pages: Record<string, () => Promise<{ start: Start }>> = {
  home: () => import('./pages/home'),
  game: () => import('./pages/game'),
  login: () => import('./pages/auth'),
  signup: () => import('./pages/auth'),
  profile: () => import('./pages/profile'),
  replay: () => import('./pages/replay'),
  challenge: () => import('./pages/challenge'),
  rules: () => import('./pages/rules'),
  schedule: () => import('./pages/schedule'),
  clubs: () => import('./pages/clubs'),
  club: () => import('./pages/club'),
  tournaments: () => import('./pages/tournaments'),
  tournament: () => import('./pages/tournament'),
  arenas: () => import('./pages/arenas'),
  arena: () => import('./pages/arena'),
  error: () => import('./pages/error'),
  tv: () => import('./pages/tv'),
  settings: () => import('./pages/settings'),
  analysis: () => import('./pages/analysis'),
};

async function main(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  rememberZone(); // before any request: the server's messages show instants in this zone
  applySettings(); // the board theme and the piece set, before any board draws
  const load = pages[boot().page] ?? pages.home;
  const mod = await load();
  await mod.start(root);
  // Scheduled games' notifications on every page (lib/notify.ts).
  void import('./lib/notify').then((n) => n.startNotify());
}

void main();
