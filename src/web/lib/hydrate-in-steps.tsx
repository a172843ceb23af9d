/**
 * Hydration in steps (decision 088). Preact hydrates a server-rendered page in one synchronous pass; on a
 * slow phone a page of 24 product cards is one task of hundreds of milliseconds in which a tap waits. Parts of a page
 * wrapped in `<HydrateLater>` keep the server's markup during that pass (Preact keeps the DOM of a component that
 * suspends while hydrating) and are hydrated afterwards, one per task, in document order: the page answers between
 * them; a part given `until` (a hidden tab panel) waits until it is needed. Until then such a part is the server's
 * HTML: its links work as plain links.
 *
 * `hydrateInSteps(hydrate)` runs the first pass (main.tsx) and resolves once every part left for later is hydrated.
 * Outside that pass (the server's render, a page the browser renders itself, a later render) `<HydrateLater>`
 * renders its children at once. Its child must render one element (a product card's `<article>`): that element is
 * the markup kept. Put it inside an element, around that element's content (a card in its `<li>`, the footer's grid
 * inside `<footer>`): as the last child of a fragment that a component returns, Preact 11.2 rendered the part a second
 * time instead of keeping it (e2e/storefront/hydrate-in-steps.spec.ts compares the hydrated markup with the server's).
 */
import { Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Gate {
  open: boolean;
  opened: Promise<void>;
  release: () => void;
}

/** True only during `hydrateInSteps`'s first pass. */
let firstPass = false;
const waiting: Gate[] = [];

function newGate(queued: boolean): Gate {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  const gate: Gate = { open: false, opened, release: () => ((gate.open = true), release()) };
  if (queued) waiting.push(gate);
  return gate;
}

/** Throws (suspends) until its gate opens; a component of its own so the suspension is its alone. */
function Gate({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate && !gate.open) throw gate.opened;
  return children;
}

/**
 * Hydrates `children` (one element) in a task of its own after the page's first pass (see the module comment), or,
 * with `until`, only once `until` is true (a hidden tab panel: when its tab opens; it is not waited for by
 * `hydrateInSteps`). Until then the server's markup stays as it was. If the page language changes first, that markup
 * is stale (hydration would fix its text but not its attributes, such as a rating's label): the part is then rendered
 * afresh instead, at once.
 */
export function HydrateLater({ children, until }: { children: ReactElement; until?: boolean }) {
  const { i18n } = useTranslation();
  // The gate lives in this component's state: a component that suspends on its first render loses its own hooks.
  const [part, setPart] = useState(() =>
    firstPass ? { gate: newGate(until === undefined), lang: i18n.language } : null,
  );
  const stale = part !== null && !part.gate.open && part.lang !== i18n.language;
  useEffect(() => {
    if (stale) setPart(null);
  }, [stale]);
  useEffect(() => {
    if (until && part && !part.gate.open) part.gate.release();
  }, [until, part]);
  const gate = part && !stale ? part.gate : null;
  // A new key mounts the fresh render in place of the kept markup.
  return (
    <Suspense key={gate ? 'server' : 'fresh'} fallback={null}>
      <Gate gate={gate}>{children}</Gate>
    </Suspense>
  );
}

/**
 * Runs `hydrate` (a synchronous hydration call) with `<HydrateLater>` parts left for later, then opens their gates one
 * per task (a MessageChannel message, which the browser does not delay as it does nested timers). Resolves once the
 * last has hydrated. Throws what `hydrate` throws.
 */
export function hydrateInSteps(hydrate: () => void): Promise<void> {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  return new Promise((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const gate = waiting.shift();
      if (!gate) {
        channel.port1.close();
        done();
        return;
      }
      // Its render runs in this task's microtasks (Suspense's retry), before the next message.
      gate.release();
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  });
}
