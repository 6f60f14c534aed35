/**
 * What a question asks about, read from its words: head count, founding, funding, leadership,
 * prices, location, the legal entity, compliance, data and hosting, hiring, contact, customers,
 * the product, news, or a person's role. The crawl weighs a site's pages by it, and the coverage
 * check knows which kind of statement would answer. Words are matched by stem, so "founded",
 * "founders" and "founding" are one cue.
 */
export type QuestionIntent =
  | "headcount"
  | "founding"
  | "funding"
  | "leadership"
  | "pricing"
  | "location"
  | "legal-entity"
  | "compliance"
  | "data-hosting"
  | "hiring"
  | "contact"
  | "customers"
  | "product"
  | "news"
  | "ownership"
  | "plans"
  | "terms"
  | "benefits"
  | "services"
  | "person-role";

/** The kinds of page a site has, as its paths and link texts name them. */
export type PageKind =
  | "about"
  | "team"
  | "pricing"
  | "security"
  | "legal"
  | "careers"
  | "contact"
  | "press"
  | "blog"
  | "docs"
  | "handbook"
  | "customers"
  | "product"
  | "faq"
  | "services"
  | "imprint";

interface IntentRule {
  intent: QuestionIntent;
  /** Cue words (lowercase stems or whole words) and phrases ("how many people"). */
  cues: string[];
  /**
   * Phrases in which a cue means something else ("plan to" is no price plan), or patterns matching
   * the cue where it does (the verb "support" in "does it support SAML").
   */
  unless?: (string | RegExp)[];
  /** How strongly each kind of page tends to answer it. */
  pages: Partial<Record<PageKind, number>>;
}

/**
 * "support" as a verb after its subject: "does the team support", "can they support", but not
 * "does it offer support" or "can I get support", where it is the service.
 */
const SUPPORT_AS_VERB =
  /(?<=\b(?:does|do|did|can|could|will|would)\s+(?:(?!(?:offer|offers|provide|provides|give|get|have|has|need|contact|reach)\s)[\p{L}\p{N}.-]+\s+){1,4})support\b/gu;

