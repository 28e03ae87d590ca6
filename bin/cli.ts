/**
 * What every subcommand shares: the error type that becomes an exit status and a one-line
 * message, strict option parsing, and the process streams (injectable for tests).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Exit statuses: 1 = the input could not be processed, 2 = the command line is wrong. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure reported as `assetmark: <message>` on stderr and the given exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
  }
}

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** A subcommand: one file under bin/commands/. */
export interface Command {
  /** Full usage text for `assetmark <command> --help`. */
  usage: string;
  run(args: string[], io: Io): Promise<void>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Joins each string option given as `--name value` (or `-n value`) into `--name=value`, so
 * that a value starting with a dash (`--data -ABC`, `--data --x`) is taken as the value, as
 * getopt_long does: Node's parseArgs refuses such a value as "ambiguous". Booleans, unknown
 * options, `--name=value` and everything after `--` pass unchanged; a string option last
 * on the line stays alone, so parseArgs still reports its missing value.
 */
export function joinOptionValues(args: string[], options: Options): string[] {
  const longName = (arg: string): string | undefined => {
    if (arg.startsWith('--')) return arg.slice(2);
    if (arg.length !== 2 || arg[0] !== '-') return undefined;
    return Object.keys(options).find((name) => options[name]!.short === arg[1]);
  };
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      out.push(...args.slice(i));
      break;
    }
    const name = longName(arg);
    if (name !== undefined && Object.hasOwn(options, name) && options[name]!.type === 'string' && i + 1 < args.length) {
      out.push(`--${name}=${args[++i]!}`);
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** Parses `args` strictly (unknown options and stray arguments are usage errors). */
export function parseOptions<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args: joinOptionValues(args, options), options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    // Node's messages span lines (problem, then a hint); keep them on one.
    throw new CliError((e as Error).message.replace(/\s*\n\s*/g, ' '), EXIT_USAGE);
  }
}

/** Like parseOptions, with positional arguments (at most `maxPositionals`). */
export function parseCommandLine<T extends Options>(args: string[], options: T, maxPositionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args: joinOptionValues(args, options), options, strict: true, allowPositionals: true });
  } catch (e) {
    throw new CliError((e as Error).message.replace(/\s*\n\s*/g, ' '), EXIT_USAGE);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new CliError(`unexpected argument '${parsed.positionals[maxPositionals]}'`, EXIT_USAGE);
  }
  return parsed;
}

/** The value of a required string option. */
export function required(value: string | boolean | undefined, name: string): string {
  if (typeof value !== 'string') throw new CliError(`missing --${name}`, EXIT_USAGE);
  return value;
}

/** Writes and waits until the stream has taken the bytes (binary output to a pipe). */
export function write(stream: NodeJS.WritableStream, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(data, (err) => (err ? reject(err) : resolve()));
  });
}
