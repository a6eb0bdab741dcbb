// @vitest-environment node
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc16 } from './lame-tag.ts';
import { startTestEmulator, type TestEmulator } from './test-helpers.ts';

let t: TestEmulator;
let decoder: MPEGDecoder;
beforeAll(async () => {
  t = await startTestEmulator();
  decoder = new MPEGDecoder();
  await decoder.ready;
});
afterAll(async () => {
  decoder.free();
  await t.emu.close();
});

/** Decodes an mp3 body and returns its duration in seconds. */
async function mp3Seconds(bytes: Uint8Array): Promise<number> {
  await decoder.reset();
  const { samplesDecoded, sampleRate, channelData } = decoder.decode(bytes);
  expect(sampleRate).toBe(22050);
  // The first frame header says mono (channel mode bits 11); the decoder itself always outputs stereo.
  const sync = bytes.findIndex((b, i) => b === 0xff && ((bytes[i + 1] ?? 0) & 0xe0) === 0xe0);
  expect((bytes[sync + 3]! >> 6) & 3).toBe(3);
  // Real speech, not silence: some samples are loud.
  expect(channelData[0]!.some((s) => Math.abs(s) > 0.1)).toBe(true);
  return samplesDecoded / sampleRate;
}

async function tts(body: object): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await t.api('tts', { key: 'demo-enterprise', body });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const SENTENCE = 'The quick brown fox jumps over the lazy dog. ';

