import { useEffect, useState } from 'react';
import { settingsItem, updateSettings } from '@/lib/settings/items';
import { parseSettings, type Settings } from '@/lib/settings/schema';

/** The settings read before the first render, kept in sync with changes from any other page. */
export function usePopupSettings(initial: Settings): [Settings, (patch: Partial<Settings>) => void] {
  const [settings, setSettings] = useState(initial);
  useEffect(() => settingsItem.watch((value) => setSettings(parseSettings(value))), []);
  const update = (patch: Partial<Settings>) => {
    // Shown at once (a slider must not lag behind the pointer), stored right after.
    setSettings((s) => ({ ...s, ...patch }));
    void updateSettings(patch);
  };
  return [settings, update];
}
