import { sql } from "drizzle-orm";
import { type DoorVerdict, invalidVerdict } from "#contract/door-verdict.ts";
import { isManualCode, normaliseManualCode } from "#contract/manual-code.ts";
import type { TicketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { readTicketToken, verifyTicketToken } from "#server/modules/tickets/ticket-token.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { admitInOneStatement } from "./admit-in-one-statement.ts";
import { admissionVerdict, admitStatement, type TicketTarget } from "./admit-statement.ts";
import { type BadScanBurstStep, noticeBadScan } from "./bad-scans.ts";
import { announceAdmission } from "./door-announcements.ts";
import { withDoorAnswers } from "./door-answers.ts";
import type { DoorAttempt } from "./door-attempt.ts";
import { verdictWithoutAdmission } from "./ticket-at-door.ts";

/**
 * What a scanned or typed code names, checked without the database: a QR token whose
 * signature checks out, or something shaped like a manual code. Null: invalid, at no
 * query's cost.
 */
export async function targetOfCode(
  ring: TicketKeyRing,
  code: string,
): Promise<TicketTarget | null> {
  const trimmed = code.trim();
  if (readTicketToken(trimmed)) {
    const claims = await verifyTicketToken(trimmed, (kid) => ring.verificationKey(kid));
    return claims
      ? {
          kind: "token",
          ticketId: claims.ticketId,
          generation: claims.generation,
          eventShortId: claims.eventShortId,
        }
      : null;
  }
  const manualCode = normaliseManualCode(trimmed);
  return isManualCode(manualCode) ? { kind: "code", manualCode } : null;
}

/**
 * Admits the target once, answering each `scanId` (per user) with its first verdict. A
 * new scan of a valid ticket is admitted in one statement (`admitQuickly`); the rest take
 * the careful path (`admitCarefully`).
 */
export async function attemptAdmission(
  db: Database,
  attempt: DoorAttempt,
  target: TicketTarget | null,
  burstSteps: readonly BadScanBurstStep[] = [],
): Promise<DoorVerdict> {
  return (
    (await admitQuickly(db, attempt, target)) ??
    (await admitCarefully(db, attempt, target, burstSteps))
  );
}

/**
 * The one-statement admission (which checks the caller's door access itself), and the
 * desks told once it committed. Null when it admitted nothing.
 */
export async function admitQuickly(
  db: Database,
  attempt: DoorAttempt,
  target: TicketTarget | null,
): Promise<DoorVerdict | null> {
  const quick = target ? await admitInOneStatement(db, attempt, target) : null;
  if (quick) announceAdmission(db, attempt.eventId);
  return quick;
}

/**
 * Everything but a new admission of a valid ticket, for a caller whose door access was
 * checked: the scan's row is claimed first, so a concurrent retry waits on it and then
 * reads the verdict the first request stored (ten copies of one request make one
 * admission and ten identical answers); the verdict, admitted or why not, is stored, and
 * answered with its ticket's answers (read after, never stored: decision 037).
 */
export async function admitCarefully(
  db: Database,
  attempt: DoorAttempt,
  target: TicketTarget | null,
  burstSteps: readonly BadScanBurstStep[] = [],
): Promise<DoorVerdict> {
  let admittedHere = false;
  const verdict = await db.transaction(async (tx) => {
    const claimed = await rowsOf<{ scan_id: string }>(
      tx,
      sql`insert into check_in_scans (user_id, scan_id, event_id)
        values (${attempt.staffUserId}::uuid, ${attempt.scanId}, ${attempt.eventId}::uuid)
        on conflict do nothing returning scan_id`,
    );
    if (claimed.length === 0) return storedVerdict(tx, attempt);
    const verdict = target
      ? await admitOrExplain(tx, attempt, target)
      : invalidVerdict("signature");
    await tx.execute(
      sql`update check_in_scans set verdict = ${JSON.stringify(verdict)}::jsonb
        where user_id = ${attempt.staffUserId}::uuid and scan_id = ${attempt.scanId}`,
    );
    await noticeBadScan(tx, attempt.eventId, verdict, burstSteps);
    admittedHere = verdict.verdict === "admitted";
    return verdict;
  });
  // Once the admission committed; a retry answered from the stored verdict was announced
  // by the request that admitted.
  if (admittedHere) announceAdmission(db, attempt.eventId);
  return withDoorAnswers(db, verdict);
}

async function storedVerdict(tx: Executor, attempt: DoorAttempt): Promise<DoorVerdict> {
  const [row] = await rowsOf<{ verdict: DoorVerdict | string | null }>(
    tx,
    sql`select verdict from check_in_scans
      where user_id = ${attempt.staffUserId}::uuid and scan_id = ${attempt.scanId}`,
  );
  const raw = row?.verdict;
  if (!raw) throw new Error("scan claimed without a verdict");
  const stored = typeof raw === "string" ? (JSON.parse(raw) as DoorVerdict) : raw;
  // An offline upload under this scan id stored its result, the verdict inside (decision
  // 030): a late copy of the scan's online request answers that verdict.
  return typeof stored.verdict === "object" ? (stored.verdict as DoorVerdict) : stored;
}

async function admitOrExplain(
  tx: Executor,
  attempt: DoorAttempt,
  target: TicketTarget,
): Promise<DoorVerdict> {
  // Twice at most: a ticket found valid after a failed admission was undone in between.
  for (let round = 0; round < 2; round++) {
    const admitted = await admitStatement(tx, { ...attempt, target });
    if (admitted) {
      return admissionVerdict(admitted, attempt.eventId, attempt.deviceId);
    }
    const refused = await verdictWithoutAdmission(tx, target, attempt.eventId, attempt.staffUserId);
    if (refused) return refused;
  }
  return invalidVerdict("unknown");
}
