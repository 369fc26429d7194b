import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { RateLimiter } from "#server/platform/rate-limit/rate-limiter.ts";
import { invitationTokenHash, maskDestination } from "./team-invitations.ts";
import { invitationState } from "./team-view.service.ts";
import { teamInvitations, teamMembers, teams } from "./teams.schema.ts";

/** Opening invitation links: the tokens are long, but guessing is still counted. */
export const joinRule = {
  name: "team-join",
  limit: 20,
  windowSeconds: 600,
  blockSeconds: 600,
} as const;

export type JoinDeps = { appSecret: string; rateLimiter: RateLimiter };

function refused(reason: string, message: string): FunctionError {
  return new FunctionError("FAILED_PRECONDITION", message, { reason });
}

/**
 * Joins the team of an invitation link, when the signed-in caller's verified phone or
 * email is the one invited. Opening an accepted link again is harmless (same answer).
 */
export async function acceptInvitation(
  db: Executor,
  deps: JoinDeps,
  userId: string,
  token: string,
) {
  await deps.rateLimiter.consume(joinRule, userId);
  const tokenHash = invitationTokenHash(deps.appSecret, token);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        invitation: teamInvitations,
        teamName: teams.name,
        businessName: businesses.name,
      })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .innerJoin(businesses, eq(businesses.id, teams.businessId))
      .where(eq(teamInvitations.tokenHash, tokenHash))
      .for("update", { of: teamInvitations });
    if (!found) throw new FunctionError("NOT_FOUND", "This invitation link is not valid.");
    const { invitation, teamName, businessName } = found;
    const answer = { teamId: invitation.teamId, teamName, businessName, role: invitation.role };
    const state = invitationState(invitation);
    if (state === "accepted") {
      if (invitation.acceptedBy === userId) return answer;
      throw refused(
        "used",
        "This invitation has already been used. Ask the organiser for a new one.",
      );
    }
    if (state === "revoked") {
      throw refused("revoked", "This invitation was withdrawn. Ask the organiser for a new one.");
    }
    if (state === "expired") {
      throw refused("expired", "This invitation has expired. Ask the organiser to send a new one.");
    }
    const [me] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          isNull(users.deletedAt),
          invitation.channel === "phone"
            ? and(eq(users.phone, invitation.destination), isNotNull(users.phoneVerifiedAt))
            : and(
                sql`lower(${users.email}) = ${invitation.destination}`,
                isNotNull(users.emailVerifiedAt),
              ),
        ),
      );
    if (!me) {
      const what = invitation.channel === "phone" ? "phone number" : "verified email address";
      throw refused(
        "other-identity",
        `This invitation is for ${maskDestination(invitation.channel, invitation.destination)}. Sign in with the account that has this ${what} to join.`,
      );
    }
    await tx
      .insert(teamMembers)
      .values({ teamId: invitation.teamId, userId, role: invitation.role })
      .onConflictDoNothing();
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: userId })
      .where(eq(teamInvitations.id, invitation.id));
    return answer;
  });
}
