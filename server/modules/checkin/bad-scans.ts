import { sql } from "drizzle-orm";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** Bad scans (invalid codes, tickets already in) at one event within a minute that look like copied QR codes. */
export const BAD_SCAN_BURST = 5;

/**
 * What the door does about a burst of bad scans, composed in server/steps (the alerts
 * module tells the event's teams). `windowKey` names the minute, so a burst is told once.
 */
export type BadScanBurstStep = (
  tx: Executor,
  burst: { eventId: string; badScans: number; windowKey: string },
) => Promise<void>;

const isBad = (verdict: DoorVerdict) =>
  verdict.verdict === "invalid" || verdict.verdict === "already-checked-in";

/**
 * After a scan's verdict is stored: when it was bad and the event has had at least
 * BAD_SCAN_BURST of them in the last minute, runs the burst steps.
 */
export async function noticeBadScan(
  tx: Executor,
  eventId: string,
  verdict: DoorVerdict,
  steps: readonly BadScanBurstStep[],
): Promise<void> {
  if (!isBad(verdict) || steps.length === 0) return;
  const [row] = await rowsOf<{ bad: string | number; minute: string | number }>(
    tx,
    sql`select count(*) as bad, floor(extract(epoch from now()) / 60) as minute
      from check_in_scans
      where event_id = ${eventId}::uuid and created_at > now() - interval '1 minute'
        and verdict->>'verdict' in ('invalid', 'already-checked-in')`,
  );
  const badScans = Number(row?.bad ?? 0);
  if (badScans < BAD_SCAN_BURST) return;
  for (const step of steps) {
    await step(tx, { eventId, badScans, windowKey: String(row?.minute) });
  }
}
