// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTS } from './server.ts';
import { assertEspeakAvailable } from './espeak.ts';
import { errorMessage, startTestEmulator, type TestEmulator } from './test-helpers.ts';
import { translate } from './translate.ts';
import { languageByCode } from './languages.ts';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emu.close());
beforeEach(async () => {
  await t.control('reset', 'POST');
});

const credits = (key: string) => t.emu.accounts.find((a) => a.key === key)!.credits;

describe('startup', () => {
  it('binds to 127.0.0.1 with the default accounts, without mutating DEFAULT_ACCOUNTS', async () => {
    expect(t.emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.emu.accounts.map((a) => a.key)).toEqual(['demo-free', 'demo-pro', 'demo-enterprise', 'demo-low', 'demo-voices']);
    expect(t.emu.accounts).not.toBe(DEFAULT_ACCOUNTS);
  });

  it('explains how to install espeak-ng when it is missing', async () => {
    await expect(assertEspeakAvailable('/nonexistent/espeak-ng')).rejects.toThrow(/apt-get install espeak-ng/);
  });
});

describe('auth and routing', () => {
  it.each([
    ['no header', null],
    ['unknown key', 'nope'],
  ])('401 with %s', async (_label, key) => {
    for (const path of ['user', 'voices']) {
      const res = await t.api(path, { key });
      expect(res.status).toBe(401);
      expect(await errorMessage(res)).toMatch(/API key/);
    }
    const res = await t.api('tts', { key, body: { text: 'hi', voice_id: 'en-amelia' } });
    expect(res.status).toBe(401);
  });

  it('rejects a non-Bearer scheme', async () => {
    const res = await fetch(`${t.emu.url}/api/v1/user`, { headers: { Authorization: 'Basic demo-pro' } });
    expect(res.status).toBe(401);
  });

  it('returns the user', async () => {
    const res = await t.api('user');
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toEqual({ id: expect.stringMatching(/^usr_/), email: 'pro@demo.test', credits: 100000, plan: 'pro' });
    expect(user.id).not.toContain('demo-pro');
  });

  it('404 JSON for unknown paths, 405 for wrong methods', async () => {
    const nf = await t.api('nothing-here');
    expect(nf.status).toBe(404);
    expect(nf.headers.get('content-type')).toMatch(/json/);
    const wrong = await t.api('tts', { method: 'GET' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await t.api('user', { method: 'POST', body: {} })).status).toBe(405);
    expect((await fetch(`${t.emu.url}/`)).status).toBe(404);
  });
});

