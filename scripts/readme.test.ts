import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const README = 'README.md';
const MAX_README_LINES = 200;
const docsPages = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`)
  .sort();

/**
 * The targets of a Markdown text's links and images: inline `[text](target)` and `![alt](target)`,
 * reference definitions `[id]: target`, and HTML `src`/`href`. Fenced code and inline code are not
 * links, so they are left out first.
 */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) targets.push(match[1]!);
  for (const match of prose.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/g)) targets.push(match[1]!);
  return targets;
}

/** A target that names a file of this repository, or null for a web address, a mail link or an anchor alone. */
function localPath(target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
  const file = decodeURIComponent(target.replace(/[#?].*$/, ''));
  return file === '' ? null : file;
}

/**
 * What is wrong with the relative links of `file` (a path from the repository's root): each target
 * that is missing, or that leaves the repository (it would be broken on GitHub and in a clone).
 */
export function brokenLinks(file: string, markdown: string, exists: (absolute: string) => boolean = existsSync): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    const local = localPath(target);
    if (local === null) continue;
    const absolute = local.startsWith('/') ? path.join(root, local) : path.resolve(root, path.dirname(file), local);
    const relative = path.relative(root, absolute);
    if (relative.startsWith('..') || path.isAbsolute(relative)) problems.push(`${file}: ${target} leaves the repository`);
    else if (!exists(absolute)) problems.push(`${file}: ${target} does not exist`);
  }
  return problems;
}

/** The docs pages (paths from the root) that `file`'s links reach. */
function linkedPages(file: string, markdown: string): Set<string> {
  const pages = linkTargets(markdown)
    .map(localPath)
    .filter((local): local is string => local !== null)
    .map((local) => path.relative(root, path.resolve(root, path.dirname(file), local)).split(path.sep).join('/'));
  return new Set(pages);
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the README and docs/', () => {
  it(`keep the README under ${MAX_README_LINES} lines`, () => {
    const lines = read(README).split('\n');
    const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
    expect(count).toBeLessThan(MAX_README_LINES);
  });

  it('have docs pages to link to', () => {
    expect(docsPages.length).toBeGreaterThan(0);
  });

  it('link and show only files that exist, inside the repository', () => {
    const problems = [README, ...docsPages].flatMap((file) => brokenLinks(file, read(file)));
    expect(problems).toEqual([]);
  });

  it('link every docs page from the README', () => {
    const linked = linkedPages(README, read(README));
    expect(docsPages.filter((page) => !linked.has(page))).toEqual([]);
  });

  it('show the screenshots the README names', () => {
    const images = linkTargets(read(README)).filter((target) => target.startsWith('docs/screenshots/'));
    expect(images.length).toBeGreaterThan(0);
  });
});

describe('the link check itself', () => {
  const page = [
    '[ok](reading.md#speed) ![pic](screenshots/a.png) [web](https://wxt.dev) [here](#top)',
    '[gone](missing.md) <img src="screenshots/b.png" alt=""> [out](../../outside.md)',
    '`[code](not-a-link.md)`',
    '```',
    '[fenced](not-a-link-either.md)',
    '```',
    '[ref]: ../README.md',
  ].join('\n');
  const onDisk = new Set(['docs/reading.md', 'docs/screenshots/a.png', 'README.md'].map((f) => path.join(root, f)));

  it('finds inline links, images, HTML sources and references, but not code', () => {
    expect(linkTargets(page)).toEqual([
      'reading.md#speed',
      'screenshots/a.png',
      'https://wxt.dev',
      '#top',
      'missing.md',
      '../../outside.md',
      '../README.md',
      'screenshots/b.png',
    ]);
  });

  it('reports a missing file, a missing image and a link out of the repository, anchors stripped', () => {
    expect(brokenLinks('docs/page.md', page, (absolute) => onDisk.has(absolute))).toEqual([
      'docs/page.md: missing.md does not exist',
      'docs/page.md: ../../outside.md leaves the repository',
      'docs/page.md: screenshots/b.png does not exist',
    ]);
  });
});
