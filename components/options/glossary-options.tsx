import { useState, type ChangeEvent, type FormEvent } from 'react';
import { glossaryEntrySchema, glossaryFromCsv, glossaryToCsv, type GlossaryEntry } from '@/lib/glossary';
import { MAX_RENDERING, MAX_TERM } from '@/lib/glossary/entry';
import { glossaryToSyncPieces } from '@/lib/glossary/sync-chunks';
import { formatNumber, t } from '@/lib/i18n';
import { MAX_GLOSSARY } from '@/lib/settings/schema';
import { useSettings } from '../use-settings';
import { languageName } from './language-names';

/** The file name an export is saved under. */
const EXPORT_NAME = 'voxlate-glossary.csv';

type Mode = GlossaryEntry['translate']['mode'];

/** What the form holds: an entry as typed. */
interface Draft {
  term: string;
  mode: Mode;
  translation: string;
  say: string;
  site: string;
}

const EMPTY: Draft = { term: '', mode: 'keep', translation: '', say: '', site: '' };

/** Entries are one per term, language and site: the same three again replace it. */
const sameKey = (a: GlossaryEntry, b: GlossaryEntry) => a.term === b.term && a.language === b.language && a.site === b.site;

/** The form's draft as an entry, `before`'s other parts (language, case, translations per language) kept; null when incomplete. */
function entryOf(draft: Draft, before: GlossaryEntry | null): GlossaryEntry | null {
  const byTarget = before?.translate.mode === 'fixed' ? before.translate.byTarget : {};
  const translation = draft.translation.trim() || null;
  const translate: GlossaryEntry['translate'] = draft.mode === 'fixed' ? { mode: 'fixed', text: translation, byTarget } : { mode: draft.mode };
  const entry = { term: draft.term.trim(), translate, say: draft.say.trim() || null, language: before?.language ?? null, site: draft.site.trim().toLowerCase() || null, case: before?.case ?? 'auto' };
  const parsed = glossaryEntrySchema.safeParse(entry);
  return parsed.success ? parsed.data : null;
}

/** How an entry is translated, in a few words. */
function translatedAs(entry: GlossaryEntry): string {
  const rule = entry.translate;
  if (rule.mode === 'keep') return t('optionsGlossaryKept');
  if (rule.mode === 'free') return t('optionsGlossaryFreely');
  const each = Object.entries(rule.byTarget).map(([code, text]) => `${text} (${languageName(code)})`);
  return `→ ${[...(rule.text ? [rule.text] : []), ...each].join(', ')}`;
}

/**
 * The glossary (issue 40): its terms listed (edit, delete), how they match, a form to add or
 * change one, and the list as a CSV file (export; import merges, the file's entries replacing those
 * for the same term and site).
 */
