/** A numbered evidence passage as the research prompt shows it to the model. */
export interface PromptPassage {
  id: string;
  url: string;
  text: string;
}

/** Reads the `<passage id="P1" url="...">text</passage>` blocks out of a research prompt. */
export function parsePromptPassages(prompt: string): PromptPassage[] {
  const passages: PromptPassage[] = [];
  const pattern = /<passage id="([^"]+)" url="([^"]*)"[^>]*>\n([\s\S]*?)\n<\/passage>/g;
  for (let match = pattern.exec(prompt); match; match = pattern.exec(prompt)) {
    passages.push({ id: match[1]!, url: match[2]!, text: match[3]! });
  }
  return passages;
}

/** The passage that contains `phrase` (case and whitespace ignored), if the prompt has one. */
export function findPassageWith(prompt: string, phrase: string): PromptPassage | undefined {
  const wanted = phrase.replace(/\s+/g, " ").toLowerCase();
  return parsePromptPassages(prompt).find((passage) =>
    passage.text.replace(/\s+/g, " ").toLowerCase().includes(wanted),
  );
}

/** Words only: accents, case, punctuation and dashes aside. */
function wordsOf(text: string): string {
  return ` ${text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

/**
 * The passage whose words hold `phrase`'s words in order (accents, case, punctuation and dashes
 * aside), as a page's words survive extraction ("Jane Doe — CEO" holds "Jane Doe CEO").
 */
export function findPassageWithWords(prompt: string, phrase: string): PromptPassage | undefined {
  const wanted = wordsOf(phrase);
  return parsePromptPassages(prompt).find((passage) => wordsOf(passage.text).includes(wanted));
}
