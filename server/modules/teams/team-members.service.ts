import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { teamListPath } from "#contract/paths.ts";
import type { TeamRole } from "#contract/team-options.ts";
import { isUuid } from "#contract/uuid.ts";
import { normaliseEmail } from "#server/modules/accounts/identifiers.ts";
import { parsePhoneNumber } from "#server/modules/accounts/phone-number.ts";
import { notifyUser } from "#server/modules/notifications/notifications.service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { RateLimiter } from "#server/platform/rate-limit/rate-limiter.ts";
import { requireOwnedTeam } from "./team-authoring.service.ts";
import { type InvitationDeps, sendInvitation } from "./team-invitations.ts";
import { teamInvitations, teamMembers } from "./teams.schema.ts";

/** Invitations cost an SMS or an email each: at most this many per owner and hour. */
export const addMemberRule = { name: "team-add-member", limit: 60, windowSeconds: 3600 } as const;

export type AddMemberDeps = InvitationDeps & { rateLimiter: RateLimiter };

export type AddMemberInput = {
  teamId: string;
  phone?: string | undefined;
  region?: string | undefined;
  email?: string | undefined;
  role: TeamRole;
};

/** The live account with this verified phone or email, if any. */
async function verifiedAccount(tx: Executor, channel: "phone" | "email", destination: string) {
  const [user] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      channel === "phone"
        ? and(
            eq(users.phone, destination),
            isNotNull(users.phoneVerifiedAt),
            isNull(users.deletedAt),
          )
        : and(
            sql`lower(${users.email}) = ${destination}`,
            isNotNull(users.emailVerifiedAt),
            isNull(users.deletedAt),
          ),
    );
  return user ?? null;
}

/**
 * Adds a person by phone or email. A verified account with it becomes a member at once
 * and is notified; anyone else gets an invitation link by SMS or email (decision 014).
 */
export async function addMember(
  db: Executor,
  deps: AddMemberDeps,
  ownerId: string,
  input: AddMemberInput,
) {
  let channel: "phone" | "email";
  let destination: string;
  if (input.phone) {
    const phone = parsePhoneNumber(input.phone, input.region || undefined);
    if (!phone.ok) throw fieldError("phone", phone.message);
    channel = "phone";
    destination = phone.e164;
  } else {
    channel = "email";
    destination = normaliseEmail(input.email ?? "");
  }
  await deps.rateLimiter.consume(addMemberRule, ownerId);
  return db.transaction(async (tx) => {
    const { business, team } = await requireOwnedTeam(tx, ownerId, input.teamId, { lock: true });
    const account = await verifiedAccount(tx, channel, destination);
    if (!account) {
      const { invitationId } = await sendInvitation(tx, deps, {
        teamId: team.id,
        teamName: team.name,
        businessName: business.name,
        channel,
        destination,
        role: input.role,
        invitedBy: ownerId,
      });
      return { outcome: "invited" as const, invitationId, channel, destination };
    }
    const [added] = await tx
      .insert(teamMembers)
      .values({ teamId: team.id, userId: account.id, role: input.role })
      .onConflictDoNothing()
      .returning({ userId: teamMembers.userId, createdAt: teamMembers.createdAt });
    if (!added) throw fieldError(channel, "This person is already in the team.");
    await notifyUser(
      tx,
      {
        userId: account.id,
        kind: "team-joined",
        title: `You are in the team ${team.name}`,
        body: `${business.name} added you to its team “${team.name}” as ${input.role}. Your teams and their events are under My teams.`,
        link: teamListPath,
        // Once per membership: joining again after being taken out is told again.
        key: `team-joined:${team.id}:${account.id}:${added.createdAt.getTime()}`,
      },
      { messages: deps.messages, publicUrl: deps.publicUrl },
    );
    return {
      outcome: "added" as const,
      userId: account.id,
      name: account.name,
      channel,
      destination,
    };
  });
}

/**
 * Takes a member out of the team. Access is read from the database on every request
 * (team-access.ts), so their next page load or call is refused: nothing to revoke.
 */
export async function removeMember(db: Executor, ownerId: string, teamId: string, userId: string) {
  return db.transaction(async (tx) => {
    await requireOwnedTeam(tx, ownerId, teamId, { lock: true });
    if (!isUuid(userId)) throw new FunctionError("NOT_FOUND", "This person is not in the team.");
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0)
      throw new FunctionError("NOT_FOUND", "This person is not in the team.");
    return { removed: true };
  });
}

export async function setMemberRole(
  db: Executor,
  ownerId: string,
  teamId: string,
  userId: string,
  role: TeamRole,
) {
  return db.transaction(async (tx) => {
    await requireOwnedTeam(tx, ownerId, teamId, { lock: true });
    if (!isUuid(userId)) throw new FunctionError("NOT_FOUND", "This person is not in the team.");
    const changed = await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (changed.length === 0)
      throw new FunctionError("NOT_FOUND", "This person is not in the team.");
    return { userId, role };
  });
}

/** Withdraws an invitation not yet accepted: its link stops working at once. */
export async function revokeInvitation(
  db: Executor,
  ownerId: string,
  teamId: string,
  invitationId: string,
) {
  return db.transaction(async (tx) => {
    await requireOwnedTeam(tx, ownerId, teamId, { lock: true });
    const valid = isUuid(invitationId);
    const revoked = valid
      ? await tx
          .update(teamInvitations)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(teamInvitations.id, invitationId),
              eq(teamInvitations.teamId, teamId),
              isNull(teamInvitations.acceptedAt),
              isNull(teamInvitations.revokedAt),
            ),
          )
          .returning({ id: teamInvitations.id })
      : [];
    if (revoked.length === 0) {
      throw new FunctionError("NOT_FOUND", "No open invitation of this team has this id.");
    }
    return { revoked: true };
  });
}
