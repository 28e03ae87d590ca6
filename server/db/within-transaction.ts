/**
 * A Db that runs everything inside one transaction the caller already holds, so a sequence
 * of service calls (each of which opens its own transaction through `db.transaction`) commits
 * or rolls back as one: the demo company's sample data (modules/demo) is seeded this way, and
 * a crash half-way leaves nothing behind.
 *
 * A service's own transaction becomes a SAVEPOINT: when it throws, its statements are undone
 * (as a rolled-back transaction's would be) and the outer transaction can go on, which a
 * service that catches a refusal and then writes (e.g. removing a half-made order) relies on.
 * Limits: close() is refused (the outer transaction's owner ends it), and a statement that must
 * open a transaction (SET TRANSACTION ISOLATION LEVEL, used by some paged reads) fails inside
 * it; the writes this serves do not use it.
 */
import type { Db, Queryable } from './db.ts';

export function withinTransaction(tx: Queryable, kind: Db['kind']): Db {
  let savepoints = 0;
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (script) => tx.exec(script),
    async transaction(fn) {
      const name = `nested_${++savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    },
    close: () => Promise.reject(new Error('a Db within a transaction is closed by the transaction\'s owner')),
  };
}
