import type { Page } from "playwright-core";

let counter = 0;

/** A phone number no other sign-in of this test run uses. */
export function uniquePhone(): string {
  counter += 1;
  return `+1555${String(process.pid % 1000).padStart(3, "0")}${String(counter).padStart(4, "0")}`;
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
