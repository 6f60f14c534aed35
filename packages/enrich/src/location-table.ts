/**
 * The built-in place table behind countryFromLocation: common cities with their usual aliases,
 * country aliases that Intl's English names miss, and first-level regions (US states, Canadian
 * provinces, Australian states). Each city is "Canonical|Alias|Alias", grouped by country code.
 * Kept small on purpose: it covers the places company locations name most often, and an unknown
 * place still resolves through the country or state written beside it.
 */
const CITIES: Record<string, string> = {
  US: "New York|NYC|New York City|Manhattan|Brooklyn; Washington|Washington DC|Washington D.C.; San Francisco|SF; Los Angeles; Chicago; Boston; Seattle; Austin; Denver; Atlanta; Miami; Philadelphia; Dallas; Houston; San Diego; San Jose; Palo Alto; Mountain View; Menlo Park; Sunnyvale; Cupertino; Redwood City; Oakland; Portland; Phoenix; Detroit; Minneapolis; Pittsburgh; Salt Lake City; Nashville; Raleigh; Charlotte; Baltimore; St. Louis|Saint Louis; Las Vegas; New Orleans",
  CA: "Toronto; Montreal|Montréal; Vancouver; Ottawa; Calgary; Edmonton",
  GB: "London; Manchester; Birmingham; Edinburgh; Glasgow; Bristol; Leeds; Liverpool; Oxford; Belfast; Cardiff",
  IE: "Dublin; Cork; Galway",
  DE: "Berlin; Munich|München|Muenchen; Hamburg; Frankfurt|Frankfurt am Main; Cologne|Köln|Koeln; Stuttgart; Düsseldorf|Duesseldorf|Dusseldorf; Leipzig; Dresden; Hanover|Hannover; Nuremberg|Nürnberg|Nuernberg; Bonn; Karlsruhe; Heidelberg; Essen; Dortmund; Bremen",
  AT: "Vienna|Wien; Graz; Salzburg; Linz; Innsbruck",
  CH: "Zurich|Zürich; Geneva|Genève|Genf; Basel; Bern|Berne; Lausanne; Zug",
  FR: "Paris; Lyon; Marseille; Toulouse; Nice; Bordeaux; Lille; Nantes; Strasbourg",
  NL: "Amsterdam; Rotterdam; The Hague|Den Haag|'s-Gravenhage; Utrecht; Eindhoven",
  BE: "Brussels|Bruxelles|Brussel; Antwerp|Antwerpen; Ghent|Gent",
  LU: "Luxembourg",
  MC: "Monaco",
  ES: "Madrid; Barcelona; Valencia; Seville|Sevilla; Bilbao; Málaga|Malaga",
  PT: "Lisbon|Lisboa; Porto|Oporto",
  IT: "Rome|Roma; Milan|Milano; Turin|Torino; Florence|Firenze; Naples|Napoli; Bologna; Venice|Venezia",
  SE: "Stockholm; Gothenburg|Göteborg|Goteborg; Malmö|Malmo",
  DK: "Copenhagen|København|Kobenhavn; Aarhus",
  NO: "Oslo; Bergen",
  FI: "Helsinki|Helsingfors",
  IS: "Reykjavik|Reykjavík",
  PL: "Warsaw|Warszawa; Kraków|Krakow|Cracow; Wrocław|Wroclaw; Gdańsk|Gdansk",
  CZ: "Prague|Praha; Brno",
  HU: "Budapest",
  RO: "Bucharest|București|Bucuresti",
  BG: "Sofia",
  GR: "Athens",
  TR: "Istanbul|İstanbul; Ankara",
  UA: "Kyiv|Kiev; Lviv",
  RU: "Moscow|Moskva; Saint Petersburg|St. Petersburg",
  EE: "Tallinn",
  LV: "Riga",
  LT: "Vilnius",
  HR: "Zagreb",
  RS: "Belgrade|Beograd",
  IL: "Tel Aviv|Tel Aviv-Yafo; Jerusalem",
  AE: "Dubai; Abu Dhabi",
  SA: "Riyadh; Jeddah",
  QA: "Doha",
  EG: "Cairo",
  NG: "Lagos",
  KE: "Nairobi",
  ZA: "Cape Town; Johannesburg",
  MA: "Casablanca",
  IN: "Mumbai|Bombay; Bangalore|Bengaluru; Delhi|New Delhi; Hyderabad; Chennai|Madras; Pune; Kolkata|Calcutta; Gurgaon|Gurugram; Noida; Ahmedabad",
  PK: "Karachi; Lahore",
  BD: "Dhaka",
  CN: "Beijing|Peking; Shanghai; Shenzhen; Guangzhou; Hangzhou; Chengdu",
  HK: "Hong Kong",
  SG: "Singapore",
  JP: "Tokyo; Osaka; Kyoto; Yokohama",
  KR: "Seoul; Busan",
  TW: "Taipei",
  VN: "Ho Chi Minh City|Saigon|HCMC; Hanoi|Ha Noi",
  TH: "Bangkok",
  MY: "Kuala Lumpur",
  ID: "Jakarta",
  PH: "Manila",
  AU: "Sydney; Melbourne; Brisbane; Perth; Adelaide; Canberra",
  NZ: "Auckland; Wellington",
  BR: "São Paulo|Sao Paulo; Rio de Janeiro",
  MX: "Mexico City|Ciudad de México|Ciudad de Mexico|CDMX; Guadalajara; Monterrey",
  AR: "Buenos Aires",
  CL: "Santiago",
  CO: "Bogotá|Bogota; Medellín|Medellin",
  PE: "Lima",
  UY: "Montevideo",
};

