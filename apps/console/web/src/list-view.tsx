import {
  type Dossier,
  errorTitleOf,
  failedSearchReason,
  type ListItem,
  type ListStatus,
  unreadPageReason,
} from "@dossier/client";
import { useEffect, useState } from "preact/hooks";
import { downloadText } from "./download.js";
import { hostOf } from "./host-of.js";
import { ProblemMessage } from "./problem-message.js";
import { navigate } from "./route.js";

/** Rows the table shows at most; the download holds them all. */
const TABLE_LIMIT = 1_000;

const finished = (list: ListStatus) => list.finishedAt !== null || list.status === "failed";

function nameOf(item: ListItem): string {
  if (item.company?.name) return item.company.name;
  return [item.person?.firstName, item.person?.lastName].filter(Boolean).join(" ") || item.id;
}

/** One verdict: yes, no or unclear, its quote on hover and when expanded, with a link to its page. */
function VerdictCell({ verdict }: { verdict: ListItem["verdicts"][number] | undefined }) {
  if (!verdict) return <td>—</td>;
  const citation = verdict.citations[0];
  if (!citation) return <td class={`verdict verdict-${verdict.satisfied}`}>{verdict.satisfied}</td>;
  return (
    <td class={`verdict verdict-${verdict.satisfied}`}>
      <details>
        <summary title={`“${citation.quote}”`}>{verdict.satisfied}</summary>
        <blockquote>{citation.quote}</blockquote>
        <a href={citation.url} target="_blank" rel="noopener noreferrer">
          {citation.title ?? hostOf(citation.url)}
        </a>
      </details>
    </td>
  );
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The pages a list's discovery could not read and the searches that failed, each with why. What
 * they list is not among the rows: of a list that is not failed, that is said in words (a failed
 * list's problem says it already).
 */
function UnreadDiscovery({ list }: { list: ListStatus }) {
  const pages = list.unreadPages ?? [];
  const searches = list.failedSearches ?? [];
  if (pages.length === 0 && searches.length === 0) return null;
  const failed = list.status === "failed";
  return (
    <div class="notice unread" data-testid="list-unread">
      {pages.length > 0 && (
        <>
          <p>
            {counted(pages.length, "page", "pages")} could not be read
            {failed ? "" : `, so the rows may miss what ${pages.length === 1 ? "it lists" : "they list"}`}:
          </p>
          <ul>
            {pages.map((page) => (
              <li key={page.url}>
                <a href={page.url} target="_blank" rel="noopener noreferrer">
                  {page.url}
                </a>{" "}
                ({unreadPageReason(page)})
              </li>
            ))}
          </ul>
        </>
      )}
      {searches.length > 0 && (
        <>
          <p>
            {counted(searches.length, "search", "searches")} failed
            {failed ? "" : `, so the rows may miss what ${searches.length === 1 ? "it finds" : "they find"}`}:
          </p>
          <ul>
            {searches.map((search) => (
              <li key={search.query}>
                “{search.query}” ({failedSearchReason(search)})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * One list: its counts as they change (Server-Sent Events), why it failed, the pages and searches
 * it could not read, a live table of its items (matches by default, or every item), each
 * criterion's verdict with its quote, a cancel button while it runs and a CSV download.
 */
export function ListView({ dossier, id }: { dossier: Dossier; id: string }) {
  const [list, setList] = useState<ListStatus | null>(null);
  const [items, setItems] = useState<ListItem[]>([]);
  const [showAll, setShowAll] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    (async () => {
      setList(await dossier.getList(id, { signal }));
      for await (const event of dossier.events({ listId: id }, { signal })) {
        if (event.type === "progress" || event.type === "done") setList(event.data as ListStatus);
        else if (event.type === "matched" || event.type === "unmatched" || event.type === "unclear") {
          const item = event.data as ListItem;
          setItems((previous) =>
            previous.length >= TABLE_LIMIT || previous.some((known) => known.index === item.index)
              ? previous
              : [...previous, item],
          );
          setList((previous) =>
            previous
              ? { ...previous, counts: { ...previous.counts, [event.type]: previous.counts[event.type] + 1 } }
              : previous,
          );
        }
      }
    })().catch((caught: unknown) => {
      if (!signal.aborted) setError(caught);
    });
    return () => abort.abort();
  }, [dossier, id]);

  const cancel = async () => {
    try {
      setList(await dossier.cancelList(id));
    } catch (caught) {
      setError(caught);
    }
  };

  /** Watches the list: found again every day, its matches added and dropped kept with their quotes. */
  const watchDaily = async () => {
    try {
      const watch = await dossier.createWatch({ list: id, every: "1d" });
      navigate({ screen: "watch", id: watch.id });
    } catch (caught) {
      setError(caught);
    }
  };

  const download = async () => {
    try {
      downloadText(await dossier.listItemsCsv(id), `dossier-${id}.csv`, "text/csv");
    } catch (caught) {
      setError(caught);
    }
  };

  const shown = showAll ? items : items.filter((item) => item.status === "matched");
  const decided = list ? list.counts.matched + list.counts.unmatched + list.counts.unclear : 0;
  return (
    <section aria-labelledby="list-heading">
      <h1 id="list-heading">
        List <span class="mono">{id}</span>
      </h1>
      <ProblemMessage error={error} />
      {list && (
        <>
          <p class="objective">{list.objective}</p>
          <div class="progress-block">
            <label for="list-progress">
              {list.status === "cancelled" ? "Cancelled" : finished(list) ? "Finished" : "Progress"}: {decided} of{" "}
              {list.counts.candidates} candidates decided
            </label>
            <progress id="list-progress" max={Math.max(list.counts.candidates, 1)} value={decided} />
            <p class="counts" aria-live="polite" data-testid="list-counts">
              {list.counts.matched} matched · {list.counts.unmatched} unmatched · {list.counts.unclear} unclear · status{" "}
              {list.status}
              {list.stopReason ? ` (${list.stopReason.replace("_", " ")})` : ""}
            </p>
          </div>
          {list.status === "failed" && list.problem && (
            <p class="problem" role="status" data-testid="list-problem">
              <strong>The list failed: {errorTitleOf(list.problem.code)}</strong> (<code>{list.problem.code}</code>).{" "}
              {list.problem.detail}
            </p>
          )}
          <UnreadDiscovery list={list} />
          <ol class="criteria" aria-label="Criteria">
            {list.criteria.map((criterion) => (
              <li key={criterion.id}>
                <code>{criterion.id}</code> {criterion.description}
              </li>
            ))}
          </ol>
          <div class="actions">
            {!finished(list) && list.status !== "cancelled" && (
              <button type="button" class="danger" onClick={cancel}>
                Cancel list
              </button>
            )}
            {finished(list) && list.status === "done" && (
              <button type="button" class="secondary" onClick={() => void watchDaily()}>
                Watch this list daily
              </button>
            )}
            <button type="button" class="secondary" onClick={() => void download()}>
              Download CSV
            </button>
            <div class="choices">
              <label>
                <input type="checkbox" checked={showAll} onChange={() => setShowAll(!showAll)} />
                Show unmatched and unclear rows too
              </label>
            </div>
          </div>
          {shown.length === 0 ? (
            list.status !== "failed" && <p class="notice">{showAll ? "No row decided yet." : "No match yet."}</p>
          ) : (
            <div class="table-wrap">
              <table data-testid="list-items">
                <caption class="visually-hidden">The list's rows, in the order they were decided</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Status</th>
                    {list.criteria.map((criterion) => (
                      <th key={criterion.id} scope="col" title={criterion.description}>
                        {criterion.id}
                      </th>
                    ))}
                    <th scope="col">Found on</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((item) => (
                    <tr key={item.index}>
                      <td>
                        <strong>{nameOf(item)}</strong>
                        {item.company?.website && <div class="hint">{hostOf(item.company.website)}</div>}
                        {item.person?.title && <div class="hint">{item.person.title}</div>}
                      </td>
                      <td
                        class={
                          item.status === "matched" ? "status-ok" : item.status === "unmatched" ? "status-bad" : ""
                        }
                      >
                        {item.status}
                      </td>
                      {list.criteria.map((criterion) => (
                        <VerdictCell
                          key={criterion.id}
                          verdict={item.verdicts.find((verdict) => verdict.criterionId === criterion.id)}
                        />
                      ))}
                      <td class="source-links">
                        {item.foundOn.map((found) => (
                          <a key={found.url} href={found.url} target="_blank" rel="noopener noreferrer">
                            {found.title ?? hostOf(found.url)}
                          </a>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
