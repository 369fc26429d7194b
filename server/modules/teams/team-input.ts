import { z } from "zod";
import { teamRoles, teamRules } from "#contract/team-options.ts";

/** An id as the caller sends it; a malformed one simply names nothing (NOT_FOUND). */
export const idInput = z.string().max(100);

export const teamName = z
  .string()
  .trim()
  .min(1, "Give the team a name.")
  .max(teamRules.nameMaxLength, `Use at most ${teamRules.nameMaxLength} characters.`);

export const teamRole = z.enum(teamRoles, "Choose coordinator or staff.");

export const teamIdInput = z.object({ teamId: idInput });

export const createTeamInput = z.object({ name: teamName });

export const updateTeamInput = z.object({ teamId: idInput, name: teamName });

/**
 * A phone (read in `region` unless it starts with + and the country code) or an email
 * address; exactly one. The phone is parsed by the handler, which reports it at `phone`.
 */
export const addMemberInput = z
  .object({
    teamId: idInput,
    phone: z.string().trim().max(40, "Use at most 40 characters.").optional(),
    region: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, "Choose a country from the list.")
      .optional(),
    email: z
      .string()
      .trim()
      .max(254, "Use at most 254 characters.")
      .pipe(z.email("Enter an email address like name@example.com."))
      .optional()
      .or(z.literal("").transform(() => undefined)),
    role: teamRole,
  })
  .superRefine((input, ctx) => {
    if (!input.phone && !input.email) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: "Enter a phone number or an email address.",
      });
    }
    if (input.phone && input.email) {
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: "Enter a phone number or an email address, not both.",
      });
    }
  });

export const memberInput = z.object({ teamId: idInput, userId: idInput });

export const setRoleInput = z.object({ teamId: idInput, userId: idInput, role: teamRole });

export const assignEventsInput = z.object({
  teamId: idInput,
  eventIds: z
    .array(idInput)
    .max(teamRules.maxEventsPerTeam, `Choose at most ${teamRules.maxEventsPerTeam} events.`),
});

export const invitationInput = z.object({ teamId: idInput, invitationId: idInput });

export const acceptInvitationInput = z.object({ token: z.string().min(1).max(200) });

export const businessIdInput = z.object({ businessId: idInput });
