import { useEffect, useState } from 'react';
import { sendMessage } from '@/lib/messaging/send';

/**
 * Whether the page the popup was opened over has a video, asked once when the panel opens (the
 * toolbar click granted that tab): false until the answer, and where it cannot be told.
 */
export function useTabVideo(): boolean {
  const [hasVideo, setHasVideo] = useState(false);
  useEffect(() => {
    void sendMessage('activeTabHasVideo')
      .then((result) => result.ok && setHasVideo(result.value))
      .catch(() => undefined);
  }, []);
  return hasVideo;
}
