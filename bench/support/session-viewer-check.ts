import { browserUA } from "./load.ts";

type Person = { name: string | null; cookie: string };

/**
 * Whether the server has `GET /session/viewer` (issue 28: the signed-in person's header
 * data, apart from the shared page). When it has, fails unless a visitor gets `user: null`
 * and a signed-in person their own data, never cached (`private, no-store`).
 */
export async function sessionViewerAnswers(serverUrl: string, person: Person): Promise<boolean> {
  const ask = (cookie?: string) =>
    fetch(`${serverUrl}/session/viewer`, {
      headers: { accept: "application/json", "user-agent": browserUA, ...(cookie && { cookie }) },
    });
  const signedIn = await ask(person.cookie);
  if (signedIn.status === 404) return false;
  const viewer = JSON.stringify(((await signedIn.json()) as { user?: unknown }).user ?? null);
  const cacheControl = signedIn.headers.get("cache-control") ?? "";
  const problems = [
    signedIn.status !== 200 && `status ${signedIn.status}`,
    !(person.name && viewer.includes(JSON.stringify(person.name))) &&
      `user ${viewer} is not ${person.name}`,
    !(cacheControl.includes("private") && cacheControl.includes("no-store")) &&
      `Cache-Control "${cacheControl}"`,
  ].filter(Boolean);
  const visitor = await ask();
  const visitorUser = ((await visitor.json()) as { user?: unknown }).user;
  if (visitor.status !== 200 || visitorUser !== null) {
    problems.push(`a visitor got ${visitor.status} with user ${JSON.stringify(visitorUser)}`);
  }
  if (problems.length > 0) throw new Error(`GET /session/viewer: ${problems.join("; ")}`);
  return true;
}
