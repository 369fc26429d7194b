/**
 * The callable client, loaded on first use: the frame calls functions only for someone
 * signed in (counts, sign-out), so a visitor's page never loads the client (decision 024).
 */
export async function loadCallable() {
  return (await import("./callable.ts")).callable;
}
