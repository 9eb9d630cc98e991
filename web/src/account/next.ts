// next.ts reads where a sign-up or a log-in goes afterwards: the page the
// user came from, given as ?next=/path, if it is a page of this site.

/** afterAuth returns the path to go to from the query string search on the site origin: ?next= when it is one of the site's own pages, else "/". */
export function afterAuth(search: string, origin: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || url.pathname === '/login' || url.pathname === '/signup') return '/';
  return url.pathname + url.search + url.hash;
}

/** withNext is path with ?next= set to the current page's next (so the other form keeps it). */
export function withNext(path: string, search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next ? path + '?next=' + encodeURIComponent(next) : path;
}
