/** Selects the text of `el` so the user can copy it with Ctrl+C / ⌘C. */
export function selectText(el: HTMLElement): boolean {
  const selection = el.ownerDocument.defaultView?.getSelection();
  if (!selection) return false;
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

/**
 * Copies `text` with the Clipboard API. Where that is missing or refused (plain-HTTP pages are
 * not a secure context), the text in `fallback` is selected instead: `selected` tells the caller
 * to ask the user to press Ctrl+C.
 */
export async function copyText(
  text: string,
  fallback: HTMLElement | null,
  clipboard: Pick<Clipboard, 'writeText'> | null | undefined = globalThis.navigator?.clipboard,
): Promise<'copied' | 'selected' | 'failed'> {
  try {
    if (clipboard?.writeText) {
      await clipboard.writeText(text);
      return 'copied';
    }
  } catch {
    // fall through to selecting the text
  }
  if (fallback && selectText(fallback)) {
    try {
      // Deprecated but still the only synchronous copy outside a secure context.
      if (fallback.ownerDocument.execCommand?.('copy')) return 'copied';
    } catch {
      // keep the selection
    }
    return 'selected';
  }
  return 'failed';
}
