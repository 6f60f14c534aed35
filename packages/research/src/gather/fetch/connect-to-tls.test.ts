import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UndiciPageFetcher } from "./undici-page-fetcher.js";

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

describe.skipIf(!hasOpenssl)("connect-to over TLS", () => {
  let server: Server;
  let port: number;
  let certificate: string;
  const serverNames: Array<string | false | null> = [];

  beforeAll(async () => {
    const directory = mkdtempSync(join(tmpdir(), "dossier-tls-"));
    const keyPath = join(directory, "key.pem");
    const certificatePath = join(directory, "certificate.pem");
    const generated = spawnSync("openssl", [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyPath,
      "-out",
      certificatePath,
      "-days",
      "1",
      "-subj",
      "/CN=secure.test",
      "-addext",
      "subjectAltName=DNS:secure.test",
    ]);
    expect(generated.status).toBe(0);
    certificate = readFileSync(certificatePath, "utf8");
    const key = readFileSync(keyPath, "utf8");
    rmSync(directory, { recursive: true, force: true });
    server = createServer({ key, cert: certificate }, (request, response) => {
      serverNames.push((request.socket as TLSSocket).servername);
      response
        .writeHead(request.url === "/robots.txt" ? 404 : 200, { "content-type": "text/plain" })
        .end("secure page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function createFetcher(host: string): UndiciPageFetcher {
    return new UndiciPageFetcher({
      perHostDelayMs: 0,
      ca: certificate,
      connectTo: [{ host, port: 443, address: "127.0.0.1", targetPort: port }],
    });
  }

  it("sends the URL's host as server name and verifies the certificate for it", async () => {
    const fetcher = createFetcher("secure.test");
    try {
      const page = await fetcher.fetch("https://secure.test/", {});
      expect(page).toMatchObject({ url: "https://secure.test/", text: "secure page" });
      expect(serverNames).toContain("secure.test");
    } finally {
      await fetcher.close();
    }
  });

  it("refuses a target whose certificate does not name the host", async () => {
    const fetcher = createFetcher("impostor.test");
    try {
      await expect(fetcher.fetch("https://impostor.test/", {})).rejects.toMatchObject({
        code: "FETCH_FAILED",
        detail: expect.stringContaining("ERR_TLS_CERT_ALTNAME_INVALID"),
      });
    } finally {
      await fetcher.close();
    }
  });
});
