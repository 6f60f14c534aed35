import { citationsOf, type JobEvent, type ResearchResponse } from "@dossier/client";
import { hostOf } from "./host-of.js";
import { answerInWords, cellOf, fieldsOf, personFieldInWords, personFieldsOf } from "./result-words.js";

const STAGES = [
  ["queued", "Queued"],
  ["searching", "Searching the web"],
  ["reading", "Reading pages"],
  ["answering", "Answering from the passages"],
  ["verifying", "Verifying every quote"],
] as const;

/** Where a research job is, stage by stage, as its events arrive; announced politely to screen readers. */
export function ResearchStages({ events }: { events: JobEvent[] }) {
  const seen = new Set(events.map((event) => event.type));
  // A second look at more pages reports `reading` again, with the new count.
  const pages = events.findLast((event) => event.type === "reading");
  const finished = seen.has("done") || seen.has("failed");
  const lastIndex = STAGES.reduce((last, [type], index) => (seen.has(type) ? index : last), -1);
  return (
    <ol class="stages" aria-live="polite" aria-label="Research progress">
      {STAGES.map(([type, label], index) => {
        const state =
          index < lastIndex || (index === lastIndex && finished) ? "done" : index === lastIndex ? "current" : "waiting";
        return (
          <li key={type} data-state={state} data-stage={type}>
            {label}
            {type === "reading" && pages?.type === "reading" ? ` (${pages.data.pages} pages)` : ""}
            <span class="visually-hidden">
              {state === "done" ? ", done" : state === "current" ? ", under way" : ", waiting"}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Where one field of the person record comes from, as `personSources` says (absent on older gateways). */
function FieldSource({ source }: { source: unknown }) {
  if (Array.isArray(source)) {
    const quotes = source.filter(
      (entry): entry is { url: string; quote: string } =>
        typeof entry === "object" && entry !== null && typeof (entry as { url?: unknown }).url === "string",
    );
    return (
      <>
        {quotes.map((entry) => (
          <a key={entry.url} href={entry.url} target="_blank" rel="noopener noreferrer" title={`“${entry.quote}”`}>
            {hostOf(entry.url)}
          </a>
        ))}
      </>
    );
  }
  const from = (source as { from?: unknown } | undefined)?.from;
  if (from === "request") return <span class="hint">from the request</span>;
  const url = (source as { url?: unknown } | undefined)?.url;
  if (from === "page-link" && typeof url === "string")
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        linked from {hostOf(url)}
      </a>
    );
  return null;
}

/** The enriched person of a person answer, as a small table: each known field in words, its value and where it comes from. */
function PersonRecord({ result }: { result: ResearchResponse }) {
  const person = ("person" in result ? result.person : {}) as Record<string, unknown>;
  const sources = (person.personSources ?? {}) as Record<string, unknown>;
  const rows = personFieldsOf(result);
  if (rows.length === 0) return null;
  return (
    <>
      <h3>Person</h3>
      <table class="person">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([field, value]) => (
            <tr key={field} data-field={field}>
              <th scope="row">{personFieldInWords(field)}</th>
              <td>{value}</td>
              <td class="source-links">
                <FieldSource source={sources[field]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** An answer in the caller's shape (`outputSchema`): each field, its confidence and the quotes that state it. */
function ObjectAnswer({ result }: { result: ResearchResponse }) {
  const fields = fieldsOf(result.answerObject);
  return (
    <>
      <h3>Fields</h3>
      <table class="fields" data-testid="answer-fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
            <th scope="col">Confidence</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(([path, value]) => {
            const confidence = result.fieldConfidence?.[path];
            return (
              <tr key={path} data-field={path}>
                <th scope="row">{path}</th>
                <td>{value === null || value === undefined ? <span class="hint">not stated</span> : cellOf(value)}</td>
                <td>{confidence === undefined ? "" : `${Math.round(confidence * 100)}%`}</td>
                <td class="source-links">
                  <FieldSource source={result.fieldCitations?.[path]} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/**
 * Where confidence turns from doubtful to uncertain to likely (docs/api.md, "Confidence"): the
 * meter is green only from "likely" on, so an uncertain answer never looks like a sure one.
 */
const CONFIDENCE_BANDS = { uncertain: 0.6, likely: 0.85 } as const;

/** Confidence in words, beside the bar. */
export function confidenceInWords(confidence: number): string {
  return confidence >= CONFIDENCE_BANDS.likely
    ? "likely"
    : confidence >= CONFIDENCE_BANDS.uncertain
      ? "uncertain"
      : "doubtful";
}

/** An answer: the answer itself, its confidence, the details and each source with its quote. */
export function AnswerView({ result }: { result: ResearchResponse }) {
  const sources = citationsOf(result);
  const percent = Math.round(result.confidence * 100);
  return (
    <section class="card" aria-labelledby="answer-heading" data-testid="answer">
      <h2 id="answer-heading">Answer</h2>
      {result.answerText === null ? (
        <p class="answer-text answer-none">Not enough evidence to answer</p>
      ) : (
        <p class="answer-text" data-testid="answer-text">
          {answerInWords(result)}
        </p>
      )}
      <p class="confidence">
        <span id="confidence-label">Confidence</span>
        <meter
          min={0}
          max={1}
          low={CONFIDENCE_BANDS.uncertain}
          high={CONFIDENCE_BANDS.likely}
          optimum={1}
          value={result.confidence}
          aria-labelledby="confidence-label"
        />
        <span data-testid="confidence">{percent}%</span>
        <span class="confidence-words" data-testid="confidence-words">
          {result.answerText === null ? "no answer" : confidenceInWords(result.confidence)}
        </span>
      </p>
      <h3>Details</h3>
      <p data-testid="details">{result.details}</p>
      {result.answerObject && <ObjectAnswer result={result} />}
      <PersonRecord result={result} />
      <h3>Sources</h3>
      {sources.length === 0 ? (
        <p>No page supports an answer.</p>
      ) : (
        <ol class="sources" data-testid="sources">
          {sources.map((source) => (
            <li key={source.url}>
              <a href={source.url} target="_blank" rel="noopener noreferrer">
                {source.title ?? source.url}
              </a>
              <div class="meta">
                {hostOf(source.url)}
                {source.publishedAt ? ` · published ${source.publishedAt}` : ""}
                {source.origin === "search-snippet" ? " · from a search result's excerpt" : ""}
                {source.origin === "structured-data" ? " · from the page's structured data" : ""}
              </div>
              {source.quote && <blockquote>{source.quote}</blockquote>}
            </li>
          ))}
        </ol>
      )}
      <details class="raw">
        <summary>The answer as JSON</summary>
        <pre data-testid="raw-answer">{JSON.stringify(result, null, 2)}</pre>
      </details>
      <p class="disclaimer">Answers are generated by an AI system from web pages and may contain mistakes.</p>
    </section>
  );
}
