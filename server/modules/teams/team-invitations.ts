import { createHmac, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { brandName } from "#contract/brand.ts";
import { teamInvitationPath } from "#contract/paths.ts";
import { type InvitationChannel, type TeamRole, teamRules } from "#contract/team-options.ts";
import { maskPhoneNumber } from "#server/modules/accounts/phone-number.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import { teamInvitations } from "./teams.schema.ts";

/** What sending an invitation needs: the secret that keys token hashes, the site, messages. */
export type InvitationDeps = {
  appSecret: string;
  publicUrl: string;
  messages: MessageService;
};

/** The stored form of a link's secret: an HMAC keyed by APP_SECRET, never the secret. */
export function invitationTokenHash(appSecret: string, token: string): string {
  return createHmac("sha256", appSecret).update(`team-invitation:${token}`).digest("base64url");
}

/** `+••••••••0008` or `d•••@example.com`: enough to recognise, not to read. */
export function maskDestination(channel: InvitationChannel, destination: string): string {
  if (channel === "phone") return maskPhoneNumber(destination);
  const [local = "", domain = ""] = destination.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

/**
 * Writes an invitation (replacing an open one to the same destination) and queues its
 * SMS or email with the link, in the caller's transaction. The link's secret exists in
 * clear only in that message.
 */
export async function sendInvitation(
  tx: Executor,
  deps: InvitationDeps,
  invitation: {
    teamId: string;
    teamName: string;
    businessName: string;
    channel: InvitationChannel;
    destination: string;
    role: TeamRole;
    invitedBy: string;
  },
): Promise<{ invitationId: string }> {
  const now = new Date();
  await tx
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(teamInvitations.teamId, invitation.teamId),
        eq(teamInvitations.destination, invitation.destination),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    );
  const token = randomBytes(32).toString("base64url");
  const [row] = await tx
    .insert(teamInvitations)
    .values({
      teamId: invitation.teamId,
      channel: invitation.channel,
      destination: invitation.destination,
      role: invitation.role,
      tokenHash: invitationTokenHash(deps.appSecret, token),
      invitedBy: invitation.invitedBy,
      expiresAt: new Date(now.getTime() + teamRules.invitationLifetimeDays * 86_400_000),
    })
    .returning({ id: teamInvitations.id });
  if (!row) throw new Error("invitation not inserted");
  const link = new URL(teamInvitationPath(token), deps.publicUrl).href;
  // Plain quotes: curly ones would make the SMS Unicode, at 70 characters a part.
  const what = `${invitation.businessName} invites you to join the team "${invitation.teamName}" as ${invitation.role} on ${brandName}.`;
  const how = `Create an account or sign in with this ${invitation.channel === "phone" ? "phone number" : "email address"}, then open the link (valid ${teamRules.invitationLifetimeDays} days): ${link}`;
  if (invitation.channel === "phone") {
    await deps.messages.queueSms(tx, invitation.destination, `${what} ${how}`);
  } else {
    await deps.messages.queueEmail(tx, {
      to: invitation.destination,
      subject: `Join ${invitation.teamName} at ${invitation.businessName}`,
      text: `${what}\n\n${how}\n\nIf you did not expect this, ignore this email.`,
    });
  }
  return { invitationId: row.id };
}

/**
 * A deleted account's phone number and email address leave every invitation sent to them,
 * open or settled (an account-deletion step, server/steps/account-deletion.ts).
 */
export async function forgetInvitationsTo(tx: Executor, userId: string): Promise<void> {
  await tx.execute(
    sql`delete from team_invitations where destination in (
      select phone from users where id = ${userId}::uuid and phone is not null
      union select email from users where id = ${userId}::uuid and email is not null)`,
  );
}
