// api.ts calls JoinPal's JSON API (docs/openapi.yaml). A refusal comes back
// as an ApiError with the server's stable code and its message, already in
// the page's language.

/** ApiError is a refusal of the API: its code, message and parameters. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** api sends method to path with body as JSON, and returns the decoded answer. */
export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (body !== undefined) {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'ui.error.network', String(e));
  }
  const text = await res.text();
  let data: any = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const err = data && typeof data === 'object' ? data : {};
    throw new ApiError(res.status, err.code ?? 'internal', err.message ?? res.statusText, err.params ?? {});
  }
  return data as T;
}

/** get is api('GET', path). */
export const get = <T = any>(path: string) => api<T>('GET', path);
/** post is api('POST', path, body). */
export const post = <T = any>(path: string, body: unknown = {}) => api<T>('POST', path, body);
