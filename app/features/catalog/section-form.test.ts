import { describe, expect, it } from "vitest";
import { parseFields } from "../../lib/form-fields.ts";
import { parseFacetForm, SECTION_MESSAGES, sectionAddSchema, sectionEditSchema } from "./section-form.ts";

describe("section forms", () => {
  it("makes the address from the title when it is left empty", () => {
    expect(parseFields(sectionAddSchema, { title: " Угловые диваны ", slug: "", parentId: "3" })).toEqual({
      ok: true,
      data: { title: "Угловые диваны", slug: "uglovye-divany", parentId: 3 },
    });
    expect(parseFields(sectionAddSchema, { title: "Пуфы", slug: "Pufy-Myagkie", parentId: "" })).toMatchObject({
      ok: true,
      data: { slug: "pufy-myagkie", parentId: null },
    });
  });

  it("answers an empty title, a non-Latin address and a bad parent in Russian at the field", () => {
    expect(parseFields(sectionAddSchema, { title: "  ", slug: "", parentId: "" })).toMatchObject({ ok: false, errors: { title: SECTION_MESSAGES.title } });
    expect(parseFields(sectionAddSchema, { title: "Пуфы", slug: "пуфы", parentId: "" })).toMatchObject({ ok: false, errors: { slug: SECTION_MESSAGES.slug } });
    expect(parseFields(sectionAddSchema, { title: "!!!", slug: "", parentId: "" })).toMatchObject({ ok: false, errors: { slug: SECTION_MESSAGES.slug } });
    expect(parseFields(sectionEditSchema, { title: "Пуфы", parentId: "abc", version: "2" })).toMatchObject({
      ok: false,
      errors: { parentId: SECTION_MESSAGES.parentUnknown },
    });
    expect(parseFields(sectionEditSchema, { title: "Пуфы", parentId: "", version: "" })).toMatchObject({
      ok: false,
      errors: { version: SECTION_MESSAGES.version },
    });
  });

  it("reads the facet form: codes in order, the ticked ones and a move", () => {
    const form = new FormData();
    for (const c of ["price", "brand", "color"]) form.append("code", c);
    form.append("shown", "price");
    form.append("shown", "color");
    form.set("version", "3");
    form.set("move", "up:color");
    expect(parseFacetForm(form)).toEqual({
      codes: ["price", "brand", "color"],
      shown: new Set(["price", "color"]),
      move: { code: "color", direction: "up" },
      version: 3,
    });
    form.append("code", "price");
    expect(parseFacetForm(form)).toBeNull();
  });
});
