/**
 * The tap keeper (decision 085): an inline script at the head of every server-rendered page, run before any other
 * script (src/server/modules/web/head-tags.ts `tapKeeper` inlines it, compiled: decision 131). Until the app takes
 * them, a click on a button inside `#root` that does nothing without scripts (any button except a submit button of a
 * form with an `action`, which the browser submits itself) is stopped and kept, at most 20; so is a click on a link
 * once a tap has been kept (the order of "add to cart, then the cart link" holds). `window.__vitrinaTaps.take()`
 * (src/web/lib/taps-before-hydration.ts) stops keeping and returns them in order, for the app to click again once
 * hydrated. Otherwise links, radios and a form with an action keep their browser behaviour.
 *
 * Runs in the page's global scope with no imports: only `window` and `document` are used.
 */

/** At most this many taps are kept: a shopper tapping on and on waits for the page, not for a queue. */
const MAX_KEPT = 20;

export default function keepTapsBeforeHydration(): void {
  let kept: (HTMLButtonElement | HTMLAnchorElement)[] = [];
  let keeping = true;
  function keep(event: MouseEvent) {
    if (!keeping) return;
    // A click's target may be a node without `closest` (old browsers give text nodes).
    const target = event.target as Element | null;
    const canClose = !!target && typeof target.closest === 'function';
    const button = canClose ? target.closest<HTMLButtonElement>('#root button') : null;
    let tapped: HTMLButtonElement | HTMLAnchorElement;
    if (button) {
      if (button.disabled || (button.type !== 'button' && button.form && button.form.hasAttribute('action'))) return;
      tapped = button;
    } else {
      // A link is kept only behind a kept tap, so that "add to cart, then the cart link" happen in that order.
      const link = canClose && kept.length ? target.closest<HTMLAnchorElement>('#root a[href]') : null;
      if (!link) return;
      tapped = link;
    }
    event.preventDefault();
    event.stopPropagation();
    if (kept.length < MAX_KEPT) kept.push(tapped);
  }
  document.addEventListener('click', keep, true);
  window.__vitrinaTaps = {
    take() {
      keeping = false;
      document.removeEventListener('click', keep, true);
      const taken = kept;
      kept = [];
      return taken;
    },
  };
}
