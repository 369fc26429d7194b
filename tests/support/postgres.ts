import { randomBytes } from "node:crypto";
import pg from "pg";

/** Set in CI (and by hand): a PostgreSQL database the tests may create databases from. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A new, empty database on the TEST_DATABASE_URL server, dropped by `drop()`. */
export async function createTempDatabase(
  prefix = "t",
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