const INTENT_RULES: IntentRule[] = [
  {
    intent: "headcount",
    cues: [
      "employee",
      "staff",
      "headcount",
      "workforce",
      "personnel",
      "team size",
      "how many people",
      "people work",
      // The asker's short form: "how many ppl work there?"
      "how many ppl",
      "ppl work",
    ],
    pages: { about: 6, careers: 3, team: 3, handbook: 2, faq: 2 },
  },
  {
    intent: "founding",
    cues: ["found", "establish", "launch", "incorporat", "history", "origin", "began", "begin", "start", "since when"],
    // A startup, or a startup program, is no start of the company.
    unless: ["startup", "startups", "start-up", "start-ups"],
    pages: { about: 6, press: 3, blog: 1, team: 2, faq: 2 },
  },
  {
    intent: "funding",
    cues: [
      "fund",
      "invest",
      "raise",
      "venture",
      "capital",
      "seed",
      "series",
      "valuation",
      "backed",
      "bootstrap",
      "self-fund",
      "profitab",
      "revenue",
      "arr",
    ],
    pages: { about: 5, press: 5, blog: 2, faq: 2 },
  },
  {
    intent: "leadership",
    cues: [
      "ceo",
      "cto",
      "cfo",
      "coo",
      "cmo",
      "cpo",
      "cro",
      "ciso",
      "founder",
      "cofounder",
      "co-founder",
      "leader",
      "executive",
      "president",
      "chief",
      "chair",
      "head of",
      "director",
      "vp",
      "vice president",
      "owner",
      "board",
      "manage",
      "who heads",
      "who leads",
      "who runs",
      "who oversees",
      "in charge",
    ],
    // "A managed deployment" is run for a customer, not a manager's; so is "will they manage a deployment".
    unless: ["managed", "manage a", "manage an", "manage our", "manage my", "manage the deployment"],
    pages: { team: 7, about: 4, press: 2, handbook: 2 },
  },
  {
    intent: "pricing",
    cues: [
      "price",
      "pricing",
      "cost",
      "plan",
      "tier",
      "subscription",
      "subscrib",
      "paid",
      "free",
      "trial",
      "discount",
      "cheap",
      "expensive",
      "billing",
      "per month",
      "monthly",
      "annual",
      "seat",
      "dollar",
      "euro",
      "usd",
      "eur",
      "fee",
      "charge",
      "payment",
      "paying",
      "pay for",
      "invoice",
    ],
    // Pay while away from work is a benefit, not a price.
    unless: [
      "plan to",
      "plans to",
      "planning to",
      "planned to",
      "plan for the",
      "plans for the",
      "paid leave",
      "paid parental",
      "paid time off",
      "paid vacation",
      "paid holiday",
      "paid holidays",
      "in dollars",
      "in us dollars",
      "in euros",
      "in usd",
      "in eur",
      "paid sick",
      "fully paid",
      "full pay",
    ],
    pages: { pricing: 9, docs: 1, blog: 1, faq: 5 },
  },
  {
    intent: "location",
    cues: ["headquarter", "hq", "based", "located", "location", "office", "address", "city", "country", "where"],
    pages: { contact: 5, imprint: 5, legal: 4, about: 4, careers: 1, faq: 2 },
  },
  {
    intent: "legal-entity",
    cues: [
      "legal",
      "entity",
      "registered",
      "registration",
      "register",
      "registry",
      "company number",
      "vat",
      "incorporat",
      "jurisdiction",
      "gmbh",
      "ltd",
      "llc",
      "managing director",
      "ein",
      "tax id",
      "tax number",
      "imprint",
      "impressum",
      "court",
      "law",
      "nonprofit",
      "non-profit",
      "charit",
      "501",
      "data protection officer",
      "dpo",
      // A former name is stated with the entity's own: "Example Inc (formerly Acme Inc)".
      "formerly called",
      "formerly known",
      "former name",
      "previously called",
      "previously known",
      "renamed",
      "inc",
      "corp",
    ],
    pages: { imprint: 9, legal: 6, contact: 4 },
  },
  {
    intent: "compliance",
    cues: [
      "soc",
      "iso",
      "gdpr",
      "ccpa",
      "hipaa",
      "pci",
      "fedramp",
      "certif",
      "compliant",
      "complian",
      "audit",
      "secur",
      "encrypt",
      "breach",
      "incident",
      "vulnerab",
      "pentest",
      "penetration",
      "sso",
      "saml",
      "2fa",
      "mfa",
      "baa",
      "backup",
      "password",
    ],
    pages: { security: 8, legal: 3, docs: 2, faq: 3 },
  },
  {
    intent: "data-hosting",
    cues: [
      "data",
      "host",
      "server",
      "cloud",
      "region",
      "residen",
      "centre",
      "center",
      "stored",
      "storage",
      "store",
      "subprocessor",
      "sub-processor",
      "processor",
      "vendor",
      "third-part",
      "cdn",
      "content delivery",
      "dns",
      "ddos",
      "infrastructure",
      "dpa",
      "privacy",
      "cookie",
      "personal",
      "retention",
      "transfer",
    ],
    pages: { security: 6, legal: 6, docs: 1, faq: 4 },
  },
  {
    intent: "hiring",
    cues: [
      "hiring",
      "hire",
      "job",
      "career",
      "opening",
      "position",
      "vacanc",
      "recruit",
      "apply",
      "remote",
      "salary",
      "compensation",
      "equity",
      "stock",
      "onboarding",
      "intern",
      "visa",
      "interview",
    ],
    // "What is her job title?" asks for a role, not for the hiring process.
    unless: ["job title", "job titles"],
    pages: { careers: 7, handbook: 5, about: 1, faq: 2 },
  },
  {
    // What working there gives: a handbook's or careers page's benefits, not its hiring process.
    intent: "benefits",
    cues: [
      "benefit",
      "perk",
      "pto",
      "vacation",
      "holiday",
      "leave",
      "time off",
      "days off",
      "day off",
      "weeks off",
      "401",
      "401k",
      "pension",
      "retirement",
      "insurance",
      "healthcare",
      "health care",
      "mental health",
      "medical",
      "training",
      "learning budget",
      "professional development",
      "education budget",
      "conference budget",
      "wellbeing",
      "well-being",
      "wellness",
      "dental",
      "parental",
      "maternity",
      "paternity",
      "sabbatical",
      "severance",
      "stipend",
      "allowance",
      "relocation",
      "salary",
      "compensation",
      "equity",
    ],
    pages: { handbook: 6, careers: 5, faq: 2 },
  },
  {
    intent: "contact",
    cues: ["email", "e-mail", "phone", "telephone", "contact", "reach", "support"],
    // "Does it support SAML", "which roles are supported": what the product does, not a support desk.
    unless: [SUPPORT_AS_VERB, /\bsupport(?:s|ed)\b/g],
    pages: { contact: 7, imprint: 5, legal: 3, docs: 1, faq: 2 },
  },
  {
    intent: "customers",
    cues: ["customer", "client", "case study", "case studies", "used by", "partner"],
    pages: { customers: 6, about: 3, blog: 1, faq: 2 },
  },
  {
    intent: "product",
    cues: [
      "integrat",
      "feature",
      "api",
      "open source",
      "open-source",
      "source code",
      "licen",
      "github",
      "self-host",
      "platform",
      "product",
      "support",
    ],
    // "Who heads product": a department of people, not the product.
    unless: [
      "heads product",
      "leads product",
      "runs product",
      "head of product",
      "vp of product",
      "vp product",
      "director of product",
      "chief product",
    ],
    pages: { docs: 4, product: 4, pricing: 2, about: 2, faq: 4 },
  },
  {
    intent: "ownership",
    cues: [
      "belong",
      "parent",
      "owned",
      "owner",
      "part of",
      "subsidiar",
      "acqui",
      "division",
      "affiliat",
      "merger",
      "merged",
    ],
    // Leave for a new parent is a benefit, not a parent company.
    unless: ["parental", "parents", "new parent", "new parents"],
    pages: { about: 6, legal: 4, press: 4, faq: 2 },
  },
  {
    intent: "plans",
    cues: [
      "plan to",
      "plans to",
      "planning to",
      "planned to",
      "plans for",
      "intend",
      "aim to",
      "goal",
      "target",
      "roadmap",
      "strategy",
      "vision",
      "future",
      "next year",
      "go public",
      "ipo",
      // A date yet to come is stated where the site tells what is coming: "/roadmap", "/upcoming-changes".
      "when will",
      "date will",
      "upcoming",
      "coming soon",
    ],
    pages: { about: 5, handbook: 4, blog: 3, press: 3, product: 2, faq: 2 },
  },
  {
    // What a customer agrees to: stated in the terms, linked from the footer only.
    intent: "terms",
    cues: [
      "refund",
      "money back",
      "money-back",
      "cancel",
      "terminat",
      "liabilit",
      "warrant",
      "governing law",
      "dispute",
      "arbitrat",
      "terms of service",
      "terms of use",
      "acceptable use",
      "chargeback",
      "payment",
      "indemn",
    ],
    pages: { legal: 8, faq: 4, pricing: 3, docs: 2 },
  },
  {
    // What the company does for a customer beyond its product: runs it for them, sets it up, advises.
    intent: "services",
    cues: [
      "managed",
      "manage it",
      "manage a",
      "manage an",
      "manage our",
      "manage my",
      "run it for",
      "runs it for",
      "for us",
      "on our behalf",
      "consult",
      "professional service",
      "professional services",
      "implementation",
      "white-glove",
      "done for you",
    ],
    pages: { services: 10, pricing: 3, product: 3, faq: 3, docs: 1 },
  },
  {
    intent: "news",
    cues: ["announce", "acqui", "partnership", "release", "news", "outage", "switch", "move", "migrat", "change"],
    pages: { press: 6, blog: 4 },
  },
];

