import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/schema';

/** The speaking speed, 0.5× to 2×, labelled with its value. */
export function SpeedInput({ id, value, onChange }: { id: string; value: number; onChange: (speed: number) => void }) {
  return (
    <>
      <label htmlFor={id}>{t('speedLabel', value.toFixed(2))}</label>
      <input
        id={id}
        type="range"
        min={0.5}
        max={2}
        step={0.05}
        value={value}
        aria-valuetext={`${value.toFixed(2)}×`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </>
  );
}

/** The audio format of speech and downloads. */
export function FormatSelect({ id, value, onChange }: { id: string; value: Settings['format']; onChange: (format: Settings['format']) => void }) {
  return (
    <>
      <label htmlFor={id}>{t('formatLabel')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Settings['format'])}>
        <option value="mp3">MP3</option>
        <option value="wav">WAV</option>
      </select>
    </>
  );
}
