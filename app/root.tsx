import "@mantine/core/styles.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
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
import type { Route } from "./+types/root";
import { AppLayout } from "./components/AppLayout";
import { ErrorPage } from "./components/ErrorPage";
import { useNonce } from "./components/nonce";
import { serverContext } from "./server-context";
import {
  rememberSignedIn,
  type SignedInUser,
  signedInStateChanged,
  useSignedInUser,
} from "./session/signed-in-user";
import { useSessionWatcher } from "./session/use-session-watcher";
import { theme, themeColor } from "./theme";
import { themeCss } from "./theme-css";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <ColorSchemeScript defaultColorScheme="auto" nonce={nonce} />
        <Meta />
        <Links />
        <style
          data-mantine-styles
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own theme's CSS, computed once (app/theme-css.ts); after <Links /> so it overrides the defaults of styles.css
          dangerouslySetInnerHTML={{ __html: themeCss }}
        />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="auto" withCssVariables={false}>
          <AppLayout>{children}</AppLayout>
        </MantineProvider>
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
    const user: SignedInUser = await invoke("sessions.current", null);
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} path={pathname} />;
}
