/**
 * npm run db:seed — adds the demo accounts, business and events to the database the
 * server would use (DATABASE_URL, else the embedded one in PGLITE_DIR), once: a second
 * run finds the mark and changes nothing. Prints the demo sign-ins.
 */
import { loadSettings, SettingsError } from "#server/config.ts";
import { demoSignInLines, seedDemoData } from "#server/modules/demo/demo-seed.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";

let settings: ReturnType<typeof loadSettings>;
try {
  settings = loadSettings();
} catch (error) {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
}
const log = createLogger(settings.LOG_LEVEL === "info" ? "warn" : settings.LOG_LEVEL);
const database = await openDatabase({
  databaseUrl: settings.DATABASE_URL,
  pgliteDir: settings.PGLITE_DIR,
  poolMax: 2,
});
try {
  const seeded = await seedDemoData(database.db, log, { publicUrl: settings.PUBLIC_URL });
  console.log(
    seeded
      ? `Demo data added to the ${database.kind === "postgres" ? "PostgreSQL" : "embedded"} database.`
      : "Demo data was already there: nothing changed.",
  );
  console.log(demoSignInLines().join("\n"));
} finally {
  await database.close();
}
