import { formatNumber, t } from '@/lib/i18n';
import type { MessageKey } from '@/lib/i18n';
import { LISTEN_MODES, type ListenMode } from '@/lib/settings/listen-mode';
import { useSettings } from '../use-settings';

const MODE_LABELS: Record<ListenMode, MessageKey> = {
  translation: 'optionsListenTranslation',
  'original-first': 'optionsListenOriginalFirst',
  'translation-first': 'optionsListenTranslationFirst',
  learner: 'optionsListenLearner',
};

/** The learner's pause after each sentence, in seconds. */
const PAUSES = [0, 1, 2, 3, 4, 5, 8, 10];

/**
 * "Read aloud in <language>": what is heard (the translation only, with its original before or
 * after, or a learner's way with a pause and a slower repeat).
 */
export function ListenOptions() {
  const [settings, update] = useSettings();
  if (!settings) return null;
  const { listen } = settings;
  const change = (next: Partial<typeof listen>) => void update({ listen: { ...listen, ...next } });

  return (
    <section className="card" aria-labelledby="listen-heading">
      <h2 id="listen-heading">{t('optionsListenHeading')}</h2>
      <fieldset className="listen-modes" aria-describedby="listen-hint">
        <legend>{t('optionsListenModeLegend')}</legend>
        {LISTEN_MODES.map((mode) => (
          <label className="check" key={mode}>
            <input type="radio" name="listen-mode" value={mode} checked={listen.mode === mode} onChange={() => change({ mode })} />
            {t(MODE_LABELS[mode])}
          </label>
        ))}
      </fieldset>
      {listen.mode === 'learner' ? (
        <>
          <label htmlFor="listen-pause">{t('optionsListenPause')}</label>
          <select id="listen-pause" value={listen.pauseSec} onChange={(e) => change({ pauseSec: Number(e.target.value) })}>
            {PAUSES.map((sec) => (
              <option key={sec} value={sec}>
                {formatNumber(sec)}
              </option>
            ))}
          </select>
          <label className="check">
            <input type="checkbox" checked={listen.repeatSlower} onChange={(e) => change({ repeatSlower: e.target.checked })} />
            {t('optionsListenRepeatSlower')}
          </label>
        </>
      ) : null}
      <p className="hint" id="listen-hint">{t('optionsListenHint')}</p>
    </section>
  );
}
