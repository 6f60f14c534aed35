import type { Dossier, ListRequest, ListStatus } from "@dossier/client";
import { useEffect, useState } from "preact/hooks";
import { TextField } from "./fields.js";
import { fieldErrorOf, ProblemMessage } from "./problem-message.js";
import { hrefOf, navigate } from "./route.js";

/** Criteria typed one per line: `description`, or `id: description` to name the CSV column. */
export function criteriaOf(text: string): ListRequest["criteria"] {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  return lines.map((line) => {
    const named = /^([A-Za-z0-9][A-Za-z0-9_-]{0,39}):\s+(.+)$/.exec(line);
    return named ? { id: named[1]!, description: named[2]! } : { description: line };
  });
}

/** The Find form: an objective, what is found, the criteria and how many matches; starts a list and opens it. */
export function FindView({ dossier }: { dossier: Dossier }) {
  const [objective, setObjective] = useState("");
  const [entityType, setEntityType] = useState<"company" | "person">("company");
  const [criteria, setCriteria] = useState("");
  const [limit, setLimit] = useState("25");
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const [recent, setRecent] = useState<ListStatus[]>([]);

  useEffect(() => {
    dossier
      .listLists({ limit: 10 })
      .then((page) => setRecent(page.data))
      .catch(() => {});
  }, [dossier]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setStarting(true);
    setError(null);
    try {
      const list = await dossier.createList({
        objective,
        entityType,
        ...(criteriaOf(criteria) ? { criteria: criteriaOf(criteria) } : {}),
        // The gateway checks the number and names the field when it is wrong.
        ...(limit.trim() ? { limit: Number(limit) } : {}),
      });
      navigate({ screen: "list", id: list.id });
    } catch (caught) {
      setError(caught);
    } finally {
      setStarting(false);
    }
  };

  return (
    <div class="layout-two">
      <form onSubmit={submit} aria-labelledby="find-heading" noValidate>
        <h1 id="find-heading">Find all</h1>
        <TextField
          id="objective"
          label="Objective"
          hint="What to find, in words: “climate startups in the Nordics that are hiring engineers”."
          value={objective}
          onValue={setObjective}
          multiline
          required
          error={fieldErrorOf(error, "objective")}
        />
        <fieldset>
          <legend>Find</legend>
          <div class="choices">
            {(["company", "person"] as const).map((type) => (
              <label key={type}>
                <input
                  type="radio"
                  name="entity-type"
                  value={type}
                  checked={entityType === type}
                  onChange={() => setEntityType(type)}
                />
                {type === "company" ? "Companies" : "People"}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          id="criteria"
          label="Criteria"
          hint="Optional, one per line, said of one match (“is hiring engineers”); “id: description” names its column. Left empty, they are derived from the objective."
          value={criteria}
          onValue={setCriteria}
          multiline
          error={fieldErrorOf(error, "criteria")}
        />
        <TextField
          id="limit"
          label="Matches wanted"
          value={limit}
          onValue={setLimit}
          error={fieldErrorOf(error, "limit")}
        />
        <div class="actions">
          <button type="submit" disabled={starting}>
            {starting ? "Starting…" : "Find"}
          </button>
        </div>
      </form>
      <div>
        <ProblemMessage error={error} />
        {!error && (
          <p class="notice">
            Dossier searches for directory, member, portfolio and team pages, takes each entry as a candidate and
            researches every criterion of every candidate. A row is a match only when a quote about it proves each
            criterion; each verdict shows its quote.
          </p>
        )}
        {recent.length > 0 && (
          <section aria-labelledby="recent-lists-heading">
            <h2 id="recent-lists-heading">Recent lists</h2>
            <ul class="recent-lists" data-testid="recent-lists">
              {recent.map((list) => (
                <li key={list.id}>
                  <a href={hrefOf({ screen: "list", id: list.id })}>{list.objective}</a>{" "}
                  <span class="hint">
                    {list.status} · {list.counts.matched} matched of {list.counts.candidates}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
