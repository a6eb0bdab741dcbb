import { useEffect, useState } from 'react';
import { getSettings, settingsItem, updateSettings } from '@/lib/settings/items';
import { parseSettings, type Settings } from '@/lib/settings/schema';

/** The stored settings, kept in sync with changes made in any other extension page. */
export function useSettings(): [Settings | null, (patch: Partial<Settings>) => Promise<Settings>] {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void getSettings().then(setSettings);
    return settingsItem.watch((value) => setSettings(parseSettings(value)));
  }, []);
  return [settings, updateSettings];
}
