import { createHash } from "node:crypto";

/** The page's one style sheet, inline; its hash is all the page's Content-Security-Policy allows. */
const DOCS_STYLE = `
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f4f6;padding:.75rem;overflow:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.method{background:#0b5;color:#fff;padding:0 .4rem;border-radius:3px;font-size:13px}section{margin-bottom:1.5rem}
`;

/**
 * The Content-Security-Policy of the page: no script at all, its own inline styles by their hash,
 * links only, and never inside another site's frame.
 */
export const DOCS_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(DOCS_STYLE).digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The parts of a JSON Schema the page shows. */
interface SchemaView {
  $ref?: string;
  anyOf?: SchemaView[];
  oneOf?: SchemaView[];
  enum?: unknown[];
  type?: string;
  items?: SchemaView;
  properties?: Record<string, SchemaView>;
  required?: string[];
  description?: string;
}

/** The parts of a request body or response the page shows. */
interface MediaView {
  schema?: SchemaView;
  example?: unknown;
}

/** The parts of an OpenAPI operation the page shows. */
interface OperationView {
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, MediaView> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaView> }>;
}

/** The parts of the OpenAPI document the page shows. */
export interface OpenApiView {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths: Record<string, Record<string, OperationView>>;
  components?: { schemas?: Record<string, SchemaView> };
}

const escapeHtml = (text: unknown): string =>
  String(text ?? "").replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const inlineCode = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

function typeOf(schema: SchemaView): string {
  if (schema.$ref) {
    const name = String(schema.$ref).split("/").pop()!;
    return `<a href="#schema-${name}">${name}</a>`;
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(" | ");
  if (schema.enum) return schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(" | ");
  if (schema.type === "array") return `array of ${typeOf(schema.items ?? {})}`;
  return escapeHtml(schema.type ?? "any");
}

function schemaTable(name: string, schema: SchemaView): string {
  const properties = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const rows = Object.entries(properties)
    .map(
      ([field, property]) =>
        `<tr><td><code>${escapeHtml(field)}</code>${required.has(field) ? " <em>required</em>" : ""}</td><td>${typeOf(property)}</td><td>${inlineCode(property.description ?? "")}</td></tr>`,
    )
    .join("");
  const body = rows
    ? `<table><tr><th>field</th><th>type</th><th>meaning</th></tr>${rows}</table>`
    : `<p>${typeOf(schema)}</p>`;
  return `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><p>${inlineCode(schema.description ?? "")}</p>${body}</section>`;
}

/** A readable API reference rendered from the OpenAPI document (no external assets). */
export function renderDocsPage(document: OpenApiView): string {
  const operations: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const requestSchema = operation.requestBody?.content?.["application/json"]?.schema;
      const example = operation.requestBody?.content?.["application/json"]?.example;
      const responses = Object.entries(operation.responses ?? {})
        .map(([status, response]) => {
          const content = response.content ?? {};
          const type = Object.keys(content)[0];
          const schema = type ? content[type]?.schema : undefined;
          return `<tr><td>${escapeHtml(status)}</td><td>${inlineCode(response.description ?? "")}</td><td>${schema ? typeOf(schema) : ""}</td></tr>`;
        })
        .join("");
      operations.push(
        `<section class="operation"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
          `<p><strong>${escapeHtml(operation.summary ?? "")}</strong></p><p>${inlineCode(operation.description ?? "")}</p>` +
          (operation.security ? `<p>Requires the <code>x-api-key</code> header.</p>` : "") +
          (requestSchema ? `<p>Body: ${typeOf(requestSchema)}</p>` : "") +
          (example ? `<pre>${escapeHtml(JSON.stringify(example, null, 2))}</pre>` : "") +
          `<table><tr><th>status</th><th>meaning</th><th>body</th></tr>${responses}</table></section>`,
      );
    }
  }
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(([name, schema]) => schemaTable(name, schema))
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info?.title)}</title>
<style>${DOCS_STYLE}</style></head><body>
<h1>${escapeHtml(document.info?.title)} <small>v${escapeHtml(document.info?.version)}</small></h1>
<p>${inlineCode(document.info?.description ?? "")}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}). Errors are <code>application/problem+json</code>.</p>
<h2>Operations</h2>${operations.join("")}
<h2>Schemas</h2>${schemas}
</body></html>`;
}
