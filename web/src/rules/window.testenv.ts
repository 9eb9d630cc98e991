// window.testenv.ts: a test under node imports this first, so that
// snabbdom's modules, which look for window when loaded, find one.
(globalThis as any).window ??= globalThis;
export {};
