// What a catalogue CSV would do, as the import page shows it (shared by the domain and the page).
import type { CsvSeparator } from "../lib/csv.ts";

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

export interface ImportPreview {
  encoding: "utf-8" | "windows-1251";
  separator: CsvSeparator;
  rows: number;
  create: PlannedRow[];
  change: (PlannedRow & { fields: FieldChange[] })[];
  unchanged: number;
  errors: { line: number; message: string }[];
}

/** the preview as the page gets it: the first rows of each table, and the counts of all */
export type ShownPreview = Omit<ImportPreview, "create" | "change" | "errors"> & {
  counts: { create: number; change: number; errors: number };
  create: PlannedRow[];
  change: (PlannedRow & { fields: FieldChange[] })[];
  errors: ImportPreview["errors"];
};
