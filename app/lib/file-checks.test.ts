import { describe, expect, it } from "vitest";
import { checkFile, DEFAULT_ACCEPT, DEFAULT_MAX_BYTES, fileExtension, hasAcceptedExtension, parseAccept, sanitizeFileName } from "./file-checks.ts";

const accept = [...DEFAULT_ACCEPT];

describe("file checks shared by the widget and the server", () => {
  it("accepts png, jpg and jpeg in any case, by the last extension only", () => {
    expect(hasAcceptedExtension("photo.PNG", accept)).toBe(true);
    expect(hasAcceptedExtension("photo.JpEg", accept)).toBe(true);
    expect(hasAcceptedExtension("a.php.jpg", accept)).toBe(true);
    expect(hasAcceptedExtension("a.jpg.php", accept)).toBe(false);
    expect(hasAcceptedExtension("notes.txt", accept)).toBe(false);
    expect(hasAcceptedExtension("png", accept)).toBe(false);
    expect(hasAcceptedExtension(".png", accept)).toBe(false);
  });

  it("parses an accept setting per input", () => {
    expect(parseAccept("pdf, .DOCX|png")).toEqual(["pdf", "docx", "png"]);
    expect(fileExtension("dir.v2/archive.tar.GZ")).toBe("gz");
  });

  it("says which file is wrong, in Russian", () => {
    expect(checkFile({ name: "a.txt", size: 10 }, accept, DEFAULT_MAX_BYTES)).toEqual({ ok: false, message: "Недопустимый формат файла: a.txt" });
    expect(checkFile({ name: "a.png", size: DEFAULT_MAX_BYTES + 1 }, accept, DEFAULT_MAX_BYTES)).toEqual({ ok: false, message: "Файл слишком большой: a.png" });
    expect(checkFile({ name: "a.png", size: DEFAULT_MAX_BYTES }, accept, DEFAULT_MAX_BYTES)).toEqual({ ok: true });
    expect(checkFile({ name: "a.png", size: 0 }, accept, DEFAULT_MAX_BYTES).ok).toBe(false);
  });

  it("sanitises display names: paths, controls, bidi overrides, length", () => {
    expect(sanitizeFileName("../../x.png")).toBe("x.png");
    expect(sanitizeFileName("C:\\Users\\me\\x.png")).toBe("x.png");
    expect(sanitizeFileName("photo\u202Egnp.exe")).toBe("photognp.exe");
    expect(sanitizeFileName("a\u0000b\nc.png")).toBe("abc.png");
    expect(sanitizeFileName("...hidden.png")).toBe("hidden.png");
    expect(sanitizeFileName("\u2066\u202E")).toBe("файл");
    const long = sanitizeFileName("я".repeat(300) + ".png");
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith(".png")).toBe(true);
  });
});
