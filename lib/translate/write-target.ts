import { baseCode, languageByCode } from '../language';

/**
 * The language what the user wrote goes into: the one chosen for this site or in the options
 * (`writeTo`), else the field's (page's) language when it is another than the one they read,
 * else English (Spanish for someone who reads English). Shared by the bubble and the worker's
 * early request, which must ask for the very same translation.
 */
export function writeTargetFor(pageLanguage: string | null, writeTo: string | null | undefined, reading: string): string {
  if (writeTo) return writeTo;
  const pageCode = pageLanguage ? languageByCode(baseCode(pageLanguage))?.code : undefined;
  if (pageCode && pageCode !== reading) return pageCode;
  return reading === 'en' ? 'es' : 'en';
}
