import type { EventQuestion, EventQuestionInput } from "#contract/event-questions.ts";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { questionFunctions } from "#server/modules/questions/questions.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { makeUser } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

/**
 * Questions, holds and bookings called the way HTTP and pages call them (through the
 * registry, input schemas and access checks included).
 */
export async function questionsKit(database: DatabaseHandle, env: Record<string, string> = {}) {
  const kit = await profileTestKit(database, env);
  const registry = createRegistry([...questionFunctions, ...holdFunctions, ...bookingFunctions]);
  function as(auth: Auth | null) {
    const ctx = functionContext(kit.services, auth);
    return {
      // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
      call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx),
      // biome-ignore lint/suspicious/noExplicitAny: the FunctionError thrown
      fail: (name: string, data: unknown): Promise<any> =>
        registry.invoke(name, data, ctx).then(
          (result) => {
            throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
          },
          (error: unknown) => error,
        ),
    };
  }
  const asUser = (userId: string) => as({ userId, sessionId: "s", roles: [] });
  async function buyer(options: Parameters<typeof makeUser>[1] = {}) {
    const user = await makeUser(database.db, options);
    return { user, ...asUser(user.id) };
  }
  return { ...kit, as, asUser, buyer };
}

/** A question input: an optional text asked once per order of any type; override what a test needs. */
export function questionInput(
  eventId: string,
  overrides: Partial<EventQuestionInput> & { id?: string } = {},
): EventQuestionInput & { eventId: string; id?: string } {
  return {
    eventId,
    label: "Anything we should know?",
    kind: "text",
    options: [],
    required: false,
    scope: "order",
    ticketTypeIds: [],
    ...overrides,
  };
}

/** Saves each question through `questions.save`, in order; returns them as saved. */
export async function askQuestions(
  owner: { call(name: string, data: unknown): Promise<unknown> },
  eventId: string,
  questions: Partial<EventQuestionInput>[],
): Promise<EventQuestion[]> {
  const saved: EventQuestion[] = [];
  for (const question of questions) {
    saved.push(
      (await owner.call("questions.save", questionInput(eventId, question))) as EventQuestion,
    );
  }
  return saved;
}
