// A fresh embedded database starts as a copy of a migrated one: PGlite's initdb (about 3 s of CPU) and the
// migrations (about 2.5 s) are paid once per set of migrations, not by every new data folder (docs/performance.md
// 'Start'). The template is a closed PGlite data folder, keyed by a hash of the migrations and of what PGlite
// runs them with, so a template made before a migration was added or changed is never copied.
import { createHash, randomBytes } from "node:crypto";
import { cpSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";

/** How an embedded data folder was opened: found with a database, copied from a template, or neither. */
export type DataDirOrigin = "existing" | "template" | "new template" | "in place";

/**
 * What drizzle's migrator reads: the journal and the SQL files (meta/ also holds drizzle-kit's schema snapshots,
 * 17 MB that only `generate` reads).
 */
async function migrationFiles(dir: string): Promise<string[]> {
  const sqlFiles = (await readdir(dir)).filter((name) => name.endsWith(".sql")).sort();
  return [join("meta", "_journal.json"), ...sqlFiles];
}

/**
 * A hash of the migrations (each SQL file's name and bytes, and the journal) and of `salt` (PGlite's version and
 * extensions): any change to either gives another key.
 */
export async function templateKey(migrationsDir: string, salt: string): Promise<string> {
  const hash = createHash("sha256").update(salt);
  for (const file of await migrationFiles(migrationsDir)) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(join(migrationsDir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Removes from a closed data folder's `pg_wal` the segments PostgreSQL will not read again: those before `redo` (where
 * the last checkpoint's replay would start, read with `current` before closing) and those after the one that follows
 * `current` (the insert position then; closing writes its shutdown checkpoint there or, at a segment's end, in the
 * next). What is removed is finished log or spares recycled for later, which PostgreSQL makes again when it needs them.
 */
export async function pruneWal(walDir: string, redo: string, current: string): Promise<void> {
  const segments = (await entriesOf(walDir)).filter((name) => /^[0-9A-F]{24}$/.test(name)).sort();
  const at = segments.indexOf(current);
  if (at < 0 || redo > current) return;
  const last = segments[at + 1] ?? current;
  for (const name of segments) if (name < redo || name > last) await rm(join(walDir, name));
}

/** The folder's entries, or none when it does not exist. */
async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
}

/**
 * Fills `dataDir` when it is missing or empty with a copy of the template under `cacheDir` for `migrationsDir`
 * and `salt` (templateKey). A missing
 * template is made first by `make` (which creates a migrated database in the folder it is given and closes it) in a
 * folder of its own, renamed into place when complete: a process that stops midway leaves no half template, and of
 * two processes making it at once the second's rename fails and it copies the first's. Templates of other keys are
 * removed then. A folder with anything in it is left to PGlite as it is, and so is an empty one when the cache
 * cannot be written.
 */
export async function fillFromTemplate(opts: {
  dataDir: string;
  cacheDir: string;
  migrationsDir: string;
  salt: string;
  make: (dir: string) => Promise<void>;
}): Promise<DataDirOrigin> {
  const { dataDir, cacheDir, make } = opts;
  if ((await entriesOf(dataDir)).length > 0) return "existing";
  const key = await templateKey(opts.migrationsDir, opts.salt);
  const template = join(cacheDir, key);
  let origin: DataDirOrigin = "template";
  if ((await entriesOf(template)).length === 0) {
    // A cache PGlite cannot write to (a read-only install): the database is created in the data folder instead.
    const writable = await mkdir(cacheDir, { recursive: true }).then(
      () => true,
      (error: unknown) => {
        if (["EACCES", "EPERM", "EROFS"].includes((error as NodeJS.ErrnoException).code ?? "")) return false;
        throw error;
      },
    );
    if (!writable) return "in place";
    origin = "new template";
    const making = join(cacheDir, `making-${process.pid}-${randomBytes(4).toString("hex")}`);
    try {
      await make(making);
      await rename(making, template).catch(async (error: unknown) => {
        if ((await entriesOf(template)).length === 0) throw error;
      });
    } finally {
      await rm(making, { recursive: true, force: true });
    }
    for (const name of await entriesOf(cacheDir))
      if (name !== key && !name.startsWith("making-")) await rm(join(cacheDir, name), { recursive: true, force: true });
  }
  // Synchronous: Node's asynchronous cp spends about 0.3 s of CPU on the template's thousand files, this 0.05 s.
  cpSync(template, dataDir, { recursive: true });
  return origin;
}
