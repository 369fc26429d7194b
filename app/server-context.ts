import { createContext } from "react-router";
import type { AppFunctions } from "#server/functions.ts";
import type { ServerContext as PlatformServerContext } from "#server/platform/http/page-context.ts";

/** The app's functions by name: each one's input and output types. */
export type AppFunctionTypes = AppFunctions;

/** The server context of this app: its functions, by name, typed. */
export type ServerContext = PlatformServerContext<AppFunctions>;

/**
 * What the server hands to loaders, actions and middleware. The key is created here, in
 * the app bundle, and handed to the server through the entry module (entry.server.tsx),
 * so both sides hold the same key object.
 */
export const serverContext = createContext<ServerContext>();
