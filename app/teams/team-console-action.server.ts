import { data, redirect } from "react-router";
import { runConsoleForm } from "#app/console/console-form.ts";
import { field } from "#app/forms/form-failure.ts";
import type { IntentAnswer } from "#app/forms/intent-action.ts";
import type { ServerContext } from "#app/server-context.ts";

type Role = "coordinator" | "staff";

/** The "add someone" form: by phone (with its country) or by email, whichever is filled. */
function addMemberInput(teamId: string, form: FormData) {
  const by = field(form, "by");
  const role = field(form, "role") as Role;
  return by === "email"
    ? { teamId, email: field(form, "email"), role }
    : { teamId, phone: field(form, "phone"), region: field(form, "region"), role };
}

/** The team page's forms, by `intent`: each calls one function and answers its form. */
export async function runTeamIntent(
  server: ServerContext,
  teamId: string,
  form: FormData,
): Promise<IntentAnswer> {
  const intent = field(form, "intent");
  const run = (notice: string, call: () => Promise<unknown>) =>
    runConsoleForm(intent, form, async () => {
      await call();
      return notice;
    });
  const userId = field(form, "userId");
  switch (intent) {
    case "rename":
      return run("Saved.", () =>
        server.invoke("teams.update", { teamId, name: field(form, "name") }),
      );
    case "delete": {
      const answer = await run("Deleted.", () => server.invoke("teams.delete", { teamId }));
      if (answer.result.ok) throw redirect("/business/teams?deleted");
      return answer;
    }
    case "add-member":
      return runConsoleForm(intent, form, async () => {
        const added = await server.invoke("teams.addMember", addMemberInput(teamId, form));
        const how = added.channel === "phone" ? "an SMS" : "an email";
        return added.outcome === "added"
          ? `${added.name || added.destination} is in the team now; we told them.`
          : `Invitation sent by ${how} to ${added.destination}. It works for 7 days.`;
      });
    case "set-role":
      return run("Role changed.", () =>
        server.invoke("teams.setRole", { teamId, userId, role: field(form, "role") as Role }),
      );
    case "remove-member":
      return run("Removed from the team.", () =>
        server.invoke("teams.removeMember", { teamId, userId }),
      );
    case "revoke":
      return run("Invitation withdrawn.", () =>
        server.invoke("teams.revokeInvitation", {
          teamId,
          invitationId: field(form, "invitationId"),
        }),
      );
    case "assign-events":
      return run("Events saved.", () =>
        server.invoke("teams.assignEvents", {
          teamId,
          eventIds: form.getAll("eventIds").filter((v): v is string => typeof v === "string"),
        }),
      );
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
