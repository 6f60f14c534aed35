export { columnMapping, SUBJECT_FIELDS, type SubjectType, subjectOf } from "./column-mapping.js";
export { parseCsv } from "./parse-csv.js";
