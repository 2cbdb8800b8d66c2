import { describe, expect, it } from "vitest";
import { csvLine, CsvError, decodeCsvBytes, detectSeparator, parseCsv } from "./csv.ts";

describe("parseCsv", () => {
  it("reads quotes, doubled quotes and newlines inside quotes, with the line each record starts on", () => {
    const text = 'slug;title\r\na;"Диван ""Лофт""; серый"\r\nb;"две\nстроки"\nc;""\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["slug", "title"] },
      { line: 2, cells: ["a", 'Диван "Лофт"; серый'] },
      { line: 3, cells: ["b", "две\nстроки"] },
      { line: 5, cells: ["c", ""] },
    ]);
  });

  it("skips blank lines and reads a last line without a newline", () => {
    expect(parseCsv("a,b\n\n1,2").map((r) => r.cells)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("refuses a stray quote, text after a closing quote and an unclosed quote, naming the line", () => {
    expect(() => parseCsv('a;b\n1;x"y\n')).toThrow(CsvError);
    const lineOf = (text: string) => {
      try {
        parseCsv(text);
      } catch (e) {
        return (e as CsvError).line;
      }
      return null;
    };
    expect(lineOf('a;b\n1;"x"y\n')).toBe(2);
    expect(lineOf('a;b\n1;2\n3;"four\nfive\n')).toBe(3);
    expect(() => parseCsv('a;b\n1;"open\n2;3\n')).toThrow(/Не закрыта кавычка/);
  });
});

describe("detectSeparator", () => {
  it("takes ; or , from the header line, ignoring quoted ones", () => {
    expect(detectSeparator("id;slug;title\n1,2,3,4")).toBe(";");
    expect(detectSeparator('id,slug,"a;b;c"\n')).toBe(",");
  });
});

describe("csvLine", () => {
  it("quotes only what needs it and round-trips through the parser", () => {
    const cells = ["1", 'Стол "Нео"', "a;b", "две\nстроки", ""];
    const line = csvLine(cells);
    expect(line).toBe('1;"Стол ""Нео""";"a;b";"две\nстроки";\r\n');
    expect(parseCsv(line)[0]!.cells).toEqual(cells);
  });
});

describe("decodeCsvBytes", () => {
  const utf8 = new TextEncoder().encode("slug;title\nstol;Стол\n");
  it("reads UTF-8 with and without a BOM", () => {
    expect(decodeCsvBytes(utf8)).toEqual({ text: "slug;title\nstol;Стол\n", encoding: "utf-8" });
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])).text).toBe("slug;title\nstol;Стол\n");
  });
  it("falls back to Windows-1251 for bytes that are not UTF-8", () => {
    // «Стол» in Windows-1251
    const bytes = new Uint8Array([...new TextEncoder().encode("t\n"), 0xd1, 0xf2, 0xee, 0xeb, 0x0a]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: "t\nСтол\n", encoding: "windows-1251" });
  });
  it("refuses UTF-16 and binary files in Russian", () => {
    expect(() => decodeCsvBytes(new Uint8Array([0xff, 0xfe, 0x73, 0x00]))).toThrow(/UTF-8 или Windows-1251/);
    expect(() => decodeCsvBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]))).toThrow(/UTF-8 или Windows-1251/);
  });
});
