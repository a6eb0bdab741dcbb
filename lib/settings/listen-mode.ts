/**
 * How a reading in another language is heard ("Read aloud in <language>"): the translation only;
 * each sentence as written then translated, or the other way round; or a learner's way (each
 * translation, a pause, and the same again slower). Its own module: the page's player offers them.
 */
export const LISTEN_MODES = ['translation', 'original-first', 'translation-first', 'learner'] as const;
export type ListenMode = (typeof LISTEN_MODES)[number];
