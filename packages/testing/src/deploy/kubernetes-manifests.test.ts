import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { IScaledObject } from "@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject";
import type { IDeployment } from "kubernetes-models/apps/v1/Deployment";
import type { IPodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import type { IConfigMap } from "kubernetes-models/v1/ConfigMap";
import type { IContainer } from "kubernetes-models/v1/Container";
import type { IService } from "kubernetes-models/v1/Service";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { repositoryRoot } from "../stack/repository-root.js";
import { checkKubernetesManifests, type ManifestDocument } from "./check-kubernetes-manifests.js";

const root = repositoryRoot();
const folder = join(root, "deploy/kubernetes");

function yamlFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

function parseManifest(file: string, text: string): ManifestDocument[] {
  return parseAllDocuments(text).map((document, index) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message)}`);
    return { file, index, value: document.toJSON() as unknown };
  });
}

const files = yamlFiles(folder);
const all = files.flatMap((path) => parseManifest(relative(root, path), readFileSync(path, "utf8")));
const isKustomization = (document: ManifestDocument) => (document.value as { kind?: string }).kind === "Kustomization";
const manifests = all.filter((document) => !isKustomization(document));
const kustomization = all.find(isKustomization)?.value as {
  namespace: string;
  resources: string[];
  images: Array<{ name: string }>;
};

function one<T>(kind: string, name: string): T {
  const found = manifests
    .map((document) => document.value as { kind: string; metadata: { name: string } })
    .filter((value) => value.kind === kind && value.metadata.name === name);
  expect(found, `${kind} ${name}`).toHaveLength(1);
  return found[0] as T;
}

const gateway = one<IDeployment>("Deployment", "dossier-gateway");
const worker = one<IDeployment>("Deployment", "dossier-worker");
const container = (deployment: IDeployment): IContainer => deployment.spec!.template.spec!.containers[0]!;
const podLabels = (deployment: IDeployment) => deployment.spec!.template.metadata!.labels!;

describe("deploy/kubernetes", () => {
  it("is valid against the Kubernetes and KEDA schemas, with no unknown field", () => {
    expect(manifests.length).toBeGreaterThanOrEqual(8);
    expect(checkKubernetesManifests(manifests)).toEqual([]);
  });

  it("the check rejects what the API server or KEDA would refuse", () => {
    const broken = parseManifest(
      "broken.yaml",
      `apiVersion: apps/v1
kind: Deployment
metadata: { name: broken }
spec:
  replicas: two
  selector: { matchLabels: { app: broken } }
  template:
    metadata: { labels: { app: broken } }
    spec:
      containers:
        - name: broken
          image: dossier
          readinesProbe: { httpGet: { path: /readyz, port: 8080 } }
---
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata: { name: broken }
spec:
  triggers:
    - type: metrics-api
      metadata: { targetValue: 20 }
---
apiVersion: v1
kind: Servcie
metadata: { name: broken }
`,
    );
    const problems = checkKubernetesManifests(broken);
    const about = (pattern: RegExp) => problems.filter((problem) => pattern.test(problem));
    expect(about(/document 1\).*replicas must be integer/)).toHaveLength(1);
    expect(about(/document 1\).*'"readinesProbe"' does not exist in type 'IContainer'/)).toHaveLength(1);
    expect(about(/document 2\).*required property scaleTargetRef/)).toHaveLength(1);
    expect(about(/document 2\).*targetValue must be string/)).toHaveLength(1);
    expect(about(/document 3\).*no schema known for apiVersion v1, kind Servcie/)).toHaveLength(1);
  });

  it("is one kustomization over every manifest file, with the image to replace", () => {
    expect(kustomization.namespace).toBe("dossier");
    const listed = kustomization.resources.map((resource) => join(folder, resource)).sort();
    expect(listed).toEqual(files.filter((path) => !path.endsWith("kustomization.yaml")).sort());
    expect(kustomization.images.map((image) => image.name)).toEqual(["dossier"]);
    for (const deployment of [gateway, worker]) expect(container(deployment).image).toBe("dossier");
  });

  it("runs the image's gateway with probes on /readyz and /healthz, and workers checked by their heartbeat", () => {
    const gatewayContainer = container(gateway);
    expect(gatewayContainer.args).toEqual(["gateway"]);
    const port = gatewayContainer.ports!.find((entry) => entry.name === "http")!;
    expect(gatewayContainer.env).toContainEqual({ name: "PORT", value: String(port.containerPort) });
    expect(gatewayContainer.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "http" });
    expect(gatewayContainer.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
    // Longer than GATEWAY_SHUTDOWN_GRACE_MS's default (61 s) plus the preStop pause.
    expect(gateway.spec!.template.spec!.terminationGracePeriodSeconds).toBeGreaterThan(66);

    const workerContainer = container(worker);
    expect(workerContainer.args).toEqual(["worker"]);
    expect(workerContainer.readinessProbe).toBeUndefined();
    expect(workerContainer.livenessProbe?.exec?.command).toEqual([
      "node",
      "/app/dist/main.js",
      "healthcheck",
      "worker",
    ]);
    // Longer than SHUTDOWN_GRACE_MS's default (30 s), so that running jobs are handed back.
    expect(worker.spec!.template.spec!.terminationGracePeriodSeconds).toBeGreaterThan(30);
    // The autoscaler owns the worker count.
    expect(worker.spec!.replicas).toBeUndefined();

    for (const deployment of [gateway, worker]) {
      const { resources, securityContext } = container(deployment);
      expect(Object.keys(resources?.requests ?? {}).sort()).toEqual(["cpu", "memory"]);
      expect(Object.keys(resources?.limits ?? {}).sort()).toEqual(["cpu", "memory"]);
      expect(deployment.spec!.template.spec!.securityContext?.runAsNonRoot).toBe(true);
      expect(securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(deployment.spec!.selector.matchLabels).toEqual(podLabels(deployment));
    }
  });

  it("takes settings from a ConfigMap and secrets from a Secret that is not committed", () => {
    expect(manifests.map((document) => (document.value as { kind: string }).kind)).not.toContain("Secret");
    const config = one<IConfigMap>("ConfigMap", "dossier-config");
    const secrets = ["REDIS_URL", "OPENAI_API_KEY", "API_KEYS", "BRAVE_API_KEY", "TAVILY_API_KEY", "SERPER_API_KEY"];
    for (const secret of secrets) expect(Object.keys(config.data ?? {})).not.toContain(secret);
    const readme = readFileSync(join(root, "README.md"), "utf8");
    for (const variable of Object.keys(config.data ?? {})) expect(readme).toContain(`\`${variable}\``);
    for (const deployment of [gateway, worker])
      expect(container(deployment).envFrom).toEqual([
        { configMapRef: { name: "dossier-config" } },
        { secretRef: { name: "dossier-secrets" } },
      ]);
  });

  it("serves the gateway through a Service, keeps one up through disruptions", () => {
    const service = one<IService>("Service", "dossier-gateway");
    expect(service.spec!.selector).toEqual(podLabels(gateway));
    expect(service.spec!.ports![0]!.targetPort).toBe("http");
    const budget = one<IPodDisruptionBudget>("PodDisruptionBudget", "dossier-gateway");
    expect(budget.spec!.selector!.matchLabels).toEqual(podLabels(gateway));
    expect(budget.spec!.minAvailable).toBe(1);
  });

  it("scales the workers on the gateway's dossier_jobs_outstanding, read even while no gateway is ready", () => {
    const scaled = one<IScaledObject>("ScaledObject", "dossier-worker");
    expect(scaled.spec.scaleTargetRef.name).toBe("dossier-worker");
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(scaled.spec.fallback?.replicas).toBeGreaterThanOrEqual(1);
    const [trigger, ...others] = scaled.spec.triggers;
    expect(others).toEqual([]);
    expect(trigger!.type).toBe("metrics-api");
    const metadata = trigger!.metadata as Record<string, string>;
    expect(metadata.format).toBe("prometheus");
    expect(metadata.valueLocation).toBe("dossier_jobs_outstanding");
    const metricsSource = readFileSync(join(root, "apps/gateway/src/metrics.ts"), "utf8");
    expect(metricsSource).toContain(`dossier_jobs_outstanding \${`);
    // One worker per WORKER_CONCURRENCY outstanding jobs.
    expect(metadata.targetValue).toBe(one<IConfigMap>("ConfigMap", "dossier-config").data!.WORKER_CONCURRENCY);

    const url = new URL(metadata.url!);
    const metrics = one<IService>("Service", "dossier-gateway-metrics");
    expect(url.hostname).toBe(`dossier-gateway-metrics.${kustomization.namespace}.svc.cluster.local`);
    expect(url.port).toBe(String(metrics.spec!.ports![0]!.port));
    expect(url.pathname).toBe("/metrics");
    expect(metrics.spec!.selector).toEqual(podLabels(gateway));
    expect(metrics.spec!.publishNotReadyAddresses).toBe(true);
  });
});