/** Country names people write that Intl's English names do not cover, by country code. */
const COUNTRY_ALIASES: Record<string, string> = {
  US: "USA|US|U.S.|U.S.A.|United States of America|America|Vereinigte Staaten|Estados Unidos|États-Unis",
  GB: "UK|U.K.|Great Britain|Britain|England|Scotland|Wales|Northern Ireland|Vereinigtes Königreich|Royaume-Uni|Reino Unido",
  DE: "Deutschland|Allemagne|Alemania|Germania|Duitsland|Niemcy|BRD",
  AT: "Österreich|Osterreich|Oesterreich|Autriche",
  CH: "Schweiz|Suisse|Svizzera|Suiza|Confoederatio Helvetica",
  ES: "España|Espagne|Spanien",
  IT: "Italia|Italie|Italien",
  FR: "Frankreich|Francia",
  NL: "Nederland|Holland|Niederlande|Pays-Bas|Países Bajos",
  BE: "België|Belgie|Belgique|Belgien",
  PL: "Polska|Polen",
  CZ: "Česko|Cesko|Czech Republic|Česká republika|Tschechien",
  SK: "Slovensko",
  HU: "Magyarország",
  SE: "Sverige|Schweden",
  NO: "Norge|Norwegen",
  DK: "Danmark|Dänemark",
  FI: "Suomi|Finnland",
  IE: "Éire|Eire|Irland",
  PT: "Portugal",
  BR: "Brasil",
  MX: "México",
  GR: "Hellas|Ελλάδα",
  TR: "Turkey|Türkiye|Turkiye|Türkei",
  RU: "Russian Federation|Россия|Russland",
  KR: "Korea|Republic of Korea|대한민국|한국",
  KP: "DPRK",
  CN: "PRC|People's Republic of China|Mainland China|中国",
  JP: "日本|Japan",
  VN: "Viet Nam|Việt Nam",
  AE: "UAE|U.A.E.|Emirates",
  SA: "KSA",
  CI: "Ivory Coast|Cote d'Ivoire",
  MK: "Macedonia",
  MM: "Burma",
  CD: "DRC|DR Congo|Congo-Kinshasa",
  CG: "Congo-Brazzaville",
};

