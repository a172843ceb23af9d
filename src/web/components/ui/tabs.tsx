import { useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { HydrateLater } from '../../lib/hydrate-in-steps';

/**
 * Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs. Each tab's content is one
 * element; on a server-rendered page a hidden panel's content hydrates when its tab first opens (decision 088).
 */
export function Tabs({ tabs, label }: { label: string; tabs: { id: string; title: string; content: ReactElement }[] }) {
  const [active, setActive] = useState(0);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? active === last
          ? 0
          : active + 1
        : e.key === 'ArrowLeft'
          ? active === 0
            ? last
            : active - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} onKeyDown={onKey}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="tab"
            id={`${base}-t-${tab.id}`}
            aria-controls={`${base}-p-${tab.id}`}
            aria-selected={i === active}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-p-${tab.id}`}
          aria-labelledby={`${base}-t-${tab.id}`}
          hidden={i !== active}
          tabIndex={0}
        >
          {i === 0 ? tab.content : <HydrateLater until={i === active}>{tab.content}</HydrateLater>}
        </div>
      ))}
    </div>
  );
}
