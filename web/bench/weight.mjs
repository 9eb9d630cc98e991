// weight.mjs measures what a first visit costs over the wire: each page
// opened in a new browser context (an empty cache) of Debian's Chromium
// against a fresh `joinpal serve`, counting every request until the network
// is idle (500 ms without one), compressed, as Chromium's DevTools protocol
// reports it (Network.loadingFinished encodedDataLength: the bytes received,
// headers included) and split by Playwright's request.sizes() into headers
// and bodies. Then the bundle's files per chunk (raw, gzip, brotli) from the
// served dist folder. The goals: the home page under 300 KB; the analysis
// board, its engine off (it loads only when switched on), under 150 KB.
//
//   JOINPAL_BIN=bin/joinpal [JOINPAL_WEB_DIR=dir] node web/bench/weight.mjs
//
// It is a measurement, not a test: it prints figures and fails only when it
// cannot measure.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launch, fullChromium, root } from '../browser/harness.mjs';
import { api, identity, pair, play, kib } from './common.mjs';

const goal = 300 * 1000; // bytes: "under 300 KB compressed"
const analysisGoal = 150 * 1000; // bytes: the analysis board, engine off

/**
 * visit opens a page in a new context and returns its requests, with the
 * bytes each took. open(page) prepares what the page needs (through the
 * page's own cookies) and returns its path.
 */
async function visit(browser, url, open) {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const wire = new Map(); // requestId → {url, type, encoded, status, encoding}
  cdp.on('Network.requestWillBeSent', (e) => wire.set(e.requestId, { url: e.request.url, type: e.type, encoded: 0 }));
  cdp.on('Network.responseReceived', (e) => {
    const r = wire.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = wire.get(e.requestId);
    if (r) r.encoded = e.encodedDataLength;
  });
  // Socket frames (the game page's `full`) are counted apart: their payload
  // as received, not the bytes on the wire.
  const sockets = { frames: 0, bytes: 0 };
  cdp.on('Network.webSocketFrameReceived', (e) => {
    sockets.frames++;
    sockets.bytes += Buffer.byteLength(e.response.payloadData);
  });
  const path = await open(page);
  const finished = [];
  page.on('requestfinished', (req) => finished.push(req));
  wire.clear(); // what open() asked over the API is not the page's
  await page.goto(url + path, { waitUntil: 'networkidle' });
  const split = { headers: 0, bodies: 0 };
  for (const req of finished) {
    const s = await req.sizes();
    split.headers += s.responseHeadersSize;
    split.bodies += s.responseBodySize;
  }
  await context.close();
  const requests = [...wire.values()].filter((r) => !r.url.startsWith('data:'));
  return { path, requests, total: requests.reduce((n, r) => n + r.encoded, 0), split, sockets };
}

/** chunks lists the bundle's js and css files in dir/assets with their raw, gzip and brotli sizes. */
function chunks(dir) {
  const assets = join(dir, 'assets');
  const out = [];
  for (const f of readdirSync(assets).sort()) {
    if (!/\.(js|css)$/.test(f)) continue;
    const size = (p) => (existsSync(p) ? statSync(p).size : NaN);
    out.push({ file: f, raw: statSync(join(assets, f)).size, gz: size(join(assets, f + '.gz')), br: size(join(assets, f + '.br')) });
  }
  return out;
}

const server = await startServer();
const browser = await launch(fullChromium);
const clients = [];
try {
  const call = api(server.url);
  const newClient = async () => {
    const c = await identity(server.url);
    clients.push(c);
    return c;
  };
  // A finished game (the replay): the fool's mate.
  const done = await pair(call, await newClient(), await newClient());
  await play(call, done, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  const rules = (await fetch(server.url + '/rules')).ok;
  const pages = [
    { name: 'home', open: async () => '/' },
    {
      name: 'game, as a player',
      // The page's own context seeks first, so it plays the new game.
      open: async (page) => {
        const g = await pair(call, page.request, await newClient());
        await play(call, g, ['e2e4', 'e7e5']);
        return '/game/' + g.id;
      },
    },
    { name: 'replay', open: async () => '/replay/' + done.id },
    ...(rules ? [{ name: 'rules', open: async () => '/rules' }] : []),
    { name: 'analysis board, engine off', open: async () => '/analysis' },
  ];
  const results = [];
  for (const p of pages) results.push({ name: p.name, ...(await visit(browser, server.url, p.open)) });

  console.log(`## First visit, empty cache (desktop 1280×800, Chromium ${browser.version()})`);
  console.log('');
  console.log('| page | requests | over the wire, compressed (headers included) | bodies | headers | socket frames received until idle (payload) | goal |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of results) {
    const g =
      r.name === 'home'
        ? r.total < goal
          ? `under 300 KB: met`
          : `under 300 KB: NOT met`
        : r.path === '/analysis'
          ? r.total < analysisGoal
            ? 'under 150 KB: met'
            : 'under 150 KB: NOT met'
          : '';
    console.log(`| ${r.name} (\`${r.path === '/analysis' ? r.path : r.path.replace(/[a-zA-Z0-9]{8,}$/, '<id>')}\`) | ${r.requests.length} | ${r.total} B (${kib(r.total)} KiB) | ${r.split.bodies} B | ${r.split.headers} B | ${r.sockets.frames ? `${r.sockets.frames} frames, ${r.sockets.bytes} B` : 'none'} | ${g} |`);
  }
  if (!rules) console.log('\n(/rules is not served by this binary: not measured)');
  for (const r of results) {
    console.log('');
    console.log(`### ${r.name}: its requests`);
    console.log('');
    console.log('| request | type | status | encoding | bytes over the wire |');
    console.log('| --- | --- | ---: | --- | ---: |');
    for (const q of r.requests) {
      const u = new URL(q.url);
      console.log(`| \`${u.pathname.replace(/\/(game|replay|challenge)\/[^/]+/, '/$1/<id>').replace(/\/api\/game\/[^/]+/, '/api/game/<id>')}\` | ${q.type} | ${q.status ?? ''} | ${q.encoding || 'none'} | ${q.encoded} |`);
    }
  }

  const dist = process.env.JOINPAL_WEB_DIR || join(root, 'web', 'dist');
  const list = chunks(dist);
  console.log('');
  console.log(`## The bundle per file (${dist.startsWith(root) ? dist.slice(root.length + 1) : 'JOINPAL_WEB_DIR'})`);
  console.log('');
  console.log('| file | raw | gzip -9 | brotli -q 11 |');
  console.log('| --- | ---: | ---: | ---: |');
  const sum = { raw: 0, gz: 0, br: 0 };
  for (const c of list) {
    console.log(`| ${c.file} | ${c.raw} | ${c.gz} | ${c.br} |`);
    sum.raw += c.raw;
    sum.gz += c.gz;
    sum.br += c.br;
  }
  console.log(`| all ${list.length} files | ${sum.raw} (${kib(sum.raw)} KiB) | ${sum.gz} (${kib(sum.gz)} KiB) | ${sum.br} (${kib(sum.br)} KiB) |`);
} finally {
  for (const c of clients) await c.dispose().catch(() => {});
  await browser.close();
  await server.stop();
}
