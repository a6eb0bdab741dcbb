import { useEffect, useState } from 'react';
import { languagesMetItem } from '@/lib/settings/languages-met';
import { getHistory } from '@/lib/translate/history';

/**
 * The languages the user has met: those readings were in (recorded by the worker, plus those
 * added here), and both sides of the translations in their history.
 */
export function useLanguagesMet(): string[] {
  const [read, setRead] = useState<string[]>([]);
  const [translated, setTranslated] = useState<string[]>([]);
  useEffect(() => {
    void languagesMetItem.getValue().then(setRead);
    return languagesMetItem.watch(setRead);
  }, []);
  useEffect(() => {
    void getHistory()
      .then((entries) => setTranslated(entries.flatMap((e) => (e.sourceLanguage ? [e.sourceLanguage, e.targetLanguage] : [e.targetLanguage]))))
      .catch(() => undefined);
  }, []);
  return [...read, ...translated];
}
