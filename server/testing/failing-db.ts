/**
 * Tests: a Db whose transactions fail part-way, as a crash or a full disk there would end
 * them. The `nth` statement (1-based, counted over every transaction) whose SQL contains
 * `marker` throws `message`; everything else runs on `db`.
 */
import type { Db } from '../db/db.ts';

export function failingAt(db: Db, marker: string, nth: number, message: string): { db: Db; seen: () => number } {
  let seen = 0;
  const failing: Db = {
    ...db,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          exec: (script) => tx.exec(script),
          query: (sql, params) => {
            if (sql.includes(marker) && ++seen === nth) throw new Error(message);
            return tx.query(sql, params);
          },
        }),
      ),
  };
  return { db: failing, seen: () => seen };
}
