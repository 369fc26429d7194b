import { createContext } from "react-router";
import type { ServerContext } from "../server/platform/page-context.ts";

/**
 * What the server hands to loaders, actions and middleware. The key is created here, in
 * the app bundle, and handed to the server through the entry module (entry.server.tsx),
 * so both sides hold the same key object.
 */
export const serverContext = createContext<ServerContext>();
