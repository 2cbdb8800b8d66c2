// What a catalogue CSV would do, as the import page shows it (shared by the domain and the page).
import type { CsvEncoding, CsvSeparator } from "../../lib/csv.ts";

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface PlannedRow {
  line: number;
  id: number | null;
  slug: string;
  title: string;
}

export interface ImportCounts {
  create: number;
  change: number;
  unchanged: number;
  errors: number;
}

/**
 * The preview of a file: the counts of all its rows, and only the first rows of each kind (the
 * rest stay in the database until «Применить», decision 098).
 */
export interface ImportPreview {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  /** rows of the file, the header not counted */
  rows: number;
  counts: ImportCounts;
  unchanged: number;
  /** the first titles of the file as they will read once applied (a wrong encoding shows here) */
  titles: string[];
  create: PlannedRow[];
  change: (PlannedRow & { fields: FieldChange[] })[];
  errors: { line: number; message: string }[];
  /** the catalogue after the import would not fit the server's heap: the refusal naming HEAP_MB (decision 103) */
  capacity: string | null;
}
