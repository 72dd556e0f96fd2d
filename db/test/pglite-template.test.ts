import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fillFromTemplate, pruneWal, templateKey } from "../src/pglite-template";

// `make` stands for PGlite's creation and the migrations: it writes which migrations it saw, so a copy shows which
// template it came from.
let root: string;
let migrationsDir: string;
let made: string[];
const make = async (dir: string) => {
  made.push(dir);
  await mkdir(join(dir, "base"), { recursive: true });
  await writeFile(join(dir, "PG_VERSION"), "17");
  await writeFile(join(dir, "base", "applied"), (await readdir(migrationsDir)).sort().join(","));
};
const fill = (dataDir: string, salt = "pglite 0.3.16") =>
  fillFromTemplate({ dataDir: join(root, dataDir), cacheDir: join(root, "cache"), migrationsDir, salt, make });
const applied = (dataDir: string) => readFileSync(join(root, dataDir, "base", "applied"), "utf8");

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "taller-template-"));
  migrationsDir = join(root, "migrations");
  mkdirSync(join(migrationsDir, "meta"), { recursive: true });
  writeFileSync(join(migrationsDir, "0000_init.sql"), "CREATE TABLE a (id int);");
  writeFileSync(join(migrationsDir, "meta", "_journal.json"), '{"entries":[0]}');
  made = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("templateKey", () => {
  it("changes with a migration's bytes, a new migration, the journal and the salt, not with a snapshot", async () => {
    const key = await templateKey(migrationsDir, "a");
    // drizzle-kit's snapshots are not migrations.
    writeFileSync(join(migrationsDir, "meta", "0000_snapshot.json"), "{}");
    expect(await templateKey(migrationsDir, "a")).toBe(key);
    expect(await templateKey(migrationsDir, "b")).not.toBe(key);
    writeFileSync(join(migrationsDir, "meta", "_journal.json"), '{"entries":[0,1]}');
    const journal = await templateKey(migrationsDir, "a");
    expect(journal).not.toBe(key);
    writeFileSync(join(migrationsDir, "0000_init.sql"), "CREATE TABLE a (id bigint);");
    const edited = await templateKey(migrationsDir, "a");
    expect(edited).not.toBe(journal);
    writeFileSync(join(migrationsDir, "0001_next.sql"), "CREATE TABLE b (id int);");
    expect(await templateKey(migrationsDir, "a")).not.toBe(edited);
  });
});

describe("fillFromTemplate", () => {
  it("makes the template once, then copies it into each fresh data folder", async () => {
    expect(await fill("first")).toBe("new template");
    expect(await fill("second")).toBe("template");
    expect(made).toHaveLength(1);
    expect(applied("second")).toBe("0000_init.sql,meta");
    // The copy is a folder of its own.
    writeFileSync(join(root, "second", "base", "applied"), "changed");
    expect(applied("first")).toBe("0000_init.sql,meta");
  });

  it("does not copy a template made before the migrations changed, and removes it", async () => {
    await fill("before");
    writeFileSync(join(migrationsDir, "0001_next.sql"), "CREATE TABLE b (id int);");
    expect(await fill("after")).toBe("new template");
    expect(applied("after")).toBe("0000_init.sql,0001_next.sql,meta");
    expect(readdirSync(join(root, "cache"))).toEqual([await templateKey(migrationsDir, "pglite 0.3.16")]);
  });

  it("does not copy a template made by another PGlite", async () => {
    await fill("old", "pglite 0.3.15");
    expect(await fill("new", "pglite 0.3.16")).toBe("new template");
    expect(made).toHaveLength(2);
  });

  it("leaves a data folder with anything in it as it is", async () => {
    mkdirSync(join(root, "existing"));
    writeFileSync(join(root, "existing", "PG_VERSION"), "17");
    expect(await fill("existing")).toBe("existing");
    expect(made).toHaveLength(0);
    expect(readdirSync(join(root, "existing"))).toEqual(["PG_VERSION"]);
  });

  it("keeps no half template when making it fails", async () => {
    const failing = async (dir: string) => {
      await mkdir(dir);
      await writeFile(join(dir, "PG_VERSION"), "17");
      throw new Error("migration failed");
    };
    const cacheDir = join(root, "cache");
    await expect(
      fillFromTemplate({ dataDir: join(root, "data"), cacheDir, migrationsDir, salt: "x", make: failing }),
    ).rejects.toThrow("migration failed");
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(await fill("data")).toBe("new template");
  });
});

describe("pruneWal", () => {
  const names = [
    "00000001000000000000000A",
    "00000001000000000000000B",
    "00000001000000000000000C",
    "00000001000000000000000D",
    "00000001000000000000000E",
  ];
  async function wal() {
    const dir = join(root, "pg_wal");
    await mkdir(join(dir, "archive_status"), { recursive: true });
    for (const name of names) await writeFile(join(dir, name), "");
    return dir;
  }

  it("keeps the segments from the checkpoint's redo to the one after the insert position, nothing else", async () => {
    const dir = await wal();
    await pruneWal(dir, "00000001000000000000000B", "00000001000000000000000C");
    expect(readdirSync(dir).sort()).toEqual([
      "00000001000000000000000B",
      "00000001000000000000000C",
      "00000001000000000000000D",
      "archive_status",
    ]);
  });

  it("removes nothing when the insert position's segment is not there, or comes before the redo", async () => {
    const dir = await wal();
    await pruneWal(dir, "00000001000000000000000B", "00000001000000000000000F");
    await pruneWal(dir, "00000001000000000000000D", "00000001000000000000000C");
    expect(
      readdirSync(dir)
        .filter((name) => name !== "archive_status")
        .sort(),
    ).toEqual(names);
  });
});
