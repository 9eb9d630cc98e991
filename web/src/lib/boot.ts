// boot.ts reads what the server put in the page shell (server/pages.go):
// which page this is, its parameters, the language, the catalogue of that
// language and who is signed in.

/** Me is the signed-in user, or the guest this browser plays as. */
export interface Me {
  id: string;
  username?: string;
  displayName: string;
  guest?: boolean;
  lang?: string;
}

/** Boot is the JSON of the shell's <script id="jp-boot">. */
export interface Boot {
  /** page is the page's name: "home", "game", "login", "signup", "profile", "replay", "challenge" ... */
  page: string;
  /** params are the path's parameters ({"id": "xc4kp2qa"}); the game page's also name the node that runs its game among several ("node"). */
  params: Record<string, string>;
  /** lang is the page's language ("es" or "en"). */
  lang: string;
  /** langs are the languages there are catalogues for, the default first. */
  langs: string[];
  /** me is who the browser is, or null for nobody yet. */
  me: Me | null;
  /** t is the catalogue of lang: code → template. */
  t: Record<string, string>;
}

let cached: Boot | undefined;

/** boot returns the page's boot data (read once). */
export function boot(): Boot {
  if (cached) return cached;
  const el = document.getElementById('jp-boot');
  cached = JSON.parse(el?.textContent || '{}') as Boot;
  cached.params ??= {};
  cached.langs ??= ['es', 'en'];
  cached.t ??= {};
  return cached;
}

/** setBoot replaces the boot data (tests; a new sign-in). */
export function setBoot(b: Boot): void {
  cached = b;
}
