import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { embedScriptPath, isEmbedPath } from "#contract/embed.ts";

type SecurityOptions = {
  secureTransport: boolean;
  /**
   * Origins a form may lead to besides ours: the payment provider's hosted checkout,
   * where "Pay" redirects (`form-action` covers a form's redirects too).
   */
  formTargets?: readonly string[];
};

/**
 * Security headers. The Content-Security-Policy allows nothing from other origins;
 * inline scripts need this response's nonce; 'wasm-unsafe-eval' lets the barcode
 * reader compile its WebAssembly; styles allow inline because Mantine sets style
 * attributes and CSS variables.
 */
export function securityHeaders(options: SecurityOptions) {
  const withHelmet = helmet(helmetOptions(options, "page"));
  const embeddable = helmet(helmetOptions(options, "embed"));
  // An API answer is JSON or an event stream, never a page with scripts: it needs no
  // nonce, so its headers are computed once and set as they are (a callable call is
  // short; helmet's per-request work was a few percent of it).
  const apiHeaders = headersOf(helmet(helmetOptions(options, "api")));
  return (req: Request, res: Response, next: NextFunction) => {
    // Camera for the door scanner, on our own origin only.
    res.setHeader("Permissions-Policy", "camera=(self), microphone=(), geolocation=()");
    if (req.path.startsWith("/api/")) {
      for (const [name, value] of apiHeaders) res.setHeader(name, value);
      next();
      return;
    }
    res.locals.cspNonce = randomBytes(16).toString("base64");
    if (isEmbedPath(req.path)) {
      embeddable(req, res, next);
    } else if (req.path === embedScriptPath) {
      // The widget's script is loaded by other sites' pages (decision 040).
      withHelmet(req, res, (error?: unknown) => {
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
        next(error);
      });
    } else {
      withHelmet(req, res, next);
    }
  };
}

/**
 * For a page: scripts of our origin and this response's nonce, framed by no one; a
 * widget's page (decision 040) the same, but any site may frame it; for the API: nothing.
 */
function helmetOptions(
  options: SecurityOptions,
  kind: "page" | "embed" | "api",
): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": kind === "api" ? ["'none'"] : ["'self'"],
        "script-src":
          kind === "api"
            ? ["'none'"]
            : [
                "'self'",
                "'wasm-unsafe-eval'",
                (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
              ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "media-src": ["'self'", "blob:"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'", ...(options.formTargets ?? [])],
        "frame-ancestors": kind === "embed" ? ["*"] : ["'none'"],
        ...(options.secureTransport ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: options.secureTransport,
    // X-Frame-Options has no "anyone": frame-ancestors alone says who may frame a widget.
    xFrameOptions: kind === "embed" ? false : { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
    // The external sign-in popup must keep its opener across the provider's pages.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  };
}

/** The headers a helmet middleware sets, read once from a response that records them. */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  middleware({} as never, recorder as never, () => {});
  return [...headers];
}
