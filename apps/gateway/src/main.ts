import cluster from "node:cluster";
import { createLogger, loadConfigOrExit } from "@dossier/config";
import { startGateway } from "./start-gateway.js";
import { superviseGateways } from "./supervise-gateways.js";

const config = loadConfigOrExit("dossier gateway");

if (config.gatewayProcesses > 1 && cluster.isPrimary) {
  superviseGateways(config, createLogger("gateway", config.logLevel, { role: "supervisor" }));
} else {
  await startGateway(config, createLogger("gateway", config.logLevel), { clustered: cluster.isWorker });
}
