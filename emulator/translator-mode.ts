/**
 * Which rule POST /api/v1/translate follows: the phrasebook (the default, byte for byte as
 * before) or the realistic machine-translator stand-in. Set for the whole emulator or per
 * account through `/__emulator/translator` (see README).
 */
import type { Language } from './languages.ts';
import { translateRealistic } from './realistic-translate.ts';
import { translate } from './translate.ts';

/** The translation modes, the default first. */
export const TRANSLATOR_MODES = ['phrasebook', 'realistic'] as const;
/** One of TRANSLATOR_MODES. */
export type TranslatorMode = (typeof TRANSLATOR_MODES)[number];

/** The emulator's translator switch: a mode for everyone, overridden per account key. */
export interface TranslatorSetting {
  mode: TranslatorMode;
  /** The mode the emulator started with, restored by DELETE /__emulator/translator and reset. */
  initial: TranslatorMode;
  byKey: Map<string, TranslatorMode>;
}

/** A fresh setting starting in `mode`. */
export function translatorSetting(mode: TranslatorMode = 'phrasebook'): TranslatorSetting {
  return { mode, initial: mode, byKey: new Map() };
}

/** Back to the starting mode, with no per-account overrides. */
export function resetTranslator(setting: TranslatorSetting): void {
  setting.mode = setting.initial;
  setting.byKey.clear();
}

/** Translates `text` with the rule of `mode`. */
export function translateWith(mode: TranslatorMode, text: string, source: Language, target: Language): string {
  return mode === 'realistic' ? translateRealistic(text, source, target) : translate(text, source, target);
}
