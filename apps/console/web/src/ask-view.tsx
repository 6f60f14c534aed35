import type {
  CompanyResearchRequest,
  Dossier,
  JobEvent,
  PersonResearchRequest,
  ResearchResponse,
} from "@dossier/client";
import { useRef, useState } from "preact/hooks";
import { AnswerView, ResearchStages } from "./answer-view.js";
import { optionsOf, ResponseTypeFields, type ResponseTypeName, SubjectTypeChoice, TextField } from "./fields.js";
import { fieldErrorOf, ProblemMessage } from "./problem-message.js";

/** The subject fields of the form, by research type: [field path, label, input type]. */
const SUBJECT_INPUTS = {
  company: [
    ["name", "Company name", "text"],
    ["website", "Website", "text"],
    ["location", "Location", "text"],
    ["linkedinUrl", "Company profile URL", "text"],
  ],
  person: [
    ["firstName", "First name", "text"],
    ["lastName", "Last name", "text"],
    ["email", "E-mail", "email"],
    ["phone", "Phone", "tel"],
    ["title", "Job title", "text"],
    ["linkedinUrl", "Profile URL", "text"],
    ["company.name", "Company name", "text"],
    ["company.website", "Company website", "text"],
  ],
} as const;

/** The subject object from the form's values: empty fields left out, `company.x` nested. */
function subjectFrom(values: Record<string, string>, type: "company" | "person"): Record<string, unknown> {
  const subject: Record<string, unknown> = {};
  for (const [path] of SUBJECT_INPUTS[type]) {
    const value = values[`${type}.${path}`]?.trim();
    if (!value) continue;
    const [head, tail] = path.split(".") as [string, string | undefined];
    if (tail) subject[head] = { ...(subject[head] as Record<string, unknown> | undefined), [tail]: value };
    else subject[head] = value;
  }
  return subject;
}

/** Ask one question about a company or a person, watch the research's stages, and read the answer. */
export function AskView({ dossier }: { dossier: Dossier }) {
  const [type, setType] = useState<"company" | "person">("company");
  const [question, setQuestion] = useState("");
  const [responseType, setResponseType] = useState<ResponseTypeName>("TEXT");
  const [options, setOptions] = useState("");
  const [context, setContext] = useState("");
  const [shape, setShape] = useState("");
  const [shapeError, setShapeError] = useState<string | undefined>();
  const [values, setValues] = useState<Record<string, string>>({});
  const [events, setEvents] = useState<JobEvent[]>([]);
  const [result, setResult] = useState<ResearchResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [running, setRunning] = useState(false);
  const answerRef = useRef<HTMLDivElement>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setRunning(true);
    setEvents([]);
    setResult(null);
    setError(null);
    setShapeError(undefined);
    let outputSchema: Record<string, unknown> | undefined;
    if (shape.trim()) {
      try {
        outputSchema = JSON.parse(shape) as Record<string, unknown>;
      } catch {
        setShapeError("This is not JSON: write the answer's shape as a JSON Schema object.");
        setRunning(false);
        return;
      }
    }
    const request = {
      question,
      // An answer in its own shape replaces the kind of answer.
      ...(outputSchema
        ? { outputSchema }
        : {
            responseType,
            ...(responseType === "OPTION" || responseType === "OPTIONS" ? { responseOptions: optionsOf(options) } : {}),
          }),
      ...(context.trim() ? { context } : {}),
    };
    const onProgress = (progress: JobEvent) => setEvents((previous) => [...previous, progress]);
    // The form's fields are text; the gateway checks them and names any that is wrong.
    const company = subjectFrom(values, "company") as CompanyResearchRequest["company"];
    const person = subjectFrom(values, "person") as PersonResearchRequest["person"];
    try {
      const answer =
        type === "company"
          ? await dossier.researchCompany({ ...request, company }, { onProgress })
          : await dossier.researchPerson({ ...request, person }, { onProgress });
      setResult(answer);
      requestAnimationFrame(() => answerRef.current?.focus());
    } catch (caught) {
      setError(caught);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div class="layout-two">
      <form onSubmit={submit} aria-labelledby="ask-heading" noValidate>
        <h1 id="ask-heading">Ask a question</h1>
        <TextField
          id="question"
          label="Question"
          value={question}
          onValue={setQuestion}
          multiline
          required
          error={fieldErrorOf(error, "question")}
        />
        <ResponseTypeFields
          idPrefix="ask"
          responseType={responseType}
          onResponseType={setResponseType}
          options={options}
          onOptions={setOptions}
          optionsError={fieldErrorOf(error, "responseOptions")}
        />
        <SubjectTypeChoice name="ask-type" value={type} onValue={setType}>
          {fieldErrorOf(error, type) && <p class="field-error">{fieldErrorOf(error, type)}</p>}
          <div class="row">
            {SUBJECT_INPUTS[type].map(([path, label, inputType]) => (
              <TextField
                key={`${type}.${path}`}
                id={`${type}-${path.replace(".", "-")}`}
                label={label}
                type={inputType}
                value={values[`${type}.${path}`] ?? ""}
                onValue={(value) => setValues((previous) => ({ ...previous, [`${type}.${path}`]: value }))}
                error={fieldErrorOf(error, `${type}.${path}`)}
              />
            ))}
          </div>
        </SubjectTypeChoice>
        <TextField
          id="context"
          label="Context"
          hint="Optional: what you know that may help. It is never taken as evidence."
          value={context}
          onValue={setContext}
          multiline
        />
        <TextField
          id="output-schema"
          label="Answer shape"
          hint="Optional: a JSON Schema object (outputSchema). The answer then comes back field by field, each with its quote; it replaces the kind of answer."
          value={shape}
          onValue={setShape}
          multiline
          error={shapeError ?? fieldErrorOf(error, "outputSchema")}
        />
        <div class="actions">
          <button type="submit" disabled={running}>
            {running ? "Researching…" : "Ask"}
          </button>
        </div>
      </form>
      <div>
        {(running || events.length > 0) && !result && (
          <section aria-labelledby="progress-heading">
            <h2 id="progress-heading">Research</h2>
            <ResearchStages events={events} />
          </section>
        )}
        <ProblemMessage error={error} />
        {result && (
          <div ref={answerRef} tabIndex={-1}>
            <AnswerView result={result} />
          </div>
        )}
        {!running && !result && !error && events.length === 0 && (
          <p class="notice">
            Dossier searches the web and the subject's own site, reads the pages and answers only from passages it
            quoted and checked. Each source is shown with its quote.
          </p>
        )}
      </div>
    </div>
  );
}
