import { randomBytes } from "node:crypto";

/**
 * The Stripe test peer's objects, in Stripe's JSON shapes (API version pinned by the
 * `stripe` SDK installed: a subscription's period is on its items). Only the fields our
 * adapter reads, plus the ids and objects that make them recognisable.
 */
// biome-ignore lint/suspicious/noExplicitAny: Stripe's JSON objects, written loosely on purpose.
export type Json = Record<string, any>;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A Stripe API error: the SDK turns the status and `type` into its typed errors. */
export class PeerError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(status: number, type: string, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
  body(): Json {
    return {
      error: { type: this.type, message: this.message, code: this.code, param: this.param },
    };
  }
}

export const invalid = (message: string, param?: string, code = "parameter_invalid") =>
  new PeerError(400, "invalid_request_error", message, code, param);
export const missing = (kind: string, id: string, param = "id") =>
  new PeerError(
    404,
    "invalid_request_error",
    `No such ${kind}: '${id}'`,
    "resource_missing",
    param,
  );

export type SessionLine = { name: string; unitAmount: number; quantity: number; interval?: string };

/** Everything a session was started with that Stripe keeps off the session object. */
export type SessionExtras = {
  lines: SessionLine[];
  paymentIntentData: {
    applicationFeeAmount: number | null;
    destination: string | null;
    metadata: Record<string, string>;
  };
  subscriptionMetadata: Record<string, string>;
};

export type DeliveryRecord = {
  event: Json;
  /** Successful deliveries (2xx) and every attempt's status (0: could not connect). */
  delivered: number;
  attempts: number[];
};

export type PeerStore = {
  sessions: Map<string, Json>;
  extras: Map<string, SessionExtras>;
  paymentIntents: Map<string, Json>;
  charges: Map<string, Json>;
  refunds: Map<string, Json>;
  accounts: Map<string, Json>;
  accountLinks: Map<string, { account: string; returnUrl: string; refreshUrl: string }>;
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  disputes: Map<string, Json>;
  events: DeliveryRecord[];
  idempotency: Map<string, { fingerprint: string; status: number; body: Json }>;
  nextRefundStatus: "succeeded" | "pending" | "failed";
};

export function emptyStore(): PeerStore {
  return {
    sessions: new Map(),
    extras: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    accounts: new Map(),
    accountLinks: new Map(),
    customers: new Map(),
    subscriptions: new Map(),
    disputes: new Map(),
    events: [],
    idempotency: new Map(),
    nextRefundStatus: "succeeded",
  };
}

/** The object with this id, whatever its kind (for `expand[]`). */
export function byId(store: PeerStore, id: string): Json | undefined {
  const maps = [
    store.sessions,
    store.paymentIntents,
    store.charges,
    store.refunds,
    store.accounts,
    store.customers,
    store.subscriptions,
    store.disputes,
  ];
  for (const map of maps) {
    const found = map.get(id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A copy of `object` with the ids named by `paths` (`payment_intent`,
 * `payment_intent.latest_charge`) replaced by their objects, as Stripe's `expand[]`.
 */
export function expand(store: PeerStore, object: Json, paths: string[]): Json {
  const copy = structuredClone(object);
  for (const path of [...paths].sort((a, b) => a.length - b.length)) {
    const parts = path.split(".");
    let node: Json | undefined = copy;
    for (let i = 0; i < parts.length && node; i++) {
      const key = parts[i] ?? "";
      const value: unknown = node[key];
      if (i === parts.length - 1) {
        if (typeof value === "string") {
          const found = byId(store, value);
          if (found) node[key] = structuredClone(found);
        }
      } else {
        node = value && typeof value === "object" ? (value as Json) : undefined;
      }
    }
  }
  return copy;
}

/** Records an event (a snapshot of `object` now), in order; delivery is the caller's. */
export function recordEvent(store: PeerStore, type: string, object: Json): DeliveryRecord {
  const record: DeliveryRecord = {
    event: {
      id: newId("evt"),
      object: "event",
      api_version: null,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    },
    delivered: 0,
    attempts: [],
  };
  store.events.push(record);
  return record;
}
