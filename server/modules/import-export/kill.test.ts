/**
 * An import killed with kill -9 at any moment leaves either none of its rows or all of them
 * (issue 14), and is then finished by the next process (issue 27). The real server runs as a
 * child process (node --import tsx server/main.ts) on a PGlite data directory of its own;
 * IMPORT_TEST_PAUSE_AT holds an import at one stage and writes a marker file there
 * (limits.ts), so each kill lands at a known point, between two committed chunks included.
 * The server is then started again on the same directory: the job it finds running is taken
 * over (resume.ts): the rows the unpublished run had committed (hidden, never seen) go, the
 * file is imported again from the job, and every row is there exactly once; then the company
 * is free for the next file. Servers sharing a PostgreSQL server: instances.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AssetListResult, ImportStarted } from '../../../src/api/contract.ts';
import {
  api,
  assetsCsv as csvBase64,
  kill9,
  killAllChildServers,
  loginOver,
  logShows,
  markerWritten as markerIn,
  settledImport as settledStatus,
  startChildServer,
  type ChildServer as Running,
} from '../../testing/child-server.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../accounts/demo.ts';
import { IMPORT_STAGES, type ImportStage } from './limits.ts';
import { WRITE_CHUNK } from './service.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'assetmark-kill-'));
const markerDir = join(dataDir, 'markers');

afterAll(() => {
  killAllChildServers();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server on the shared data directory, holding imports at `pauseAt` if given. */
function startServer(pauseAt?: ImportStage): Promise<Running> {
  return startChildServer({ DATA_DIR: dataDir, ...(pauseAt ? { IMPORT_TEST_PAUSE_AT: pauseAt, IMPORT_TEST_MARKER_DIR: markerDir } : {}) });
}

const login = (server: Running) => loginOver(server, DEMO_EMAIL, DEMO_PASSWORD);
const markerWritten = (stage: ImportStage) => markerIn(markerDir, stage);

/** Assets the list finds by `search` (a code prefix or a name), as it counts them. */
async function countAssets(server: Running, token: string, search: string): Promise<number> {
  const reply = await api<AssetListResult>(server, 'GET', `/api/Asset?search=${encodeURIComponent(search)}&pageSize=20`, token);
  expect(reply.statusCode).toBe(0);
  return reply.resultInfo.filterAssetCount;
}

const ROWS = WRITE_CHUNK * 2 + 500;

describe('an import killed with kill -9', () => {
  // Every stage an import passes: before its rows are checked, after, between two committed
  // chunks of hidden rows, before the publish, inside it, and just after its commit.
  // (chunkApplied: only a file changing existing assets reaches it, below.)
  it.each(IMPORT_STAGES.filter((stage) => stage !== 'chunkApplied').map((stage) => [stage]))('at "%s" leaves all of its rows or none, and the next start imports them all, once', async (stage) => {
    const prefix = `K-${stage.toUpperCase()}-`;
    const paused = await startServer(stage);
    const token = await login(paused);
    expect(await countAssets(paused, token, prefix)).toBe(0);
    const reached = markerWritten(stage);
    // Not awaited: at 'parsed' the request itself is held.
    const posting = api<ImportStarted>(paused, 'POST', '/api/Excel', token, { suffix: 'csv', fileData: csvBase64(prefix, ROWS), fileName: `${stage}.csv` }).catch(
      () => null,
    );
    await reached;
    const jobId = Number(readFileSync(join(markerDir, stage), 'utf8'));
    await kill9(paused);
    await posting;

    const restarted = await startServer();
    try {
      const token2 = await login(restarted);
      const status = await settledStatus(restarted, token2, jobId);
      expect(status).toMatchObject({ status: 'success', created: ROWS, errorCount: 0 });
      expect(await countAssets(restarted, token2, prefix)).toBe(ROWS);
      if (stage !== 'committed') {
        expect(restarted.log()).toMatch(/1 import\(s\) the last process left running are taken over/);
        expect(restarted.log()).toMatch(new RegExp(`\\[import\\] job ${jobId} taken over from \\S+ \\(run 2\\)`));
      }
      // The hidden rows the killed run had committed (every chunk from chunkWritten on) went
      // before the file was imported again.
      const hiddenWritten = ['chunkWritten', 'publishing', 'committing'].includes(stage);
      if (hiddenWritten) {
        const removed = stage === 'chunkWritten' ? WRITE_CHUNK : ROWS;
        expect(restarted.log()).toMatch(new RegExp(`\\[import\\] job ${jobId}: ${removed} unpublished row\\(s\\) of the previous run removed`));
      }

      // The company is free: another file is imported whole.
      const againPrefix = `${prefix}N-`;
      const again = await api<ImportStarted>(restarted, 'POST', '/api/Excel', token2, { suffix: 'csv', fileData: csvBase64(againPrefix, 50) });
      expect(again.statusCode).toBe(0);
      expect(await settledStatus(restarted, token2, again.resultInfo.jobId)).toMatchObject({ status: 'success', created: 50 });
      expect(await countAssets(restarted, token2, againPrefix)).toBe(50);
    } finally {
      await kill9(restarted);
    }
  }, 240_000);

  // After its publish, an import changing existing assets applies the changes in chunks, each
  // its own transaction (PGlite): killed between two, the next start applies the rest.
  it('after the publish, between two chunks of changes, keeps them all: the next start applies the rest', async () => {
    const prefix = 'K-APPLY-';
    const paused = await startServer('chunkApplied');
    const token = await login(paused);
    const created = await api<ImportStarted>(paused, 'POST', '/api/Excel', token, { suffix: 'csv', fileData: csvBase64(prefix, ROWS, 'Seat') });
    expect(await settledStatus(paused, token, created.resultInfo.jobId)).toMatchObject({ status: 'success', created: ROWS });
    const reached = markerWritten('chunkApplied');
    const changing = await api<ImportStarted>(paused, 'POST', '/api/Excel', token, { suffix: 'csv', fileData: csvBase64(prefix, ROWS, 'Stool') });
    expect(changing.statusCode).toBe(0);
    await reached;
    // Held after the publish and the first chunk after it: two chunks applied, the rest not.
    expect(await countAssets(paused, token, 'Stool')).toBe(WRITE_CHUNK * 2);
    await kill9(paused);

    const restarted = await startServer();
    try {
      const token2 = await login(restarted);
      await logShows(restarted, new RegExp(`\\[import\\] the rest of import ${changing.resultInfo.jobId}'s changes applied`));
      expect(await settledStatus(restarted, token2, changing.resultInfo.jobId)).toMatchObject({ status: 'success', updated: ROWS, errorCount: 0 });
      expect(await countAssets(restarted, token2, 'Stool')).toBe(ROWS);
      expect(await countAssets(restarted, token2, 'Seat')).toBe(0);
    } finally {
      await kill9(restarted);
    }
  }, 240_000);
});
