import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  businessOwner,
  insertEvent,
  validApplication,
} from "#tests/support/kits/business-test-kit.ts";
import {
  functionContext,
  mapCookieJar,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { BUSINESS_DRAFT_COOKIE } from "./business-draft.ts";
import { businessFunctions } from "./businesses.functions.ts";
import { businesses } from "./businesses.schema.ts";

const registry = createRegistry(businessFunctions(crossModuleSteps));

describe.each(testDatabases)("business applications on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
  });
  afterAll(() => database?.dispose());

  const call = (name: string, data: unknown, auth: Parameters<typeof functionContext>[1]) =>
    registry.invoke(name, data, functionContext(kit.services, auth));

  it("makes the caller the owner of an active business on the free plan, phone in E.164", async () => {
    const { user, auth } = await signedInUser(kit.services);
    const created = (await call("businesses.apply", validApplication, auth)) as {
      id: string;
      plan: string;
      contactPhone: string;
      usage: unknown;
    };
    expect(created).toMatchObject({
      name: "The Blue Door",
      plan: "free",
      status: "active",
      contactPhone: "+442079460018",
      contactPhoneRegion: "GB",
      usage: { publishedEvents: 0, limit: 3 },
    });
    const [row] = await database.db.select().from(businesses).where(eq(businesses.id, created.id));
    expect(row).toMatchObject({ ownerId: user.id, plan: "free", status: "active", type: "venue" });
  });

  it("rejects every field's nonsense with that field's path", async () => {
    const { auth } = await signedInUser(kit.services);
    const error = await refusal(
      call(
        "businesses.apply",
        {
          name: " x ",
          type: "casino",
          contactPhone: "12",
          region: "GB",
          contactEmail: "not-an-email",
          address: "abc",
          description: "d".repeat(2001),
        },
        auth,
      ),
    );
    expect(error.status).toBe("INVALID_ARGUMENT");
    const paths = (error.details as { path: string; message: string }[]).map((d) => d.path);
    expect(paths.sort()).toEqual(
      ["address", "contactEmail", "contactPhone", "description", "name", "type"].sort(),
    );
    const phone = (error.details as { path: string; message: string }[]).find(
      (d) => d.path === "contactPhone",
    );
    expect(phone?.message).toMatch(/not a valid phone number/);
  });

  it("asks for a country when a national phone number comes without one", async () => {
    const { auth } = await signedInUser(kit.services);
    const error = await refusal(
      call("businesses.apply", { ...validApplication, region: "" }, auth),
    );
    expect(error.details).toEqual([
      { path: "contactPhone", message: expect.stringMatching(/Choose your country/) },
    ]);
  });

  it("refuses a visitor, and a second business for the same owner", async () => {
    expect((await refusal(call("businesses.apply", validApplication, null))).status).toBe(
      "UNAUTHENTICATED",
    );
    const { auth } = await signedInUser(kit.services);
    await call("businesses.apply", validApplication, auth);
    const again = await refusal(call("businesses.apply", validApplication, auth));
    expect(again.status).toBe("ALREADY_EXISTS");
  });

  it("lets only one of two simultaneous applications through", async () => {
    const { user, auth } = await signedInUser(kit.services);
    const results = await Promise.allSettled([
      call("businesses.apply", validApplication, auth),
      call("businesses.apply", { ...validApplication, name: "Second" }, auth),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await database.db.select().from(businesses).where(eq(businesses.ownerId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("updates the owner's details, and only an owner's", async () => {
    const { auth, business } = await businessOwner(kit.services);
    const updated = await call(
      "businesses.update",
      { ...validApplication, name: "Renamed", contactPhone: "+33 1 44 55 66 77", region: "" },
      auth,
    );
    expect(updated).toMatchObject({
      id: business.id,
      name: "Renamed",
      contactPhone: "+33144556677",
      contactPhoneRegion: "FR",
    });
    const { auth: stranger } = await signedInUser(kit.services);
    const error = await refusal(call("businesses.update", validApplication, stranger));
    expect(error.status).toBe("FAILED_PRECONDITION");
    expect(error.details).toEqual({ reason: "no-business" });
  });

  it("tells the caller their business and its usage, or null", async () => {
    const { auth: without } = await signedInUser(kit.services);
    expect(await call("businesses.mine", null, without)).toBeNull();
    const { auth, business } = await businessOwner(kit.services);
    await insertEvent(database.db, business.id, "published");
    await insertEvent(database.db, business.id, "published", { ended: true });
    await insertEvent(database.db, business.id, "draft");
    await insertEvent(database.db, business.id, "cancelled");
    expect(await call("businesses.mine", null, auth)).toMatchObject({
      id: business.id,
      plan: "free",
      usage: { publishedEvents: 1, limit: 3 },
    });
  });

  it("keeps a visitor's draft in a signed cookie, and forgets it once applied", async () => {
    const cookies = mapCookieJar();
    const typed = { ...validApplication, contactEmail: "typed@example.com" };
    await registry.invoke(
      "businesses.keepDraft",
      typed,
      functionContext(kit.services, null, cookies),
    );
    expect(cookies.values.get(BUSINESS_DRAFT_COOKIE)).toBeTruthy();
    expect(
      await registry.invoke("businesses.draft", null, functionContext(kit.services, null, cookies)),
    ).toEqual({ values: typed, descriptionDropped: false });

    const tampered = mapCookieJar({
      [BUSINESS_DRAFT_COOKIE]: `${cookies.values.get(BUSINESS_DRAFT_COOKIE)}x`,
    });
    expect(
      await registry.invoke(
        "businesses.draft",
        null,
        functionContext(kit.services, null, tampered),
      ),
    ).toBeNull();

    const { auth } = await signedInUser(kit.services);
    await registry.invoke("businesses.apply", typed, functionContext(kit.services, auth, cookies));
    expect(cookies.values.has(BUSINESS_DRAFT_COOKIE)).toBe(false);
  });

  it("checks a visitor's draft before keeping it, so mistakes are fixed before signing in", async () => {
    const cookies = mapCookieJar();
    const error = await refusal(
      registry.invoke(
        "businesses.keepDraft",
        { ...validApplication, contactEmail: "nope" },
        functionContext(kit.services, null, cookies),
      ),
    );
    expect(error.details).toEqual([
      { path: "contactEmail", message: "Enter an email address like name@example.com." },
    ]);
    expect(cookies.values.has(BUSINESS_DRAFT_COOKIE)).toBe(false);
  });

  it("keeps a long description in the draft, and says so when one cannot fit a cookie", async () => {
    const cookies = mapCookieJar();
    const context = () => functionContext(kit.services, null, cookies);
    const longEnglish = "We host jazz and folk nights by the canal. ".repeat(46).slice(0, 2000);
    const long = { ...validApplication, description: longEnglish };
    await registry.invoke("businesses.keepDraft", long, context());
    expect(await registry.invoke("businesses.draft", null, context())).toEqual({
      values: long,
      descriptionDropped: false,
    });
    // Text that barely compresses cannot fit: the rest is kept, and the form is told.
    const noise = Array.from({ length: 2000 }, (_, i) =>
      String.fromCharCode(0x4e00 + ((i * 7919) % 20000)),
    ).join("");
    await registry.invoke(
      "businesses.keepDraft",
      { ...validApplication, description: noise },
      context(),
    );
    expect(await registry.invoke("businesses.draft", null, context())).toEqual({
      values: { ...validApplication, description: "" },
      descriptionDropped: true,
    });
    expect((cookies.values.get(BUSINESS_DRAFT_COOKIE) ?? "").length).toBeLessThan(3800);
  });
});
