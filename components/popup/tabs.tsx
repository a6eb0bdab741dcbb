import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs as the ARIA pattern has them: one tab stop, arrow keys (and Home/End) move and select.
 * A panel is built when first shown (the popup's first paint is one panel's work), then stays
 * mounted, so text typed in one survives a look at the other.
 */
export function Tabs({ tabs, selected, onSelect, label }: { tabs: TabSpec[]; selected: string; onSelect: (id: string) => void; label: string }) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const [shown, setShown] = useState(() => new Set([selected]));
  if (!shown.has(selected)) setShown(new Set([...shown, selected]));
  function onKeyDown(event: KeyboardEvent) {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next = step !== undefined ? (at + step + tabs.length) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = tabs[next]!.id;
    onSelect(id);
    refs.current.get(id)?.focus();
  }
  return (
    <>
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => void (el ? refs.current.set(tab.id, el) : refs.current.delete(tab.id))}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-controls={`panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={tab.id !== selected}>
          {shown.has(tab.id) ? tab.panel : null}
        </div>
      ))}
    </>
  );
}
