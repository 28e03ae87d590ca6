/**
 * withinTransaction: a service's own transaction inside the caller's is undone alone when it
 * throws, and everything is undone when the caller's transaction rolls back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { openTestDb } from './test-db.ts';
import { withinTransaction } from './within-transaction.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb({ migrate: false });
  await db.exec('CREATE TABLE notes (text text NOT NULL)');
});
afterAll(() => db.close());

const notes = async () => (await db.query<{ text: string }>('SELECT text FROM notes ORDER BY text')).rows.map((r) => r.text);

it('undoes a failed inner transaction alone, and commits the rest with the outer one', async () => {
  await db.transaction(async (tx) => {
    const inner = withinTransaction(tx, db.kind);
    await inner.transaction((q) => q.query("INSERT INTO notes VALUES ('kept')"));
    await expect(
      inner.transaction(async (q) => {
        await q.query("INSERT INTO notes VALUES ('undone')");
        await q.query('INSERT INTO notes VALUES (NULL)'); // refused: the transaction fails here
      }),
    ).rejects.toThrow();
    // The outer transaction goes on after the failure.
    await inner.query("INSERT INTO notes VALUES ('after')");
  });
  expect(await notes()).toEqual(['after', 'kept']);
});

it('writes nothing when the outer transaction rolls back', async () => {
  await db.query('DELETE FROM notes');
  await expect(
    db.transaction(async (tx) => {
      const inner = withinTransaction(tx, db.kind);
      await inner.transaction((q) => q.query("INSERT INTO notes VALUES ('gone')"));
      throw new Error('stopped');
    }),
  ).rejects.toThrow('stopped');
  expect(await notes()).toEqual([]);
});
