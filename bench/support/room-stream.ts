import { WAITING_ROOM_KIND, type WaitingRoomState } from "#contract/waiting-room.ts";

/** One room message as a stream received it: its id (when sent with one) and when. */
export type RoomMessage = { id: number | null; state: WaitingRoomState; at: number };

export type RoomStream = {
  /** Every room message received, in order of arrival. */
  messages: RoomMessage[];
  /** Called at each room message's arrival (the people this stream tells). */
  onMessage: ((message: RoomMessage) => void) | null;
  status: number;
  close(): void;
};

/**
 * A real live stream (`GET /api/stream`, Server-Sent Events, the session cookie) that
 * keeps the room messages of `topic` (`Date.now()` at arrival); the rest is read
 * and dropped.
 */
export async function openRoomStream(
  baseUrl: string,
  cookie: string,
  topic: string,
): Promise<RoomStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/stream`, {
    headers: { accept: "text/event-stream", cookie },
    signal: controller.signal,
  });
  const stream: RoomStream = {
    messages: [],
    onMessage: null,
    status: response.status,
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) return stream;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = Date.now();
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const message = roomMessage(buffer.slice(0, end), topic, at);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          if (!message) continue;
          stream.messages.push(message);
          stream.onMessage?.(message);
        }
      }
    } catch {
      // closed by the bench (abort) or the server
    }
  })();
  return stream;
}

/** An SSE block (`id: N` + `data: {kind, topic, payload}`) of the room, else null. */
function roomMessage(block: string, topic: string, at: number): RoomMessage | null {
  let id: number | null = null;
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("id: ")) id = Number(line.slice(4));
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (!data) return null;
  const parsed = JSON.parse(data) as { kind: string; topic: string; payload: WaitingRoomState };
  if (parsed.kind !== WAITING_ROOM_KIND || parsed.topic !== topic) return null;
  return { id, state: parsed.payload, at };
}
