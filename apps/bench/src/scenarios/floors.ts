import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { deleteKeysWithPrefix, type ServiceProcess, startProcess } from "@dossier/testing";
import { Redis } from "ioredis";
import type { ClosedLoopResult } from "../load/run-closed-loop.js";
import { runHttpLoad } from "../load/run-http-load.js";
import { freePort } from "./bench-stack.js";
import { startCpuMeter } from "./process-cpu.js";

/** What the machine gives right now to servers far simpler than Dossier's, under the same load. */
export interface Floors {
  /** A bare node:http server answering `{}`: what any cross-process HTTP call costs. */
  echo: { oneConnection: ClosedLoopResult; fiftyConnections: ClosedLoopResult };
  /** An Express app that parses the JSON body and answers a stored body: the floor of any Express gateway. */
  express: { fiftyConnections: ClosedLoopResult; cpuPerCall: Record<string, number> };
  /** Express, BullMQ `Queue.add`, QueueEvents and a worker process returning `{}`: the floor of any BullMQ gateway. */
  bullmq: { oneConnection: ClosedLoopResult; fiftyConnections: ClosedLoopResult; cpuPerCall: Record<string, number> };
}

const ECHO_SERVER = `
const http = require("node:http");
http.createServer((request, response) => {
  request.resume();
  request.on("end", () => { response.writeHead(200, { "content-type": "application/json" }); response.end("{}"); });
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`;

const baselineScript = (name: string) => fileURLToPath(new URL(`../baselines/${name}.js`, import.meta.url));

async function started(server: ServiceProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!server.lines.includes("listening")) {
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`${server.name} did not start: ${server.lines.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(...servers: ServiceProcess[]): Promise<void> {
  for (const server of servers) server.kill("SIGKILL");
  await Promise.all(servers.map((server) => server.exited));
}

function load(port: number, connections: number, durationMs: number): Promise<ClosedLoopResult> {
  return runHttpLoad({
    origin: `http://127.0.0.1:${port}`,
    connections,
    durationMs,
    warmupMs: 500,
    warmupRequests: connections,
    request: () => ({
      method: "POST",
      path: "/v1/research/company",
      body: '{"question":"Is it a floor?","company":{"name":"Acme"}}',
    }),
  });
}

/** CPU milliseconds per finished call. */
function perCall(used: Record<string, number>, result: ClosedLoopResult): Record<string, number> {
  return Object.fromEntries(
    Object.entries(used).map(([name, milliseconds]) => [name, milliseconds / Math.max(1, result.totalFinished)]),
  );
}

/**
 * Measures the floors the queue benchmark's targets are read against, in separate processes and
 * with the same load generator. On a busy or slow machine the floors fall, and every stack figure
 * with them.
 */
export async function measureFloors(durationMs: number, redisUrl: string): Promise<Floors> {
  const echoPort = await freePort();
  const echo = startProcess(
    "echo",
    "",
    { PORT: String(echoPort) },
    { nodeArguments: ["-e", ECHO_SERVER], keepLines: 200 },
  );
  let echoFigures: Floors["echo"];
  try {
    await started(echo);
    echoFigures = {
      oneConnection: await load(echoPort, 1, durationMs),
      fiftyConnections: await load(echoPort, 50, durationMs),
    };
  } finally {
    await stop(echo);
  }

  const expressPort = await freePort();
  const expressServer = startProcess(
    "express-stored",
    baselineScript("express-stored-server"),
    { PORT: String(expressPort) },
    { keepLines: 200 },
  );
  let expressFigures: Floors["express"];
  try {
    await started(expressServer);
    const meter = startCpuMeter({ gateway: [expressServer.child.pid!], bench: [process.pid] });
    const fiftyConnections = await load(expressPort, 50, durationMs);
    expressFigures = { fiftyConnections, cpuPerCall: perCall(meter.stop(), fiftyConnections) };
  } finally {
    await stop(expressServer);
  }

  const prefix = `bench-bare-${randomBytes(4).toString("hex")}`;
  const bullmqPort = await freePort();
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  const worker = startProcess(
    "bare-bullmq-worker",
    baselineScript("bare-bullmq-server"),
    { ...env, ROLE: "worker" },
    { keepLines: 200 },
  );
  const gateway = startProcess(
    "bare-bullmq-gateway",
    baselineScript("bare-bullmq-server"),
    { ...env, PORT: String(bullmqPort) },
    { keepLines: 200 },
  );
  const redis = new Redis(redisUrl);
  try {
    await Promise.all([started(worker), started(gateway)]);
    const oneConnection = await load(bullmqPort, 1, durationMs);
    const redisPid = Number(/^process_id:(\d+)/m.exec(await redis.info("server").catch(() => ""))?.[1]);
    const meter = startCpuMeter({
      gateway: [gateway.child.pid!],
      worker: [worker.child.pid!],
      redis: Number.isInteger(redisPid) && redisPid > 0 ? [redisPid] : [],
      bench: [process.pid],
    });
    const fiftyConnections = await load(bullmqPort, 50, durationMs);
    const bullmqFigures = { oneConnection, fiftyConnections, cpuPerCall: perCall(meter.stop(), fiftyConnections) };
    return { echo: echoFigures, express: expressFigures, bullmq: bullmqFigures };
  } finally {
    await stop(gateway, worker);
    await deleteKeysWithPrefix(redis, prefix).catch(() => {});
    redis.disconnect();
  }
}
