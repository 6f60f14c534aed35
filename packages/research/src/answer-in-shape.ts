import type { Citation, FieldQuote, NormalizedOutputSchema } from "@dossier/contract";
import { checkAnswerObject } from "./answer/check-answer-object.js";
import { answerObjectFromEvidence } from "./answer/object-answer.js";
import {
  type AnswerFields,
  type AnswerStageInput,
  type AnswerStageResult,
  countModelUsage,
} from "./answer-question.js";
import type { ExtractedPage } from "./gather/extract/extracted-page.js";
import { siteHostOf } from "./site-host.js";
import { answersQuestion } from "./verify/answers-question.js";
import { drawnFrom, statesAnswer } from "./verify/states-answer.js";
import { summarizeObject } from "./verify/summarize-object.js";
import {
  citationSource,
  evidencePages,
  firstSentences,
  listNotes,
  shorten,
  verifyPersonEvidence,
} from "./verify/verify-answer.js";
import {
  emptyAnswerObject,
  type VerifiedObject,
  type VerifyObjectInput,
  verifyAnswerObject,
  withdrawFields,
} from "./verify/verify-answer-object.js";

/**
 * An answer in the caller's shape (`outputSchema`): one model call that fills every field with a
 * quote, verification of each value as a typed answer of the field's kind is verified, and for
 * `deep` a second call that must confirm each value, else it is withdrawn. A field no holding quote
 * states is null.
 */
export async function answerInShape(
  input: AnswerStageInput & { schema: NormalizedOutputSchema },
): Promise<AnswerStageResult> {
  const { model, request, labels, gathered, plan, context, schema } = input;
  const options = { signal: context.signal, background: context.background ?? false };
  const answered = await answerObjectFromEvidence(model, request, schema, labels, options);
  countModelUsage(context, answered);
  context.onProgress?.({ stage: "verifying" });

  const pageByUrl = new Map(gathered.pages.map((page) => [page.url, page]));
  const pages = evidencePages({ pages: gathered.pages, ownSites: gathered.ownSites, person: plan.person }, pageByUrl);
  const verifyInput: VerifyObjectInput = {
    schema,
    reply: answered.reply,
    labels,
    isOwn: pages.isOwn,
    mayCite: pages.mayCite,
    publishedAt: (url) => pageByUrl.get(url)?.publishedAt ?? null,
    // The subject's names prove nothing about a statement (BOOL), but a text value made of them
    // ("Northwind Robotics" as the company's name) must still be in its quote.
    // Where the field says what kind of value it holds, the quote must state it as that kind, as for a typed answer.
    statesValue: (claim, quote) =>
      statesAnswer({ ...claim, subjectTerms: claim.type === "TEXT" ? [] : plan.subjectTerms }, [
        { ...quote, links: pageByUrl.get(quote.url)?.links ?? [] },
      ]).stated &&
      (claim.kind === null ||
        answersQuestion(
          { ...claim, kind: claim.kind, subjectTerms: plan.subjectTerms, person: plan.person },
          {
            quote: quote.quote,
            passageText: quote.passage.text,
            url: quote.url,
            links: pageByUrl.get(quote.url)?.links ?? [],
            pageTitle: pageByUrl.get(quote.url)?.title ?? quote.passage.title,
            pageText: pageByUrl.get(quote.url)?.text ?? quote.passage.text,
          },
        ).holds),
  };
  let verified = verifyAnswerObject(verifyInput);
  // deep: a second model call reads the passages again and must confirm each value.
  if (input.checkAnswer && verified.fields.length > 0) {
    const checked = await checkAnswerObject(
      model,
      request,
      verified.fields.map((field) => ({ path: field.key, value: field.value })),
      labels,
      options,
    );
    countModelUsage(context, checked);
    verified = withdrawFields(verifyInput, verified, checked.unconfirmed);
  }
  return {
    answer: objectAnswerFields(schema, verified, answered.reply.summary, {
      pageByUrl,
      unreachable: gathered.unreachable,
      subjectTerms: plan.subjectTerms,
    }),
    personEvidence: verifyPersonEvidence({
      labels,
      pages: gathered.pages,
      ownSites: gathered.ownSites,
      person: plan.person,
      claims: answered.reply.person,
    }),
    modelConfidence: answered.reply.confidence,
    rejected: verified.rejected,
    prompt: answered.prompt,
  };
}

/** The answer object with nothing stated: every field null. */
export function emptyObjectAnswer(
  schema: NormalizedOutputSchema,
): Pick<AnswerFields, "answerObject" | "fieldCitations" | "fieldConfidence"> {
  return { answerObject: emptyAnswerObject(schema), fieldCitations: {}, fieldConfidence: {} };
}

/**
 * The response fields of a verified answer object: a one-line summary of the values in
 * `answerText`, the union of the fields' quotes in `citations` and their pages in `sources`.
 */
function objectAnswerFields(
  schema: NormalizedOutputSchema,
  verified: VerifiedObject,
  modelSummary: string,
  evidence: { pageByUrl: ReadonlyMap<string, ExtractedPage>; unreachable: readonly string[]; subjectTerms: string[] },
): AnswerFields {
  const citations: Citation[] = [];
  const fieldCitations: Record<string, FieldQuote[]> = {};
  for (const [path, quotes] of Object.entries(verified.fieldCitations)) {
    fieldCitations[path] = quotes.map((citation) => ({ url: citation.url, quote: citation.quote }));
    for (const citation of quotes) {
      if (citations.some((known) => known.url === citation.url && known.quote === citation.quote)) continue;
      const page = evidence.pageByUrl.get(citation.url);
      citations.push({
        url: citation.url,
        title: page?.title ?? citation.passage.title,
        quote: citation.quote,
        publishedAt: page?.publishedAt ?? null,
        source: citationSource(citation.passage),
      });
    }
  }
  const notes = listNotes(evidence.unreachable);
  const withheld =
    verified.rejected > 0
      ? `${verified.rejected} value${verified.rejected === 1 ? "" : "s"} the model gave ${verified.rejected === 1 ? "was" : "were"} not stated by ${verified.rejected === 1 ? "its quote" : "their quotes"} and ${verified.rejected === 1 ? "is" : "are"} left out.`
      : "";
  const fields = Object.keys(verified.fieldCitations).length;
  let said: string;
  if (fields === 0) {
    said = `Not enough evidence: no passage read states any of the ${verified.missing.length} fields, so all are null.`;
  } else {
    const explanation = firstSentences(modelSummary, 2);
    const pages = [
      ...new Set(
        citations.map((citation) => (citation.title ? `“${shorten(citation.title, 80)}”` : siteHostOf(citation.url))),
      ),
    ];
    const leaves = verified.stated.length + verified.missing.length;
    said =
      explanation &&
      drawnFrom(
        explanation,
        citations.map((citation) => citation.quote),
        evidence.subjectTerms,
      )
        ? explanation
        : `${verified.stated.length} of ${leaves} fields are stated by the pages read: ${pages.slice(0, 3).join(", ")}${pages.length > 3 ? ` and ${pages.length - 3} more` : ""}.`;
  }
  return {
    answerText: summarizeObject(schema, verified.answerObject, verified.missing),
    answerNumber: null,
    details: [said, withheld, notes].filter(Boolean).join(" "),
    sources: [...new Set(citations.map((citation) => citation.url))],
    confidence: verified.confidence,
    citations,
    answerObject: verified.answerObject,
    fieldCitations,
    fieldConfidence: verified.fieldConfidence,
  };
}
