import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ScaledObject } from "@kubernetes-models/keda/keda.sh/v1alpha1";
import { Deployment } from "kubernetes-models/apps/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { ConfigMap, Namespace, Service } from "kubernetes-models/v1";
import ts from "typescript";

/** One YAML document of a manifest file. */
export interface ManifestDocument {
  /** The file it came from, for messages. */
  file: string;
  /** Its position among the file's documents, from 0. */
  index: number;
  value: unknown;
}

/** How one apiVersion and kind is checked: its model class (JSON Schema) and its TypeScript type. */
interface KindCheck {
  model: new (data: never) => { validate(): void };
  typeModule: string;
  typeName: string;
}

/** The kinds Dossier's manifests use; any other kind is reported rather than passed unchecked. */
const kinds: Record<string, KindCheck> = {
  "v1/Namespace": { model: Namespace, typeModule: "kubernetes-models/v1/Namespace", typeName: "INamespace" },
  "v1/ConfigMap": { model: ConfigMap, typeModule: "kubernetes-models/v1/ConfigMap", typeName: "IConfigMap" },
  "v1/Service": { model: Service, typeModule: "kubernetes-models/v1/Service", typeName: "IService" },
  "apps/v1/Deployment": {
    model: Deployment,
    typeModule: "kubernetes-models/apps/v1/Deployment",
    typeName: "IDeployment",
  },
  "policy/v1/PodDisruptionBudget": {
    model: PodDisruptionBudget,
    typeModule: "kubernetes-models/policy/v1/PodDisruptionBudget",
    typeName: "IPodDisruptionBudget",
  },
  "keda.sh/v1alpha1/ScaledObject": {
    model: ScaledObject,
    typeModule: "@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject",
    typeName: "IScaledObject",
  },
};

const where = (document: ManifestDocument) => `${document.file} (document ${document.index + 1})`;

/**
 * Checks manifests against the Kubernetes (kubernetes-models) and KEDA (@kubernetes-models/keda)
 * schemas: types, required fields and enums through each model's `validate()`, and unknown fields
 * (a misspelt `readinesProbe`, which the schemas let through but `kubectl apply` refuses) through
 * the TypeScript compiler's excess property check against the same models' types.
 * Returns one message per problem; none when every document is valid.
 */
export function checkKubernetesManifests(documents: readonly ManifestDocument[]): string[] {
  const problems: string[] = [];
  const typed: Array<{ document: ManifestDocument; check: KindCheck }> = [];
  for (const document of documents) {
    const { apiVersion, kind } = (document.value ?? {}) as { apiVersion?: unknown; kind?: unknown };
    const check = kinds[`${String(apiVersion)}/${String(kind)}`];
    if (!check) {
      problems.push(`${where(document)}: no schema known for apiVersion ${String(apiVersion)}, kind ${String(kind)}`);
      continue;
    }
    try {
      new check.model(document.value as never).validate();
    } catch (error) {
      problems.push(`${where(document)}: ${(error as Error).message}`);
    }
    typed.push({ document, check });
  }
  if (typed.length > 0) problems.push(...findUnknownFields(typed));
  return problems;
}

/** Type-checks each document as an object literal of its kind's type; excess properties are errors. */
function findUnknownFields(typed: ReadonlyArray<{ document: ManifestDocument; check: KindCheck }>): string[] {
  // A file that does not exist, beside this one, so that module resolution finds the models.
  const fileName = join(dirname(fileURLToPath(import.meta.url)), "kubernetes-manifests.check.ts");
  const starts: number[] = [];
  let source = "";
  typed.forEach(({ check }, position) => {
    source += `import type { ${check.typeName} as Type${position} } from "${check.typeModule}";\n`;
  });
  typed.forEach(({ document }, position) => {
    starts.push(source.length);
    source += `export const document${position}: Type${position} = ${JSON.stringify(document.value)};\n`;
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, onError) =>
    name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, onError);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    const start = diagnostic.start ?? 0;
    const position = starts.findLastIndex((documentStart) => documentStart <= start);
    const entry = typed[position];
    return entry ? `${where(entry.document)}: ${message}` : message;
  });
}
