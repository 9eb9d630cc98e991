// schedule.ts is the scheduled games' page: /schedule (the upcoming games
// and the form that proposes one) and /schedule/{id} (a game's waiting
// room). See docs/GAMES.md, "Scheduled games".
import { boot } from '../lib/boot';
import { startList } from '../schedule/list';
import { startRoom, signedIn } from '../schedule/room';

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  const id = boot().params.id;
  if (id && signedIn()) startRoom(root, id);
  else startList(root);
}
