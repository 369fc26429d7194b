/** A Cookie header that signs `name` in on a server running with NODE_ENV=test (test.signInAs). */
export async function signedInCookie(
  baseUrl: string,
  name: string,
  phone: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/fn/test.signInAs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { name, phone } }),
  });
  if (response.status !== 200) throw new Error(`test.signInAs answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
