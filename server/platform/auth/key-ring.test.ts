import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTicketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { ticketSigningKeys } from "#server/modules/tickets/tickets.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { signingKeys } from "./auth.schema.ts";
import { createKeyStore } from "./signing-keys.ts";

const appSecret = "k".repeat(32);

/** Both users of the platform's key ring, through their own adapters. */
describe.each(testDatabases)("the key ring on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.dispose());

  it("stops verifying a session key once its window ends, and drops it at the next rotation", async () => {
    let clock = Date.now();
    const store = await createKeyStore({
      db: database.db,
      appSecret,
      tokenTtlSeconds: 60,
      reloadIntervalMs: 1_000,
      now: () => clock,
    });
    const first = (await store.signingKey()).kid;
    const second = await store.rotate();
    expect((await store.signingKey()).kid).toBe(second);
    await expect(store.verificationKey(first)).resolves.not.toBeNull();
    // Past the token lifetime plus two reloads (62 s) since the key was retired.
    clock += 70_000;
    await expect(store.verificationKey(first)).resolves.toBeNull();
    expect((await store.publicJwks()).keys.map((key) => key.kid)).toEqual([second]);
    const third = await store.rotate();
    const kids = (await database.db.select().from(signingKeys)).map((row) => row.kid);
    expect(kids).not.toContain(first);
    expect(kids).toContain(third);
  });

  it("makes a new session key when every key was retired by hand", async () => {
    const store = await createKeyStore({ db: database.db, appSecret, tokenTtlSeconds: 60 });
    const before = (await store.signingKey()).kid;
    await database.db
      .update(signingKeys)
      .set({ retiredAt: new Date() })
      .where(isNull(signingKeys.retiredAt));
    // A miss makes the store reload and see that no key is active any more.
    await expect(store.verificationKey("unknown")).resolves.toBeNull();
    const after = (await store.signingKey()).kid;
    expect(after).not.toBe(before);
    const active = await database.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt));
    expect(active.map((row) => row.kid)).toEqual([after]);
  });

  it("counts ticket key ids up, keeps retired ticket keys verifying, and publishes them newest first", async () => {
    const ring = await createTicketKeyRing(database.db, appSecret);
    const first = ring.signingKey().kid;
    const second = await ring.rotate();
    expect(second).toBe(first + 1);
    expect(ring.signingKey().kid).toBe(second);
    await expect(ring.verificationKey(first)).resolves.not.toBeNull();
    const published = await ring.publishedKeys();
    expect(published.map((key) => [key.kid, key.status])).toEqual([
      [second, "active"],
      [first, "retired"],
    ]);
    // Another instance sees the rotation on its first miss.
    const other = await createTicketKeyRing(database.db, appSecret);
    const third = await ring.rotate();
    await expect(other.verificationKey(third)).resolves.not.toBeNull();
    const rows = await database.db.select().from(ticketSigningKeys);
    expect(rows.filter((row) => row.retiredAt === null).map((row) => row.kid)).toEqual([third]);
  });
});
