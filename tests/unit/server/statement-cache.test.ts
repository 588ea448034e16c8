import SqliteDatabase from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "../../../src/server/storage/statement-cache";

let sqlite: SqliteDatabase.Database;
afterEach(() => {
  if (sqlite.open) sqlite.close();
});

function openCached(capacity?: number) {
  sqlite = new SqliteDatabase(":memory:");
  sqlite.exec("create table t (id integer primary key, name text)");
  return withStatementCache(sqlite, capacity);
}

describe("withStatementCache", () => {
  it("prepares a query text once and runs it again with other parameters", () => {
    const db = openCached();
    const insert = db.prepare("insert into t (name) values (?)");
    insert.run(["a"]);
    expect(db.prepare("insert into t (name) values (?)")).toBe(insert);
    db.prepare("insert into t (name) values (?)").run(["b"]);
    expect(db.prepare("select name from t order by id").all([])).toEqual([
      { name: "a" },
      { name: "b" },
    ]);
  });

  it("forgets the least recently used text beyond its capacity", () => {
    const db = openCached(2);
    const first = db.prepare("select 1");
    const second = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(first);
    db.prepare("select 3");
    expect(db.prepare("select 1")).toBe(first);
    expect(db.prepare("select 2")).not.toBe(second);
  });

  it("gives a query still being iterated a statement of its own", () => {
    const db = openCached();
    db.prepare("insert into t (name) values (?)").run(["a"]);
    db.prepare("insert into t (name) values (?)").run(["b"]);
    const select = db.prepare("select name from t order by id");
    const rows = select.iterate([]);
    expect(rows.next().value).toEqual({ name: "a" });
    const other = db.prepare("select name from t order by id");
    expect(other).not.toBe(select);
    expect(other.all([])).toHaveLength(2);
    expect(rows.next().value).toEqual({ name: "b" });
    rows.return?.();
  });

  it("closes the database", () => {
    const db = openCached();
    db.prepare("select 1");
    db.close();
    expect(sqlite.open).toBe(false);
  });
});
