import { runHttpLoad } from "../load/run-http-load.js";
import type { ClosedLoopResult } from "../load/run-closed-loop.js";
import { freePort } from "./bench-stack.js";
import { startProcess } from "@dossier/testing";

/** The machine's floor for the stack's figures: a bare node:http server in another process. */
export interface EchoBaseline {
  oneConnection: ClosedLoopResult;
  fiftyConnections: ClosedLoopResult;
}

const ECHO_SERVER = `
const http = require("node:http");
http.createServer((request, response) => {
  request.resume();
  request.on("end", () => { response.writeHead(200, { "content-type": "application/json" }); response.end("{}"); });
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`;

/**
 * Round trips to a node:http server in a child process that answers `{}` at once, with the same
 * load generator: what any cross-process HTTP call costs on this machine right now. On a busy
 * machine this floor rises, and every stack figure with it.
 */
export async function measureEchoBaseline(durationMs: number): Promise<EchoBaseline> {
  const port = await freePort();
  const echo = startProcess("echo", "", { PORT: String(port) }, { nodeArguments: ["-e", ECHO_SERVER], keepLines: 200 });
  try {
    const deadline = Date.now() + 10_000;
    while (!echo.lines.includes("listening")) {
      if (Date.now() > deadline || echo.child.exitCode !== null) throw new Error(`echo server did not start: ${echo.lines.join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const run = (connections: number) =>
      runHttpLoad({
        origin: `http://127.0.0.1:${port}`,
        connections,
        durationMs,
        warmupMs: 500,
        request: () => ({ method: "POST", path: "/", body: '{"question":"baseline"}' }),
      });
    return { oneConnection: await run(1), fiftyConnections: await run(50) };
  } finally {
    echo.kill("SIGKILL");
    await echo.exited;
  }
}
