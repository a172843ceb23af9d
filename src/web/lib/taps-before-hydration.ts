/**
 * Taps and typing made on a server-rendered page before it hydrated (decision 085). The page's head carries a small
 * inline script (`tapKeeper`, src/server/modules/web/head-tags.ts) that keeps clicks on buttons which need scripts;
 * once the app has hydrated, `replayTapsBeforeHydration` hands what was typed into text fields and chosen in lists to
 * the page's state (as if typed now) and then clicks the kept buttons (and links tapped after them) again, in order. A shopper's tap on "EN" or
 * "Agregar al carrito" while the page was still only HTML is therefore not lost. Radios are adopted by their own page
 * (product-page.tsx), since two groups changed at once need one state update.
 */

declare global {
  interface Window {
    /** Set by the server-rendered page's inline tap keeper; absent on pages the browser renders itself. */
    __vitrinaTaps?: { take(): (HTMLButtonElement | HTMLAnchorElement)[] };
  }
}

/** Stops keeping taps and forgets them: the markup they were made on has been replaced (a fresh render). */
export function dropTapsBeforeHydration(): void {
  window.__vitrinaTaps?.take();
}

/**
 * After hydration: text fields and lists under `root` whose value differs from the server's get an `input` and a
 * `change` event (their handlers read the typed value); a task later, when the state has been rendered, each kept
 * button still on the page and enabled is clicked again, one per task. Resolves once the clicks have been made.
 */
export function replayTapsBeforeHydration(root: HTMLElement): Promise<void> {
  const taps = window.__vitrinaTaps?.take() ?? [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (!changedSinceServer(field)) continue;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  // One click per task: the page renders the state each click set before the next one reads it (two taps on "+").
  const clickNext = (resolve: () => void) => {
    const button = taps.shift();
    if (!button) return resolve();
    if (button.isConnected && !(button instanceof HTMLButtonElement && button.disabled)) button.click();
    setTimeout(() => clickNext(resolve), 0);
  };
  return new Promise((resolve) => setTimeout(() => clickNext(resolve), 0));
}

/** Whether a field's value is no longer the one in the server's markup (radios and checkboxes are left out). */
function changedSinceServer(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLSelectElement) {
    if (field.multiple) return [...field.options].some((o) => o.selected !== o.defaultSelected);
    // A list with no option marked `selected` shows its first one.
    const shown = [...field.options].findIndex((o) => o.defaultSelected);
    return field.selectedIndex !== Math.max(0, shown);
  }
  if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden'].includes(field.type)) return false;
  return field.value !== field.defaultValue;
}
