import { formatNumber, formatTable } from "../report/format-table.js";
import type { Floors } from "./floors.js";
import type { GatewayProcessesFigures } from "./gateway-processes-bench.js";
import type { QueueScenarioFigures } from "./queue-bench.js";

/** One target read against a floor of the same run. */
interface TargetRow {
  target: string;
  figure: string;
  floor: string;
  ratio: string;
  met: boolean | undefined;
}

const perSecond = (value: number) => `${formatNumber(value, 0)} calls/s`;
const milliseconds = (value: number) => `${formatNumber(value, 2)} ms`;

/**
 * The queue's targets as ratios to the floors measured in the same run (the machine's speed varies
 * too much between runs for absolute figures to mean anything): the no-evidence path against the
 * bare BullMQ gateway, stored results against bare Express and across gateway processes, and the
 * latency one connection adds against what the bare BullMQ gateway adds.
 */
export function formatQueueTargets(
  floors: Floors,
  queue: readonly QueueScenarioFigures[],
  processes: readonly GatewayProcessesFigures[],
): string {
  const rows: TargetRow[] = [];
  const scenario = (prefix: string) => queue.find((figure) => figure.name.startsWith(prefix));

  const noEvidence = scenario("50 connections, no evidence");
  if (noEvidence) {
    const ratio = noEvidence.stack.perSecond / floors.bullmq.fiftyConnections.perSecond;
    rows.push({
      target: "no evidence, 50 connections >= 0.9x the bare BullMQ gateway",
      figure: perSecond(noEvidence.stack.perSecond),
      floor: perSecond(floors.bullmq.fiftyConnections.perSecond),
      ratio: `${formatNumber(ratio, 2)}x`,
      met: ratio >= 0.9,
    });
  }
  const stored = scenario("50 connections, stored result");
  if (stored) {
    const ratio = stored.stack.perSecond / floors.express.fiftyConnections.perSecond;
    rows.push({
      target: "stored result, 50 connections, 1 gateway process >= 0.8x bare Express",
      figure: perSecond(stored.stack.perSecond),
      floor: perSecond(floors.express.fiftyConnections.perSecond),
      ratio: `${formatNumber(ratio, 2)}x`,
      met: ratio >= 0.8,
    });
  }
  const storedWith = (count: number) =>
    processes.find((figure) => figure.scenario === "stored result" && figure.processes === count);
  const one = storedWith(1);
  for (const count of [2, 4]) {
    const many = storedWith(count);
    if (!one || !many) continue;
    const ratio = many.result.perSecond / one.result.perSecond;
    rows.push({
      target:
        count === 2
          ? "stored result, 2 gateway processes >= 1.8x 1 process (2 cores)"
          : "stored result, 4 gateway processes, against 1 process",
      figure: perSecond(many.result.perSecond),
      floor: `${perSecond(one.result.perSecond)} (1 process)`,
      ratio: `${formatNumber(ratio, 2)}x`,
      met: count === 2 ? ratio >= 1.8 : undefined,
    });
  }
  const oneConnection = scenario("1 connection, no evidence");
  if (oneConnection?.inProcess) {
    const added = oneConnection.stack.latency.p50 - oneConnection.inProcess.latency.p50;
    const floorAdded = floors.bullmq.oneConnection.latency.p50 - floors.echo.oneConnection.latency.p50;
    rows.push({
      target: "1 connection: added p50 within 1 ms of the bare BullMQ gateway's",
      figure: `${milliseconds(added)} (stack p50 - in-process p50)`,
      floor: `${milliseconds(floorAdded)} (bare BullMQ p50 - bare node:http p50)`,
      ratio: `${added - floorAdded >= 0 ? "+" : ""}${milliseconds(added - floorAdded)}`,
      met: added - floorAdded <= 1,
    });
  }
  return formatTable(
    ["target (ratio to a floor of this run)", "figure", "floor", "ratio", "met"],
    rows.map((row) => [
      row.target,
      row.figure,
      row.floor,
      row.ratio,
      row.met === undefined ? "-" : row.met ? "met" : "MISSED",
    ]),
  );
}
