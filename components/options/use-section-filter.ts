import { useEffect, useState, type RefObject } from 'react';
import { labelsMatch, labelsOf } from './settings-search';

/**
 * The ids of the sections (children of `container` with an id) none of whose labels matches
 * `query`: looked at again whenever what they show changes (settings and voices arrive late).
 */
export function useSectionFilter(container: RefObject<HTMLElement | null>, query: string): Set<string> {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const look = () => {
      const next = [...root.children].filter((section) => section.id && !labelsMatch(labelsOf(section), query)).map((section) => section.id);
      setHidden((before) => (before.size === next.length && next.every((id) => before.has(id)) ? before : new Set(next)));
    };
    look();
    if (!query.trim()) return;
    const observer = new MutationObserver(look);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [container, query]);
  return hidden;
}
