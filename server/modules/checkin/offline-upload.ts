import { sql } from "drizzle-orm";
import type {
  DoorConflictReason,
  OfflineAdmission,
  OfflineUploadAnswer,
  OfflineUploadInput,
  OfflineUploadResult,
} from "#contract/door-offline.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { judgeTicket, type TicketFacts } from "#contract/judge-ticket.ts";
import { isUuid } from "#contract/uuid.ts";
import { ticketAtDoorOf } from "#server/modules/tickets/ticket-facts.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { admissionVerdict, admitStatement } from "./admit-statement.ts";
import { announceAdmission } from "./door-announcements.ts";
import type { DoorConflictStep } from "./door-conflicts.ts";

/** Who uploads, for which event, from which device. */
type Upload = { eventId: string; deviceId: string; staffUserId: string };

/**
 * The admissions a device made offline, recorded once per scan id (decision 030), each in
 * its own short transaction: admitted if the ticket is still valid (with the device's
 * time), or kept as a conflict and told by `conflictSteps` (already in, cancelled, given
 * away), or refused (no ticket of this event). A repeated scan id answers what it
 * answered first.
 */
export async function uploadOfflineAdmissions(
  db: Database,
  staffUserId: string,
  input: OfflineUploadInput,
  conflictSteps: readonly DoorConflictStep[] = [],
): Promise<OfflineUploadAnswer> {
  const bad = input.admissions.find((a) => !isUuid(a.ticketId) || Number.isNaN(Date.parse(a.at)));
  if (bad) {
    throw new FunctionError(
      "INVALID_ARGUMENT",
      `Admission ${bad.scanId} names no ticket or time the door could have read; nothing was uploaded.`,
    );
  }
  const upload = { eventId: input.eventId, deviceId: input.deviceId, staffUserId };
  const results: OfflineUploadResult[] = [];
  for (const admission of input.admissions) {
    const result = await db.transaction((tx) =>
      recordAdmission(tx, upload, admission, conflictSteps),
    );
    // Once the admission committed; a repeat was announced by the upload that admitted.
    if (result.fresh && result.answer.outcome === "admitted") {
      announceAdmission(db, input.eventId);
    }
    results.push(result.answer);
  }
  return { results };
}

/**
 * One admission: the scan id claimed first (a concurrent repeat waits on the claim, then
 * reads the stored answer), then admitted, or judged as the online door would.
 */
async function recordAdmission(
  tx: Executor,
  upload: Upload,
  admission: OfflineAdmission,
  conflictSteps: readonly DoorConflictStep[],
): Promise<{ answer: OfflineUploadResult; fresh: boolean }> {
  const claimed = await rowsOf<{ scan_id: string }>(
    tx,
    sql`insert into check_in_scans (user_id, scan_id, event_id)
      values (${upload.staffUserId}::uuid, ${admission.scanId}, ${upload.eventId}::uuid)
      on conflict do nothing returning scan_id`,
  );
  if (claimed.length === 0)
    return { answer: await storedAnswer(tx, upload, admission), fresh: false };
  const answer = await admitOrJudge(tx, upload, admission, conflictSteps);
  await tx.execute(
    sql`update check_in_scans set verdict = ${JSON.stringify(answer)}::jsonb
      where user_id = ${upload.staffUserId}::uuid and scan_id = ${admission.scanId}`,
  );
  return { answer, fresh: true };
}

/**
 * What a scan id answered before. An upload stored its `OfflineUploadResult`; an online
 * scan stored its `DoorVerdict` (the device timed out waiting for it, then admitted
 * offline under the same id): admitted when that scan admitted this ticket, without a
 * conflict; otherwise refused with the verdict the online door gave.
 */
async function storedAnswer(
  tx: Executor,
  upload: Upload,
  admission: OfflineAdmission,
): Promise<OfflineUploadResult> {
  const [row] = await rowsOf<{ verdict: unknown }>(
    tx,
    sql`select verdict from check_in_scans
      where user_id = ${upload.staffUserId}::uuid and scan_id = ${admission.scanId}`,
  );
  const stored = typeof row?.verdict === "string" ? JSON.parse(row.verdict) : row?.verdict;
  if (!stored) throw new Error("scan claimed without a verdict");
  if (typeof stored.verdict === "object") return stored as OfflineUploadResult;
  const online = stored as DoorVerdict;
  const admittedThis = online.verdict === "admitted" && online.ticket?.id === admission.ticketId;
  return {
    scanId: admission.scanId,
    outcome: admittedThis ? "admitted" : "refused",
    verdict: online,
  };
}

