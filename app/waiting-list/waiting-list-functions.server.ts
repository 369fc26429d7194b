import type { ServerContext } from "#app/server-context.ts";
import type {
  JoinWaitingListAnswer,
  WaitingListEntryView,
  WaitingListOverview,
  WaitingListSettings,
} from "#contract/waiting-list.ts";

/**
 * The waiting list's functions as contract/waiting-list.ts names them, typed here until
 * server/modules/waiting-list registers them in server/functions.ts (then `server.invoke`
 * knows them and this file goes).
 */
type WaitingListFunctions = {
  "waitingList.join": {
    input: { ticketTypeId: string; quantity: number };
    output: JoinWaitingListAnswer;
  };
  "waitingList.leave": { input: { entryId: string }; output: { status: string } };
  "waitingList.forEvent": { input: { eventId: string }; output: WaitingListOverview };
  "waitingList.offer": { input: { entryId: string }; output: WaitingListEntryView };
  "waitingList.configure": {
    input: { eventId: string } & WaitingListSettings;
    output: WaitingListSettings;
  };
};

export function invokeWaitingList<N extends keyof WaitingListFunctions>(
  server: ServerContext,
  name: N,
  data: WaitingListFunctions[N]["input"],
): Promise<WaitingListFunctions[N]["output"]> {
  const invoke = server.invoke as unknown as (name: string, data: unknown) => Promise<unknown>;
  return invoke(name, data) as Promise<WaitingListFunctions[N]["output"]>;
}
