import { median } from './stats';
import type { StoredPlan } from './extension';

/**
 * The floor every first-audio figure is held against: the service's own time for a speech request
 * (the same text, voice, language, speed and format), sent directly from Node with the account no
 * limit applies to (`bench-floor`), the median of `runs`.
 */
export async function floorOf(url: string, text: string, params: StoredPlan['params'], runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    const response = await fetch(`${url}/api/v1/tts`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bench-floor', 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, voice_id: params.voiceId, language: params.language, speed: params.speed, format: params.format ?? 'mp3' }),
    });
    const audio = await response.arrayBuffer();
    if (!response.ok) throw new Error(`floor request failed: ${response.status} ${Buffer.from(audio).toString('utf8').slice(0, 200)}`);
    times.push(Date.now() - started);
  }
  return median(times);
}

/** The service's own time for a translation of `text` into `targetName` ("English"), sent directly, the median of `runs`. */
export async function translateFloorOf(url: string, text: string, targetName: string, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    const response = await fetch(`${url}/api/v1/translate`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bench-floor', 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, target_language: targetName }),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`floor request failed: ${response.status} ${body.slice(0, 200)}`);
    times.push(Date.now() - started);
  }
  return median(times);
}