async function admitOrJudge(
  tx: Executor,
  upload: Upload,
  admission: OfflineAdmission,
  conflictSteps: readonly DoorConflictStep[],
): Promise<OfflineUploadResult> {
  const { scanId, ticketId, generation } = admission;
  // Twice at most: a ticket found valid after a failed admission was undone in between.
  for (let round = 0; round < 2; round++) {
    const admitted = await admitStatement(
      tx,
      {
        target: { kind: "id", ticketId },
        eventId: upload.eventId,
        staffUserId: upload.staffUserId,
        deviceId: upload.deviceId,
        method: admission.method,
        offlineAt: new Date(admission.at).toISOString(),
      },
      generation === null ? sql`true` : sql`k.generation = ${generation}`,
    );
    if (admitted) {
      const verdict = admissionVerdict(admitted, upload.eventId, upload.deviceId);
      return { scanId, outcome: "admitted", verdict };
    }
    const atDoor = await ticketAtDoorOf(tx, { ticketId }, upload.eventId, upload.staffUserId);
    const scan =
      generation === null
        ? { kind: "id" as const }
        : { kind: "token" as const, eventShortId: atDoor.ticket?.eventShortId ?? "", generation };
    const judged = judgeTicket({ scan, ...atDoor });
    if (judged === "admit") continue;
    const reason = atDoor.ticket ? conflictReason(judged, atDoor.ticket, upload.eventId) : null;
    if (!reason || !atDoor.ticket) return { scanId, outcome: "refused", verdict: judged };
    await recordConflict(tx, upload, admission, atDoor.ticket, reason, conflictSteps);
    return { scanId, outcome: "conflict", reason, verdict: judged };
  }
  throw new Error("a ticket valid twice without being admitted");
}

/** Why a ticket of this event could not be admitted; null for anything the door refuses. */
function conflictReason(
  verdict: DoorVerdict,
  ticket: TicketFacts,
  eventId: string,
): DoorConflictReason | null {
  if (ticket.eventId !== eventId) return null;
  if (verdict.verdict === "already-checked-in") return "already-in";
  if (verdict.verdict === "cancelled") return "cancelled";
  if (verdict.verdict === "invalid" && verdict.reason === "given-away") return "given-away";
  return null;
}

/** The conflict's row (staff name as at the door) and its steps, in the upload's transaction. */
async function recordConflict(
  tx: Executor,
  upload: Upload,
  admission: OfflineAdmission,
  ticket: TicketFacts,
  reason: DoorConflictReason,
  conflictSteps: readonly DoorConflictStep[],
): Promise<void> {
  const kept = ticket.checkIn;
  const [row] = await rowsOf<{ id: string; admitted_at: string | Date; manual_code: string }>(
    tx,
    sql`with recorded as (
        insert into check_in_conflicts (ticket_id, event_id, kept_check_in_id, reason,
          staff_user_id, staff_name, device_id, admitted_at)
        values (${ticket.id}::uuid, ${upload.eventId}::uuid, ${kept?.id ?? null}::uuid, ${reason},
          ${upload.staffUserId}::uuid,
          coalesce((select u.name from users u where u.id = ${upload.staffUserId}::uuid), 'Door staff'),
          ${upload.deviceId},
          least(now(), greatest(${admission.at}::timestamptz, now() - interval '2 days')))
        returning id, admitted_at)
      select r.id, r.admitted_at, k.manual_code
      from recorded r join tickets k on k.id = ${ticket.id}::uuid`,
  );
  if (!row) throw new Error("conflict not recorded");
  for (const step of conflictSteps) {
    await step(tx, {
      id: row.id,
      eventId: upload.eventId,
      reason,
      manualCode: row.manual_code,
      attendeeName: ticket.attendeeName,
      at: new Date(row.admitted_at).toISOString(),
      deviceId: upload.deviceId,
      kept: kept ? { at: kept.at, deviceId: kept.deviceId } : null,
    });
  }
}
