import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/**
 * Security headers. The Content-Security-Policy allows nothing from other origins;
 * inline scripts need this response's nonce; 'wasm-unsafe-eval' lets the barcode
 * reader compile its WebAssembly; styles allow inline because Mantine sets style
 * attributes and CSS variables.
 */
export function securityHeaders(options: { secureTransport: boolean }) {
  const withHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
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
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(options.secureTransport ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: options.secureTransport,
    crossOriginEmbedderPolicy: false,
    // The external sign-in popup must keep its opener across the provider's pages.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // Camera for the door scanner, on our own origin only.
    res.setHeader("Permissions-Policy", "camera=(self), microphone=(), geolocation=()");
    withHelmet(req, res, next);
  };
}
