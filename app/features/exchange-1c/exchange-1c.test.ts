import { describe, expect, it } from "vitest";
import { exchangeAnswer, parseBasicAuth, safeExchangeName } from "./exchange-1c.ts";

describe("1C exchange helpers", () => {
  it("reads Basic credentials in UTF-8 and refuses garbage", () => {
    const header = `Basic ${Buffer.from("Owner@Vitrina.test:стол 1").toString("base64")}`;
    expect(parseBasicAuth(header)).toEqual({ login: "owner@vitrina.test", password: "стол 1" });
    expect(parseBasicAuth("Bearer x")).toBeNull();
    expect(parseBasicAuth(`Basic ${Buffer.from("nocolon").toString("base64")}`)).toBeNull();
    expect(parseBasicAuth(null)).toBeNull();
  });

  it("accepts 1C's file names and refuses traversal and strange ones", () => {
    expect(safeExchangeName("import.xml")).toBe("import.xml");
    expect(safeExchangeName("import_files/ab/cd.jpg")).toBe("import_files/ab/cd.jpg");
    for (const bad of ["../import.xml", "/etc/passwd", "import_files/../x.xml", "a/b.xml", "имя.xml", "a//b", "", "import_files/./x"])
      expect(safeExchangeName(bad)).toBeNull();
  });

  it("joins answer lines", () => {
    expect(exchangeAnswer("success", "a", "b")).toBe("success\na\nb");
  });
});
