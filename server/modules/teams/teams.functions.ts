import { z } from "zod";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { defineFunction } from "#server/platform/callable/define-function.ts";
import { acceptInvitation } from "./join-team.ts";
import { type DoorRole, isTeamMember } from "./team-access.ts";
import {
  assignEvents,
  createTeam,
  deleteTeam,
  listTeams,
  renameTeam,
} from "./team-authoring.service.ts";
import { businessForTeams, myTeams } from "./team-door.service.ts";
import {
  acceptInvitationInput,
  addMemberInput,
  assignEventsInput,
  businessIdInput,
  createTeamInput,
  invitationInput,
  memberInput,
  setRoleInput,
  teamIdInput,
  updateTeamInput,
} from "./team-input.ts";
import {
  addMember,
  removeMember,
  revokeInvitation,
  setMemberRole,
} from "./team-members.service.ts";
import { getTeam } from "./team-view.service.ts";

/** Only the owner of the team's business (scope `team`, decision 014). */
const ownerOfTeam = { member: "team", id: "teamId", roles: ["owner"] } as const;

const invitationDeps = (ctx: FunctionContext) => ({
  appSecret: ctx.services.settings.APP_SECRET,
  publicUrl: ctx.services.settings.PUBLIC_URL,
  messages: ctx.services.messages,
  rateLimiter: ctx.services.rateLimiter,
});

export const createBusinessTeam = defineFunction({
  name: "teams.create",
  input: createTeamInput,
  access: "signed-in",
  handler: (data, ctx) => createTeam(ctx.db, ctx.auth.userId, data.name),
});

export const listBusinessTeams = defineFunction({
  name: "teams.list",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => listTeams(ctx.db, ctx.auth.userId),
});

export const getBusinessTeam = defineFunction({
  name: "teams.get",
  input: teamIdInput,
  access: ownerOfTeam,
  handler: (data, ctx) => getTeam(ctx.db, ctx.auth.userId, data.teamId),
});

export const updateBusinessTeam = defineFunction({
  name: "teams.update",
  input: updateTeamInput,
  access: ownerOfTeam,
  handler: (data, ctx) => renameTeam(ctx.db, ctx.auth.userId, data.teamId, data.name),
});

export const deleteBusinessTeam = defineFunction({
  name: "teams.delete",
  input: teamIdInput,
  access: ownerOfTeam,
  handler: (data, ctx) => deleteTeam(ctx.db, ctx.auth.userId, data.teamId),
});

export const addTeamMember = defineFunction({
  name: "teams.addMember",
  input: addMemberInput,
  access: ownerOfTeam,
  handler: (data, ctx) => addMember(ctx.db, invitationDeps(ctx), ctx.auth.userId, data),
});

export const removeTeamMember = defineFunction({
  name: "teams.removeMember",
  input: memberInput,
  access: ownerOfTeam,
  handler: (data, ctx) => removeMember(ctx.db, ctx.auth.userId, data.teamId, data.userId),
});

export const setTeamMemberRole = defineFunction({
  name: "teams.setRole",
  input: setRoleInput,
  access: ownerOfTeam,
  handler: (data, ctx) =>
    setMemberRole(ctx.db, ctx.auth.userId, data.teamId, data.userId, data.role),
});

export const revokeTeamInvitation = defineFunction({
  name: "teams.revokeInvitation",
  input: invitationInput,
  access: ownerOfTeam,
  handler: (data, ctx) => revokeInvitation(ctx.db, ctx.auth.userId, data.teamId, data.invitationId),
});

export const assignTeamEvents = defineFunction({
  name: "teams.assignEvents",
  input: assignEventsInput,
  access: ownerOfTeam,
  handler: (data, ctx) => assignEvents(ctx.db, ctx.auth.userId, data.teamId, data.eventIds),
});

export const acceptTeamInvitation = defineFunction({
  name: "teams.acceptInvitation",
  input: acceptInvitationInput,
  access: "signed-in",
  handler: (data, ctx) =>
    acceptInvitation(ctx.db, invitationDeps(ctx), ctx.auth.userId, data.token),
});

export const listMyTeams = defineFunction({
  name: "teams.mine",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => myTeams(ctx.db, ctx.auth.userId),
});

export const checkTeamMembership = defineFunction({
  name: "teams.isMember",
  input: z.null().optional(),
  access: "signed-in",
  handler: async (_data, ctx) => ({ member: await isTeamMember(ctx.db, ctx.auth.userId) }),
});

export const getTeamBusiness = defineFunction({
  name: "teams.business",
  input: businessIdInput,
  access: { member: "business", id: "businessId", roles: ["owner", "coordinator"] },
  handler: (data, ctx) =>
    businessForTeams(ctx.db, ctx.auth.userId, data.businessId, ctx.membership.role as DoorRole),
});

/**
 * Teams of door staff. The owner's console functions answer NOT_FOUND to everyone but
 * the owner of the team's business; `teams.mine`, `teams.business` and `teams.isMember`
 * are the members' side. Access is read from the database on every call.
 */
export const teamFunctions = [
  createBusinessTeam,
  listBusinessTeams,
  getBusinessTeam,
  updateBusinessTeam,
  deleteBusinessTeam,
  addTeamMember,
  removeTeamMember,
  setTeamMemberRole,
  revokeTeamInvitation,
  assignTeamEvents,
  acceptTeamInvitation,
  listMyTeams,
  checkTeamMembership,
  getTeamBusiness,
] as const;
