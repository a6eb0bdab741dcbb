import { describe, expect, it } from 'vitest';
import { settingsSchema } from './schema';

describe('settings.pronunciations', () => {
  it('keeps good pairs and drops damaged ones, with their language and site', () => {
    const parsed = settingsSchema.parse({
      pronunciations: [
        { write: 'Smith', say: 'Smythe', language: null, site: null },
        { write: '', say: 'nothing' },
        { write: 'Jose', say: 'Hoseh', language: 'es', site: 'example.com' },
        'garbage',
        { write: 'SQL', say: 'sequel', language: 'English!', site: null },
      ],
    });
    expect(parsed.pronunciations).toEqual([
      { write: 'Smith', say: 'Smythe', language: null, site: null },
      { write: 'Jose', say: 'Hoseh', language: 'es', site: 'example.com' },
      { write: 'SQL', say: 'sequel', language: null, site: null },
    ]);
    expect(settingsSchema.parse({ pronunciations: 'x' }).pronunciations).toEqual([]);
  });
});
