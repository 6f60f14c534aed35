import type { CompanyResearchRequest, Dossier, Watch } from "@dossier/client";
import { useEffect, useState } from "preact/hooks";
import { optionsOf, ResponseTypeFields, type ResponseTypeName, TextField } from "./fields.js";
import { fieldErrorOf, ProblemMessage } from "./problem-message.js";
import { hrefOf, navigate } from "./route.js";

const PAGE = 20;

/** The intervals offered; the API takes any from 1h to 30d. */
const INTERVALS = [
  ["1h", "Every hour"],
  ["6h", "Every 6 hours"],
  ["1d", "Every day"],
  ["7d", "Every week"],
  ["30d", "Every 30 days"],
] as const;

/** What a watch's latest run came to, in words. */
export function outcomeOf(watch: Watch): string {
  const run = watch.lastRun;
  if (!run) return "first run under way";
  const words: Record<typeof run.outcome, string> = {
    baseline: "first answer",
    unchanged: "no change",
    changed: "changed",
    failed: "failed",
    skipped: "skipped",
  };
  return words[run.outcome];
}

/** The question a watch asks, or the list it follows. */
export function questionOf(watch: Watch): string {
  return watch.request?.request.question ?? `List: ${watch.listRequest?.objective ?? watch.list ?? ""}`;
}

/** Make a watch on a company question: what to ask, about whom, how often. */
function NewWatchForm({ dossier }: { dossier: Dossier }) {
  const [question, setQuestion] = useState("");
  const [responseType, setResponseType] = useState<ResponseTypeName>("TEXT");
  const [options, setOptions] = useState("");
  const [name, setName] = useState("");
  const [website, setWebsite] = useState("");
  const [every, setEvery] = useState("1d");
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const company: CompanyResearchRequest["company"] = {
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(website.trim() ? { website: website.trim() } : {}),
    };
    try {
      const watch = await dossier.createWatch({
        request: {
          type: "company",
          request: {
            question,
            responseType,
            ...(responseType === "OPTION" || responseType === "OPTIONS" ? { responseOptions: optionsOf(options) } : {}),
            company,
          },
        },
        every,
      });
      navigate({ screen: "watch", id: watch.id });
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="new-watch-heading" noValidate class="card">
      <h2 id="new-watch-heading">Watch a question</h2>
      <p class="hint">
        Dossier asks it again on a schedule and tells you what changed, with the quotes before and after. A person, a
        callback URL or metadata: use the API or <code>pnpm dossier watch create</code>.
      </p>
      <TextField
        id="watch-question"
        label="Question"
        value={question}
        onValue={setQuestion}
        multiline
        required
        error={fieldErrorOf(error, "request.request.question")}
      />
      <ResponseTypeFields
        idPrefix="watch"
        responseType={responseType}
        onResponseType={setResponseType}
        options={options}
        onOptions={setOptions}
        optionsError={fieldErrorOf(error, "request.request.responseOptions")}
      />
      {fieldErrorOf(error, "request.request.company") && (
        <p class="field-error">{fieldErrorOf(error, "request.request.company")}</p>
      )}
      <div class="row">
        <TextField id="watch-company-name" label="Company name" value={name} onValue={setName} />
        <TextField
          id="watch-company-website"
          label="Website"
          value={website}
          onValue={setWebsite}
          error={fieldErrorOf(error, "request.request.company.website")}
        />
      </div>
      <div class="field">
        <label for="watch-every">How often</label>
        <select id="watch-every" value={every} onChange={(event) => setEvery(event.currentTarget.value)}>
          {INTERVALS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <ProblemMessage error={error} />
      <div class="actions">
        <button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Watch"}
        </button>
      </div>
    </form>
  );
}

/** The key's watches, newest first, with what their latest run found, and a form to make one. */
export function WatchesView({ dossier }: { dossier: Dossier }) {
  const [watches, setWatches] = useState<Watch[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const load = async (after?: string) => {
    setLoading(true);
    try {
      const page = await dossier.listWatches({ limit: PAGE, ...(after ? { after } : {}) });
      setWatches((previous) => (after ? [...previous, ...page.data] : page.data));
      setHasMore(page.has_more);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void load();
  }, [dossier]);

  return (
    <div class="layout-two">
      <section aria-labelledby="watches-heading">
        <h1 id="watches-heading">Watches</h1>
        <ProblemMessage error={error} />
        {watches.length === 0 && !loading ? (
          <p class="notice">No watch yet. Watch a question to hear when its answer changes.</p>
        ) : (
          <div class="table-wrap">
            <table data-testid="watches">
              <caption class="visually-hidden">This key's watches, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">How often</th>
                  <th scope="col">Status</th>
                  <th scope="col">Latest run</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {watches.map((watch) => (
                  <tr key={watch.id} data-watch={watch.id}>
                    <td>
                      <a href={hrefOf({ screen: "watch", id: watch.id })}>{questionOf(watch)}</a>
                    </td>
                    <td>every {watch.every}</td>
                    <td data-testid="watch-status">{watch.status}</td>
                    <td>{outcomeOf(watch)}</td>
                    <td>{watch.usage.events}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div class="actions">
          {hasMore && (
            <button type="button" class="secondary" disabled={loading} onClick={() => void load(watches.at(-1)?.id)}>
              Load older watches
            </button>
          )}
          <button type="button" class="secondary" disabled={loading} onClick={() => void load()}>
            Refresh
          </button>
        </div>
      </section>
      <NewWatchForm dossier={dossier} />
    </div>
  );
}
