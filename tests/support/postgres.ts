import { randomBytes } from "node:crypto";
import pg from "pg";
import { TEST_TEMPLATE_LOCK } from "#server/platform/db/advisory-locks.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { imageKey } from "./pglite-image.ts";

/** Set in CI (and by hand): a PostgreSQL database the tests may create databases from. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

function databaseUrl(name: string): string {
  const url = new URL(testDatabaseUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated, empty database to copy (`create database … template`), made once for these
 * migrations beside TEST_DATABASE_URL's database and kept for later runs, like the PGlite
 * image. Its `datistemplate` mark is set last, so a build cut short is made again; an
 * advisory lock lets one process build it while the others wait.
 */
export async function migratedTemplate(): Promise<string> {
  const base = new URL(testDatabaseUrl as string).pathname.slice(1);
  const name = `${base}_migrated_${imageKey()}`.toLowerCase();
  await asAdmin(async (admin) => {
    await admin.query("select pg_advisory_lock($1)", [TEST_TEMPLATE_LOCK]);
    try {
      const found = await admin.query<{ datistemplate: boolean }>(
        "select datistemplate from pg_database where datname = $1",
        [name],
      );
      if (found.rows[0]?.datistemplate) return;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(name), pgliteDir: "" });
      await database.close();
      await admin.query(`alter database ${name} is_template true`);
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEST_TEMPLATE_LOCK]);
    }
  });
  return name;
}

/**
 * A new database on the TEST_DATABASE_URL server, dropped by `drop()`: empty, or with
 * `migrated` a copy of one every migration already ran on (a server or `openDatabase` on
 * it finds nothing left to migrate). Tests of migrating an empty database take it empty.
 */
export async function createTempDatabase(
  prefix = "t",
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const template = options.migrated ? ` template ${await migratedTemplate()}` : "";
  await asAdmin((admin) => admin.query(`create database ${name}${template}`));
  return {
    url: databaseUrl(name),
    async drop() {
      await asAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
