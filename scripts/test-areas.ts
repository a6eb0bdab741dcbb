/**
 * Which end-to-end tests cover which part of the code, for `npm run test:changed`: the first
 * areas whose pattern matches a changed file give their Chromium specs (test/e2e/<name>.spec.ts)
 * and Firefox suites (test/firefox/<name>.ts). A changed spec or suite runs itself. Code no area
 * names runs the smoke specs. Every spec belongs to at least one area (scripts/test-areas.test.ts).
 */
export interface Area {
  pattern: RegExp;
  specs: string[];
  firefox: string[];
}

const READING = ['read-aloud', 'read-aloud-more', 'read-aloud-errors', 'read-aloud-early', 'read-aloud-alive', 'read-from-here', 'reading-speed', 'reading-resume', 'in-page-player', 'word-highlight', 'gapless'];
const MONEY = ['credits-reading', 'credits-visible', 'credits-faults', 'translate-credits', 'fault-matrix'];

export const AREAS: Area[] = [
  // The captions' spoken track: speech placed at the captions' times (its silent frame shared with the gapless join), saved like a download.
  { pattern: /^lib\/audio\/((mp3-)?place|mp3-refit|refit-client|speech-samples)|^lib\/captions\/track-f/, specs: ['captions', 'download-job'], firefox: ['captions'] },
  // Decoding a saved file (decodedAudio, and decodedSeconds from it): every spec that checks a download's audio.
  { pattern: /^test\/support\/decoded-audio/, specs: ['captions', 'credits-reading', 'download-job', 'pdf-reader', 'popup', 'read-aloud-more'], firefox: ['captions'] },
  // Saving a joined download and a placed spoken track (the same downloads plumbing): both areas' tests.
  { pattern: /^lib\/background\/download\/file\.ts$/, specs: ['captions', 'download-job', 'read-aloud-more'], firefox: ['captions', 'reading-paths', 'private'] },
  { pattern: /^lib\/background\/download\/|^lib\/audio\/(join|joined-file|mp3-join|mp3-splice)/, specs: ['download-job', 'read-aloud-more'], firefox: ['reading-paths', 'private'] },
  { pattern: /^lib\/background\/spend\/|^lib\/api\//, specs: [...MONEY, 'key-custody', 'waits', 'service-switch'], firefox: ['bubble', 'reading-paths'] },
  { pattern: /^lib\/background\/listen|^lib\/background\/reading\/(translated|modes)/, specs: ['listen', 'glossary'], firefox: ['page-translate', 'glossary'] },
  { pattern: /^lib\/background\/page-translation|^lib\/page-translate\/|^entrypoints\/page-translate/, specs: ['page-translate', 'page-look', 'listen', 'glossary'], firefox: ['page-translate', 'glossary'] },
  { pattern: /^lib\/reader\/|^entrypoints\/reader|^lib\/background\/(pdf-|reader-tab)/, specs: ['pdf-reader'], firefox: ['pdf-reader'] },
  // The glossary in captions (translated and heard): both areas' tests.
  { pattern: /^lib\/background\/captions(-glossary|-speech)?\.ts$|^lib\/captions\/figure\.ts$|^lib\/glossary\/spoken-bound|^test\/support\/video-page/, specs: ['captions', 'glossary'], firefox: ['captions', 'glossary'] },
  { pattern: /^lib\/glossary\/|^lib\/background\/(glossary-|page-glossary|tab-site)|^lib\/(page|bubble)\/glossary-|^lib\/settings\/glossary-|^components\/options\/glossary-/, specs: ['glossary', 'translate', 'pronunciation'], firefox: ['glossary'] },
  { pattern: /^lib\/(bubble|translate)\/|^lib\/background\/(translation|bubble-shell|translate-tab|write-to|typed-trigger)|^lib\/settings\/write-to|^lib\/page\/(typed-trigger|sensitive)|^entrypoints\/(typed-trigger|written-probe)/, specs: ['translate', 'translate-shell', 'translate-credits', 'write', 'glossary'], firefox: ['bubble', 'glossary'] },
  { pattern: /^lib\/captions\/|^lib\/content\/captions|^lib\/background\/captions|^entrypoints\/captions|^test\/fixtures\/video\/|^test\/support\/video-server/, specs: ['captions'], firefox: ['captions'] },
  { pattern: /^lib\/background\/private-windows/, specs: ['download-job'], firefox: ['private'] },
  { pattern: /^lib\/speech\/|^lib\/background\/reading\/(plan|said|paragraph-voices|own-language|voice-pick)|^lib\/page\/(clean|article|table)/, specs: ['cleanup', 'pronunciation', 'mixed-languages', 'page-map', 'read-aloud'], firefox: ['read-aloud'] },
  { pattern: /^lib\/page\/player\/|^entrypoints\/player/, specs: ['in-page-player', 'page-look'], firefox: ['reading-paths'] },
  { pattern: /^lib\/player\/|^lib\/audio\/|^entrypoints\/offscreen|^lib\/background\/reading\/(offscreen-host|player-host|player-watch|local-host|host)/, specs: ['gapless', 'word-highlight', 'reading-speed', 'read-aloud-alive', 'read-aloud'], firefox: ['read-aloud', 'stretch', 'restart'] },
  { pattern: /^lib\/background\/|^lib\/content\/|^lib\/page\/|^entrypoints\/(background|page|article|here|selection)/, specs: [...READING, 'ad-frames'], firefox: ['read-aloud', 'reading-paths'] },
  { pattern: /^lib\/popup\/welcome|^components\/welcome\/|^entrypoints\/welcome/, specs: ['welcome'], firefox: ['popup-options'] },
  { pattern: /^lib\/popup\/|^components\/popup\/|^entrypoints\/popup/, specs: ['popup', 'popup-paint', 'a11y', 'welcome'], firefox: ['popup-options', 'popup-paint'] },
  { pattern: /^lib\/settings\/|^components\/options\/|^entrypoints\/options|^components\/[^/]+$/, specs: ['options', 'options-defaults', 'a11y', 'welcome'], firefox: ['popup-options'] },
  { pattern: /^lib\/i18n|^public\/_locales\//, specs: ['a11y'], firefox: [] },
  { pattern: /^emulator\//, specs: ['fault-matrix', 'read-aloud'], firefox: ['bubble'] },
  // Test support a few specs share: the axe run, the glossary tests' entries.
  { pattern: /^test\/support\/axe\.ts$/, specs: ['a11y', 'download-job', 'welcome'], firefox: [] },
  { pattern: /^test\/support\/glossary-entries\.ts$/, specs: ['glossary'], firefox: ['glossary'] },
  { pattern: /^wxt\.config|^package(-lock)?\.json$|^test\/support\/|^test\/e2e\/fixtures/, specs: ['read-aloud', 'translate', 'popup'], firefox: ['read-aloud', 'popup-options'] },
];

/** A quick look at the main paths, for code no area names. */
export const SMOKE = ['read-aloud', 'translate', 'popup'];

/** The specs and suites that cover `files`, and the files no area names. */
export function changedAreas(files: string[]): { specs: string[]; firefox: string[]; unmapped: string[] } {
  const specs = new Set<string>();
  const firefox = new Set<string>();
  const unmapped: string[] = [];
  for (const file of files) {
    const spec = /^test\/e2e\/([^/]+)\.spec\.ts$/.exec(file);
    const suite = /^test\/firefox\/([^/]+)\.ts$/.exec(file);
    if (spec) specs.add(spec[1]!);
    else if (suite && suite[1] !== 'support' && suite[1] !== 'profile') firefox.add(suite[1]!);
    else if (/\.test\.tsx?$|^docs\/|\.md$|^scripts\/|^bench\/|^test\/contract\//.test(file)) continue;
    else {
      const area = AREAS.find((a) => a.pattern.test(file));
      if (!area) {
        unmapped.push(file);
        SMOKE.forEach((s) => specs.add(s));
        continue;
      }
      area.specs.forEach((s) => specs.add(s));
      area.firefox.forEach((s) => firefox.add(s));
    }
  }
  return { specs: [...specs].sort(), firefox: [...firefox].sort(), unmapped };
}
