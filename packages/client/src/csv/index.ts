export { columnMapping, SUBJECT_FIELDS, type SubjectType, subjectOf } from "./column-mapping.js";
export { parseCsv } from "./parse-csv.js";
export { type CarriedColumns, carriedColumns, rowMetadata } from "./row-metadata.js";
export { recordsBesideInput, type TableBesideInput, writeCsv } from "./write-csv.js";
