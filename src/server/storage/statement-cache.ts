import type { Database as BetterSqliteDatabase, Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * better-sqlite3 behind Kysely with prepared statements kept by SQL text: Kysely prepares every
 * query anew, and preparing costs as much as running the small inserts and lookups the API makes
 * (profile of `npm run bench`'s writes). Kysely binds every value as a parameter, so the texts are
 * few; the cache is still bounded (least recently used out) for `in (…)` lists of any length.
 */
export function withStatementCache(sqlite: BetterSqliteDatabase, capacity = 200): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      const cached = statements.get(sql);
      // A statement still being iterated cannot run twice at once: such a query gets its own.
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (cached) return statement;
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