/** For person requests: what the person does, where, since when. */
const PERSON_RULE: IntentRule = {
  intent: "person-role",
  cues: [
    "role",
    "title",
    "position",
    "job",
    "work",
    "join",
    "start",
    "based",
    "located",
    "city",
    "country",
    "responsib",
    "lead",
    "does",
  ],
  pages: { team: 8, about: 4, handbook: 3, blog: 1, press: 1 },
};

/** The cue words of these intents: a page whose own name holds one is about what the question asks. */
export function intentCues(intents: readonly QuestionIntent[]): string[] {
  return INTENT_RULES.filter((rule) => intents.includes(rule.intent)).flatMap((rule) =>
    rule.cues.filter((cue) => cue.length > 3),
  );
}

/** Words of a question, lowercased, with possessives dropped. */
export function questionWords(question: string): string[] {
  return question
    .toLowerCase()
    .replace(/['\u2019]s\b/g, "")
    .split(/[^\p{L}\p{N}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ""))
    .filter(Boolean);
}

/** Whether a cue (a stem, a word or a phrase) occurs among the words. */
function hasCue(words: readonly string[], joined: string, cue: string): boolean {
  // A phrase may be written with hyphens: "time-off requests".
  if (cue.includes(" ")) return joined.includes(` ${cue} `) || joined.includes(` ${cue.replaceAll(" ", "-")} `);
  // Short cues ("hq", "vp", "soc") must be whole words; longer ones are stems ("found" in "founded").
  return cue.length <= 3 ? words.includes(cue) : words.some((word) => word.startsWith(cue));
}

/** The intents a question shows, strongest rule first. Person requests always ask about the person too. */
export function questionIntents(question: string, kind: "company" | "person"): QuestionIntent[] {
  const words = questionWords(question);
  const joined = ` ${words.join(" ")} `;
  const found = INTENT_RULES.filter((rule) => {
    // A cue inside a phrase that means something else counts for nothing there.
    const unmasked = (rule.unless ?? []).reduce<string>(
      (text, phrase) => (typeof phrase === "string" ? text.replaceAll(` ${phrase} `, " ") : text.replace(phrase, " ")),
      joined,
    );
    const unmaskedWords = unmasked.trim().split(" ").filter(Boolean);
    return rule.cues.some((cue) => hasCue(unmaskedWords, unmasked, cue));
  }).map((rule) => rule.intent);
  return kind === "person" ? ["person-role", ...found] : found;
}

/** How strongly a page of these kinds tends to answer a question with these intents (0 when unrelated). */
export function intentAffinity(intents: readonly QuestionIntent[], kinds: ReadonlySet<PageKind>): number {
  let best = 0;
  for (const intent of intents) {
    const rule = intent === "person-role" ? PERSON_RULE : INTENT_RULES.find((entry) => entry.intent === intent);
    if (!rule) continue;
    for (const kind of kinds) best = Math.max(best, rule.pages[kind] ?? 0);
  }
  return best;
}