describe('tts audio', () => {
  it('mp3 with the contract headers, duration growing with text length', async () => {
    const short = await tts({ text: SENTENCE, voice_id: 'en-amelia' });
    expect(short.res.status).toBe(200);
    expect(short.res.headers.get('content-type')).toBe('audio/mpeg');
    expect(short.res.headers.get('content-disposition')).toBe('attachment; filename="tts_output.mp3"');
    expect(Number(short.res.headers.get('content-length'))).toBe(short.bytes.length);
    const long = await tts({ text: SENTENCE.repeat(4), voice_id: 'en-amelia' });
    const shortS = await mp3Seconds(short.bytes);
    const longS = await mp3Seconds(long.bytes);
    expect(shortS).toBeGreaterThan(1);
    expect(longS).toBeGreaterThan(shortS * 3);
  });

  it('mp3 opens with a LAME Info frame whose delay and padding frame the speech exactly', async () => {
    const text = 'Gapless playback needs to know where the speech starts.';
    const wav = (await tts({ text, voice_id: 'en-oliver', format: 'wav' })).bytes;
    const pcm = new Int16Array(wav.slice(44).buffer);
    const { bytes } = await tts({ text, voice_id: 'en-oliver' });
    const b = Buffer.from(bytes);
    // MPEG-2 Layer III mono header frame at 64 kbps (208 bytes), side info zero, then the Xing part.
    expect(b.readUInt32BE(0) >>> 0).toBe(0xfff380c4);
    expect(b.toString('latin1', 13, 17)).toBe('Info');
    expect(b.readUInt32BE(17)).toBe(0x0f);
    const frames = b.readUInt32BE(21);
    expect(b.readUInt32BE(25)).toBe(b.length);
    const lame = 13 + 120;
    expect(b.toString('latin1', lame, lame + 9)).toBe('LAME3.98r');
    const delay = (b[lame + 21]! << 4) | (b[lame + 22]! >> 4);
    const padding = ((b[lame + 22]! & 0x0f) << 8) | b[lame + 23]!;
    expect(delay).toBe(576);
    expect(b.readUInt32BE(lame + 28)).toBe(b.length);
    expect(b.readUInt16BE(lame + 34)).toBe(crc16(bytes.subarray(0, lame + 34)));
    expect(b.readUInt16BE(lame + 32)).toBe(crc16(bytes.subarray(208)));

    // Decoded whole, the stream is every frame; less the delay and padding, exactly the speech.
    const whole = new MPEGDecoder({ enableGapless: false });
    await whole.ready;
    const all = whole.decode(bytes);
    whole.free();
    expect(all.samplesDecoded).toBe(frames * 576);
    expect(all.samplesDecoded - delay - padding).toBe(pcm.length);
    // And where: a decoder honouring the tag gives back the speech sample for sample (lag 0).
    await decoder.reset();
    const trimmed = decoder.decode(bytes).channelData[0]!;
    expect(trimmed.length).toBe(pcm.length);
    const correlation = (lag: number) => {
      let sum = 0;
      for (let i = 2000; i < pcm.length - 2000; i++) sum += trimmed[i + lag]! * pcm[i]!;
      return sum;
    };
    const lags = [-40, -8, -2, -1, 0, 1, 2, 8, 40];
    expect(lags.reduce((best, lag) => (correlation(lag) > correlation(best) ? lag : best))).toBe(0);

    // Deterministic: the same text gives the same bytes.
    expect(Buffer.from((await tts({ text, voice_id: 'en-oliver' })).bytes).equals(b)).toBe(true);

    // Without the tag (an encoder that writes none): the same audio frames, nothing before them.
    await t.control('config', 'PATCH', { mp3LameTag: false });
    try {
      const bare = Buffer.from((await tts({ text, voice_id: 'en-oliver' })).bytes);
      expect(bare.equals(b.subarray(208))).toBe(true);
    } finally {
      await t.control('config', 'PATCH', { mp3LameTag: true });
    }
  });

  it('speed 2.0 is clearly shorter than 1.0, and 0.5 longer', async () => {
    const text = SENTENCE.repeat(3);
    const normal = await mp3Seconds((await tts({ text, voice_id: 'en-oliver', speed: 1 })).bytes);
    const fast = await mp3Seconds((await tts({ text, voice_id: 'en-oliver', speed: 2 })).bytes);
    const slow = await mp3Seconds((await tts({ text, voice_id: 'en-oliver', speed: 0.5 })).bytes);
    expect(fast).toBeLessThan(normal * 0.65);
    expect(slow).toBeGreaterThan(normal * 1.5);
  });

  it('wav has a consistent RIFF header', async () => {
    const { res, bytes } = await tts({ text: SENTENCE, voice_id: 'de-lukas', format: 'wav' });
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tts_output.wav"');
    const b = Buffer.from(bytes);
    expect(b.toString('ascii', 0, 4)).toBe('RIFF');
    expect(b.readUInt32LE(4)).toBe(b.length - 8);
    expect(b.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(b.readUInt16LE(20)).toBe(1); // PCM
    expect(b.readUInt16LE(22)).toBe(1); // mono
    expect(b.readUInt32LE(24)).toBe(22050);
    expect(b.readUInt32LE(28)).toBe(44100);
    expect(b.readUInt16LE(34)).toBe(16);
    expect(b.toString('ascii', 36, 40)).toBe('data');
    expect(b.readUInt32LE(40)).toBe(b.length - 44);
    expect((b.length - 44) / 44100).toBeGreaterThan(1);
  });

  it('language overrides the voice language; every required language speaks', async () => {
    for (const [voice, text] of [
      ['ja-yui', 'こんにちは、ありがとう'],
      ['zh-wei', '你好，谢谢'],
      ['ar-layla', 'مرحبا شكرا'],
      ['ru-dmitri', 'Привет, спасибо'],
      ['hi-priya', 'नमस्ते धन्यवाद'],
      ['en-amelia', 'Hola, gracias'],
    ]) {
      const { res, bytes } = await tts({ text, voice_id: voice, language: voice === 'en-amelia' ? 'es' : undefined });
      expect(res.status, voice).toBe(200);
      expect(await mp3Seconds(bytes)).toBeGreaterThan(0.5);
    }
  });
});

describe('samples', () => {
  it('serves a spoken, cached mp3 preview without auth; 404 for unknown voices', async () => {
    const { voices } = await (await t.api('voices')).json();
    const url = voices.find((v: { id: string }) => v.id === 'fr-camille').preview_url;
    expect(url).toBe(`${t.emu.url}/samples/fr-camille.mp3`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const first = new Uint8Array(await res.arrayBuffer());
    const seconds = await mp3Seconds(first);
    expect(seconds).toBeGreaterThan(0.7);
    expect(seconds).toBeLessThan(5);
    const again = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect((await fetch(`${t.emu.url}/samples/xx-nobody.mp3`)).status).toBe(404);
    const log = (await t.control('log')).requests.filter((r: { path: string }) => r.path.startsWith('/samples/'));
    expect(log.every((r: { hasAuthorization: boolean }) => !r.hasAuthorization)).toBe(true);
  });

  it('synthetic voices of the 1,000-voice account have samples and speak', async () => {
    const { voices } = await (await t.api('voices', { key: 'demo-voices' })).json();
    const syn = voices.at(-1);
    expect(syn.id).toMatch(/^syn-\d{4}$/);
    expect((await fetch(syn.preview_url)).status).toBe(200);
    const res = await t.api('tts', { key: 'demo-voices', body: { text: 'Hello', voice_id: syn.id } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
