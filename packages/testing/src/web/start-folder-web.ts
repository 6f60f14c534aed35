import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createSecureServer } from "node:https";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";
import { createTestCertificates } from "./test-certificates.js";

/** Saved real sites served on loopback, one folder per host. */
export interface FolderWeb {
  /** The hosts with a folder of their own. */
  hosts: string[];
  /**
   * Each host's other form (`www.` added or dropped) where no folder has it, redirecting there
   * (301, same path) as sites on the web do: `acme.com` to `www.acme.com` when only the `www.` site
   * was saved, `www.acme.com` to `acme.com` when only the bare one was.
   */
  redirects: Record<string, string>;
  /** `FETCH_CONNECT_TO` entries for every host and redirect, http (80) and, with openssl, https (443). */
  connectTo: string;
  /** The test CA's PEM text (for the fetcher's `ca` setting), or null without https. */
  caPem: string | null;
  /** The test CA's file, for `NODE_EXTRA_CA_CERTS` of processes that fetch from it; null without https. */
  caPath: string | null;
  /** Every request received, oldest first. */
  requests: Array<{ host: string; path: string }>;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".pdf": "application/pdf",
};

/**
 * Serves a folder laid out as `<host>/<path>/index.html`, `<host>/robots.txt` and
 * `<host>/sitemap.xml` (as `../shared/realweb` is) by Host header, over http and https; each
 * host's other form (`www.` added or dropped) redirects to it.
 */
export async function startFolderWeb(folder: string): Promise<FolderWeb> {
  const hosts = readdirSync(folder).filter((name) => statSync(join(folder, name)).isDirectory());
  const redirects: Record<string, string> = {};
  for (const host of hosts) {
    const other = host.startsWith("www.") ? host.slice(4) : `www.${host}`;
    if (!hosts.includes(other) && other.includes(".")) redirects[other] = host;
  }
  const requests: Array<{ host: string; path: string }> = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const rawPath = (request.url ?? "/").split("?")[0] ?? "/";
    const path = safeDecode(rawPath);
    requests.push({ host, path });
    const target = redirects[host];
    if (target !== undefined) {
      const scheme = "encrypted" in request.socket ? "https" : "http";
      response.writeHead(301, { location: `${scheme}://${target}${request.url ?? "/"}` }).end();
      return;
    }
    if (!hosts.includes(host)) {
      response.writeHead(404).end();
      return;
    }
    // Saved folders keep some names percent-encoded as in their URL (`List_of_S%26P_500_companies`).
    const candidates = [path, rawPath].flatMap((form) => {
      const relative = normalize(form).replace(/^(\.\.[/\\])+/, "");
      return [join(folder, host, relative), join(folder, host, relative, "index.html")];
    });
    const file = candidates.find(
      (candidate) => candidate.startsWith(join(folder, host)) && existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (!file) {
      response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    const extension = file.slice(file.lastIndexOf("."));
    response.writeHead(200, { "content-type": contentTypes[extension] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const served = [...hosts, ...Object.keys(redirects)];
  const certificates = createTestCertificates(served);
  const secureServer = certificates
    ? createSecureServer({ key: certificates.key, cert: certificates.cert }, handle)
    : null;
  if (secureServer) await new Promise<void>((resolve) => secureServer.listen(0, "127.0.0.1", resolve));
  const securePort = secureServer ? (secureServer.address() as AddressInfo).port : null;
  return {
    hosts,
    redirects,
    connectTo: served
      .flatMap((host) => [
        `${host}:80:127.0.0.1:${port}`,
        ...(securePort ? [`${host}:443:127.0.0.1:${securePort}`] : []),
      ])
      .join(","),
    caPem: certificates ? readFileSync(certificates.caPath, "utf8") : null,
    caPath: certificates ? certificates.caPath : null,
    requests,
    async close() {
      certificates?.remove();
      secureServer?.closeAllConnections();
      secureServer?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
