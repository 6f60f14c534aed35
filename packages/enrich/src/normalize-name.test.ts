import { describe, expect, it } from "vitest";
import { type NormalizeNameOptions, normalizeName, recasePlaceName } from "./normalize-name.js";

const cases: Array<[string | null | undefined, NormalizeNameOptions["part"] | undefined, string | null]> = [
  // English, whitespace
  ["  john   SMITH ", "full", "John Smith"],
  ["JOHN", "first", "John"],
  ["smith", "last", "Smith"],
  ["JOHN SMITH III", "full", "John Smith III"],
  ["j.r.", "first", "J.R."],
  ["MARTIN LUTHER KING JR.", "full", "Martin Luther King Jr."],
  ["IV", "first", "Iv"],
  // Dutch
  ["VAN DER BERG", undefined, "van der Berg"],
  ["VAN DER BERG", "last", "van der Berg"],
  ["van der berg", "last", "van der Berg"],
  ["JAN VAN DER BERG", "full", "Jan van der Berg"],
  ["VINCENT VAN GOGH", "full", "Vincent van Gogh"],
  ["IJZERMAN", "last", "IJzerman"],
  ["TER STEGEN", "last", "ter Stegen"],
  ["VAN", "first", "Van"],
  ["VAN MORRISON", "first", "Van Morrison"],
  // German
  ["LUDWIG VAN BEETHOVEN", "full", "Ludwig van Beethoven"],
  ["VON WEIZSÄCKER", "last", "von Weizsäcker"],
  ["HANS-PETER MÜLLER", "full", "Hans-Peter Müller"],
  ["jürgen", "first", "Jürgen"],
  // Irish and Scottish
  ["O'BRIEN", "last", "O'Brien"],
  ["o’neill", "last", "O’Neill"],
  ["MCDONALD", "last", "McDonald"],
  ["mckenzie", "last", "McKenzie"],
  ["MACLEOD", "last", "MacLeod"],
  ["MACK", "last", "Mack"],
  ["MACY", "last", "Macy"],
  ["MACHADO", "last", "Machado"],
  ["McKenzie", "last", "McKenzie"],
  // Italian
  ["D'ANGELO", "last", "D'Angelo"],
  ["LEONARDO DA VINCI", "full", "Leonardo da Vinci"],
  ["DI MARIA", "last", "di Maria"],
  // Spanish and Portuguese
  ["JOSÉ", "first", "José"],
  ["MARÍA DE LA CRUZ", "full", "María de la Cruz"],
  ["DE LA CRUZ", "last", "de la Cruz"],
  ["GARCÍA DEL RÍO", "last", "García del Río"],
  ["JOÃO DOS SANTOS", "full", "João dos Santos"],
  ["MARIA DO CARMO", "first", "Maria do Carmo"],
  ["da silva", "last", "da Silva"],
  // French
  ["ÉLODIE", "first", "Élodie"],
  ["JEAN-LUC", "first", "Jean-Luc"],
  ["jean-luc picard", "full", "Jean-Luc Picard"],
  ["CHARLES DE GAULLE", "full", "Charles de Gaulle"],
  ["DU PONT", "last", "du Pont"],
  ["FRANÇOISE", "first", "Françoise"],
  // Arabic
  ["MOHAMMED BIN SALMAN", "full", "Mohammed bin Salman"],
  ["AL-HASSAN", "last", "al-Hassan"],
  ["AHMED AL-HASSAN", "full", "Ahmed al-Hassan"],
  ["محمد", "first", "محمد"],
  // Vietnamese
  ["NGUYEN VAN AN", "full", "Nguyen Van An"],
  ["LE VAN THANH", "full", "Le Van Thanh"],
  ["NGUYỄN THỊ MAI", "full", "Nguyễn Thị Mai"],
  ["Nguyễn", "last", "Nguyễn"],
  // Chinese, Korean, Japanese
  ["ZHANG WEI", "full", "Zhang Wei"],
  ["王小明", "full", "王小明"],
  ["LI NA", "full", "Li Na"],
  // "Na" alone cannot be told from "NA" (not available); inside a full name it is kept.
  ["Na", "last", null],
  ["김민준", "full", "김민준"],
  ["山田 太郎", "full", "山田 太郎"],
  // Indian
  ["RAJESH KUMAR", "full", "Rajesh Kumar"],
  ["priya ramanathan", "full", "Priya Ramanathan"],
  // Turkish dotted I
  ["İSMAİL", "first", "İsmail"],
  // Greek and Cyrillic are left as typed
  ["ΓΙΏΡΓΟΣ", "first", "ΓΙΏΡΓΟΣ"],
  ["ИВАН", "first", "ИВАН"],
  // Mixed case is kept as given
  ["DeShawn", "first", "DeShawn"],
  ["Ludwig Van Beethoven", "full", "Ludwig Van Beethoven"],
  ["JOHN McDonald", "full", "John McDonald"],
  // Nigerian "Ij" is not the Dutch digraph
  ["IJEOMA", "first", "Ijeoma"],
  // Filler
  ["unknown", "first", null],
  ["N/A", "last", null],
  ["NA", "last", null],
  ["-", "first", null],
  ["   ", "first", null],
  [null, "first", null],
  [undefined, "last", null],
];

describe("normalizeName", () => {
  it.each(cases)("%j as %s -> %j", (raw, part, expected) => {
    expect(normalizeName(raw, part === undefined ? undefined : { part })).toBe(expected);
  });
});

describe("recasePlaceName", () => {
  it.each([
    ["RIO DE JANEIRO", "Rio de Janeiro"],
    ["frankfurt am main", "Frankfurt am Main"],
    ["STRATFORD-UPON-AVON", "Stratford-upon-Avon"],
    ["St. Louis", "St. Louis"],
  ])("%s -> %s", (raw, expected) => {
    expect(recasePlaceName(raw)).toBe(expected);
  });
});
