import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FolderWeb, startFolderWeb } from "./start-folder-web.js";

let folder: string;
let web: FolderWeb;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "dossier-folder-web-"));
  for (const host of ["www.only-www.test", "bare-only.test"]) {
    mkdirSync(join(folder, host, "about"), { recursive: true });
    writeFileSync(join(folder, host, "about", "index.html"), `<h1>${host}</h1>`);
  }
  web = await startFolderWeb(folder);
});

afterAll(async () => {
  await web?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** One plain-http request to the web by Host header: status, Location and body. */
function get(host: string, path: string): Promise<{ status: number; location?: string; body: string }> {
  const entry = web.connectTo.split(",").find((item) => item.startsWith(`${host}:80:`));
  if (entry === undefined) throw new Error(`${host} is not served`);
  const port = Number(entry.split(":").at(-1));
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          ...(response.headers.location ? { location: response.headers.location } : {}),
          body,
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("startFolderWeb", () => {
  it("redirects each host's other form to the saved one, as sites on the web do", async () => {
    expect(web.redirects).toEqual({ "only-www.test": "www.only-www.test", "www.bare-only.test": "bare-only.test" });
    expect(await get("only-www.test", "/about?x=1")).toMatchObject({
      status: 301,
      location: "http://www.only-www.test/about?x=1",
    });
    expect(await get("www.bare-only.test", "/about")).toMatchObject({
      status: 301,
      location: "http://bare-only.test/about",
    });
    expect((await get("www.only-www.test", "/about")).body).toContain("www.only-www.test");
    expect((await get("bare-only.test", "/about")).status).toBe(200);
  });
});