describe('validation (400)', () => {
  const tts = (body: unknown) => t.api('tts', { body });
  it.each<[string, unknown]>([
    ['missing text', { voice_id: 'en-amelia' }],
    ['empty text', { text: '', voice_id: 'en-amelia' }],
    ['blank text', { text: '   \n', voice_id: 'en-amelia' }],
    ['non-string text', { text: 42, voice_id: 'en-amelia' }],
    ['text over 5000 characters', { text: 'a'.repeat(5001), voice_id: 'en-amelia' }],
    ['missing voice', { text: 'Hi' }],
    ['unknown voice', { text: 'Hi', voice_id: 'xx-nobody' }],
    ['synthetic voice not in this account list', { text: 'Hi', voice_id: 'syn-0001' }],
    ['unknown language code', { text: 'Hi', voice_id: 'en-amelia', language: 'xx' }],
    ['language name instead of code', { text: 'Hi', voice_id: 'en-amelia', language: 'English' }],
    ['speed too low', { text: 'Hi', voice_id: 'en-amelia', speed: 0.4 }],
    ['speed too high', { text: 'Hi', voice_id: 'en-amelia', speed: 2.1 }],
    ['speed as string', { text: 'Hi', voice_id: 'en-amelia', speed: '1' }],
    ['unknown format', { text: 'Hi', voice_id: 'en-amelia', format: 'ogg' }],
    ['array body', ['Hi']],
  ])('tts: %s', async (_label, body) => {
    const res = await tts(body);
    expect(res.status).toBe(400);
    expect((await errorMessage(res)).length).toBeGreaterThan(5);
    expect(credits('demo-pro')).toBe(100000);
  });

  it('tts: invalid JSON', async () => {
    const res = await t.api('tts', { rawBody: '{"text": "Hi",' });
    expect(res.status).toBe(400);
    expect(await errorMessage(res)).toMatch(/JSON/);
  });

  it('tts: 5000 characters is accepted (counted in code points)', async () => {
    const res = await tts({ text: 'Hello there. '.repeat(400).slice(0, 4999) + '😀', voice_id: 'en-oliver', format: 'wav' });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it.each<[string, unknown, RegExp]>([
    ['missing text', { target_language: 'Spanish' }, /text/],
    ['empty text', { text: '', target_language: 'Spanish' }, /empty/],
    ['missing target', { text: 'Hello' }, /target_language/],
    ['code instead of name', { text: 'Hello', target_language: 'es' }, /"Spanish".*Supported languages: English, Spanish/],
    ['unknown name', { text: 'Hello', target_language: 'Klingon' }, /Supported languages: .*Swedish/],
    ['unknown source', { text: 'Hello', target_language: 'French', source_language: 'xx' }, /source_language/],
  ])('translate: %s', async (_label, body, message) => {
    const res = await t.api('translate', { body });
    expect(res.status).toBe(400);
    expect(await errorMessage(res)).toMatch(message);
  });
});

describe('credits', () => {
  it('charges ceil(len/100) for speech and ceil(len/10) for translation, on success only', async () => {
    const speech = await t.api('tts', { body: { text: 'x'.repeat(201), voice_id: 'en-amelia', format: 'wav' } });
    expect(speech.status).toBe(200);
    await speech.arrayBuffer();
    expect(credits('demo-pro')).toBe(100000 - 3);
    const tr = await t.api('translate', { body: { text: 'y'.repeat(21), target_language: 'German' } });
    expect(tr.status).toBe(200);
    expect(credits('demo-pro')).toBe(100000 - 3 - 3);
    const { user } = await (await t.api('user')).json();
    expect(user.credits).toBe(100000 - 6);
  });

  it('402 names the cost and balance, and charges nothing', async () => {
    const tts = await t.api('tts', { key: 'demo-low', body: { text: 'z'.repeat(501), voice_id: 'en-amelia' } });
    expect(tts.status).toBe(402);
    expect(await errorMessage(tts)).toMatch(/costs 6 credits.*balance is 5/);
    const tr = await t.api('translate', { key: 'demo-low', body: { text: 'z'.repeat(51), target_language: 'French' } });
    expect(tr.status).toBe(402);
    await tr.arrayBuffer();
    expect(credits('demo-low')).toBe(5);
    const ok = await t.api('translate', { key: 'demo-low', body: { text: 'z'.repeat(50), target_language: 'French' } });
    expect(ok.status).toBe(200);
    expect(credits('demo-low')).toBe(0);
  });

  it('control route changes credits and plan; reset restores them', async () => {
    const changed = await t.control('accounts', 'POST', { key: 'demo-free', credits: 1, plan: 'pro' });
    expect(changed.account).toEqual({ email: 'free@demo.test', plan: 'pro', credits: 1 });
    expect(JSON.stringify(changed)).not.toContain('demo-free');
    expect((await (await t.api('user', { key: 'demo-free' })).json()).user).toMatchObject({ credits: 1, plan: 'pro' });
    await t.control('reset', 'POST');
    expect((await (await t.api('user', { key: 'demo-free' })).json()).user).toMatchObject({ credits: 2000, plan: 'free' });
  });
});

describe('rate limits', () => {
  it('429 per minute with Retry-After until a slot frees; rejected requests do not count', async () => {
    const r = await startTestEmulator({ rateWindowMs: 2500 });
    const until = (at: number) => new Promise((res) => setTimeout(res, Math.max(0, at - Date.now())));
    try {
      for (let i = 0; i < 10; i++) expect((await r.api('user', { key: 'demo-free' })).status).toBe(200);
      // Every accepted request arrived before its answer came: each slot is free 2.5 s after this at the latest.
      const allIn = Date.now();
      // Refused well after them: had it counted, it would hold a slot past the moment theirs are all free.
      await until(allIn + 500);
      const limited = await r.api('user', { key: 'demo-free' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3);
      expect(await errorMessage(limited)).toMatch(/rate limit/i);
      // Other keys have their own windows.
      expect((await r.api('user', { key: 'demo-pro' })).status).toBe(200);
      await until(allIn + 2520);
      // The refused request did not extend the window: all ten slots are free again.
      for (let i = 0; i < 10; i++) expect((await r.api('user', { key: 'demo-free' })).status).toBe(200);
    } finally {
      await r.emu.close();
    }
  });

  it('429 with Retry-After: 1 over the concurrency limit; enterprise is unlimited', async () => {
    await t.control('config', 'PATCH', { latencyMs: 300 });
    try {
      const free = await Promise.all([0, 1, 2].map(() => t.api('user', { key: 'demo-free' })));
      const statuses = free.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 429]);
      expect(free.find((r) => r.status === 429)!.headers.get('retry-after')).toBe('1');
      const pro = await Promise.all([0, 1, 2, 3, 4, 5].map(() => t.api('user', { key: 'demo-pro' })));
      expect(pro.filter((r) => r.status === 429)).toHaveLength(1);
      const ent = await Promise.all(Array.from({ length: 20 }, () => t.api('user', { key: 'demo-enterprise' })));
      expect(ent.every((r) => r.status === 200)).toBe(true);
    } finally {
      await t.control('config', 'PATCH', { latencyMs: 0 });
    }
  });
});

describe('latency model', () => {
  it('waits latencyMs + msPerChar * length, changeable at runtime', async () => {
    await t.control('config', 'PATCH', { latencyMs: 150, msPerChar: 1 });
    try {
      let start = Date.now();
      await (await t.api('user')).json();
      expect(Date.now() - start).toBeGreaterThanOrEqual(145);
      start = Date.now();
      const res = await t.api('translate', { body: { text: 'a'.repeat(300), target_language: 'Dutch' } });
      await res.json();
      expect(Date.now() - start).toBeGreaterThanOrEqual(445);
    } finally {
      await t.control('config', 'PATCH', { latencyMs: 0, msPerChar: 0 });
    }
  });
});

describe('faults', () => {
  const fault = (body: object) => t.control('faults', 'POST', body);

  it('server-error: plain-text 500, no charge, applied `times` times', async () => {
    await fault({ type: 'server-error', times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await t.api('translate', { body: { text: 'Hello', target_language: 'Spanish' } });
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/text\/plain/);
      expect(await res.text()).toBe('Internal error: upstream voice engine crashed');
    }
    expect(credits('demo-pro')).toBe(100000);
    expect((await t.api('user')).status).toBe(200);
  });

  it('path prefix limits a fault; DELETE clears the queue', async () => {
    await fault({ type: 'server-error', path: '/api/v1/tts' });
    expect((await t.api('user')).status).toBe(200);
    expect((await t.control('faults')).faults).toHaveLength(1);
    await t.control('faults', 'DELETE');
    expect((await t.control('faults')).faults).toHaveLength(0);
  });

  it('slow: adds delayMs then responds normally', async () => {
    await fault({ type: 'slow', delayMs: 300 });
    const start = Date.now();
    const res = await t.api('user');
    expect(res.status).toBe(200);
    expect((await res.json()).user.plan).toBe('pro');
    expect(Date.now() - start).toBeGreaterThanOrEqual(295);
  });

  it('slow: POST /__emulator/release ends the wait of the requests it holds now, which respond normally', async () => {
    await fault({ type: 'slow', delayMs: 60_000, times: 2 });
    const start = Date.now();
    const held = [t.api('user'), t.api('user')];
    let released = 0;
    // Released as they arrive: each call ends the holds under way then.
    await expect.poll(async () => (released += (await t.control('release', 'POST')).released), { interval: 50 }).toBe(2);
    for (const res of await Promise.all(held)) expect(res.status).toBe(200);
    expect(Date.now() - start).toBeLessThan(30_000);
    expect((await t.control('release', 'POST')).released).toBe(0);
  });

  it('malformed-json: 200 with an unparsable body', async () => {
    await fault({ type: 'malformed-json' });
    const res = await t.api('user');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"user": {');
  });

  it('wrong-content-type: 200 text/html, for audio too', async () => {
    await fault({ type: 'wrong-content-type', times: 2 });
    for (const res of [await t.api('voices'), await t.api('tts', { body: { text: 'Hi', voice_id: 'en-amelia' } })]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toBe('<html>oops</html>');
    }
    expect(credits('demo-pro')).toBe(100000);
  });

  it('rate-limit: 429 with Retry-After: 2 and an HTML body', async () => {
    await fault({ type: 'rate-limit' });
    const res = await t.api('voices');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<html>/);
  });

  it('rate-limit with retryAfter: that many seconds in Retry-After', async () => {
    await fault({ type: 'rate-limit', retryAfter: 45 });
    const res = await t.api('voices');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('45');
  });

  it('missing-fields: user without credits, translate without translation, voices [{id:1}]', async () => {
    await fault({ type: 'missing-fields', times: 3 });
    const user = await (await t.api('user')).json();
    expect(user.user).toMatchObject({ email: 'pro@demo.test' });
    expect(user.user).not.toHaveProperty('credits');
    const tr = await (await t.api('translate', { body: { text: 'Hello', target_language: 'Italian' } })).json();
    expect(tr).toEqual({ success: true, source_language: 'English', target_language: 'Italian' });
    expect(await (await t.api('voices')).json()).toEqual({ voices: [{ id: 1 }] });
    expect(credits('demo-pro')).toBe(100000);
  });

  it('truncated-audio skips JSON endpoints and cuts the audio in half with a matching Content-Length', async () => {
    await fault({ type: 'truncated-audio' });
    expect((await t.api('user')).status).toBe(200); // not consumed by a JSON endpoint
    const body = { text: 'A sentence long enough to make a few frames of audio.', voice_id: 'en-amelia', format: 'wav' };
    const cut = await t.api('tts', { body });
    const cutBytes = Buffer.from(await cut.arrayBuffer());
    expect(cut.status).toBe(200);
    expect(Number(cut.headers.get('content-length'))).toBe(cutBytes.length);
    const full = Buffer.from(await (await t.api('tts', { body })).arrayBuffer());
    expect(cutBytes.length).toBe(Math.floor(full.length / 2));
    expect(cutBytes.readUInt32LE(40)).toBeGreaterThan(cutBytes.length - 44); // the data size now lies
    expect(credits('demo-pro')).toBe(100000 - 1); // only the intact one was charged
  });

  it('truncated-audio cuts an mp3 inside a frame, never where one starts (whole frames would make a valid shorter file)', async () => {
    // This text's mp3 has a frame starting exactly half way.
    const body = { text: 'Lantern truncated-audio 1 glowed softly over the quiet harbour at dusk.', voice_id: 'en-amelia', format: 'mp3' };
    const full = Buffer.from(await (await t.api('tts', { body })).arrayBuffer());
    await fault({ type: 'truncated-audio' });
    const cut = Buffer.from(await (await t.api('tts', { body })).arrayBuffer());
    expect(full.subarray(0, cut.length).equals(cut)).toBe(true);
    expect(cut.length).toBeGreaterThanOrEqual(Math.floor(full.length / 2) - 1);
    const nextIsFrameStart = full[cut.length] === 0xff && (full[cut.length + 1]! & 0xe0) === 0xe0;
    expect(nextIsFrameStart).toBe(false);
  });

  it('charged-cut: 200 headers and half the body, then the connection breaks; the charge is kept and in the ledger', async () => {
    await fault({ type: 'charged-cut', times: 2 });
    expect((await t.api('user')).status).toBe(200); // a free endpoint never takes it
    const tts = await t.api('tts', { body: { text: 'A sentence long enough to make a few frames of audio.', voice_id: 'en-amelia' } });
    expect(tts.status).toBe(200);
    await expect(tts.arrayBuffer()).rejects.toThrow();
    const tr = await t.api('translate', { body: { text: 'Hello there, my friend', target_language: 'Spanish' } });
    expect(tr.status).toBe(200);
    await expect(tr.text()).rejects.toThrow();
    expect(credits('demo-pro')).toBe(100000 - 1 - 3);
    const ledger = await t.control('ledger');
    expect(ledger.entries.map((e: { path: string; credits: number; textLength: number }) => [e.path, e.credits, e.textLength])).toEqual([
      ['/api/v1/tts', 1, 53],
      ['/api/v1/translate', 3, 22],
    ]);
    expect(ledger.total).toEqual({ 'pro@demo.test': 4 });
  });

  it('charged-error: a 500 that still costs the request', async () => {
    await fault({ type: 'charged-error' });
    const res = await t.api('translate', { body: { text: 'Hello', target_language: 'Spanish' } });
    expect(res.status).toBe(500);
    expect(credits('demo-pro')).toBe(100000 - 1);
    expect((await t.control('ledger')).total).toEqual({ 'pro@demo.test': 1 });
  });

  it('longer-translation: a charged 200 whose translation runs about 30 % longer, paragraph by paragraph; speech is left alone', async () => {
    await fault({ type: 'longer-translation', path: '/api/v1/', times: 2 });
    const text = 'Hello, my friend. The cat sleeps in the sun all day long.\nThank you for the book.';
    const plain = translate(text, languageByCode('en')!, languageByCode('de')!);
    const res = await t.api('translate', { body: { text, target_language: 'German' } });
    expect(res.status).toBe(200);
    const { translation } = (await res.json()) as { translation: string };
    const [first, second] = translation.split('\n') as [string, string];
    const [plainFirst, plainSecond] = plain.split('\n') as [string, string];
    expect(first.startsWith(plainFirst)).toBe(true);
    expect(second.startsWith(plainSecond)).toBe(true);
    expect(first.length / plainFirst.length).toBeGreaterThanOrEqual(1.3);
    expect(first.length / plainFirst.length).toBeLessThan(1.45);
    // Charged as any translation, on the source's length.
    expect(credits('demo-pro')).toBe(100000 - Math.ceil(text.length / 10));
    // A tts request does not take it: it stays queued for the next translation.
    expect((await t.api('tts', { body: { text: 'Hello.', voice_id: 'en-amelia', language: 'en' } })).status).toBe(200);
    expect((await t.control('faults')).faults.map((f: { type: string; remaining: number }) => [f.type, f.remaining])).toEqual([['longer-translation', 1]]);
  });

  it('merged-paragraphs: a charged 200 whose translation lost the blank lines between paragraphs', async () => {
    await fault({ type: 'merged-paragraphs', path: '/api/v1/translate' });
    const text = 'Hello, my friend.\n\nThank you for the book.';
    const res = await t.api('translate', { body: { text, target_language: 'Spanish' } });
    expect(res.status).toBe(200);
    const { translation } = (await res.json()) as { translation: string };
    expect(translation).not.toContain('\n');
    expect(translation.split(' [ES] ')).toHaveLength(2);
    expect(credits('demo-pro')).toBe(100000 - Math.ceil(text.length / 10));
  });

  it('rejects an unknown fault type', async () => {
    const res = await fetch(`${t.emu.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'explode' }) });
    expect(res.status).toBe(400);
  });
});

describe('ledger', () => {
  it('lists exactly the kept charges; refunds, free calls and faults that refund stay out; reset clears it', async () => {
    await t.api('translate', { body: { text: 'Hello world', target_language: 'French' } });
    await t.control('faults', 'POST', { type: 'server-error' });
    await t.api('translate', { body: { text: 'Not charged', target_language: 'French' } });
    await t.api('user');
    await t.api('translate', { key: 'demo-low', body: { text: 'x'.repeat(100), target_language: 'French' } }); // 402
    const { entries, total } = await t.control('ledger');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ account: 'pro@demo.test', path: '/api/v1/translate', textLength: 11, textStart: 'Hello world', credits: 2 });
    expect(total).toEqual({ 'pro@demo.test': 2 });
    await t.control('reset', 'POST');
    expect((await t.control('ledger')).entries).toEqual([]);
  });
});

describe('request log', () => {
  it('records requests without keys; DELETE clears it', async () => {
    await t.api('user', { key: null });
    await t.api('translate', { body: { text: 'Hello 😀', target_language: 'Polish' } });
    const { requests } = await t.control('log');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/user', status: 401, account: null, textLength: null, hasAuthorization: false });
    expect(requests[1]).toMatchObject({ method: 'POST', path: '/api/v1/translate', status: 200, account: 'pro@demo.test', textLength: 7, hasAuthorization: true });
    expect(requests[1].id).toBeGreaterThan(requests[0].id);
    expect(typeof requests[1].durationMs).toBe('number');
    expect(new Date(requests[1].time).getTime()).not.toBeNaN();
    expect(JSON.stringify(requests)).not.toContain('demo-pro');
    await t.control('log', 'DELETE');
    expect((await t.control('log')).requests).toHaveLength(0);
  });
});
