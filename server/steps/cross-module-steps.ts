import { accountDeletionSteps } from "./account-deletion.ts";
import { badScanBurstSteps } from "./door-bad-scans.ts";
import { doorConflictSteps } from "./door-conflicts.ts";
import { eventCancellationSteps, eventChangeSteps } from "./event-cancellation.ts";
import { eventPaymentSteps } from "./event-payments.ts";
import { checkPlanSwitch } from "./plan-billing.ts";
import { countPlanUsage } from "./plan-usage.ts";

/**
 * Every operation that crosses modules, composed here and handed to the modules' function
 * lists by server/functions.ts, so that no module imports one above it
 * (docs/decisions/012-layers-and-contract.md).
 */
export const crossModuleSteps = {
  eventCancellation: eventCancellationSteps,
  eventChange: eventChangeSteps,
  eventPayments: eventPaymentSteps,
  accountDeletion: accountDeletionSteps,
  badScanBurst: badScanBurstSteps,
  doorConflict: doorConflictSteps,
  countPlanUsage,
  checkPlanSwitch,
};
