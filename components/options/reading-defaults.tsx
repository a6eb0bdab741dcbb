import { useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { FormatSelect, SpeedInput } from '../speech-fields';
import { useSettings } from '../use-settings';

/** Speed, format, highlighting and the in-page player of every reading. */
export function ReadingDefaults() {
  const [settings, update] = useSettings();
  // The slider moves at once and storage catches up; echoes of earlier writes must not move it back.
  const [speed, setSpeed] = useState<number | null>(null);
  const writing = useRef(0);
  useEffect(() => {
    if (!writing.current) setSpeed(settings?.speed ?? null);
  }, [settings?.speed]);
  if (!settings) return null;
  const shownSpeed = speed ?? settings.speed;

  return (
    <section className="card" aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t('defaultsHeading')}</h2>
      <SpeedInput
        id="default-speed"
        value={shownSpeed}
        onChange={(speed) => {
          setSpeed(speed);
          writing.current++;
          void update({ speed }).finally(() => writing.current--);
        }}
      />
      <FormatSelect id="default-format" value={settings.format} onChange={(format) => void update({ format })} />
      <label className="check">
        <input
          type="checkbox"
          checked={settings.highlight}
          onChange={(e) => void update({ highlight: e.target.checked })}
        />
        {t('highlightLabel')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.highlightWords}
          disabled={!settings.highlight}
          onChange={(e) => void update({ highlightWords: e.target.checked })}
        />
        {t('highlightWordsLabel')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.pagePlayer.show}
          onChange={(e) => void update({ pagePlayer: { ...settings.pagePlayer, show: e.target.checked } })}
        />
        {t('pagePlayerOption')}
      </label>
    </section>
  );
}
