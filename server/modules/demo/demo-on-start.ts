import type { Settings } from "#server/config.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { demoSignInLines, hasNoUsers, seedDemoData } from "./demo-seed.ts";

/**
 * `npm start` on a fresh machine shows a working product: the embedded database, when it
 * has no accounts at all and DEMO_DATA is not `off`, gets the demo and the console says
 * how to sign in. A shared PostgreSQL is never seeded by a start (`npm run db:seed` is).
 */
export async function seedDemoOnFirstStart(
  settings: Settings,
  database: DatabaseHandle,
  log: Logger,
): Promise<void> {
  if (settings.DEMO_DATA === "off" || database.kind !== "pglite") return;
  if (!(await hasNoUsers(database.db))) return;
  try {
    if (!(await seedDemoData(database.db, log, { publicUrl: settings.PUBLIC_URL }))) return;
  } catch (error) {
    // The demo is a convenience: the product starts without it (and tries again next time,
    // the failed transaction having left nothing behind).
    log.warn({ err: error }, "demo data could not be seeded");
    return;
  }
  const lines = demoSignInLines();
  log.info({ signIns: lines.slice(1).map((l) => l.trim()) }, "demo sign-ins");
  console.log(
    [
      ...lines,
      `SMS codes and emails stay on this machine: ${settings.PUBLIC_URL}/dev/outbox (readable from this machine only)`,
    ].join("\n"),
  );
}
