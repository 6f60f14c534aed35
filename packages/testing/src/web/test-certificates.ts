import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A throwaway certificate authority and a server certificate it signed for the simulated hosts. */
export interface TestCertificates {
  /** PEM file of the CA, for NODE_EXTRA_CA_CERTS. */
  caPath: string;
  key: string;
  cert: string;
  /** Deletes the temporary folder. */
  remove(): void;
}

/**
 * Makes a CA and a certificate for `hosts` with openssl, in a temporary folder. Returns null when
 * openssl is not installed; the simulated web then serves plain http only.
 */
export function createTestCertificates(hosts: readonly string[]): TestCertificates | null {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
  } catch {
    return null;
  }
  const folder = mkdtempSync(join(tmpdir(), "dossier-web-tls-"));
  const file = (name: string) => join(folder, name);
  const run = (...args: string[]) => execFileSync("openssl", args, { stdio: "ignore", cwd: folder });
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Dossier test CA",
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
  );
  run(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=simulated web",
    "-keyout",
    file("server.key"),
    "-out",
    file("server.csr"),
  );
  writeFileSync(file("san.ext"), `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(",")}\n`);
  run(
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    file("san.ext"),
    "-out",
    file("server.pem"),
  );
  return {
    caPath: file("ca.pem"),
    key: readFileSync(file("server.key"), "utf8"),
    cert: readFileSync(file("server.pem"), "utf8"),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
