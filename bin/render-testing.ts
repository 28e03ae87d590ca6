/**
 * What the render CLI's tests share: running `bin/assetmark` as a user would (from another
 * directory, through the bash wrapper) and writing label files into a scratch directory.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLabel, type LabelInput } from '../src/label/label.ts';
import { writeLabel } from '../src/label/wdfx.ts';

/** The repository's root directory. */
export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const CLI = join(ROOT, 'bin', 'assetmark');

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
  /** Killed by the time-out (60 s): the process hung. */
  hung: boolean;
}

/** Runs the CLI from the temp directory; `env` replaces the environment when given. */
export function run(args: string[], env?: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(CLI, args, { cwd: tmpdir(), encoding: 'utf8', env, timeout: 60_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const hung = error?.killed === true;
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr, hung });
    });
  });
}

/** Writes the label `input` as `dir/name` (.wdfx XML) and returns the path. */
export function writeLabelFile(dir: string, name: string, input: LabelInput): string {
  const file = join(dir, name);
  writeFileSync(file, writeLabel(createLabel(input)));
  return file;
}
