import type { Dossier, ResearchResponse, Watch, WatchChange, WatchEvent, WatchQuote } from "@dossier/client";
import { useEffect, useState } from "preact/hooks";
import { AnswerView } from "./answer-view.js";
import { hostOf } from "./host-of.js";
import { ProblemMessage } from "./problem-message.js";
import { hrefOf, navigate } from "./route.js";
import { outcomeOf, questionOf } from "./watches-view.js";

/** Events the history shows at most. */
const HISTORY = 50;

const KIND_WORDS: Record<WatchChange["kind"], string> = {
  changed: "changed",
  unconfirmed: "no longer confirmed",
  confirmed: "confirmed again",
  added: "added",
  dropped: "dropped",
};

/** A value as a reader wants it: text as it is, lists joined, records as name: value pairs. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "nothing stated";
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  if (typeof value === "object")
    return Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([name, member]) => `${name}: ${valueText(member)}`)
      .join("; ");
  return String(value);
}

function Quotes({ label, quotes }: { label: string; quotes: WatchQuote[] }) {
  if (quotes.length === 0) return null;
  return (
    <figure class="quotes">
      <figcaption>{label}</figcaption>
      {quotes.map((quote) => (
        <div key={`${quote.url}\n${quote.quote}`}>
          <blockquote>{quote.quote}</blockquote>
          <a href={quote.url} target="_blank" rel="noopener noreferrer">
            {quote.title ?? hostOf(quote.url)}
          </a>
        </div>
      ))}
    </figure>
  );
}

/** The words that name what changed: the answer, a field, or (on a watched list) a match. */
function fieldWords(field: string): string {
  if (field === "answerText") return "The answer";
  if (field === "items") return "A match";
  return field;
}

/** One change: the field, what it was and what it is, and the quotes on each side. */
function ChangeView({ change }: { change: WatchChange }) {
  // A list's match is named, not spelled out member by member.
  const named = (value: unknown) =>
    change.field === "items" && value !== null && typeof value === "object" && "name" in value
      ? String((value as { name: unknown }).name)
      : valueText(value);
  return (
    <div class="change" data-field={change.field} data-kind={change.kind}>
      <p>
        <strong>{fieldWords(change.field)}</strong> {KIND_WORDS[change.kind]}:{" "}
        {change.kind === "added" ? (
          <ins>{named(change.after)}</ins>
        ) : change.kind === "dropped" || change.kind === "unconfirmed" ? (
          <del>{named(change.before)}</del>
        ) : change.kind === "confirmed" ? (
          <span>{named(change.after)}</span>
        ) : (
          <>
            <del>{named(change.before)}</del> → <ins>{named(change.after)}</ins>
          </>
        )}
      </p>
      <div class="quote-pair">
        <Quotes label="Before" quotes={change.citations.before} />
        <Quotes label="Now" quotes={change.citations.after} />
      </div>
    </div>
  );
}

/**
 * One watch: what it asks and how often, its state (and why it fails), run now and delete, its
 * change history with the quotes before and after, and its latest answer. It follows the watch's
 * event stream, so a run recorded while the page is open shows at once.
 */
