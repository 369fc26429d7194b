import { z } from "zod";
import { DOOR_UPLOAD_BATCH } from "#contract/door-offline.ts";
import { isUuid } from "#contract/uuid.ts";
import { eventRoleOf } from "#server/modules/teams/team-access.ts";
import { ticketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
  type FunctionContext,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { BadScanBurstStep } from "./bad-scans.ts";
import { doorSearchOutput, doorStatsOutput, doorVerdictOutput } from "./door-api-output.ts";
import type { DoorConflictStep } from "./door-conflicts.ts";
import { admitCarefully, admitQuickly, attemptAdmission, targetOfCode } from "./door-scan.ts";
import { searchTickets } from "./door-search.ts";
import { doorEvent, doorStats, recentCheckIns } from "./door-views.ts";
import { offlineSyncPage } from "./offline-sync.ts";
import { uploadOfflineAdmissions } from "./offline-upload.ts";
import { teamReport } from "./team-report.ts";
import { teamReportCsvBatch } from "./team-report-csv.ts";
import { undoCheckIn } from "./undo-check-in.ts";

const eventId = z.string().max(100);
const atDoor = { member: "event", id: "eventId" } as const;
/** The team report: its coordinators and the business owner; NOT_FOUND for staff and others. */
const reportReaders = { member: "team", id: "teamId", roles: ["owner", "coordinator"] } as const;
const teamId = z.object({ teamId: z.string().max(100) });
const deviceId = z.string().trim().min(1).max(60).describe("Names the door device or gate.");
const scanId = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .describe("A new id per attempt (a UUID): a retry with the same id answers the first verdict.");

/** Typed codes: about 50 bits each, but a door device has no reason to try thousands. */
const manualCodeRule = { name: "door-manual-code", limit: 600, windowSeconds: 600 } as const;

/** What `atDoor` answers a caller who may not work the door. */
const notFound = () => new FunctionError("NOT_FOUND", "Not found.");

/**
 * What other modules do about a burst of bad scans and about an offline admission that
 * could not stand (server/steps).
 */
type CheckinSteps = {
  badScanBurst: readonly BadScanBurstStep[];
  doorConflict: readonly DoorConflictStep[];
};

const ring = (ctx: FunctionContext) =>
  ticketKeyRing(ctx.services.database.db, ctx.services.settings.APP_SECRET);

export const scanTicket = (steps: CheckinSteps) =>
  defineFunction({
    name: "checkin.scan",
    input: z.object({ eventId, code: z.string().max(500), deviceId, scanId }),
    // The door rule (`atDoor`) is checked here, not before: a new scan of a valid ticket
    // checks it inside its one admission statement (one round trip for the whole scan),
    // and anything else asks `eventRoleOf` before it answers (NOT_FOUND, as `atDoor`).
    access: "signed-in",
    api: {
      scope: "checkin",
      write: true,
      summary: "Checks in the ticket of a scanned QR code or typed manual code, once.",
      output: doorVerdictOutput,
    },
    handler: async (data, ctx) => {
      if (!isUuid(data.eventId)) throw notFound();
      // A key acts for its business only: the quick path below would admit through a
      // team its owner is in at another business's event.
      if (
        ctx.auth.apiKey &&
        (await eventRoleOf(ctx.db, ctx.auth.userId, data.eventId)) !== "owner"
      ) {
        throw notFound();
      }
      const attempt = { ...data, staffUserId: ctx.auth.userId, method: "scan" as const };
      // The signature (or the manual code's shape) first: a forged code costs no query.
      const target = await targetOfCode(await ring(ctx), data.code);
      if (target?.kind === "code") {
        await ctx.services.rateLimiter.consume(manualCodeRule, ctx.auth.userId);
      }
      const admitted = await admitQuickly(ctx.db, attempt, target);
      if (admitted) return admitted;
      if (!(await eventRoleOf(ctx.db, ctx.auth.userId, data.eventId))) throw notFound();
      return admitCarefully(ctx.db, attempt, target, steps.badScanBurst);
    },
  });

export const admitTicket = defineFunction({
  name: "checkin.admit",
  input: z.object({
    eventId,
    ticketId: z.string().max(100),
    scanId,
    deviceId: deviceId.optional(),
  }),
  access: atDoor,
  api: {
    scope: "checkin",
    write: true,
    summary: "Checks in a ticket by its id (found with checkin.search), once.",
    output: doorVerdictOutput,
  },
  handler: async (data, ctx) => {
    if (!/^[0-9a-f-]{36}$/i.test(data.ticketId)) {
      throw new FunctionError("NOT_FOUND", "Ticket not found.");
    }
    return attemptAdmission(
      ctx.db,
      {
        eventId: data.eventId,
        scanId: data.scanId,
        deviceId: data.deviceId ?? "desk",
        staffUserId: ctx.auth.userId,
        method: "manual",
      },
      { kind: "id", ticketId: data.ticketId },
    );
  },
});

export const undoDoorCheckIn = defineFunction({
  name: "checkin.undo",
  input: z.object({
    checkInId: z.string().max(100),
    reason: z.string().trim().min(1, "Say why the check-in is undone.").max(200),
  }),
  access: "signed-in",
  handler: (data, ctx) => undoCheckIn(ctx.db, ctx.auth.userId, data),
});

export const searchDoorTickets = defineFunction({
  name: "checkin.search",
  input: z.object({
    eventId,
    query: z.string().trim().min(2, "Type at least 2 characters.").max(80),
  }),
  access: atDoor,
  api: {
    scope: "checkin",
    summary: "Finds an event's tickets by attendee or holder name, booking reference or phone.",
    output: doorSearchOutput,
  },
  handler: (data, ctx) => searchTickets(ctx.db, data.eventId, data.query),
});

export const getDoorStats = defineFunction({
  name: "checkin.stats",
  input: z.object({ eventId }),
  access: atDoor,
  api: {
    scope: "checkin",
    summary: "The door's counts: tickets checked in out of those that may come in, by type.",
    output: doorStatsOutput,
  },
  handler: async (data, ctx) => ({
    event: await doorEvent(ctx.db, data.eventId),
    role: ctx.membership.role,
    ...(await doorStats(ctx.db, data.eventId)),
  }),
});

export const listRecentCheckIns = defineFunction({
  name: "checkin.recent",
  input: z.object({ eventId }),
  access: atDoor,
  handler: async (data, ctx) => ({
    ...(await recentCheckIns(ctx.db, data.eventId)),
    canUndo: ctx.membership.role === "owner" || ctx.membership.role === "coordinator",
  }),
});

export const getTeamReport = defineFunction({
  name: "checkin.report",
  input: teamId,
  access: reportReaders,
  handler: async (data, ctx) => {
    const report = await teamReport(ctx.db, data.teamId);
    if (!report) throw new FunctionError("NOT_FOUND", "Not found.");
    return { ...report, role: ctx.membership.role };
  },
});

/** One batch of the team's check-ins CSV (keyset paged; the page streams the file). */
export const downloadTeamReportCsv = defineFunction({
  name: "checkin.reportCsv",
  input: teamId.extend({ cursor: z.string().max(200).optional() }),
  access: reportReaders,
  handler: async (data, ctx) => {
    const file = await teamReportCsvBatch(ctx.db, data.teamId, data.cursor, new Date());
    if (!file) throw new FunctionError("NOT_FOUND", "Not found.");
    return file;
  },
});

/** What a door device keeps of an event to work offline (decision 030), a page at a time. */
export const offlineSync = defineFunction({
  name: "checkin.offlineSync",
  input: z.object({
    eventId,
    since: z.string().max(40).nullable(),
    after: z.string().max(100).nullable(),
  }),
  access: atDoor,
  handler: async (data, ctx) => {
    const published = await (await ring(ctx)).publishedKeys();
    const keys = published.map(({ kid, x }) => ({ kid, x }));
    return offlineSyncPage(ctx.db, data, keys);
  },
});

/** The admissions a device made offline; idempotent per scan id (decision 030). */
export const offlineUpload = (steps: CheckinSteps) =>
  defineFunction({
    name: "checkin.offlineUpload",
    input: z.object({
      eventId,
      deviceId,
      admissions: z
        .array(
          z.object({
            scanId,
            ticketId: z.string().max(100),
            generation: z.number().int().min(1).max(65535).nullable(),
            method: z.enum(["scan", "manual"]),
            at: z.iso.datetime({ offset: true }),
          }),
        )
        .min(1)
        .max(DOOR_UPLOAD_BATCH),
    }),
    access: atDoor,
    handler: (data, ctx) =>
      uploadOfflineAdmissions(ctx.db, ctx.auth.userId, data, steps.doorConflict),
  });

/**
 * The door (decision 019): scans, manual admissions, undo, the desk's figures. `steps`:
 * what other modules do about a burst of bad scans (server/steps).
 */
export const checkinFunctions = (steps: CheckinSteps) =>
  [
    scanTicket(steps),
    admitTicket,
    undoDoorCheckIn,
    searchDoorTickets,
    getDoorStats,
    listRecentCheckIns,
    getTeamReport,
    downloadTeamReportCsv,
    offlineSync,
    offlineUpload(steps),
  ] as const satisfies readonly AnyFunctionDefinition[];
