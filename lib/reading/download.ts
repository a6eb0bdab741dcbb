import { browser } from 'wxt/browser';
import { ServiceError } from '../api/errors';
import { joinAudio } from '../audio/join';
import { keepAliveDuring } from '../background/keep-alive';
import { getSettings } from '../settings/items';
import { getAudio } from '../speech/cache';
import { fetchChunk } from './chunk-fetcher';
import { fileNameFromTitle } from './file-name';
import { buildPlan } from './plan';
import { chooseSpeechParams, type SpeechChoices } from './speech-params';

const MIME = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;

/**
 * Saves the audio of a whole text as one file. It is planned exactly like a reading, so audio
 * already heard comes from the cache and costs nothing; the parts are joined frame-correctly.
 */
export function downloadSpeech(input: SpeechChoices & { text: string; title: string }): Promise<{ fileName: string }> {
  return keepAliveDuring(() => download(input));
}

async function download(input: SpeechChoices & { text: string; title: string }): Promise<{ fileName: string }> {
  if (!input.text.trim()) throw new ServiceError('invalidRequest', 'There is no text to download. Select or type some text first.');
  const params = await chooseSpeechParams(input.text, input, await getSettings());
  const sessionId = `download-${crypto.randomUUID()}`;
  const { plan } = buildPlan({ sessionId, text: input.text, title: input.title, params });
  const keys = await Promise.all(
    plan.chunks.map((chunk) => fetchChunk({ sessionId, text: chunk.text, params, priority: -chunk.index })),
  );
  const parts = await Promise.all(keys.map((key) => getAudio(key)));
  if (parts.some((p) => !p)) throw new ServiceError('badResponse', 'Some audio could not be stored. Try the download again.');
  const audio = parts.length === 1 ? parts[0]!.audio : joinAudio(parts.map((p) => p!.audio), params.format);
  const fileName = parts.length === 1 ? parts[0]!.fileName : fileNameFromTitle(input.title, params.format);
  await saveFile(audio, fileName, MIME[params.format]);
  return { fileName };
}

async function saveFile(bytes: Uint8Array, filename: string, type: string): Promise<void> {
  // A service worker has no object URLs; Firefox's background page has, and refuses data: URLs.
  const objectUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(new Blob([bytes as BlobPart], { type })) : null;
  const url = objectUrl ?? `data:${type};base64,${toBase64(bytes)}`;
  try {
    await browser.downloads.download({ url, filename, saveAs: false, conflictAction: 'uniquify' });
  } finally {
    if (objectUrl) setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
