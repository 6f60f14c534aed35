import type { Company, Person, WatchChange, WatchQuote } from "@dossier/contract";
import type { ListCandidate, ListDiscoveryRecord, StoredListItem } from "../lists/list-store.js";

/** A list item as a watch's change events show it: who it is, and the fields found of a match. */
export interface WatchedItem {
  /** The item's stable id (`i-...`): the same entity has it in every list. */
  id: string;
  name: string;
  company?: Company;
  person?: Person;
  answerObject?: Record<string, unknown>;
}

/** One match a watch remembers between runs. */
export interface RememberedItem {
  /** What identifies it: its id, website host, LinkedIn profile, normalized name (see {@link ListIdentity}). */
  keys: string[];
  /** The item as first matched. */
  value: WatchedItem;
  /** The quotes that proved its criteria in the last run that matched it. */
  quotes: WatchQuote[];
  /**
   * True once a run decided it `unclear` (no quote proves it any more, none denies it) or could not
   * read the pages that listed it.
   */
  unconfirmed?: boolean;
  /**
   * The pages it was found on in the last run that found it (at most {@link MAX_FOUND_ON}); absent in
   * a memory kept before they were.
   */
  foundOn?: string[];
}

/** What a watch on a list remembers: the matches the runs found so far. */
export interface ListItemsMemory {
  items: RememberedItem[];
}

/**
 * The keys that identify an entity of a list, strongest first (the list's own dedupe: website host,
 * LinkedIn profile, normalized name). Two items sharing any key are one entity.
 */
export type ListIdentity = (subject: { company?: Company; person?: Person }) => string[];

/** What one run of a watched list found. */
export interface ListRunFindings {
  /** Every item the run decided. */
  items: StoredListItem[];
  /** Every candidate the run found, decided or not (a list that stopped at its limit leaves some undecided). */
  candidates: ListCandidate[];
  /**
   * What the run's discovery read and could not read. Absent: everything it tried was read (a list
   * made before discovery kept its record).
   */
  discovery?: ListDiscoveryRecord;
}

/** The outcome of comparing a run's list with the memory: the changes to report and the memory to keep. */
export interface ListComparison {
  changes: WatchChange[];
  memory: ListItemsMemory;
}

/** The field a list watch's changes name. */
export const LIST_ITEMS_FIELD = "items";

/** Pages remembered per match: the listings it is on; more say nothing the first ones do not. */
const MAX_FOUND_ON = 10;

/** A page's URL as compared: without scheme, `www.`, fragment or trailing slash. */
function pageKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.href.replace(/^[a-z][a-z0-9+.-]*:\/\/(?:www\.)?/i, "").replace(/\/$/, "");
  } catch {
    return url;
  }
}

const pagesOf = (item: { foundOn: ReadonlyArray<{ url: string }> }): string[] =>
  item.foundOn.slice(0, MAX_FOUND_ON).map((page) => page.url);

/**
 * Whether a run that did not find a remembered match may have missed it: a page it was found on
 * could not be read (a time-out, a 5xx), or some page or search failed and none of its pages was
 * read, so that what failed may be what led to them (a listing's first page leads to its next one,
 * a search to the directory). A run that read every page it tried, or that read one of its pages
 * (and none failed), did not miss it: it is gone.
 */
function missedBy(discovery: ListDiscoveryRecord | undefined): (remembered: RememberedItem) => boolean {
  if (!discovery || (discovery.unreadPages.length === 0 && discovery.failedSearches.length === 0)) return () => false;
  const unread = new Set(discovery.unreadPages.map((page) => pageKey(page.url)));
  const read = new Set(discovery.read.map(pageKey));
  return (remembered) => {
    const pages = (remembered.foundOn ?? []).map(pageKey);
    if (pages.some((page) => unread.has(page))) return true;
    return !pages.some((page) => read.has(page));
  };
}

const nameOf = (subject: { company?: Company; person?: Person }): string =>
  subject.person
    ? [subject.person.firstName, subject.person.lastName].filter(Boolean).join(" ")
    : (subject.company?.name ?? "");

function keysOf(id: string, subject: { company?: Company; person?: Person }, identify: ListIdentity): string[] {
  return [`id:${id}`, ...identify(subject)];
}

/** The quotes of the verdicts that said `satisfied`, each with the criterion it proves. */
function quotesOf(item: StoredListItem, satisfied: "yes" | "no"): WatchQuote[] {
  return item.verdicts
    .filter((verdict) => verdict.satisfied === satisfied)
    .flatMap((verdict) =>
      verdict.citations.map((citation) => ({
        url: citation.url,
        quote: citation.quote,
        ...(citation.title !== undefined ? { title: citation.title } : {}),
        criterionId: verdict.criterionId,
      })),
    );
}

