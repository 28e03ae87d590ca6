/**
 * Option values that start with a dash (issue 14): `--data -ABC` was refused by Node's
 * parseArgs as "argument is ambiguous" while `--data=-ABC` worked. Checked on the parsing
 * functions every command uses (bin/cli.ts) and through the CLI for each command.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.ts';
import { loadEngine } from '../src/engine/load-node.ts';
import { CliError, EXIT_USAGE, parseCommandLine, parseOptions } from './cli.ts';

const CLI = join(dirname(dirname(fileURLToPath(import.meta.url))), 'bin', 'assetmark');

function run(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(CLI, args, { cwd: tmpdir() }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The CliError `f` throws (fails the test when it returns or throws anything else). */
function cliError(f: () => unknown): CliError {
  try {
    f();
  } catch (e) {
    if (e instanceof CliError) return e;
    throw e;
  }
  throw new Error('no error');
}

const OPTIONS = {
  data: { type: 'string', short: 'd' },
  printer: { type: 'string', multiple: true },
  esc: { type: 'boolean', short: 'e' },
} as const;

describe('parseOptions and parseCommandLine', () => {
  it('take a value that starts with a dash, long or short', () => {
    expect(parseOptions(['--data', '-ABC'], OPTIONS)).toEqual({ data: '-ABC' });
    expect(parseOptions(['--data', '--x'], OPTIONS)).toEqual({ data: '--x' });
    expect(parseOptions(['-d', '-x', '-e'], OPTIONS)).toEqual({ data: '-x', esc: true });
    expect(parseOptions(['--data', '-'], OPTIONS)).toEqual({ data: '-' });
    expect(parseOptions(['--printer', '-a', '--printer', 'b'], OPTIONS)).toEqual({ printer: ['-a', 'b'] });
  });

  it('leave the other forms as they were: =, booleans, empty values, values with =', () => {
    expect(parseOptions(['--data=-ABC', '--esc'], OPTIONS)).toEqual({ data: '-ABC', esc: true });
    expect(parseOptions(['--esc', '--data', 'a=b'], OPTIONS)).toEqual({ esc: true, data: 'a=b' });
    expect(parseOptions(['--data', ''], OPTIONS)).toEqual({ data: '' });
    expect(parseOptions(['-d', 'x'], OPTIONS)).toEqual({ data: 'x' });
  });

  it('still report a missing value at the end, unknown options and misused booleans', () => {
    for (const args of [['--data'], ['--esc', '--data'], ['-d']]) {
      const e = cliError(() => parseOptions(args, OPTIONS));
      expect([e.exitCode, e.message]).toEqual([EXIT_USAGE, expect.stringContaining('argument missing')]);
    }
    expect(cliError(() => parseOptions(['--bogus', '-x'], OPTIONS)).message).toContain("Unknown option '--bogus'");
    expect(cliError(() => parseOptions(['--esc=-x'], OPTIONS)).message).toContain("Option '-e, --esc' does not take an argument");
    expect(cliError(() => parseOptions(['--esc', '-x'], OPTIONS)).message).toContain("Unknown option '-x'");
  });

  it('keep everything after -- as positional arguments', () => {
    const { values, positionals } = parseCommandLine(['--data', '-v', 'label.xml', '--', '--data', '-d'], OPTIONS, 3);
    expect([values, positionals]).toEqual([{ data: '-v' }, ['label.xml', '--data', '-d']]);
    expect(cliError(() => parseCommandLine(['--', '-x', '-y'], OPTIONS, 1)).message).toBe("unexpected argument '-y'");
  });
});

describe('every command takes a value that starts with a dash', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await loadEngine();
  });
  const modules = (data: string) => Array.from(engine.encode({ type: 'code128', data }).modules).join('') + '\n';

  it('encode --data -ABC and --data --x encode that text', async () => {
    const [spaced, joined, optionLike] = await Promise.all([
      run(['encode', '--type', 'code128', '--data', '-ABC']),
      run(['encode', '--type', 'code128', '--data=-ABC']),
      run(['encode', '--type', 'code128', '--data', '--x']),
    ]);
    expect([spaced.status, spaced.stderr, spaced.stdout]).toEqual([0, '', modules('-ABC')]);
    expect(joined.stdout).toBe(spaced.stdout);
    expect([optionLike.status, optionLike.stderr, optionLike.stdout]).toEqual([0, '', modules('--x')]);
  });

  it('a missing value at the end is still a usage error (exit 2)', async () => {
    const r = await run(['encode', '--type', 'code128', '--data']);
    expect([r.status, r.stderr.trim()]).toEqual([2, "assetmark: Option '--data <value>' argument missing"]);
  });

  // Each value reaches the command's own check, which names it (no files are read or
  // written, no printer or port is opened: the check comes first).
  it.each([
    [['render', join(tmpdir(), 'none.xml'), '--out', join(tmpdir(), 'none-out'), '--dpi', '-5'], "assetmark: --dpi must be 203 or 300, got '-5'"],
    [['print', join(tmpdir(), 'none.xml'), '--printer', 'virtual', '--copies', '-1'], "assetmark: --copies must be a whole number from 1 to 9999, got '-1'"],
    [['helper', '--port', '-1'], "assetmark: --port must be 0 to 65535 (0: any free port), got '-1'"],
    [['encode', '--type', 'pdf417', '--data', 'x', '--rows', '-3'], "assetmark: --rows must be a whole number from 3 to 90, got '-3'"],
  ])('%j', async (args, message) => {
    const r = await run(args);
    expect([r.status, r.stderr.trim()]).toEqual([2, message]);
  });
});
