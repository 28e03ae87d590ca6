/**
 * The README and docs/ stay one set of pages: every relative link and picture points at a file
 * that exists, every `#anchor` at a heading of its target (GitHub's slugs), every docs page is
 * reachable from the README, and the README stays short (issue 28: at most 150 lines).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const README_MAX_LINES = 150;

interface Link {
  /** 1-based line of the link in its file. */
  line: number;
  target: string;
  image: boolean;
}

/** The text outside fenced code blocks, line by line (fenced lines are blanked, keeping numbers). */
function prose(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opener = /^\s*(```+|~~~+)/.exec(line);
    if (fence === null && opener) {
      fence = opener[1][0];
      return '';
    }
    if (fence !== null) {
      if (opener && opener[1][0] === fence) fence = null;
      return '';
    }
    return line;
  });
}

/**
 * Inline code spans hold examples, not links: `[x](y)` inside backticks is not checked. A span
 * may wrap over lines but not over a blank line, so a stray backtick hides one paragraph at most.
 */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)(?:[^`\n]|\n(?![ \t]*\n))*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

function linksOf(markdown: string): Link[] {
  const text = withoutCodeSpans(prose(markdown).join('\n'));
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const links: Link[] = [];
  // Inline links and pictures, their text wrapped over lines or not: [text](target "title").
  for (const m of text.matchAll(/(!?)\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ line: lineAt(m.index), target: m[2].replace(/^<|>$/g, ''), image: m[1] === '!' });
  }
  // Reference definitions: [label]: target
  for (const m of text.matchAll(/^ {0,3}\[[^\]]+\]:[ \t]*(<[^>]*>|\S+)/gm)) {
    links.push({ line: lineAt(m.index), target: m[1].replace(/^<|>$/g, ''), image: false });
  }
  return links.sort((a, b) => a.line - b.line);
}

/** GitHub's anchor of a heading's text: lower case, punctuation but - and _ dropped, spaces to -. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*)/g, '') // emphasis marks, not the words
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a file's headings make; a repeated heading gets -1, -2, ... as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(markdown)) {
    const m = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * What is wrong with the links of one markdown file (`file`, relative to `root`): a missing
 * target, a missing anchor, a picture that is not there. `read` gives a file's text by path.
 */
function brokenLinks(root: string, file: string, read: (path: string) => string | null): string[] {
  const text = read(join(root, file));
  if (text === null) return [`${file}: cannot be read`];
  const problems: string[] = [];
  for (const link of linksOf(text)) {
    if (isExternal(link.target)) continue;
    const where = `${file}:${link.line}: ${link.target}`;
    const hash = link.target.indexOf('#');
    const pathPart = decodeURIComponent(hash === -1 ? link.target : link.target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(link.target.slice(hash + 1));
    const targetPath = pathPart === '' ? join(root, file) : resolve(dirname(join(root, file)), pathPart);
    if (relative(root, targetPath).startsWith('..')) {
      problems.push(`${where}: points outside the repository`);
      continue;
    }
    const targetText = read(targetPath);
    if (targetText === null) {
      problems.push(`${where}: ${link.image ? 'picture' : 'file'} not found`);
      continue;
    }
    if (anchor !== null && anchor !== '') {
      if (!/\.md$/i.test(targetPath)) problems.push(`${where}: an anchor into a file that is not markdown`);
      else if (!anchorsOf(targetText).has(anchor)) problems.push(`${where}: no heading with the anchor #${anchor}`);
    }
  }
  return problems;
}

/** A path's text; '' for a directory or a binary file (it exists), null when nothing is there. */
function readFromDisk(path: string): string | null {
  if (!existsSync(path)) return null;
  if (statSync(path).isDirectory() || !/\.(md|markdown|txt)$/i.test(path)) return '';
  return readFileSync(path, 'utf8');
}

const docsFiles = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/${name}`);
const pages = ['README.md', ...docsFiles];

describe('README.md and docs/', () => {
  it.each(pages)('%s: every relative link, anchor and picture resolves', (file) => {
    expect(brokenLinks(ROOT, file, readFromDisk)).toEqual([]);
  });

  it('README.md links every docs page', () => {
    const linked = new Set(
      linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8'))
        .filter((link) => !isExternal(link.target))
        .map((link) => link.target.split('#')[0]),
    );
    expect(docsFiles.filter((file) => !linked.has(file))).toEqual([]);
  });

  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('README.md shows at least one picture, and docs/images holds only pictures a page shows', () => {
    const shown = new Set<string>();
    for (const file of pages) {
      for (const link of linksOf(readFileSync(join(ROOT, file), 'utf8'))) {
        if (link.image && !isExternal(link.target)) shown.add(relative(ROOT, resolve(dirname(join(ROOT, file)), link.target)));
      }
    }
    expect([...shown].some((path) => path.startsWith('docs/images/'))).toBe(true);
    const images = readdirSync(join(ROOT, 'docs', 'images')).map((name) => `docs/images/${name}`);
    expect(images.filter((path) => !shown.has(path))).toEqual([]);
  });
});

// The checker itself, on pages made up here: a check that cannot fail checks nothing.
describe('the link checker', () => {
  const fake: Record<string, string> = {
    '/r/README.md': '# Title\n\nSee [a](docs/a.md#part-two), [b](docs/b.md) and ![p](docs/p.png).\nA [link wrapped\nover lines](docs/c.md).\n',
    '/r/docs/a.md': '# A\n\n## Part two\n\n## Part two\n\n```md\n[not a link](nowhere.md)\n```\n\n`[nor](this.md)`\n[back](../README.md#title) [self](#part-two-1)\n',
  };
  const read = (path: string) => fake[path] ?? null;

  it('finds a missing file, a missing picture and a missing anchor', () => {
    expect(brokenLinks('/r', 'README.md', read)).toEqual([
      'README.md:3: docs/b.md: file not found',
      'README.md:3: docs/p.png: picture not found',
      'README.md:4: docs/c.md: file not found',
    ]);
    fake['/r/docs/b.md'] = '# B\n[wrong](a.md#part-three)\n';
    expect(brokenLinks('/r', 'docs/b.md', read)).toEqual(['docs/b.md:2: a.md#part-three: no heading with the anchor #part-three']);
  });

  it('skips code, follows ../ and repeated headings', () => {
    expect(brokenLinks('/r', 'docs/a.md', read)).toEqual([]);
  });

  it('makes GitHub slugs', () => {
    expect(slug('Sessions, pictures and the page\'s policy')).toBe('sessions-pictures-and-the-pages-policy');
    expect(slug('Rendering labels: `bin/assetmark render`')).toBe('rendering-labels-binassetmark-render');
    expect(slug('100,000 assets without 100,000 rows in memory')).toBe('100000-assets-without-100000-rows-in-memory');
    expect(slug('Paid features (VIP)')).toBe('paid-features-vip');
    expect(slug('What `npm test` runs')).toBe('what-npm-test-runs');
    expect(slug('IMPORT_MAX_ROWS and more')).toBe('import_max_rows-and-more');
  });
});
