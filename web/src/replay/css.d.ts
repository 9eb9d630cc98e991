// css.d.ts types a stylesheet imported as text (esbuild's
// `with { type: 'text' }`): the replay page puts pgn-viewer's rules in a
// <style> of its own chunk, so that no other page loads them.
declare module '*.css' {
  const text: string;
  export default text;
}
