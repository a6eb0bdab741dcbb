import { useEffect, useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/send';
import { settledChoice } from '@/lib/settle';

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
  // Arrowing through the speeds asks for the one the user stops at, not each on the way.
  const settled = useMemo(() => settledChoice<number>((value) => void sendMessage('readingSetSpeed', { speed: value })), []);
  const change = (value: number) => {
    setChosen(value);
    settled.change(value);
  };
  return (
    <div className="row reading-speed">
      <label htmlFor="reading-speed">{t('readingSpeedLabel')}</label>
      <select
        id="reading-speed"
        value={String(chosen)}
        onKeyDown={(e) => settled.keydown(e.key)}
        onChange={(e) => change(Number(e.target.value))}
        onBlur={() => settled.blur()}
      >
        {steps.map((s) => (
          <option key={s} value={String(s)}>{`${s.toFixed(2)}×`}</option>
        ))}
      </select>
    </div>
  );
}
