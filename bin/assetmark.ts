/**
 * `assetmark <command> [options]`: the label engine on the command line. Each command is
 * one file under bin/commands/; add it to COMMANDS below. Failures print one line to
 * stderr (`assetmark: ...`) and exit non-zero, never a stack trace (set ASSETMARK_DEBUG=1
 * to see one).
 */
import { CliError, EXIT_FAILURE, EXIT_USAGE, write, type Command, type Io } from './cli.ts';

/** Subcommands, loaded on use so one command's imports never slow another down. */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ command: Command }> }> = {
  encode: { summary: 'encode one symbol as modules (0/1) or a PBM image', load: () => import('./commands/encode.ts') },
  render: { summary: 'render a label file (and a spreadsheet) to one PBM or PNG a page', load: () => import('./commands/render.ts') },
  print: { summary: 'print a label file (and a spreadsheet) on a ZPL, TSPL, CUPS or virtual printer', load: () => import('./commands/print.ts') },
  helper: { summary: 'run the print helper (virtual, network and CUPS printers) on 127.0.0.1', load: () => import('./commands/helper.ts') },
};

function overview(): string {
  return [
    'usage: assetmark <command> [options]',
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`),
    '',
    "run 'assetmark <command> --help' for a command's options",
    '',
  ].join('\n');
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      await write(name === undefined ? io.stderr : io.stdout, overview());
      return name === undefined ? EXIT_USAGE : 0;
    }
    const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!entry) throw new CliError(`unknown command '${name}' (commands: ${Object.keys(COMMANDS).join(', ')})`, EXIT_USAGE);
    const { command } = await entry.load();
    if (args.includes('--help') || args.includes('-h')) {
      await write(io.stdout, command.usage);
      return 0;
    }
    await command.run(args, io);
    return 0;
  } catch (e) {
    if (process.env.ASSETMARK_DEBUG) await write(io.stderr, `${(e as Error).stack ?? e}\n`);
    const exitCode = e instanceof CliError ? e.exitCode : EXIT_FAILURE;
    const message = e instanceof Error ? e.message : String(e);
    await write(io.stderr, `assetmark: ${message.split('\n')[0]}\n`);
    return exitCode;
  }
}

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
