import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { createApp } from "#server/app.ts";
import { loadSettings } from "#server/config.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { defineFunction } from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";

// The HTTP router with API-key callers and small counted functions, for the
// Idempotency-Key contract's tests (server/platform/callable/idempotency-http.test.ts).

/** Runs of the test functions, by the `tag` of their input. */
export const runs = new Map<string, number>();
/** A first run to hold: told when it starts, waits until released. Used once. */
export const gates = new Map<string, { entered: () => void; release: Promise<void> }>();

export function hold(tag: string) {
  let entered = () => {};
  let release = () => {};
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  gates.set(tag, { entered, release: new Promise<void>((resolve) => (release = resolve)) });
  return { started, release };
}

const writeInput = z.object({
  tag: z.string(),
  note: z.string().optional(),
  outcome: z.enum(["ok", "refuse", "crash", "busy"]).default("ok"),
  extra: z.record(z.string(), z.number()).optional(),
});

async function countedRun(data: z.output<typeof writeInput>) {
  const run = (runs.get(data.tag) ?? 0) + 1;
  runs.set(data.tag, run);
  const gate = gates.get(data.tag);
  if (gate) {
    gates.delete(data.tag);
    gate.entered();
    await gate.release;
  }
  if (data.outcome === "refuse") {
    throw new FunctionError("FAILED_PRECONDITION", `Refused on run ${run}.`, { run });
  }
  if (data.outcome === "busy") throw new FunctionError("ABORTED", "Busy: try again.");
  if (data.outcome === "crash") throw new Error("the test function crashed");
  return { tag: data.tag, run, note: data.note ?? null };
}

const output = z.object({ tag: z.string(), run: z.number(), note: z.string().nullable() });

const testWrite = defineFunction({
  name: "test.idempotentWrite",
  input: writeInput,
  access: "signed-in",
  api: { scope: "events:write", write: true, summary: "A counted write.", output },
  handler: countedRun,
});

const testOtherWrite = defineFunction({
  name: "test.otherWrite",
  input: writeInput,
  access: "signed-in",
  api: { scope: "events:write", write: true, summary: "Another counted write.", output },
  handler: countedRun,
});

const testRead = defineFunction({
  name: "test.countedRead",
  input: writeInput,
  access: "signed-in",
  api: { scope: "events:read", summary: "A counted read.", output },
  handler: countedRun,
});

/** `key:{id}`: a call made with API key `id`; `user:{id}`: a signed-in person. */
async function verifyBearer(token: string): Promise<Auth | null> {
  const [kind, id] = token.split(":");
  if (!id) return null;
  if (kind === "user") return { userId: id, sessionId: `session-${id}`, roles: [] };
  if (kind !== "key") return null;
  return {
    userId: "owner-1",
    sessionId: id,
    roles: [],
    apiKey: { id, businessId: "business-1", scopes: ["events:read", "events:write"] },
  };
}

export type CallOptions = { bearer?: string; key?: string; accept?: string; rawBody?: string };

/** The app on an ephemeral port; `call` answers the status, the body's text and the replay header. */
export async function serveIdempotencyApp(database: DatabaseHandle) {
  const settings = loadSettings({
    NODE_ENV: "test",
    PGLITE_DIR: "memory://",
    APP_SECRET: "i".repeat(32),
  });
  const services = await createServices(settings, database, createLogger("silent"));
  const app = createApp({
    services,
    registry: createRegistry([testWrite, testOtherWrite, testRead]),
    verifyBearer,
    secureTransport: false,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  async function call(fn: string, data: unknown, options: CallOptions = {}) {
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Authorization: `Bearer ${options.bearer ?? "key:k1"}`,
    };
    if (options.key !== undefined) headers["Idempotency-Key"] = options.key;
    if (options.accept) headers.Accept = options.accept;
    const response = await fetch(`${url}/api/fn/${fn}`, {
      method: "POST",
      headers,
      body: options.rawBody ?? JSON.stringify({ data }),
    });
    return {
      status: response.status,
      body: await response.text(),
      replayed: response.headers.get("Idempotent-Replayed"),
    };
  }
  const write = (data: unknown, options: CallOptions = {}) =>
    call("test.idempotentWrite", data, options);
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { call, write, close };
}
