import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { FORMER_MEMBER } from "./tickets-of-deleted-account.ts";

/**
 * The privacy policy keeps a deleted account's tickets anonymised, without its name: in
 * the deletion's transaction, after the tickets were settled (tickets-of-deleted-account.ts)
 * and while the account still has its name, every attendee name on the tickets it holds
 * (the door's search and the team's export read them), its name before each hand-over,
 * and the hand-over notices sent to its recipients lose it. Tickets it gave away keep
 * their recipients' names.
 */
export async function eraseNamesOfDeletedAccount(tx: Executor, userId: string): Promise<void> {
  const [person] = await rowsOf<{ name: string | null }>(
    tx,
    sql`select name from users where id = ${userId}::uuid`,
  );
  await tx.execute(
    sql`update tickets set attendee_name = ${FORMER_MEMBER} where holder_user_id = ${userId}::uuid`,
  );
  await tx.execute(
    sql`update ticket_assignments set previous_attendee_name = ${FORMER_MEMBER}
      where from_user_id = ${userId}::uuid`,
  );
  const name = person?.name;
  if (!name) return;
  // "Nora gave you a ticket": the recipients' bell and the messages sent to them.
  const recipients = sql`(select recipient_user_id from ticket_assignments
      where from_user_id = ${userId}::uuid and recipient_user_id is not null)`;
  await tx.execute(
    sql`update notifications set title = replace(title, ${name}, ${FORMER_MEMBER}),
        body = replace(body, ${name}, ${FORMER_MEMBER})
      where kind in ('ticket-received', 'ticket-taken-back') and user_id in ${recipients}
        and position(${name} in title || body) > 0`,
  );
  await tx.execute(
    sql`update outbound_messages set subject = replace(subject, ${name}, ${FORMER_MEMBER}),
        body = replace(body, ${name}, ${FORMER_MEMBER}), html = replace(html, ${name}, ${FORMER_MEMBER})
      where destination in (
          select recipient_phone from ticket_assignments where from_user_id = ${userId}::uuid
          union select recipient_email from ticket_assignments where from_user_id = ${userId}::uuid
          union select phone from users where id in ${recipients}
          union select email from users where id in ${recipients})
        and position(${name} in coalesce(subject, '') || body || coalesce(html, '')) > 0`,
  );
}
