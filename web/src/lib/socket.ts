// socket.ts is a WebSocket that stays connected: it reconnects by itself
// with a growing delay, measures its lag with `ping` frames (docs/PROTOCOL.md:
// a browser cannot see WebSocket pings), and tells the page whether it is
// online. Frames are the protocol's {t, v, d} objects.

/** Frame is one protocol frame. */
export interface Frame {
  t: string;
  v?: number;
  d?: any;
}

/** SocketOptions are what a page gives a Socket. */
export interface SocketOptions {
  /** url returns the address to connect to, asked at each (re)connection (a game socket adds ?v=). */
  url: () => string;
  /** onFrame is called with every frame the server sends (pongs too). */
  onFrame: (f: Frame) => void;
  /** onOpen is called each time the socket is open (again after a reconnection). */
  onOpen?: () => void;
  /** onStatus is called when the socket goes online or offline. */
  onStatus?: (online: boolean) => void;
  /** pingEvery is the time between pings in ms (3000 by default). */
  pingEvery?: number;
  /** connectTimeout is how long a connection may take to open, in ms (8000 by default), before it is dropped and tried again. */
  connectTimeout?: number;
}

/** Socket is a reconnecting protocol socket. */
export class Socket {
  private ws?: WebSocket;
  private closed = false;
  private retries = 0;
  private pingTimer?: number;
  private pingSent = 0;
  private retryTimer?: number;
  private connectTimer?: number;
  /** lag is the last measured round trip in ms (0 before the first pong). */
  lag = 0;
  /** online reports whether the socket is open now. */
  online = false;

  constructor(private readonly opts: SocketOptions) {
    this.connect();
    window.addEventListener('online', () => this.reconnectNow());
  }

  /** absolute turns a path into the ws:// or wss:// address of this site. */
  static url(path: string): string {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}${path}`;
  }

  /** send sends a frame; it reports false when the socket is not open (the caller may resend later). */
  send(t: string, d?: unknown): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(d === undefined ? { t } : { t, d }));
    return true;
  }

  /** close closes the socket for good. */
  close(): void {
    this.closed = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.connectTimer);
    clearTimeout(this.retryTimer);
    this.ws?.close(1000);
  }

  /** reconnectNow drops the connection and connects again at once. */
  reconnectNow(): void {
    if (this.closed) return;
    this.retries = 0;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.opts.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    // A socket left "connecting" (a network that swallows the handshake)
    // never fires close on its own: give up on it and try again.
    clearTimeout(this.connectTimer);
    this.connectTimer = window.setTimeout(() => {
      if (this.ws === ws && ws.readyState === WebSocket.CONNECTING) {
        this.ws = undefined;
        ws.onclose = null;
        ws.close();
        this.setOnline(false);
        this.scheduleRetry();
      }
    }, this.opts.connectTimeout ?? 8000);
    ws.onopen = () => {
      clearTimeout(this.connectTimer);
      this.retries = 0;
      this.setOnline(true);
      this.ping();
      clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.ping(), this.opts.pingEvery ?? 3000);
      this.opts.onOpen?.();
    };
    ws.onmessage = (e) => {
      let f: Frame;
      try {
        f = JSON.parse(e.data);
      } catch {
        return;
      }
      if (f.t === 'pong' && this.pingSent) {
        this.lag = Math.round(performance.now() - this.pingSent);
        this.pingSent = 0;
      }
      this.opts.onFrame(f);
    };
    ws.onclose = () => {
      clearTimeout(this.connectTimer);
      if (this.ws !== ws) return;
      clearInterval(this.pingTimer);
      this.setOnline(false);
      this.scheduleRetry();
    };
    ws.onerror = () => ws.close();
  }

  private ping(): void {
    if (this.send('ping')) this.pingSent = performance.now();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    const delay = Math.min(8000, 250 * 2 ** this.retries) * (0.75 + Math.random() / 2);
    this.retries++;
    this.retryTimer = window.setTimeout(() => this.connect(), delay);
  }

  private setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    this.opts.onStatus?.(online);
  }
}
