import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { inject } from "vitest";

let block: number | undefined;
let counter = 0;

/**
 * Claims a block of 999 phone numbers for this test file: the first block whose folder this
 * process creates in the run's shared folder (creating a folder is atomic across processes).
 * Blocks run from 5000 to 5999, above the fixed `+15550…` numbers some tests use.
 */
function claimBlock(): number {
  for (let candidate = 5000; candidate < 6000; candidate += 1) {
    try {
      mkdirSync(path.join(inject("runDir"), `phones-${candidate}`));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error("every block of test phone numbers is taken");
}

/** A phone number no other sign-in of this test run uses, whichever file asks. */
export function uniquePhone(): string {
  if (block === undefined || counter === 999) {
    block = claimBlock();
    counter = 0;
  }
  counter += 1;
  return `+1555${block}${String(counter).padStart(3, "0")}`;
}

/**
 * A valid UK mobile number no other test of this run uses (from the same blocks as
 * uniquePhone): typed nationally, stored in E.164.
 */
export function uniqueUkMobile(): { national: string; e164: string } {
  const digits = uniquePhone().slice(-6);
  return { national: `07400 ${digits}`, e164: `+447400${digits}` };
}

/**
 * Signs the page's browser context in as a new user through the test-only function
 * `test.signInAs` (NODE_ENV=test): a real session, with all four cookies set.
 */
export async function signInAs(
  page: Page,
  baseURL: string,
  user: { name: string; phone?: string } = { name: "Test Person" },
): Promise<{ userId: string; sessionId: string }> {
  const response = await page.request.post(`${baseURL}/api/fn/test.signInAs`, {
    data: { data: { name: user.name, phone: user.phone ?? uniquePhone() } },
  });
  if (!response.ok())
    throw new Error(`test.signInAs: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { result: { userId: string; sessionId: string } };
  return body.result;
}

/**
 * Calls a function over HTTP, as `userId` when given (the `test:{userId}:` bearer that
 * NODE_ENV=test accepts); throws with the error when it is refused.
 */
export async function callFunction<T>(
  baseURL: string,
  name: string,
  data: unknown,
  userId?: string,
): Promise<T> {
  const response = await fetch(`${baseURL}/api/fn/${name}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(userId ? { authorization: `Bearer test:${userId}:` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body.error)}`);
  return body.result as T;
}

/** Signs the page in as a new person who owns a new business (applied for over the API). */
export async function signInAsOwner(page: Page, baseURL: string, name: string): Promise<string> {
  const { userId } = await signInAs(page, baseURL, { name });
  await callFunction(
    baseURL,
    "businesses.apply",
    {
      name: `${name}'s Venue`,
      type: "venue",
      contactPhone: "+44 20 7946 0018",
      contactEmail: "owner@example.com",
      address: "1 Jazz Street, London",
      description: "",
    },
    userId,
  );
  return userId;
}
