import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/protocol';

const STEPS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

/**
 * The speed of the reading under way: a change is heard from the next sentence (audio already
 * fetched is played faster or slower, same pitch, not bought again) and becomes the speed setting.
 */
export function ReadingSpeed({ speed }: { speed: number }) {
  // Shown at once; the reading's own report follows when the background has stored it.
  const [chosen, setChosen] = useState(speed);
  useEffect(() => setChosen(speed), [speed]);
  const steps = STEPS.includes(chosen) ? STEPS : [...STEPS, chosen].sort((a, b) => a - b);
  const change = (value: number) => {
    setChosen(value);
    void sendMessage('readingSetSpeed', { speed: value });
  };
  return (
    <div className="row reading-speed">
      <label htmlFor="reading-speed">{t('readingSpeedLabel')}</label>
      <select id="reading-speed" value={String(chosen)} onChange={(e) => change(Number(e.target.value))}>
        {steps.map((s) => (
          <option key={s} value={String(s)}>{`${s.toFixed(2)}×`}</option>
        ))}
      </select>
    </div>
  );
}
