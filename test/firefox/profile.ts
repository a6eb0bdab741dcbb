/**
 * Our add-on installed in a Firefox profile of its own, as a person's is (not as a temporary
 * add-on): for the suites that restart Firefox on it or set what about:addons records for it.
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import puppeteer, { type Browser } from 'puppeteer-core';
import { FIREFOX, GECKO_ID, myTurn, UUID } from './support';

const EXTENSION = FIREFOX_TEST_BUILD;

/** The build as an .xpi (a zip of the extension folder). */
async function zipFolder(dir: string): Promise<Buffer> {
  const zip = new JSZip();
  const add = async (rel: string): Promise<void> => {
    for (const name of await readdir(path.join(dir, rel))) {
      const file = path.join(rel, name);
      if ((await stat(path.join(dir, file))).isDirectory()) await add(file);
      else zip.file(file.split(path.sep).join('/'), await readFile(path.join(dir, file)));
    }
  };
  await add('');
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A new profile (its folder) with the test build in its extensions folder. */
export async function profileWithAddon(name: string): Promise<string> {
  const profile = await mkdtemp(path.join(tmpdir(), `voxlate-firefox-${name}-`));
  await mkdir(path.join(profile, 'extensions'), { recursive: true });
  await writeFile(path.join(profile, 'extensions', `${GECKO_ID}.xpi`), await zipFolder(EXTENSION));
  return profile;
}

/** Debian's firefox-esr, headless, on `profile`: the add-on there is installed at start and stays. */
export async function launchOnProfile(profile: string): Promise<Browser> {
  // Started ahead under npm test: a profile's browser starts with our add-on running, so it starts on its turn.
  await myTurn();
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    args: ['-remote-allow-system-access'],
    extraPrefsFirefox: {
      // An unsigned add-on in the profile's extensions folder is installed at start.
      'xpinstall.signatures.required': false,
      'extensions.autoDisableScopes': 0,
      'extensions.enabledScopes': 15,
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      'media.autoplay.default': 0,
      'media.autoplay.block-webaudio': false,
      // No sound device in a headless run: Firefox's mock one lets the audio clock run.
      'media.cubeb.force_mock_context': true,
    },
  });
}