function watchedItem(item: StoredListItem): WatchedItem {
  return {
    id: item.id,
    name: nameOf(item),
    ...(item.person ? { person: item.person } : { company: item.company ?? {} }),
    ...(item.answerObject ? { answerObject: item.answerObject } : {}),
  };
}

/**
 * Compares the matches of a run of a watched list with those the watch remembers. An entity is the
 * same when it shares any identifying key with a remembered one (its id, website host, LinkedIn
 * profile or normalized name), so a directory re-ordered or re-worded around it changes nothing.
 *
 * - a match not remembered is `added` (with the quotes proving each criterion);
 * - a remembered match the run decided `unmatched` (a quote denies a criterion), or that no page the
 *   run read lists any more, is `dropped` (with the quotes it had, and any denying ones);
 * - a remembered match the run decided `unclear`, or that the run did not find while a page that
 *   listed it could not be read (a time-out, a 5xx; or, none of its pages read, any page or search
 *   failed), is `unconfirmed`, once, and stays remembered, as a field no quote states any more does
 *   on a research watch; matched again, it is `confirmed`;
 * - a remembered match the run found but did not decide (the list stopped at its limit or budget
 *   first) says nothing either way and stays remembered.
 *
 * `memory` is null before the first run: that run sets the baseline and reports nothing.
 */
export function compareListItems(
  memory: ListItemsMemory | null,
  findings: ListRunFindings,
  identify: ListIdentity,
): ListComparison {
  const baseline = memory === null;
  const decided = findings.items.map((item) => ({ item, keys: new Set(keysOf(item.id, item, identify)) }));
  const found = new Set(
    findings.candidates.flatMap((candidate) =>
      keysOf(
        candidate.id,
        candidate.person ? { person: candidate.person } : { company: candidate.company ?? { name: candidate.name } },
        identify,
      ),
    ),
  );
  const missed = missedBy(findings.discovery);
  const taken = new Set<number>();
  const changes: WatchChange[] = [];
  const kept: RememberedItem[] = [];
  const unconfirm = (remembered: RememberedItem) => {
    if (!remembered.unconfirmed)
      changes.push({
        field: LIST_ITEMS_FIELD,
        kind: "unconfirmed",
        before: remembered.value,
        after: null,
        citations: { before: remembered.quotes, after: [] },
      });
  };

  for (const remembered of memory?.items ?? []) {
    const index = decided.findIndex(
      (entry, position) => !taken.has(position) && remembered.keys.some((key) => entry.keys.has(key)),
    );
    if (index === -1) {
      if (remembered.keys.some((key) => found.has(key))) kept.push(remembered);
      else if (missed(remembered)) {
        // Its page could not be read this time: nothing says it left the list.
        unconfirm(remembered);
        kept.push({ ...remembered, unconfirmed: true });
      } else
        changes.push({
          field: LIST_ITEMS_FIELD,
          kind: "dropped",
          before: remembered.value,
          after: null,
          citations: { before: remembered.quotes, after: [] },
        });
      continue;
    }
    taken.add(index);
    const { item, keys } = decided[index]!;
    const merged = [...new Set([...remembered.keys, ...keys])];
    if (item.status === "unmatched") {
      changes.push({
        field: LIST_ITEMS_FIELD,
        kind: "dropped",
        before: remembered.value,
        after: null,
        citations: { before: remembered.quotes, after: quotesOf(item, "no") },
      });
    } else if (item.status === "unclear") {
      unconfirm(remembered);
      kept.push({ ...remembered, keys: merged, unconfirmed: true, foundOn: pagesOf(item) });
    } else {
      const quotes = quotesOf(item, "yes");
      if (remembered.unconfirmed)
        changes.push({
          field: LIST_ITEMS_FIELD,
          kind: "confirmed",
          before: remembered.value,
          after: watchedItem(item),
          citations: { before: remembered.quotes, after: quotes },
        });
      // The item as first matched is kept, so that rewordings never add up to a change; the quotes are the latest.
      kept.push({ keys: merged, value: remembered.value, quotes, foundOn: pagesOf(item) });
    }
  }

  for (const [position, { item, keys }] of decided.entries()) {
    if (taken.has(position) || item.status !== "matched") continue;
    const quotes = quotesOf(item, "yes");
    const value = watchedItem(item);
    if (!baseline)
      changes.push({
        field: LIST_ITEMS_FIELD,
        kind: "added",
        before: null,
        after: value,
        citations: { before: [], after: quotes },
      });
    kept.push({ keys: [...keys], value, quotes, foundOn: pagesOf(item) });
  }
  return { changes, memory: { items: kept } };
}
