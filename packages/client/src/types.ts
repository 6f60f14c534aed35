import type {
  BatchEvent,
  BatchList,
  BatchResultLine,
  BatchStatus,
  batchRequestSchema,
  companyResearchRequestSchema,
  companyResearchResponseSchema,
  JobEvent,
  JobStatus,
  ListEvent,
  ListItem,
  ListItemsPage,
  ListList,
  ListStatus,
  listRequestSchema,
  Problem,
  personResearchRequestSchema,
  personResearchResponseSchema,
  WatchChange,
  WatchEvent,
  WatchEventList,
  WatchList,
  WatchQuote,
  WatchView,
  watchRequestSchema,
  watchRunAcceptedSchema,
} from "@dossier/contract";
import type * as z from "zod";

// Every type comes from the API's zod schemas: a field added to the contract reaches the client
// without an edit here. Requests are the schemas' input (what a caller may send), responses their
// output (what the gateway answers).

/** The body of `POST /v1/research/company`. */
export type CompanyResearchRequest = z.input<typeof companyResearchRequestSchema>;
/** The body of `POST /v1/research/person`. */
export type PersonResearchRequest = z.input<typeof personResearchRequestSchema>;
/** The answer to a question about a company. */
export type CompanyResearchResponse = z.output<typeof companyResearchResponseSchema>;
/** The answer to a question about a person, with the enriched person. */
export type PersonResearchResponse = z.output<typeof personResearchResponseSchema>;
/** The body of `POST /v1/batches`. */
export type BatchRequest = z.input<typeof batchRequestSchema>;
/** One item of a batch. */
export type BatchItem = BatchRequest["items"][number];

/** The body of `POST /v1/lists`. */
export type ListRequest = z.input<typeof listRequestSchema>;
/** The body of `POST /v1/watches`. */
export type WatchRequest = z.input<typeof watchRequestSchema>;
/** A watch, as `GET /v1/watches/{id}` answers it. */
export type Watch = WatchView;
/** One event of a watch followed live (`GET /v1/watches/{id}/events` as Server-Sent Events). */
export type WatchStreamEvent =
  | { type: "watch"; id: string; data: Watch }
  | { type: "change"; id: string; data: WatchEvent }
  | { type: "run"; id: string; data: { watchId: string; lastRun: NonNullable<Watch["lastRun"]> } }
  | { type: "deleted"; id: string; data: { watchId: string } };
/** What `POST /v1/watches/{id}/run` answers. */
export type WatchRunAccepted = z.output<typeof watchRunAcceptedSchema>;

export type {
  BatchEvent,
  BatchList,
  BatchResultLine,
  BatchStatus,
  JobEvent,
  JobStatus,
  ListEvent,
  ListItem,
  ListItemsPage,
  ListList,
  ListStatus,
  Problem,
  WatchChange,
  WatchEvent,
  WatchEventList,
  WatchList,
  WatchQuote,
};

/** Either research answer. */
export type ResearchResponse = CompanyResearchResponse | PersonResearchResponse;
