import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/schema';

/** Speed and format; they are the user's defaults, so changing them here changes them everywhere. */
export function SpeechOptions({ speed, format, onChange }: {
  speed: number;
  format: Settings['format'];
  onChange: (patch: Partial<Settings>) => void;
}) {
  return (
    <div className="row filters">
      <div className="grow">
        <label htmlFor="speak-speed">{t('speedLabel', speed.toFixed(2))}</label>
        <input
          id="speak-speed"
          type="range"
          min={0.5}
          max={2}
          step={0.05}
          value={speed}
          aria-valuetext={`${speed.toFixed(2)}×`}
          onChange={(e) => onChange({ speed: Number(e.target.value) })}
        />
      </div>
      <div>
        <label htmlFor="speak-format">{t('formatLabel')}</label>
        <select id="speak-format" value={format} onChange={(e) => onChange({ format: e.target.value as Settings['format'] })}>
          <option value="mp3">MP3</option>
          <option value="wav">WAV</option>
        </select>
      </div>
    </div>
  );
}
