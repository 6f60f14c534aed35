import { neutralizeCsvFormula } from "@dossier/contract";
import type { ListItemRecord, ListStore, StoredList } from "@dossier/queue";
import type { Response } from "express";

const PAGE = 500;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralizeCsvFormula(typeof value === "string" ? value : JSON.stringify(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The top-level fields of an output schema, in order: one CSV column each. */
function outputFields(list: StoredList): string[] {
  const properties = (list.outputSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/**
 * The columns of a list's CSV: the item, the subject as found (a company's name, website and
 * LinkedIn profile; a person's names, title and company), the pages it was found on, then per
 * criterion its verdict, first quote and that quote's page, then one column per `outputSchema` field.
 */
export function listCsvColumns(list: StoredList): string[] {
  const subject =
    list.entityType === "person"
      ? ["firstName", "lastName", "title", "linkedinUrl", "company", "companyWebsite"]
      : ["name", "website", "linkedinUrl"];
  return [
    "index",
    "id",
    "status",
    ...subject,
    "foundOn",
    ...list.criteria.flatMap((criterion) => [criterion.id, `${criterion.id}.quote`, `${criterion.id}.source`]),
    ...outputFields(list),
  ];
}

function row(list: StoredList, item: ListItemRecord): string {
  const subject =
    list.entityType === "person"
      ? [
          item.person?.firstName,
          item.person?.lastName,
          item.person?.title,
          item.person?.linkedinUrl,
          item.person?.company?.name,
          item.person?.company?.website,
        ]
      : [item.company?.name, item.company?.website, item.company?.linkedinUrl];
  const verdicts = list.criteria.flatMap((criterion) => {
    const verdict = item.verdicts.find((candidate) => candidate.criterionId === criterion.id);
    const first = verdict?.citations[0];
    return [verdict?.satisfied ?? "unclear", first?.quote, first?.url];
  });
  const fields = outputFields(list).map((field) => item.answerObject?.[field]);
  return [
    item.index,
    item.id,
    item.status,
    ...subject,
    item.foundOn.map((found) => found.url).join(" "),
    ...verdicts,
    ...fields,
  ]
    .map(cell)
    .join(",");
}

/** Writes a list's items as CSV, one row per item in item order, only those of `status` when given. */
export async function writeListItemsCsv(
  response: Response,
  lists: ListStore,
  list: StoredList,
  query: { status?: ListItemRecord["status"]; after: number },
): Promise<void> {
  response.status(200);
  response.setHeader("Content-Type", "text/csv; charset=utf-8");
  response.setHeader("Content-Disposition", `attachment; filename="${list.id}.csv"`);
  response.write(`${listCsvColumns(list).map(cell).join(",")}\r\n`);
  let after = query.after;
  for (;;) {
    const page = await lists.readItems(list.id, {
      after,
      limit: PAGE,
      ...(query.status ? { status: query.status } : {}),
    });
    for (const item of page.items) response.write(`${row(list, item)}\r\n`);
    const last = page.items.at(-1);
    if (!page.hasMore || !last) break;
    after = last.index;
  }
  response.end();
}