export function GlossaryOptions() {
  const [settings, update] = useSettings();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<GlossaryEntry | null>(null);
  const [said, setSaid] = useState('');
  if (!settings) return null;
  const list = settings.glossary;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const entry = entryOf(draft, editing);
    if (!entry) return setSaid(t('glossaryAddIncomplete'));
    const others = list.filter((e) => e !== editing && !sameKey(e, entry));
    if (others.length >= MAX_GLOSSARY) return setSaid(t('glossaryFull', formatNumber(MAX_GLOSSARY)));
    const at = editing ? list.indexOf(editing) : -1;
    const next = at >= 0 ? list.map((e, i) => (i === at ? entry : e)).filter((e) => e === entry || !sameKey(e, entry)) : [...others, entry];
    void update({ glossary: next }).then(() => {
      setSaid(t('optionsGlossarySaved', entry.term));
      setDraft(EMPTY);
      setEditing(null);
    });
  };
  const edit = (entry: GlossaryEntry) => {
    setEditing(entry);
    setDraft({ term: entry.term, mode: entry.translate.mode, translation: entry.translate.mode === 'fixed' ? (entry.translate.text ?? '') : '', say: entry.say ?? '', site: entry.site ?? '' });
  };
  const remove = (entry: GlossaryEntry) => {
    void update({ glossary: list.filter((e) => e !== entry) }).then(() => setSaid(t('optionsGlossaryDeleted', entry.term)));
  };
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([glossaryToCsv(list)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = EXPORT_NAME;
    link.click();
    // The download has its own copy once started.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const importCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const { entries, problems } = glossaryFromCsv(await file.text());
    const kept = list.filter((e) => !entries.some((n) => sameKey(e, n)));
    const room = Math.max(0, MAX_GLOSSARY - kept.length);
    await update({ glossary: [...kept, ...entries.slice(0, room)] });
    const lines = problems.map((p) => p.line);
    const parts = [t('optionsGlossaryImported', formatNumber(Math.min(entries.length, room)))];
    if (lines.length) parts.push(t('optionsGlossarySkipped', lines.map((n) => formatNumber(n)).join(', ')));
    if (entries.length > room) parts.push(t('glossaryFull', formatNumber(MAX_GLOSSARY)));
    setSaid(parts.join(' '));
  };

  return (
    <section className="card" aria-labelledby="glossary-heading" id="glossary">
      <h2 id="glossary-heading">{t('optionsGlossaryHeading')}</h2>
      <p className="hint" id="glossary-hint">{t('optionsGlossaryHint')}</p>
      <p className="hint">{t('optionsGlossaryMatching')}</p>
      {/* Over the sync quota, the worker keeps no copy in the browser's account (lib/settings/glossary-sync.ts). */}
      <p className="hint">{glossaryToSyncPieces(list) ? t('optionsGlossarySynced') : t('optionsGlossaryLocalOnly')}</p>
      <form className="pronunciation-form" onSubmit={save} aria-describedby="glossary-hint">
        <label>
          {t('optionsGlossaryTerm')}
          <input value={draft.term} maxLength={MAX_TERM} required onChange={(e) => set({ term: e.target.value })} />
        </label>
        <label>
          {t('glossaryFormHow')}
          <select value={draft.mode} onChange={(e) => set({ mode: e.target.value as Mode })}>
            <option value="keep">{t('glossaryFormKeep')}</option>
            <option value="fixed">{t('glossaryFormTranslateAs')}</option>
            <option value="free">{t('glossaryFormFree')}</option>
          </select>
        </label>
        <label>
          {t('glossaryFormTranslation')}
          <input value={draft.translation} maxLength={MAX_RENDERING} disabled={draft.mode !== 'fixed'} onChange={(e) => set({ translation: e.target.value })} />
        </label>
        <label>
          {t('glossaryFormSayAs')}
          <input value={draft.say} maxLength={MAX_RENDERING} onChange={(e) => set({ say: e.target.value })} />
        </label>
        <label>
          {t('optionsPronunciationSite')}
          <input value={draft.site} maxLength={253} placeholder="example.com" onChange={(e) => set({ site: e.target.value })} />
        </label>
        <button type="submit" className="primary">{editing ? t('optionsGlossarySave') : t('optionsGlossaryAdd')}</button>
      </form>
      <div className="actions">
        <button type="button" onClick={exportCsv}>{t('optionsGlossaryExport')}</button>
        <label className="file-button">
          {t('optionsGlossaryImport')}
          <input type="file" accept=".csv,text/csv" onChange={(e) => void importCsv(e)} />
        </label>
      </div>
      <p className="hint" role="status">{said}</p>
      {list.length > 0 ? (
        <ul className="pronunciations" aria-label={t('optionsGlossaryListLabel')}>
          {list.map((entry) => (
            <li key={`${entry.term}|${entry.language}|${entry.site}`}>
              <span>
                <strong>{entry.term}</strong> {translatedAs(entry)}
                {entry.say ? ` · ${t('optionsGlossarySaid', entry.say)}` : ''}
                {entry.site ? <span className="hint"> ({entry.site})</span> : null}
              </span>
              <button type="button" aria-label={t('optionsGlossaryEdit', entry.term)} onClick={() => edit(entry)}>{t('optionsGlossaryEditShort')}</button>
              <button type="button" aria-label={t('optionsGlossaryDelete', entry.term)} onClick={() => remove(entry)}>{t('optionsGlossaryDeleteShort')}</button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{t('optionsGlossaryEmpty')}</p>
      )}
    </section>
  );
}
