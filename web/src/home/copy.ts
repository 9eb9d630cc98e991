// copy.ts copies text to the clipboard: the Clipboard API, or else the
// older way through a selected input (a page served over plain HTTP from
// another host has no Clipboard API).

/** copyText copies text and reports whether it did; input, when given, is selected either way so the reader can copy it by hand. */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  input?.select();
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {}
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
