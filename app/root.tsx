import "@mantine/core/styles.css";
import "virtual:theme.css";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from "react-router";
import { formBodyMiddleware } from "#app/forms/form-body-middleware.server.ts";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { useNonce } from "./components/nonce.tsx";
import { serverContext } from "./server-context.ts";
import {
  rememberSignedIn,
  type SignedInUser,
  signedInStateChanged,
  useSignedInUser,
} from "./session/signed-in-user.ts";
import { useSessionWatcher } from "./session/use-session-watcher.ts";
import { AppLayout } from "./shell/AppLayout.tsx";
import { colorSchemeScript, htmlColorSchemeProps } from "./shell/color-scheme.ts";
import { themeColor } from "./theme-colors.ts";

/** Before every action: the body must be a web form (415/400 otherwise, never a 500). */
export const middleware = [formBodyMiddleware];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" {...htmlColorSchemeProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script (color-scheme.ts): the theme before the first paint
          dangerouslySetInnerHTML={{ __html: colorSchemeScript }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The frame is plain elements; the screens that use Mantine's components get its
            provider from their layout route (routes/mantine-layout.tsx, decision 024). */}
        <AppLayout>{children}</AppLayout>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Who is signed in (for the header and the session watcher). */
export async function loader({ context }: Route.LoaderArgs) {
  const { auth, invoke } = context.get(serverContext);
  if (!auth) return { user: null };
  try {
    // Read on every load: a member removed from their last team loses the link at once.
    const [current, business, { member }] = await Promise.all([
      invoke("sessions.current", null),
      invoke("businesses.ownsOne", null),
      invoke("teams.isMember", null),
    ]);
    const user: SignedInUser = { ...current, businessOwner: business.owner, teamMember: member };
    return { user };
  } catch {
    return { user: null };
  }
}

/** Also after a sign-in or sign-out that only changed cookies, so the header follows. */
export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || signedInStateChanged();
}

export default function App() {
  const user = useSignedInUser();
  rememberSignedIn(user);
  useSessionWatcher(user?.sessionId ?? null);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  // A signed-in visitor on a missing page keeps a live session, as on any other page. A
  // path no route matches has no root loader data: the watcher then reads the cookies
  // alone (without an expiry cookie nobody is signed in and it schedules nothing).
  useSessionWatcher(useSignedInUser()?.sessionId ?? "error-page");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} path={pathname} />;
}
