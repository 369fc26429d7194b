import { accountFunctions } from "./modules/accounts/accounts.functions.ts";
import { bookingFunctions } from "./modules/bookings/bookings.functions.ts";
import { businessFunctions } from "./modules/businesses/businesses.functions.ts";
import { eventAuthoringFunctions } from "./modules/events/event-authoring.functions.ts";
import { eventDiscoveryFunctions } from "./modules/events/event-discovery.functions.ts";
import { inventoryFunctions } from "./modules/inventory/inventory.functions.ts";
import { profileFunctions } from "./modules/profile/profile.functions.ts";
import { sessionFunctions } from "./platform/auth/sessions.functions.ts";
import type { AnyFunctionDefinition, FunctionTypes } from "./platform/callable/define-function.ts";
import { messageFunctions } from "./platform/messages/messages.functions.ts";

/**
 * Every callable function of the product, module by module. The page-side client takes
 * its names and input/output types from here, so a wrong call fails to type-check.
 */
export const appFunctions = [
  ...sessionFunctions,
  ...accountFunctions,
  ...profileFunctions,
  ...messageFunctions,
  ...businessFunctions,
  ...eventAuthoringFunctions,
  ...eventDiscoveryFunctions,
  ...inventoryFunctions,
  ...bookingFunctions,
] as const satisfies readonly AnyFunctionDefinition[];

export type AppFunctions = FunctionTypes<typeof appFunctions>;
