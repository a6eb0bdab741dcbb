import { useEffect, useState } from 'react';
import { downloadItem, type DownloadState } from '@/lib/background/download/state';

/** The download job (running, or how the last one ended), as the background writes it. */
export function useDownload(): DownloadState | null {
  const [state, setState] = useState<DownloadState | null>(null);
  useEffect(() => {
    let changed = false;
    const unwatch = downloadItem.watch((value) => {
      changed = true;
      setState(value);
    });
    // The first read must not undo a change that arrived while it was under way.
    void downloadItem.getValue().then((value) => !changed && setState(value));
    return unwatch;
  }, []);
  return state;
}