/** First-level regions that imply a country: US states, Canadian provinces, Australian states. */
const REGIONS: Record<string, string> = {
  US: "AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York State|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|- Bay Area|- SF Bay Area|- Silicon Valley",
  // NL, PE, SK, NU and YT are left out: as codes they name the Netherlands, Peru, Slovakia, Niue, Mayotte.
  CA: "ON Ontario|QC Quebec|- Québec|BC British Columbia|AB Alberta|MB Manitoba|- Saskatchewan|NS Nova Scotia|NB New Brunswick|- Newfoundland and Labrador|- Prince Edward Island|- Yukon|NT Northwest Territories|- Nunavut",
  AU: "NSW New South Wales|VIC Victoria|QLD Queensland|TAS Tasmania|ACT Australian Capital Territory|- Western Australia|- South Australia|- Northern Territory",
  DE: "- Bavaria|- Bayern|- Baden-Württemberg|- North Rhine-Westphalia|- Nordrhein-Westfalen|- Hesse|- Hessen",
  FR: "- Île-de-France|- Ile-de-France",
  ES: "- Catalonia|- Catalunya|- Cataluña",
};

/** A city from the built-in table. */
export interface CityEntry {
  /** The English name, as written in the result ("Munich" for "München"). */
  name: string;
  /** ISO 3166-1 alpha-2 code of the city's country. */
  countryCode: string;
}

/** A region (state, province) from the built-in table. */
export interface RegionEntry {
  /** ISO 3166-1 alpha-2 code of the region's country. */
  countryCode: string;
  /** The region was written as its postal code ("CA", "NSW"), not its name. */
  isCode: boolean;
}

/**
 * The lookup key of a place name: accents and dots removed, lowercase, "&" as "and", a leading
 * "the" dropped, whitespace collapsed. "U.S." -> "us", "The Netherlands" -> "netherlands".
 */
export function placeKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\./g, "")
    .replace(/&/g, " and ")
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^the /, "");
}

let cityIndex: Map<string, CityEntry> | undefined;
let regionNameIndex: Map<string, RegionEntry> | undefined;
let regionCodeIndex: Map<string, RegionEntry[]> | undefined;

/** The city a place name or alias names, from the built-in table. */
export function findCity(text: string): CityEntry | undefined {
  if (cityIndex === undefined) {
    cityIndex = new Map();
    for (const [countryCode, list] of Object.entries(CITIES)) {
      for (const entry of list.split(";")) {
        const [name, ...aliases] = entry.split("|").map((alias) => alias.trim());
        for (const alias of [name!, ...aliases]) cityIndex.set(placeKey(alias), { name: name!, countryCode });
      }
    }
  }
  return cityIndex.get(placeKey(text));
}

/**
 * The region a name or an upper-case postal code names. A code can name regions of two countries
 * ("NT"), so codes give every match.
 */
export function findRegions(text: string): RegionEntry[] {
  if (regionNameIndex === undefined || regionCodeIndex === undefined) {
    regionNameIndex = new Map();
    regionCodeIndex = new Map();
    for (const [countryCode, list] of Object.entries(REGIONS)) {
      for (const entry of list.split("|")) {
        const space = entry.indexOf(" ");
        const code = entry.slice(0, space);
        regionNameIndex.set(placeKey(entry.slice(space + 1)), { countryCode, isCode: false });
        if (code !== "-")
          regionCodeIndex.set(code, [...(regionCodeIndex.get(code) ?? []), { countryCode, isCode: true }]);
      }
    }
  }
  const trimmed = text.trim();
  if (/^[A-Z]{2,3}$/.test(trimmed)) return regionCodeIndex.get(trimmed) ?? [];
  const byName = regionNameIndex.get(placeKey(trimmed));
  return byName === undefined ? [] : [byName];
}

/** Every country alias of the table, as [alias, country code] pairs. */
export function countryAliases(): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [code, list] of Object.entries(COUNTRY_ALIASES)) {
    for (const alias of list.split("|")) pairs.push([alias, code]);
  }
  return pairs;
}
