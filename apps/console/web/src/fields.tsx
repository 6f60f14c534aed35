import type { CompanyResearchRequest } from "@dossier/client";
import type { ComponentChildren } from "preact";

/** The response types, checked against the contract's: a type the API drops fails the console's build. */
export const RESPONSE_TYPES = [
  "TEXT",
  "BOOL",
  "NUMBER",
  "DATE",
  "URL",
  "OPTION",
  "OPTIONS",
] as const satisfies ReadonlyArray<NonNullable<CompanyResearchRequest["responseType"]>>;

export type ResponseTypeName = (typeof RESPONSE_TYPES)[number];

const RESPONSE_TYPE_LABELS: Record<ResponseTypeName, string> = {
  TEXT: "Text",
  BOOL: "Yes or no",
  NUMBER: "Number",
  DATE: "Date",
  URL: "Web address",
  OPTION: "One of the options",
  OPTIONS: "Any of the options",
};

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  type?: "text" | "email" | "url" | "tel" | "password";
  hint?: string;
  error?: string | undefined;
  multiline?: boolean;
  required?: boolean;
  autoComplete?: string;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField(props: TextFieldProps) {
  const describedBy = [props.hint ? `${props.id}-hint` : "", props.error ? `${props.id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const common = {
    id: props.id,
    name: props.id,
    value: props.value,
    required: props.required,
    "aria-invalid": props.error ? ("true" as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} onInput={(event) => props.onValue(event.currentTarget.value)} />
      ) : props.type === "password" ? (
        <input
          {...common}
          type="password"
          autoComplete={props.autoComplete ?? "off"}
          onInput={(event) => props.onValue(event.currentTarget.value)}
        />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={props.type === "email" || props.type === "tel" || props.type === "url" ? props.type : "text"}
          autoComplete={props.autoComplete ?? "off"}
          onInput={(event) => props.onValue(event.currentTarget.value)}
        />
      )}
      {props.hint && (
        <span id={`${props.id}-hint`} class="hint">
          {props.hint}
        </span>
      )}
      {props.error && (
        <span id={`${props.id}-error`} class="field-error">
          {props.error}
        </span>
      )}
    </div>
  );
}

/** The response type and, for OPTION and OPTIONS, the options (one per line). */
export function ResponseTypeFields(props: {
  idPrefix: string;
  responseType: ResponseTypeName;
  onResponseType: (value: ResponseTypeName) => void;
  options: string;
  onOptions: (value: string) => void;
  optionsError?: string | undefined;
}) {
  return (
    <>
      <div class="field">
        <label for={`${props.idPrefix}-response-type`}>Kind of answer</label>
        <select
          id={`${props.idPrefix}-response-type`}
          value={props.responseType}
          onChange={(event) => props.onResponseType(event.currentTarget.value as ResponseTypeName)}
        >
          {RESPONSE_TYPES.map((type) => (
            <option key={type} value={type}>
              {RESPONSE_TYPE_LABELS[type]} ({type})
            </option>
          ))}
        </select>
      </div>
      {(props.responseType === "OPTION" || props.responseType === "OPTIONS") && (
        <TextField
          id={`${props.idPrefix}-options`}
          label="Options"
          hint="One per line."
          value={props.options}
          onValue={props.onOptions}
          multiline
          required
          error={props.optionsError}
        />
      )}
    </>
  );
}

/** The options typed one per line, trimmed, empty lines left out. */
export function optionsOf(text: string): string[] {
  return text
    .split("\n")
    .map((option) => option.trim())
    .filter(Boolean);
}

/** A radio group choosing company or person research. */
export function SubjectTypeChoice(props: {
  name: string;
  value: "company" | "person";
  onValue: (value: "company" | "person") => void;
  children?: ComponentChildren;
}) {
  return (
    <fieldset>
      <legend>About</legend>
      <div class="choices">
        {(["company", "person"] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name={props.name}
              value={type}
              checked={props.value === type}
              onChange={() => props.onValue(type)}
            />
            {type === "company" ? "A company" : "A person"}
          </label>
        ))}
      </div>
      {props.children}
    </fieldset>
  );
}
