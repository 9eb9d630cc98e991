// build.mjs bundles the browser interface into dist/ for the Go binary to
// embed (web/embed.go): one ES module entry (src/main.ts) split into chunks,
// one stylesheet, content-hashed names, a manifest that the server's page
// shell reads, and a gzip and a brotli copy of every asset.
//
//   node build.mjs            the production build (make build / make run)
//   node build.mjs --unit     also bundles src/**/*.test.ts into dist-test/
//                             for `node --test` (make test-web)
//   node build.mjs --out DIR  builds into DIR instead of dist/, for a
//                             binary started with JOINPAL_WEB_DIR=DIR
import * as esbuild from 'esbuild';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, statSync, copyFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : join(here, 'dist');
const assets = join(out, 'assets');
const unit = process.argv.includes('--unit');

mkdirSync(out, { recursive: true });
for (const f of readdirSync(out)) if (f !== '.keep') rmSync(join(out, f), { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { app: 'src/main.ts', style: 'style/app.css' },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.svg': 'file', '.woff2': 'file' },
  metafile: true,
  logLevel: 'warning',
});

// The manifest names the entry points by their hashed files.
const manifest = {};
for (const [file, meta] of Object.entries(result.metafile.outputs)) {
  const url = '/assets/' + relative(assets, join(here, file));
  if (meta.entryPoint === 'src/main.ts') manifest.js = url;
  else if (meta.entryPoint === 'style/app.css' && file.endsWith('.css')) manifest.css = url;
}
if (!manifest.js || !manifest.css) throw new Error('build: no entry point in the output');
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

// The licences of what the bundle holds, served beside it.
const licences = join(assets, 'licenses');
mkdirSync(licences, { recursive: true });
for (const pkg of ['@lichess-org/chessground', '@lichess-org/pgn-viewer', 'snabbdom', 'chessops']) {
  for (const dir of [join(here, 'node_modules', pkg), join(here, 'node_modules/@lichess-org/pgn-viewer/node_modules', pkg)]) {
    try {
      copyFileSync(join(dir, 'LICENSE'), join(licences, pkg.replace('/', '__') + '.LICENSE.txt'));
      break;
    } catch {}
  }
}

// The piece sets' licences (web/pieces/*/LICENSE.txt; the sets' files are
// bundled through style/settings.css).
for (const set of readdirSync(join(here, 'pieces'))) {
  try {
    copyFileSync(join(here, 'pieces', set, 'LICENSE.txt'), join(licences, `pieces-${set}.LICENSE.txt`));
  } catch {}
}

// The analysis board's engine (web/src/analysis/engine.ts), loaded by the
// browser only when switched on: Fairy-Stockfish 14 of stockfish-web, its
// module and its WebAssembly side by side under their own names (the
// module finds the .wasm and its thread workers beside itself).
const engine = join(assets, 'stockfish');
mkdirSync(engine, { recursive: true });
for (const f of ['fsf_14.js', 'fsf_14.wasm']) copyFileSync(join(here, 'node_modules/@lichess-org/stockfish-web', f), join(engine, f));
copyFileSync(join(here, 'node_modules/@lichess-org/stockfish-web/LICENSE'), join(licences, '@lichess-org__stockfish-web.LICENSE.txt'));
for (const f of ['fsf_14.js', 'fsf_14.wasm']) {
  const data = readFileSync(join(engine, f));
  writeFileSync(join(engine, f + '.gz'), gzipSync(data, { level: 9 }));
  writeFileSync(join(engine, f + '.br'), brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

// Precompressed copies: the server sends .br or .gz when the browser takes it.
let total = { raw: 0, gz: 0, br: 0 };
for (const f of readdirSync(assets)) {
  const path = join(assets, f);
  if (!statSync(path).isFile() || !/\.(js|css|map|txt|svg|json)$/.test(f)) continue;
  const data = readFileSync(path);
  const gz = gzipSync(data, { level: 9 });
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(path + '.gz', gz);
  writeFileSync(path + '.br', br);
  if (/\.(js|css)$/.test(f)) {
    total.raw += data.length;
    total.gz += gz.length;
    total.br += br.length;
  }
}
console.log(`web: built ${manifest.js} ${manifest.css} (all js+css: ${(total.raw / 1024).toFixed(1)} KiB, gzip ${(total.gz / 1024).toFixed(1)} KiB, brotli ${(total.br / 1024).toFixed(1)} KiB)`);

if (unit) {
  const tests = [];
  const walk = (dir) => {
    for (const f of readdirSync(join(here, dir))) {
      const p = join(dir, f);
      if (statSync(join(here, p)).isDirectory()) walk(p);
      else if (f.endsWith('.test.ts')) tests.push(p);
    }
  };
  walk('src');
  const testOut = outArg > 0 ? out + '-test' : join(here, 'dist-test');
  rmSync(testOut, { recursive: true, force: true });
  mkdirSync(testOut, { recursive: true });
  if (tests.length) {
    await esbuild.build({
      absWorkingDir: here,
      entryPoints: tests,
      bundle: true,
      platform: 'node',
      format: 'esm',
      outdir: testOut,
      outbase: 'src',
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
  }
  console.log(`web: bundled ${tests.length} unit test files into ${testOut}`);
}