export function WatchView({ dossier, id }: { dossier: Dossier; id: string }) {
  const [watch, setWatch] = useState<Watch | null>(null);
  const [events, setEvents] = useState<WatchEvent[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [asked, setAsked] = useState(false);

  const refresh = async () => {
    try {
      const [current, page] = await Promise.all([dossier.getWatch(id), dossier.watchEvents(id, { limit: HISTORY })]);
      setWatch(current);
      setEvents(page.data);
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  };

  useEffect(() => {
    void refresh();
    const stop = new AbortController();
    void (async () => {
      try {
        for await (const event of dossier.events({ watchId: id }, { signal: stop.signal })) {
          if (event.type === "change")
            setEvents((previous) => [event.data, ...previous.filter((entry) => entry.id !== event.data.id)]);
          if (event.type === "run") {
            setAsked(false);
            setWatch(await dossier.getWatch(id));
          }
          if (event.type === "deleted") navigate({ screen: "watches" });
        }
      } catch {
        // The stream ends with the page, or the gateway went away: the buttons still work.
      }
    })();
    return () => stop.abort();
  }, [dossier, id]);

  const runNow = async () => {
    try {
      await dossier.runWatch(id);
      setAsked(true);
    } catch (caught) {
      setError(caught);
    }
  };

  const remove = async () => {
    if (!confirm("Delete this watch and its history?")) return;
    try {
      await dossier.deleteWatch(id);
      navigate({ screen: "watches" });
    } catch (caught) {
      setError(caught);
    }
  };

  if (!watch) return <ProblemMessage error={error} />;
  const subject = watch.request?.request as { company?: { name?: string; website?: string } } | undefined;
  return (
    <section aria-labelledby="watch-heading">
      <h1 id="watch-heading">{questionOf(watch)}</h1>
      <ProblemMessage error={error} />
      <dl class="facts" data-testid="watch-facts">
        <dt>About</dt>
        <dd>
          {watch.listRequest
            ? `the matches of list ${watch.list ?? ""}, found again each run`
            : [subject?.company?.name, subject?.company?.website].filter(Boolean).join(", ") || "a person"}
        </dd>
        <dt>How often</dt>
        <dd>every {watch.every}</dd>
        <dt>Status</dt>
        <dd data-testid="watch-status">{watch.status}</dd>
        <dt>Latest run</dt>
        <dd data-testid="watch-outcome" aria-live="polite">
          {asked ? "run asked for…" : outcomeOf(watch)}
          {watch.lastRun ? ` (${new Date(watch.lastRun.at).toLocaleString()})` : ""}
        </dd>
        <dt>Next run</dt>
        <dd>{watch.nextRunAt ? new Date(watch.nextRunAt).toLocaleString() : "none"}</dd>
        <dt>Runs</dt>
        <dd>
          {watch.usage.runs} runs, {watch.usage.events} with changes,{" "}
          {(watch.usage.promptTokens + watch.usage.completionTokens).toLocaleString()} model tokens
        </dd>
      </dl>
      {watch.failing && (
        <p class="problem" role="status">
          Failing: {watch.failing.consecutiveFailures} runs in a row. {watch.failing.problem.detail}
          {watch.failing.nextAttemptAt
            ? ` Next attempt: ${new Date(watch.failing.nextAttemptAt).toLocaleString()}.`
            : ""}
        </p>
      )}
      {watch.lastRun?.problem && !watch.failing && (
        <p class="notice" role="status">
          The latest run was {watch.lastRun.outcome}: {watch.lastRun.problem.detail}
        </p>
      )}
      <div class="actions">
        <button type="button" onClick={() => void runNow()} disabled={asked}>
          Run now
        </button>
        <button type="button" class="danger" onClick={() => void remove()}>
          Delete
        </button>
      </div>
      <h2>Changes</h2>
      {events.length === 0 ? (
        <p class="notice" data-testid="no-changes">
          No change yet: every run so far found the same answer.
        </p>
      ) : (
        <ol class="changes" data-testid="changes">
          {events.map((event) => (
            <li key={event.id} data-event={event.id}>
              <h3>{new Date(event.detectedAt).toLocaleString()}</h3>
              {event.changes.map((change) => (
                <ChangeView key={`${change.field}\n${change.kind}\n${valueText(change.after)}`} change={change} />
              ))}
            </li>
          ))}
        </ol>
      )}
      {watch.lastList && (
        <p data-testid="watch-last-list">
          Latest list: <a href={hrefOf({ screen: "list", id: watch.lastList.id })}>{watch.lastList.id}</a>,{" "}
          {watch.lastList.counts.matched} matched of {watch.lastList.counts.candidates} candidates.
        </p>
      )}
      {watch.lastAnswer && (
        <>
          <h2>Latest answer</h2>
          <AnswerView result={watch.lastAnswer as ResearchResponse} />
        </>
      )}
    </section>
  );
}
