import { median } from './stats';
import type { StoredPlan } from './extension';

/** The median time of `runs` requests to the service's `path`, sent directly from Node with the account no limit applies to (`bench-floor`). */
async function serviceTime(url: string, path: string, body: object, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bench-floor', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.arrayBuffer();
    if (!response.ok) throw new Error(`floor request failed: ${response.status} ${Buffer.from(answer).toString('utf8').slice(0, 200)}`);
    times.push(Date.now() - started);
  }
  return median(times);
}

/**
 * The floor every first-audio figure is held against: the service's own time for a speech request
 * (the same text, voice, language, speed and format), the median of `runs`.
 */
export function floorOf(url: string, text: string, params: StoredPlan['params'], runs = 5): Promise<number> {
  return serviceTime(url, '/api/v1/tts', { text, voice_id: params.voiceId, language: params.language, speed: params.speed, format: params.format ?? 'mp3' }, runs);
}

/** The service's own time for a translation of `text` into `targetName` ("English"), the median of `runs`. */
export function translateFloorOf(url: string, text: string, targetName: string, runs = 5): Promise<number> {
  return serviceTime(url, '/api/v1/translate', { text, target_language: targetName }, runs);
}
