import { useEffect, useRef, useState } from 'react';
import type { Voice } from '@/lib/api/schemas';
import { isLoopback } from '@/lib/settings/service-url';

/**
 * The sample address if it is one the service may send: https, or http on this computer (as for
 * the service itself, see checkServiceUrl); anything else (javascript:, data:, file:, plain http
 * elsewhere) is refused.
 */
export function safePreviewUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    const allowed = parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopback(parsed.hostname));
    return allowed ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface Preview {
  /** Id of the voice whose sample is playing. */
  playing: string | null;
  failed: string | null;
  toggle: (voice: Voice) => void;
  audioRef: React.RefObject<HTMLAudioElement | null>;
}

/** Plays one voice sample at a time through the page's <audio> element. */
export function usePreview(): Preview {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const done = () => setPlaying(null);
    audio.addEventListener('ended', done);
    audio.addEventListener('pause', done);
    return () => {
      audio.removeEventListener('ended', done);
      audio.removeEventListener('pause', done);
    };
  }, []);

  function toggle(voice: Voice) {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing === voice.id) return audio.pause();
    const url = safePreviewUrl(voice.preview_url);
    setFailed(null);
    if (!url) return setFailed(voice.id);
    audio.src = url;
    setPlaying(voice.id);
    audio.play().catch((error: unknown) => {
      // A newer preview replaced this one: not a failure.
      if (audio.src !== url) return;
      setPlaying(null);
      if ((error as Error).name !== 'AbortError') setFailed(voice.id);
    });
  }
  return { playing, failed, toggle, audioRef };
}
