/**
 * The words legal and imprint pages use for what an identifier question asks: a register entry is
 * "HRB 1234 (Amtsgericht ...)" on a German imprint, "Company number" on a British one; a VAT ID is
 * "USt-IdNr." or "TVA"; "incorporated" is stated as "a Delaware corporation". Language, not any
 * site's wording. Keys and words lowercase; keys are matched as whole words of the question.
 */
const LEGAL_WORDS: Record<string, string> = {
  register: "registered registration registry handelsregister hrb hra amtsgericht court companies house kvk rcs siren",
  registered: "register registration registry handelsregister hrb court companies house office seat sitz",
  registration: "register registered registry handelsregister hrb court companies house",
  registry: "register registered registration handelsregister court",
  court: "amtsgericht registergericht register",
  vat: "ust ustid umsatzsteuer tva iva btw mwst moms tax",
  tax: "vat ein ust tva iva steuernummer",
  ein: "employer identification number tax",
  incorporated: "corporation incorporation inc organized registered",
  incorporation: "incorporated corporation inc registered",
  nonprofit: "non-profit not-for-profit 501 charity charitable foundation",
  charity: "charitable nonprofit non-profit 501",
  imprint: "impressum legal notice",
  office: "address seat sitz headquarters",
  seat: "sitz registered office",
  managing: "geschäftsführer vertretungsberechtigt",
};

/** The words legal pages use for `word` (lowercase), or none. */
export function legalWords(word: string): string[] {
  return LEGAL_WORDS[word.toLowerCase()]?.split(" ") ?? [];
}

/**
 * Legal forms and the stem of the word each abbreviates: "Inc." is "incorporated", "Corp." a
 * "corporation", "Ltd" "limited".
 */
const LEGAL_FORM_STEMS: Record<string, string> = {
  inc: "incorporat",
  corp: "corporat",
  ltd: "limited",
  llc: "limited",
  plc: "public",
  co: "compan",
};

/** Whether `short` is a legal form that abbreviates `word` ("inc" and "incorporated"). */
export function abbreviatesLegalForm(short: string, word: string): boolean {
  const stem = LEGAL_FORM_STEMS[short];
  return stem !== undefined && word.startsWith(stem);
}
