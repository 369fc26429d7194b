import type { WaitingRoomView } from "#contract/waiting-room.ts";
import { callFn } from "./callable-client.ts";

type Mark = { admittedThrough: number; placed: number; soldOut: boolean };

/**
 * The room's mark as each instance tells it (`waitingRoom.status` of one person who
 * never joins, asked of every instance at once, every `everyMs`): whether the instances
 * agree. Answers asked together may still be served seconds apart under load and
 * straddle a move of the mark, so differences during the run are shown, not failed
 * (the streams' check is the exact one: every stream on both gets every message); the
 * instances must agree at the end.
 */
export function watchMark(urls: string[], token: string, eventRef: string, everyMs = 500) {
  const rounds: (Mark | null)[][] = [];
  let stopped = false;
  const ask = async (url: string): Promise<Mark | null> => {
    const answer = await callFn({ url }, "waitingRoom.status", token, { eventId: eventRef });
    const room = (answer.body.result as WaitingRoomView | undefined)?.room;
    return room
      ? { admittedThrough: room.admittedThrough, placed: room.placed, soldOut: room.soldOut }
      : null;
  };
  const running = (async () => {
    while (!stopped) {
      rounds.push(await Promise.all(urls.map((url) => ask(url).catch(() => null))));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  const same = (round: (Mark | null)[]) =>
    round.every((m) => m && JSON.stringify(m) === JSON.stringify(round[0]));
  return {
    async stop(): Promise<number> {
      stopped = true;
      await running;
      const last = await Promise.all(urls.map(ask));
      let apart = 0;
      let widest = 0;
      for (const [i, round] of rounds.entries()) {
        const marks = round.map((m) => m?.admittedThrough ?? -1);
        widest = Math.max(widest, Math.max(...marks) - Math.min(...marks));
        const next = rounds[i + 1];
        if (!same(round) && next && !same(next)) apart += 1;
      }
      const agreed = same(last);
      console.log(
        `mark by instance (status every ${everyMs} ms, ${rounds.length} rounds): apart two rounds running ${apart}, widest gap ${widest} places; at the end ${last.map((m) => (m ? `${m.admittedThrough}/${m.placed}${m.soldOut ? " sold out" : ""}` : "none")).join(" vs ")}${agreed ? " (agree)" : "  <- FAIL"}`,
      );
      return agreed ? 0 : 1;
    },
  };
}
