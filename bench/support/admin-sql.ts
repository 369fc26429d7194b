import pg from "pg";

/** One statement on its own connection (create or drop a benchmark's database). */
export async function adminSql(connectionString: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
