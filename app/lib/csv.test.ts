import { describe, expect, it } from "vitest";
import { csvLine, CsvError, CsvReader, decodeCsvBytes, detectSeparator, EncodingSniffer, neutraliseCell, parseCsv, restoreCell, safeCsvLine } from "./csv.ts";

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

describe("CsvReader", () => {
  it("reads a file pushed in chunks of any size exactly as the whole text", () => {
    const text = 'slug;title\r\na;"Диван ""Лофт""; серый"\r\nb;"две\r\nстроки"\r\n\r\nc;""\rd;x\ne;"";y';
    const whole = parseCsv(text, ";");
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const reader = new CsvReader(";");
      const records = [];
      for (let i = 0; i < text.length; i += size) records.push(...reader.push(text.slice(i, i + size)));
      records.push(...reader.end());
      expect(records).toEqual(whole);
    }
  });
  it("names the line of an unclosed quote across chunks", () => {
    const reader = new CsvReader(";");
    reader.push('a;b\n1;"x');
    reader.push("\ny\n");
    expect(() => reader.end()).toThrow(expect.objectContaining({ line: 2 }));
  });
});

describe("EncodingSniffer", () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  it("refuses UTF-8 with one bad byte, naming its line, whatever the chunks", () => {
    const good = utf8("slug;title\nstol;Стол дубовый\nstul;Стул мягкий\n");
    const bytes = new Uint8Array([...good, ...utf8("divan;Диван "), 0xe9, ...utf8(" угловой\nkreslo;Кресло\n")]);
    for (const size of [1, 3, bytes.length]) {
      const sniffer = new EncodingSniffer();
      for (let i = 0; i < bytes.length; i += size) sniffer.push(bytes.subarray(i, i + size));
      expect(() => sniffer.result()).toThrow(expect.objectContaining({ line: 4, message: expect.stringContaining("в строке 4 есть байты не из UTF-8") }));
    }
  });
  it("still reads Windows-1251 (even with «» and Ё) and clean UTF-8", () => {
    // «ДИВАН» ЁЛКА in 1251: Н» (CD BB) happens to be a well-formed UTF-8 pair
    const cp1251 = new Uint8Array([0xab, 0xc4, 0xc8, 0xc2, 0xc0, 0xcd, 0xbb, 0x20, 0xa8, 0xcb, 0xca, 0xc0, 0x3b, 0xf1, 0xf2, 0xee, 0xeb, 0x0a]);
    expect(decodeCsvBytes(cp1251)).toEqual({ text: "«ДИВАН» ЁЛКА;стол\n", encoding: "windows-1251" });
    expect(decodeCsvBytes(utf8("\uFEFFa;б\n"))).toEqual({ text: "a;б\n", encoding: "utf-8" });
  });
});

describe("formula cells", () => {
  it("neutralises OWASP's formula starts on export and reads every text back unchanged", () => {
    const texts = ['=HYPERLINK("http://x";"y")', "+7 999", "-5", "@SUM(A1)", "\tx", "\rx", "'=1", "''+2", "'обычный", "12,50", "Диван", ""];
    for (const t of texts) expect(restoreCell(neutraliseCell(t))).toBe(t);
    expect(neutraliseCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(neutraliseCell("1234,50")).toBe("1234,50");
    expect(safeCsvLine(["=1+1", "-5", "ok"])).toBe("'=1+1;'-5;ok\r\n");
    const [record] = parseCsv(safeCsvLine(texts));
    expect(record!.cells.map(restoreCell)).toEqual(texts.map((t) => t));
  });
});
