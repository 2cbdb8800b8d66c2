// A small, strict RFC 4180 reader and writer for the catalogue's CSV import and export (no CSV
// library is among the dependencies). Strict on purpose: a stray quote or an unclosed field is an
// error with its line number, never a silently shifted column. The separator is `;` or `,`, read
// from the header line, as Excel saves CSV in Russia (`;`) or elsewhere (`,`).

export type CsvSeparator = ";" | ",";

export interface CsvRecord {
  /** the line of the file the record starts on, 1-based (the header is line 1) */
  line: number;
  cells: string[];
}

export class CsvError extends Error {
  readonly line: number | null;
  constructor(message: string, line: number | null = null) {
    super(message);
    this.line = line;
  }
}

/** `;` or `,`: whichever appears more often outside quotes on the first line (`;` on a tie). */
export function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ";") semicolons++;
    else if (!quoted && ch === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

/** Every record of `text` (blank lines skipped); a malformed field throws CsvError with its line. */
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  // a quoted empty value ("") is a value: its line is not blank
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cell !== "" || quoted) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
    quoted = false;
  };
  while (i < n) {
    const ch = text[i]!;
    if (ch === '"') {
      if (cell !== "" || quoted) throw new CsvError("Кавычка посреди значения: возьмите всё значение в кавычки, а кавычки внутри удвойте", line);
      const start = line;
      quoted = true;
      i++;
      for (;;) {
        if (i >= n) throw new CsvError("Не закрыта кавычка", start);
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === "\n") line++;
        cell += c;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== separator && next !== "\n" && next !== "\r") {
        throw new CsvError("После закрывающей кавычки должен идти разделитель или конец строки", line);
      }
      continue;
    }
    if (ch === separator) {
      cells.push(cell);
      cell = "";
      quoted = false;
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    cell += ch;
    i++;
  }
  if (cell !== "" || quoted || cells.length > 0) endRecord();
  return records;
}

function quoteCell(value: string, separator: CsvSeparator): string {
  return value.includes(separator) || /["\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (CRLF-terminated, as Excel writes it). */
export function csvLine(cells: readonly string[], separator: CsvSeparator = ";"): string {
  return cells.map((c) => quoteCell(c, separator)).join(separator) + "\r\n";
}

export const UTF8_BOM = "\uFEFF";

const ENCODING_MESSAGE = "Файл не в кодировке UTF-8 или Windows-1251: сохраните его из Excel как «CSV (разделители — точка с запятой)» или «CSV UTF-8»";

/**
 * The text of an uploaded file: UTF-8 with or without a BOM, or else Windows-1251 (what Excel in
 * Russia saves as plain «CSV»). Bytes that are valid UTF-8 are read as UTF-8; anything else is
 * read as 1251 unless that yields control characters (UTF-16, a spreadsheet, an image), which is
 * refused with a Russian message.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-1251" } {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) throw new CsvError(ENCODING_MESSAGE);
  const hasBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let text: string;
  let encoding: "utf-8" | "windows-1251" = "utf-8";
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(hasBom ? bytes.subarray(3) : bytes);
  } catch {
    if (hasBom) throw new CsvError(ENCODING_MESSAGE);
    text = new TextDecoder("windows-1251").decode(bytes);
    encoding = "windows-1251";
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what marks a binary or UTF-16 file
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text)) throw new CsvError(ENCODING_MESSAGE);
  return { text, encoding };
}
