/**
 * Import files are parsed off the request thread, in worker threads (parse-worker.ts), a
 * few at a time over all companies (IMPORT_WORKERS, default 1); further files wait in a
 * queue, first come first served. Each worker's heap is capped (IMPORT_WORKER_HEAP_MB): a
 * zip bomb or a sheet of huge cells that needs more ends that worker with "out of memory",
 * answered as importTooLargeToRead, and the server goes on. Each file also has a deadline
 * (IMPORT_PARSE_TIMEOUT_MS): a file the spreadsheet library never finishes reading is
 * refused as importTooSlowToRead and its worker stopped, so the files behind it go on. The request thread only hands
 * the file's bytes over and takes back its rows, 1,000 to a message, so other requests are
 * answered between messages.
 *
 * One import per company at a time is the caller's rule (the job row, service.ts), checked
 * before a file joins this queue.
 */
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorKind, type ErrorParams } from '../../errors.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportGate, type ImportLimits } from './limits.ts';
import type { RowProblem } from './rows.ts';
import type { SheetRows } from './sheet-rows.ts';
import type { Cell, Marker } from './workbook.ts';

/** What a parse worker is given (its workerData). */
export interface ParseRequest {
  bytes: Uint8Array;
  suffix: string;
  limits: { maxRows: number; maxCells: number };
  /** Whether to ask the parent before going on at each stage. */
  gated: boolean;
}

/** What a parse worker sends, in this order: [gate], head, rows..., done; or refused. */
export type FromWorker =
  | { type: 'gate'; stage: 'parsed' }
  | { type: 'head'; header: Cell[]; headerRow: number; marker: Marker | null }
  | { type: 'rows'; data: { row: number; cells: Cell[] }[] }
  | { type: 'done'; problems: RowProblem[] }
  | { type: 'refused'; kind: ErrorKind; params: ErrorParams };

/** The render pool's bootstrap: it registers tsx in the worker when the entry is TypeScript. */
const BOOTSTRAP = new URL('../../../src/render/pool-worker.mjs', import.meta.url);
const ENTRY = new URL('./parse-worker.ts', import.meta.url);

export class ImportParser {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  /** `entry`: the worker's module (tests give one that never answers, for the deadline). */
  constructor(
    readonly limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
    private readonly entry: URL = ENTRY,
  ) {}

  /** Files being parsed now, and files waiting for a worker. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /**
   * The file's header and rows once a worker is free and has read it; an AppError when it
   * is refused. `gate` (tests) is asked at the worker's stages, with `jobId`.
   */
  async parse(bytes: Uint8Array, suffix: string, options: { gate?: ImportGate; jobId?: number } = {}): Promise<SheetRows> {
    if (this.active >= this.limits.workers) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await this.inWorker(bytes, suffix, options);
    } finally {
      // Hand the slot straight to the next file in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  private inWorker(bytes: Uint8Array, suffix: string, { gate, jobId = 0 }: { gate?: ImportGate; jobId?: number }): Promise<SheetRows> {
    const request: ParseRequest = {
      bytes,
      suffix,
      limits: { maxRows: this.limits.maxRows, maxCells: this.limits.maxCells },
      gated: gate !== undefined,
    };
    return new Promise<SheetRows>((resolve, reject) => {
      const worker = new Worker(BOOTSTRAP, {
        workerData: { entry: this.entry.href, ...request },
        resourceLimits: { maxOldGenerationSizeMb: this.limits.workerHeapMb },
      });
      let settled = false;
      let deadline: ReturnType<typeof setTimeout> | undefined;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        outcome();
        void worker.terminate();
      };
      // The clock runs while the worker works, not while a test holds it at a gate.
      let left = this.limits.parseMs;
      let since = Date.now();
      const startClock = () => {
        since = Date.now();
        deadline = setTimeout(() => finish(() => reject(new AppError('importTooSlowToRead', { s: Math.round(this.limits.parseMs / 1000) }))), left);
      };
      const stopClock = () => {
        clearTimeout(deadline);
        left = Math.max(0, left - (Date.now() - since));
      };
      startClock();
      let head: Extract<FromWorker, { type: 'head' }> | null = null;
      const data: SheetRows['data'] = [];
      worker.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'gate':
            stopClock();
            gate!(message.stage, jobId).then(
              () => {
                startClock();
                worker.postMessage('go');
              },
              (err) => finish(() => reject(err)),
            );
            break;
          case 'head':
            head = message;
            break;
          case 'rows':
            for (const item of message.data) data.push(item);
            break;
          case 'done':
            finish(() => resolve({ header: head!.header, headerRow: head!.headerRow, marker: head!.marker, data, problems: message.problems }));
            break;
          case 'refused':
            finish(() => reject(new AppError(message.kind, message.params)));
            break;
        }
      });
      worker.once('error', (err: Error & { code?: string }) => {
        finish(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new AppError('importTooLargeToRead', { mb: this.limits.workerHeapMb })
              : new AppError('importDamaged'),
          ),
        );
      });
      worker.once('exit', () => finish(() => reject(new AppError('importDamaged'))));
    });
  }
}
