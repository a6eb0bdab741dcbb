import { describe, expect, it } from 'vitest';
import {
  planFromString,
  translateResponseSchema,
  userResponseSchema,
  voicesResponseSchema,
} from './schemas';

const voice = {
  id: 'v1',
  name: 'Ada',
  language: 'en',
  gender: 'female',
  preview_url: 'http://x/samples/v1.mp3',
};

describe('response schemas', () => {
  it('accept the contract shapes and drop extra fields', () => {
    const voices = voicesResponseSchema.parse({ voices: [{ ...voice, accent: 'uk' }], total: 1 });
    expect(voices.voices[0]).toEqual(voice);
    const user = userResponseSchema.parse({
      user: { id: 'usr_1', email: 'a@b.c', credits: 12, plan: 'pro', created_at: 'x' },
    });
    expect(user.user).toEqual({ id: 'usr_1', email: 'a@b.c', credits: 12, plan: 'pro' });
    const tr = translateResponseSchema.parse({
      success: true,
      translation: 'Hola',
      source_language: 'English',
      target_language: 'Spanish',
      cost: 1,
    });
    expect(tr).toEqual({ success: true, translation: 'Hola', source_language: 'English', target_language: 'Spanish' });
  });

  it('allow genders other than female and male', () => {
    expect(voicesResponseSchema.safeParse({ voices: [{ ...voice, gender: 'neutral' }] }).success).toBe(true);
  });

  it('accept a translation with only the translation field', () => {
    expect(translateResponseSchema.safeParse({ translation: 'Hola' }).success).toBe(true);
  });

  it.each([
    ['voices missing', voicesResponseSchema, {}],
    ['voice id missing', voicesResponseSchema, { voices: [{ ...voice, id: undefined }] }],
    ['preview_url a number', voicesResponseSchema, { voices: [{ ...voice, preview_url: 3 }] }],
    ['user missing', userResponseSchema, { id: 'x' }],
    ['credits a string', userResponseSchema, { user: { id: 'u', email: 'e', credits: '12', plan: 'pro' } }],
    ['plan missing', userResponseSchema, { user: { id: 'u', email: 'e', credits: 1 } }],
    ['translation missing', translateResponseSchema, { success: true }],
    ['translation a number', translateResponseSchema, { translation: 5 }],
    ['success a string', translateResponseSchema, { translation: 'x', success: 'yes' }],
  ] as const)('reject %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('planFromString', () => {
  it('keeps known plans and maps anything else to free', () => {
    expect(planFromString('free')).toBe('free');
    expect(planFromString('pro')).toBe('pro');
    expect(planFromString(' Enterprise ')).toBe('enterprise');
    expect(planFromString('team')).toBe('free');
    expect(planFromString('')).toBe('free');
    expect(planFromString(undefined)).toBe('free');
  });
});
