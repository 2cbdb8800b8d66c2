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

/**
 * An incremental reader: `push` chunks of text as they are decoded, get the records completed so
 * far; `end` returns the last one. Memory stays one record (plus the chunk) whatever the file's
 * size, so a 500 000-row file is read in bounded memory (decision 098).
 */
export class CsvReader {
  private readonly separator: CsvSeparator;
  private cells: string[] = [];
  private cell = "";
  /** inside a quoted value */
  private inQuotes = false;
  /** the current cell was quoted (a quoted empty value "" is a value: its line is not blank) */
  private quoted = false;
  /** a quote inside quotes: either the end of the value or the first of a doubled quote */
  private quotePending = false;
  /** the chunk ended on \r: a \n starting the next one belongs to it */
  private afterCr = false;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;

  constructor(separator: CsvSeparator) {
    this.separator = separator;
  }

  private endRecord(out: CsvRecord[]) {
    this.cells.push(this.cell);
    if (this.cells.length > 1 || this.cell !== "" || this.quoted) out.push({ line: this.recordLine, cells: this.cells });
    this.cells = [];
    this.cell = "";
    this.quoted = false;
  }

  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const sep = this.separator;
    const n = text.length;
    let i = 0;
    if (this.afterCr) {
      this.afterCr = false;
      if (text[0] === "\n") i = 1;
    }
    while (i < n) {
      const ch = text[i]!;
      if (this.quotePending) {
        this.quotePending = false;
        if (ch === '"') {
          this.cell += '"';
          i++;
          continue;
        }
        this.inQuotes = false;
        if (ch !== sep && ch !== "\n" && ch !== "\r") throw new CsvError("После закрывающей кавычки должен идти разделитель или конец строки", this.line);
        continue;
      }
      if (this.inQuotes) {
        // copy the run up to the next quote at once: long quoted values are not built a character at a time
        const q = text.indexOf('"', i);
        const stop = q === -1 ? n : q;
        const run = text.slice(i, stop);
        for (let k = run.indexOf("\n"); k !== -1; k = run.indexOf("\n", k + 1)) this.line++;
        this.cell += run;
        i = stop;
        if (q !== -1) {
          this.quotePending = true;
          i++;
        }
        continue;
      }
      if (ch === '"') {
        if (this.cell !== "" || this.quoted)
          throw new CsvError("Кавычка посреди значения: возьмите всё значение в кавычки, а кавычки внутри удвойте", this.line);
        this.quoteLine = this.line;
        this.inQuotes = true;
        this.quoted = true;
        i++;
        continue;
      }
      if (ch === sep) {
        this.cells.push(this.cell);
        this.cell = "";
        this.quoted = false;
        i++;
        continue;
      }
      if (ch === "\r" || ch === "\n") {
        this.endRecord(out);
        if (ch === "\r") {
          if (i + 1 >= n) this.afterCr = true;
          else if (text[i + 1] === "\n") i++;
        }
        i++;
        this.line++;
        this.recordLine = this.line;
        continue;
      }
      // an unquoted run up to the next special character
      let j = i + 1;
      while (j < n) {
        const c = text[j]!;
        if (c === sep || c === '"' || c === "\r" || c === "\n") break;
        j++;
      }
      if (this.quoted) throw new CsvError("После закрывающей кавычки должен идти разделитель или конец строки", this.line);
      this.cell += text.slice(i, j);
      i = j;
    }
    return out;
  }

  /** the last record, if the text does not end with a line break; an unclosed quote throws */
  end(): CsvRecord[] {
    if (this.inQuotes && !this.quotePending) throw new CsvError("Не закрыта кавычка", this.quoteLine);
    this.quotePending = false;
    this.inQuotes = false;
    const out: CsvRecord[] = [];
    if (this.cell !== "" || this.quoted || this.cells.length > 0) this.endRecord(out);
    return out;
  }
}

/** Every record of `text` (blank lines skipped); a malformed field throws CsvError with its line. */
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(text)): CsvRecord[] {
  const reader = new CsvReader(separator);
  const records = reader.push(text);
  for (const r of reader.end()) records.push(r);
  return records;
}

