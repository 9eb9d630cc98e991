// socket-path.ts builds the path of a game's socket.

/**
 * gameSocketPath is the path of game id's socket: with v, the version the
 * page holds (the server then sends only what came after it), and with
 * node, the node that runs the game among several (the page's `node`
 * parameter), which a proxy in front reads to send the socket to that
 * node; any node serves it all the same.
 */
export function gameSocketPath(id: string, version?: number, node?: string): string {
  const q = new URLSearchParams();
  if (version) q.set('v', String(version));
  if (node) q.set('node', node);
  const query = q.toString();
  return `/api/game/${encodeURIComponent(id)}/socket` + (query ? `?${query}` : '');
}
