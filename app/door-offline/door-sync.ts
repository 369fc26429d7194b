import {
  DOOR_UPLOAD_BATCH,
  type DoorSyncPage,
  type OfflineUploadResult,
} from "#contract/door-offline.ts";
import type { DoorCalls } from "./door-calls.ts";
import type { QueuedAdmission } from "./door-copy.ts";

/**
 * Every page of one sync of the event (`since`: the last complete sync's cursor, null for a
 * full list). A failure on any page throws: nothing of an incomplete sync is kept.
 */
export async function fetchSync(
  calls: Pick<DoorCalls, "sync">,
  eventId: string,
  since: string | null,
): Promise<DoorSyncPage[]> {
  const pages: DoorSyncPage[] = [];
  let after: string | null = null;
  do {
    const page: DoorSyncPage = await calls.sync({ eventId, since, after });
    pages.push(page);
    after = page.next;
  } while (after !== null);
  return pages;
}

/**
 * Uploads the queue in batches of `DOOR_UPLOAD_BATCH`, one event and device at a time.
 * Answers what the server answered (those admissions leave the queue); a batch that
 * failed stays queued for the next upload.
 */
export async function uploadQueue(
  calls: Pick<DoorCalls, "upload">,
  queue: readonly QueuedAdmission[],
): Promise<{ results: OfflineUploadResult[]; failed: unknown[] }> {
  const results: OfflineUploadResult[] = [];
  const failed: unknown[] = [];
  for (const batch of batchesOf(queue)) {
    const [first] = batch;
    if (!first) continue;
    try {
      const answer = await calls.upload({
        eventId: first.eventId,
        deviceId: first.deviceId,
        admissions: batch.map(({ scanId, ticketId, generation, method, at }) => ({
          scanId,
          ticketId,
          generation,
          method,
          at,
        })),
      });
      results.push(...answer.results);
    } catch (error) {
      failed.push(error);
    }
  }
  return { results, failed };
}

function batchesOf(queue: readonly QueuedAdmission[]): QueuedAdmission[][] {
  const groups = new Map<string, QueuedAdmission[]>();
  for (const admission of queue) {
    const key = `${admission.eventId} ${admission.deviceId}`;
    const group = groups.get(key);
    if (group) group.push(admission);
    else groups.set(key, [admission]);
  }
  const batches: QueuedAdmission[][] = [];
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += DOOR_UPLOAD_BATCH) {
      batches.push(group.slice(i, i + DOOR_UPLOAD_BATCH));
    }
  }
  return batches;
}