// OWASP's rule for CSV injection: a cell beginning with one of these is a formula to Excel and
// LibreOffice. The export puts an apostrophe before it (shown as text, never evaluated); the
// import takes that apostrophe off again. A value that itself begins with apostrophes before such
// a character gets one more, so every text round-trips exactly (decision 098).
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** a cell as the export writes it: formula-looking text behind an apostrophe */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** a cell as the import reads it: the export's apostrophe removed, anything else untouched */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

function quoteCell(value: string, separator: CsvSeparator): string {
  return value.includes(separator) || /["\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (CRLF-terminated, as Excel writes it). */
export function csvLine(cells: readonly string[], separator: CsvSeparator = ";"): string {
  return cells.map((c) => quoteCell(c, separator)).join(separator) + "\r\n";
}

/** One exported line: as csvLine, with formula-looking cells neutralised for spreadsheets. */
export function safeCsvLine(cells: readonly string[], separator: CsvSeparator = ";"): string {
  return csvLine(cells.map(neutraliseCell), separator);
}

export const UTF8_BOM = "\uFEFF";

const ENCODING_MESSAGE = "Файл не в кодировке UTF-8 или Windows-1251: сохраните его из Excel как «CSV (разделители — точка с запятой)» или «CSV UTF-8»";

/** The text of a whole file held in memory (small files, tests): see EncodingSniffer. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const sniffer = new EncodingSniffer();
  sniffer.push(bytes);
  const encoding = sniffer.result();
  const text = new TextDecoder(encoding).decode(bytes);
  checkDecodedText(text);
  return { text, encoding };
}

export type CsvEncoding = "utf-8" | "windows-1251";

/**
 * Which encoding a file is in, from its bytes pushed chunk by chunk (a whole file is never held).
 * Counts well-formed multi-byte UTF-8 sequences and malformed ones. No malformed one: UTF-8.
 * More well-formed than malformed (or a UTF-8 BOM): a UTF-8 file damaged somewhere, refused with
 * the line of the first bad byte, never read as Windows-1251 (that turned every Cyrillic title
 * into mojibake). Otherwise Windows-1251: there Cyrillic letters (0xC0–0xFF) follow each other and
 * almost never form a UTF-8 sequence (decision 098).
 */
export class EncodingSniffer {
  private first = true;
  private bom = false;
  private line = 1;
  private valid = 0;
  private invalid = 0;
  private badLine: number | null = null;
  /** continuation bytes still expected, and the range the next one must fall in */
  private need = 0;
  private lo = 0x80;
  private hi = 0xbf;

  push(bytes: Uint8Array): void {
    if (this.first && bytes.length > 0) {
      this.first = false;
      if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) throw new CsvError(ENCODING_MESSAGE);
      this.bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    }
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (this.need > 0) {
        if (b >= this.lo && b <= this.hi) {
          this.lo = 0x80;
          this.hi = 0xbf;
          if (--this.need === 0) this.valid++;
          continue;
        }
        // the sequence broke off: this byte starts afresh
        this.bad();
      }
      if (b === 0x0a) this.line++;
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) this.need = 1;
      else if (b >= 0xe0 && b <= 0xef) {
        this.need = 2;
        if (b === 0xe0) this.lo = 0xa0;
        else if (b === 0xed) this.hi = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        this.need = 3;
        if (b === 0xf0) this.lo = 0x90;
        else if (b === 0xf4) this.hi = 0x8f;
      } else this.bad();
    }
  }

  private bad() {
    this.invalid++;
    this.badLine ??= this.line;
    this.need = 0;
    this.lo = 0x80;
    this.hi = 0xbf;
  }

  /** the encoding, or a CsvError naming the line of a damaged UTF-8 file */
  result(): CsvEncoding {
    if (this.need > 0) this.bad();
    if (this.invalid === 0) return "utf-8";
    if (this.bom || this.valid > this.invalid)
      throw new CsvError(
        `Файл в кодировке UTF-8, но в строке ${this.badLine} есть байты не из UTF-8 (файл повреждён или склеен из частей в разных кодировках). Ничего не изменено: сохраните файл заново как «CSV UTF-8»`,
        this.badLine,
      );
    return "windows-1251";
  }
}

/** text of a chunk decoded in `encoding`; control characters mark a binary or UTF-16 file */
export function checkDecodedText(text: string): void {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what marks a binary or UTF-16 file
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text)) throw new CsvError(ENCODING_MESSAGE);
}
