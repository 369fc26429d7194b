/** A Cookie header that signs `name` in on a server running with NODE_ENV=test (test.signInAs). */
export async function signedInCookie(
  baseUrl: string,
  name: string,
  phone: string,
): Promise<string> {
  return (await signedInPerson(baseUrl, name, phone)).cookie;
}

/** The same, with the new person's id (for calls as them with a test bearer). */
export async function signedInPerson(
  baseUrl: string,
  name: string,
  phone: string,
): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${baseUrl}/api/fn/test.signInAs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { name, phone } }),
  });
  if (response.status !== 200) throw new Error(`test.signInAs answered ${response.status}`);
  const body = (await response.json()) as { result: { userId: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, userId: body.result.userId };
}
