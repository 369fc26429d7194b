import type { OfflineUploadAnswer, OfflineUploadInput } from "#contract/door-offline.ts";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * The admissions a device made offline, recorded once per scan id (decision 030): each is
 * admitted if the ticket is still valid, or kept as a conflict and alerted.
 */
export async function uploadOfflineAdmissions(
  _db: Executor,
  _staffUserId: string,
  _input: OfflineUploadInput,
): Promise<OfflineUploadAnswer> {
  throw new Error("uploadOfflineAdmissions: not built yet");
}
