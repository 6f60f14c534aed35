import { consoleAssetsDirectory } from "@dossier/console";
import { DossierError } from "@dossier/contract";
import type { NextFunction, Request, Response } from "express";
import { type Route, route } from "../http/route-table.js";

/**
 * What the console's page may load and reach: its own script and styles, and this gateway's API;
 * nothing inline, nothing from elsewhere, and never inside another site's frame.
 */
const CONSOLE_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

function sendConsoleFile(file: string, response: Response, next: NextFunction): void {
  response.setHeader("Content-Security-Policy", CONSOLE_SECURITY_POLICY);
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Referrer-Policy", "no-referrer");
  // File names are not versioned: the browser checks for a newer build each time (ETag).
  response.setHeader("Cache-Control", "no-cache");
  response.sendFile(file, { root: consoleAssetsDirectory, dotfiles: "deny" }, (error) => {
    if (!error) return;
    next(
      new DossierError("ROUTE_NOT_FOUND", {
        detail:
          file === "index.html"
            ? "The console is not built: run `pnpm install` or `pnpm build`."
            : `The console has no file ${file}.`,
      }),
    );
  });
}

/**
 * `GET /console`: the web console, static files built by `pnpm install`, served as they are; and
 * `GET /`, which sends a browser opened on the gateway's address there.
 */
export function consoleRoutes(): Route[] {
  return [
    route("GET", "/", (_request: Request, response: Response) => response.redirect(302, "/console")),
    route("GET", "/console", (_request: Request, response: Response, next: NextFunction) =>
      sendConsoleFile("index.html", response, next),
    ),
    route("GET", "/console/*path", (request: Request, response: Response, next: NextFunction) => {
      const segments = ([] as string[]).concat(request.params.path ?? []);
      sendConsoleFile(segments.length === 0 ? "index.html" : segments.join("/"), response, next);
    }),
  ];
}
