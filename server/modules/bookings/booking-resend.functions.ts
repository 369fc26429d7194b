import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { resendConfirmation } from "./resend-confirmation.ts";

/** The buyer has their booking's confirmation and tickets sent again (from /order). */
export const resendMyBooking = defineFunction({
  name: "bookings.resend",
  input: z.object({ bookingId: z.uuid("Choose a booking.") }),
  access: "signed-in",
  handler: async (data, ctx) => {
    const [own] = await rowsOf<{ id: string }>(
      ctx.db,
      sql`select id from bookings where id = ${data.bookingId}::uuid
        and user_id = ${ctx.auth.userId}::uuid`,
    );
    if (!own) throw new FunctionError("NOT_FOUND", "Booking not found.");
    return resendConfirmation(
      {
        db: ctx.db,
        messages: ctx.services.messages,
        publicUrl: ctx.services.settings.PUBLIC_URL,
        rateLimiter: ctx.services.rateLimiter,
      },
      data.bookingId,
    );
  },
});

/** Sending a booking's confirmation again (issue 25). */
export const bookingResendFunctions = [
  resendMyBooking,
] as const satisfies readonly AnyFunctionDefinition[];
