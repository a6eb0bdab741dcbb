import { useEffect, useState } from 'react';
import { formatNumber, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/send';
import type { ResumeOffer as Offer } from '@/lib/messaging/protocol';

/** The page in the active tab, where the user stopped reading it last time; null when none. */
function useResumeOffer(): [Offer | null, () => void] {
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    let alive = true;
    void sendMessage('getResumeOffer').then((result) => alive && result.ok && setOffer(result.value), () => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return [offer, () => setOffer(null)];
}

/** "Continue reading ‘title’ — sentence 12 of 40": reads the page in the active tab from there. */
export function ResumeOffer() {
  const [offer, taken] = useResumeOffer();
  if (!offer) return null;
  const resume = () => {
    taken();
    void sendMessage('resumePage');
  };
  return (
    <section className="card resume">
      <button type="button" className="primary" onClick={resume}>
        {t('resumeOffer', [offer.title || t('untitled'), formatNumber(offer.sentence + 1), formatNumber(offer.sentenceCount)])}
      </button>
    </section>
  );
}
