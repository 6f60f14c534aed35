/** The research types a CSV row can be. */
export type SubjectType = "company" | "person";

/** The text fields a column can fill, by research type (a path inside the company or the person). */
export const SUBJECT_FIELDS: Record<SubjectType, readonly string[]> = {
  company: ["name", "website", "location", "linkedinUrl"],
  person: [
    "firstName",
    "lastName",
    "email",
    "phone",
    "title",
    "linkedinUrl",
    "company.name",
    "company.website",
    "company.location",
    "company.linkedinUrl",
  ],
};

/** Header names (lower case, letters and digits only) read without an explicit mapping, by research type. */
const DEFAULT_FIELDS: Record<"company" | "person", Record<string, string>> = {
  company: {
    name: "name",
    company: "name",
    companyname: "name",
    organization: "name",
    website: "website",
    domain: "website",
    url: "website",
    companywebsite: "website",
    companydomain: "website",
    location: "location",
    hq: "location",
    headquarters: "location",
    linkedin: "linkedinUrl",
    linkedinurl: "linkedinUrl",
    companylinkedin: "linkedinUrl",
    companylinkedinurl: "linkedinUrl",
  },
  person: {
    firstname: "firstName",
    givenname: "firstName",
    lastname: "lastName",
    surname: "lastName",
    familyname: "lastName",
    email: "email",
    emailaddress: "email",
    phone: "phone",
    phonenumber: "phone",
    title: "title",
    jobtitle: "title",
    linkedin: "linkedinUrl",
    linkedinurl: "linkedinUrl",
    profileurl: "linkedinUrl",
    company: "company.name",
    companyname: "company.name",
    organization: "company.name",
    website: "company.website",
    companywebsite: "company.website",
    domain: "company.website",
    companydomain: "company.website",
    location: "company.location",
    companylocation: "company.location",
  },
};

const normalize = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Which CSV column fills which subject field: `"Column=field"` entries first (the CLI's `--map`;
 * field paths inside the company or person, e.g. `website` or `company.name`), then known header
 * names (case and punctuation ignored). The CLI (`dossier batch`) and the web console both map
 * columns with it, so a file maps the same way in each.
 */
export function columnMapping(headers: string[], type: SubjectType, maps: string[] = []): Map<string, string> {
  const mapping = new Map<string, string>();
  for (const entry of maps) {
    const separator = entry.lastIndexOf("=");
    if (separator <= 0) throw new Error(`mapping "${entry}" is not column=field`);
    const column = entry.slice(0, separator).trim();
    if (!headers.includes(column))
      throw new Error(`mapping names column "${column}", which the CSV does not have (columns: ${headers.join(", ")})`);
    mapping.set(column, entry.slice(separator + 1).trim());
  }
  const mappedFields = new Set(mapping.values());
  for (const header of headers) {
    if (mapping.has(header)) continue;
    const field = DEFAULT_FIELDS[type][normalize(header)];
    if (field && !mappedFields.has(field)) {
      mapping.set(header, field);
      mappedFields.add(field);
    }
  }
  if (mapping.size === 0) throw new Error(`no column maps to a ${type} field; name them with column=field mappings`);
  return mapping;
}

/** The subject (company or person) of one row; empty cells are left out. */
export function subjectOf(row: Record<string, string>, mapping: Map<string, string>): Record<string, unknown> {
  const subject: Record<string, unknown> = {};
  for (const [column, field] of mapping) {
    const value = row[column]?.trim();
    if (!value) continue;
    const path = field.split(".");
    let target = subject;
    for (const part of path.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[path[path.length - 1]!] = value;
  }
  return subject;
}
