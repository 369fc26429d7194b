// Only the part of Mantine's stylesheet that the frame, the public pages and the sign-in
// screens draw with (app/ui writes these components' classes, decision 024): the whole
// file (~37 KiB gzip) blocked their first paint. The Mantine screens load the whole of it
// with their layout (routes/mantine-layout.tsx). Mantine's global styles first, then the
// components in the order of its full file (dependencies first: UnstyledButton before
// Button; Input before PasswordInput); root-styles.test.ts holds the list complete.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
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
  useLoaderData,
  useLocation,
} from "react-router";
import { EmbedFrame } from "#app/embed/EmbedFrame.tsx";
import { embedColorSchemeScript } from "#app/embed/embed-color-scheme.ts";
import { formBodyMiddleware } from "#app/forms/form-body-middleware.server.ts";
import { isEmbedPath } from "#contract/embed.ts";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { useNonce } from "./components/nonce.tsx";
import { serverContext } from "./server-context.ts";
import {
  type RootData,
  signedInStateChanged,
  useRootViewer,
  useSignedInUser,
} from "./session/signed-in-user.ts";
import { useSessionWatcher } from "./session/use-session-watcher.ts";
import { viewerOf } from "./session/viewer.server.ts";
import { viewerPendingScript } from "./session/viewer-store.ts";
import { AppLayout } from "./shell/AppLayout.tsx";
import { colorSchemeScript, htmlColorSchemeProps } from "./shell/color-scheme.ts";
import { themeColor } from "./theme-colors.ts";

/** Before every action: the body must be a web form (415/400 otherwise, never a 500). */
export const middleware = [formBodyMiddleware];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // A widget on another site (decision 040): its scheme is the host's, and no frame of ours.
  const embedded = isEmbedPath(useLocation().pathname);
  return (
    <html lang="en" {...htmlColorSchemeProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant scripts (color-scheme.ts, viewer-store.ts): the theme, and whether someone is signed in, before the first paint
          dangerouslySetInnerHTML={{
            __html: embedded
              ? embedColorSchemeScript
              : `${colorSchemeScript}\n${viewerPendingScript}`,
          }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The frame is plain elements; the screens that use Mantine's components get its
            provider from their layout route (routes/mantine-layout.tsx, decision 024). */}
        {embedded ? <EmbedFrame>{children}</EmbedFrame> : <AppLayout>{children}</AppLayout>}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Who is signed in (for the header and the session watcher). A shared render (a public
 * page, the same for everyone: decision 032) names nobody: the page asks for the person.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const server = context.get(serverContext);
  if (server.shared) return { user: null, shared: true };
  return { user: await viewerOf(server) };
}

/** Also after a sign-in or sign-out that only changed cookies, so the header follows. */
export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || signedInStateChanged();
}

export default function App() {
  useRootViewer(useLoaderData<typeof loader>());
  const user = useSignedInUser();
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
