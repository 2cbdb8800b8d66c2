// The back office's sections over HTTP on both dialects, as plain HTML form posts: a content
// manager adds a subsection (the storefront shows it at once), moves it among its siblings and
// under another section, renames and deletes it; every refusal is a 422 (or 409) with the Russian
// message in the page and nothing written; a section's filter choice changes the storefront
// listing's filter panel (presence and order) for it and its subsections, and resetting it
// brings the usual panel back.
import { describe, expect, it } from "vitest";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { countOf, PRODUCT_FORMS } from "../../../app/lib/format.ts";
import { contentDesk } from "../../support/staff.ts";
import { dialects } from "../../support/test-app.ts";

/** The filter panel's group titles, in the order a shopper sees them. */
const filterTitles = (html: string) => [...html.matchAll(/<legend class="facet__title">([^<]+)<\/legend>/g)].map((m) => m[1]);
/** The subsection links under a section's heading, in order. */
const subsectionLinks = (html: string) => {
  const list = /<ul class="subsection-links">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/href="\/catalog\/([a-z0-9-]+)\/"/g)].map((m) => m[1]);
};

describe.each(dialects)("back office sections over HTTP on %s", (dialect) => {
  const desk = contentDesk(dialect);

  const k = () => desk.app.vitrina.db.kysely;
  const section = (slug: string) =>
    k().selectFrom("sections").select(["id", "parent_id", "title", "sort", "version"]).where("slug", "=", slug).executeTakeFirstOrThrow();
  const sectionCount = async () =>
    Number(
      (
        await k()
          .selectFrom("sections")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const page = async (path: string) => {
    const res = await desk.visitor.get(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("shows the tree with nested subsections, product counts and links to the storefront and the product list", async () => {
    const res = await desk.editor.get("/admin/sections/");
    expect(res.status).toBe(200);
    const html = await res.text();
    const sofas = await section("divany-i-kresla");
    const corner = await section("uglovye-divany");
    // the subsection's item sits inside the parent's nested list
    const parentItem = html.indexOf(`href="/admin/sections/${sofas.id}/"`);
    const childItem = html.indexOf(`href="/admin/sections/${corner.id}/"`);
    expect(parentItem).toBeGreaterThan(0);
    expect(childItem).toBeGreaterThan(parentItem);
    expect(html.slice(parentItem, childItem)).toContain('class="section-tree section-tree--nested"');
    expect(html).toContain('href="/catalog/uglovye-divany/"');
    expect(html).toContain(`href="/admin/products/?section=${corner.id}"`);
    // the top section counts its subsections' products
    const inSofas = await k()
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => eb.or([eb("sections.id", "=", sofas.id), eb("sections.parent_id", "=", sofas.id)]))
      .executeTakeFirstOrThrow();
    expect(Number(inSofas.n)).toBeGreaterThan(0);
    expect(html.slice(parentItem, childItem)).toContain(`<span class="section-tree__count">${countOf(Number(inSofas.n), PRODUCT_FORMS)}</span>`);
  });

  it("adds a subsection with an address made from its title; the storefront lists it at once", async () => {
    const sofas = await section("divany-i-kresla");
    const res = await desk.editor.post("/admin/sections/", { intent: "add", title: "Диваны-кровати", slug: "", parentId: String(sofas.id) });
    expect(res.status).toBe(303);
    const added = await section("divany-krovati");
    expect(res.headers.get("location")).toBe(`/admin/sections/?added=${added.id}`);
    expect(added.parent_id).toBe(sofas.id);
    // last among its siblings, on the parent's page and in the header menu
    const html = await page("/catalog/divany-i-kresla/");
    expect(subsectionLinks(html).at(-1)).toBe("divany-krovati");
    expect(await page("/")).toContain('href="/catalog/divany-krovati/"');
    const audit = await listAudit(desk.app.vitrina.db, { entity: "section" });
    expect(audit.entries.some((e) => e.action === "section.add" && e.entityId === String(added.id))).toBe(true);
  });

  it("refuses an empty title, a taken or non-Latin address and an unknown parent with 422, writing nothing", async () => {
    const before = await sectionCount();
    const cases: [Record<string, string>, string][] = [
      [{ title: "  ", slug: "", parentId: "" }, "Укажите название раздела"],
      [{ title: "Ещё угловые", slug: "uglovye-divany", parentId: "" }, "Такой адрес уже у другого раздела"],
      [{ title: "Пуфы", slug: "пуфы", parentId: "" }, "латинские буквы"],
      [{ title: "Сироты", slug: "", parentId: "999999" }, "Такого раздела нет"],
    ];
    for (const [fields, message] of cases) {
      const res = await desk.editor.post("/admin/sections/", { intent: "add", ...fields });
      expect(res.status, message).toBe(422);
      const html = await res.text();
      expect(html).toContain(message);
      // what was typed is still in the form
      if (fields.title!.trim()) expect(html).toContain(`value="${fields.title}"`);
    }
    expect(await sectionCount()).toBe(before);
  });

  it("moves a section up and down among its siblings; the storefront follows; a stale version is refused", async () => {
    const moved = await section("divany-krovati");
    const up = await desk.editor.post("/admin/sections/", { intent: "move", id: String(moved.id), version: String(moved.version), direction: "up" });
    expect(up.status).toBe(303);
    expect(up.headers.get("location")).toBe(`/admin/sections/?moved=${moved.id}&dir=up`);
    const links = subsectionLinks(await page("/catalog/divany-i-kresla/"));
    expect(links.at(-2)).toBe("divany-krovati");

    const stale = await desk.editor.post("/admin/sections/", { intent: "move", id: String(moved.id), version: String(moved.version), direction: "down" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Раздел изменил другой сотрудник");
    expect(subsectionLinks(await page("/catalog/divany-i-kresla/")).at(-2)).toBe("divany-krovati");

    const now = await section("divany-krovati");
    const down = await desk.editor.post("/admin/sections/", { intent: "move", id: String(now.id), version: String(now.version), direction: "down" });
    expect(down.status).toBe(303);
    expect(subsectionLinks(await page("/catalog/divany-i-kresla/")).at(-1)).toBe("divany-krovati");
  });

  it("renames a section keeping its address, moves it under another parent, and refuses a move into its own subtree", async () => {
    const s = await section("divany-krovati");
    const renamed = await desk.editor.post(`/admin/sections/${s.id}/`, {
      intent: "edit",
      title: "Диваны для сна",
      parentId: String(s.parent_id),
      version: String(s.version),
    });
    expect(renamed.status).toBe(303);
    expect(await page("/catalog/divany-krovati/")).toContain("<h1>Диваны для сна");

    const tables = await section("stoly-i-stulya");
    const now = await section("divany-krovati");
    const moved = await desk.editor.post(`/admin/sections/${s.id}/`, {
      intent: "edit",
      title: "Диваны для сна",
      parentId: String(tables.id),
      version: String(now.version),
    });
    expect(moved.status).toBe(303);
    expect(subsectionLinks(await page("/catalog/stoly-i-stulya/")).at(-1)).toBe("divany-krovati");
    expect(subsectionLinks(await page("/catalog/divany-i-kresla/"))).not.toContain("divany-krovati");

    // the top section under its own child: refused, nothing changed
    const sofas = await section("divany-i-kresla");
    const corner = await section("uglovye-divany");
    const loop = await desk.editor.post(`/admin/sections/${sofas.id}/`, {
      intent: "edit",
      title: "Диваны и кресла",
      parentId: String(corner.id),
      version: String(sofas.version),
    });
    expect(loop.status).toBe(422);
    expect(await loop.text()).toContain("Нельзя перенести раздел в него самого или в его подраздел");
    const self = await desk.editor.post(`/admin/sections/${sofas.id}/`, {
      intent: "edit",
      title: "Диваны и кресла",
      parentId: String(sofas.id),
      version: String(sofas.version),
    });
    expect(self.status).toBe(422);
    expect(await section("divany-i-kresla")).toEqual(sofas);

    const empty = await desk.editor.post(`/admin/sections/${sofas.id}/`, { intent: "edit", title: "", parentId: "", version: String(sofas.version) });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("Укажите название раздела");
    expect(await section("divany-i-kresla")).toEqual(sofas);
  });

  it("deletes only an empty section, saying why otherwise", async () => {
    const before = await sectionCount();
    const sofas = await section("divany-i-kresla");
    const withChildren = await desk.editor.post(`/admin/sections/${sofas.id}/`, { intent: "delete", version: String(sofas.version) });
    expect(withChildren.status).toBe(422);
    expect(await withChildren.text()).toContain("В разделе есть подразделы");
    const corner = await section("uglovye-divany");
    const withProducts = await desk.editor.post(`/admin/sections/${corner.id}/`, { intent: "delete", version: String(corner.version) });
    expect(withProducts.status).toBe(422);
    expect(await withProducts.text()).toContain("Перенесите их в другой раздел");
    expect(await sectionCount()).toBe(before);

    const empty = await section("divany-krovati");
    const deleted = await desk.editor.post(`/admin/sections/${empty.id}/`, { intent: "delete", version: String(empty.version) });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/admin/sections/?deleted=1");
    expect(await sectionCount()).toBe(before - 1);
    expect((await desk.visitor.get("/catalog/divany-krovati/")).status).toBe(404);
    const audit = await listAudit(desk.app.vitrina.db, { entity: "section" });
    expect(audit.entries.find((e) => e.action === "section.delete" && e.entityId === String(empty.id))?.before).toMatchObject({ title: "Диваны для сна" });
  });

  it("a section's filter choice sets the storefront's filters and their order, for it and its subsections", async () => {
    const usualHtml = await page("/catalog/divany-i-kresla/");
    const usualParent = filterTitles(usualHtml);
    const brandValue = /name="brand" value="([^"]+)"/.exec(usualHtml)?.[1];
    expect(brandValue).toBeDefined();
    const usualChild = filterTitles(await page("/catalog/uglovye-divany/"));
    expect(usualParent.slice(0, 2)).toEqual(["Цена", "Бренд"]);
    expect(usualChild).toContain("Бренд");

    const sofas = await section("divany-i-kresla");
    const form = await (await desk.editor.get(`/admin/sections/${sofas.id}/`)).text();
    const codes = [...form.matchAll(/<input type="hidden" name="code" value="([a-z0-9_-]+)"\/>/g)].map((m) => m[1]!);
    expect(codes.slice(0, 2)).toEqual(["price", "brand"]);
    expect(codes).toContain("color");

    // «Цвет» first, «Бренд» hidden, the rest as they were
    const order = ["color", ...codes.filter((c) => c !== "color")];
    const body = new URLSearchParams({ intent: "facets", version: String(sofas.version) });
    for (const c of order) body.append("code", c);
    for (const c of order) if (c !== "brand") body.append("shown", c);
    const saved = await desk.editor.request(`/admin/sections/${sofas.id}/`, { method: "POST", body, headers: { accept: "text/html" } });
    expect(saved.status).toBe(303);

    const parent = filterTitles(await page("/catalog/divany-i-kresla/"));
    expect(parent[0]).toBe("Цвет");
    expect(parent).not.toContain("Бренд");
    expect(parent.slice(1, 2)).toEqual(["Цена"]);
    const child = filterTitles(await page("/catalog/uglovye-divany/"));
    expect(child[0]).toBe("Цвет");
    expect(child).not.toContain("Бренд");
    // another section keeps the usual panel
    expect(filterTitles(await page("/catalog/stoly-i-stulya/")).slice(0, 2)).toEqual(["Цена", "Бренд"]);

    // a hidden filter in an old link narrows nothing
    const count = (html: string) => /<span class="catalog-heading__count">([^<]+)<\/span>/.exec(html)?.[1];
    const linked = await page(`/catalog/divany-i-kresla/?brand=${encodeURIComponent(brandValue!)}`);
    expect(count(linked)).toBe(count(usualHtml));

    // «Выше» in the form moves and saves: «Цена» back to the top
    const now = await section("divany-i-kresla");
    const move = new URLSearchParams({ intent: "facets", version: String(now.version), move: "up:price" });
    for (const c of order) move.append("code", c);
    for (const c of order) if (c !== "brand") move.append("shown", c);
    const moved = await desk.editor.request(`/admin/sections/${sofas.id}/`, { method: "POST", body: move, headers: { accept: "text/html" } });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`/admin/sections/${sofas.id}/?saved=facets&moved=price&dir=up`);
    expect(filterTitles(await page("/catalog/uglovye-divany/")).slice(0, 2)).toEqual(["Цена", "Цвет"]);

    // the subsection's own choice wins over the parent's
    const corner = await section("uglovye-divany");
    const own = new URLSearchParams({ intent: "facets", version: String(corner.version) });
    for (const c of ["brand", "price"]) {
      own.append("code", c);
      own.append("shown", c);
    }
    expect((await desk.editor.request(`/admin/sections/${corner.id}/`, { method: "POST", body: own, headers: { accept: "text/html" } })).status).toBe(303);
    expect(filterTitles(await page("/catalog/uglovye-divany/")).slice(0, 2)).toEqual(["Бренд", "Цена"]);

    // an unknown code is refused, nothing changes
    const latest = await section("divany-i-kresla");
    const bad = new URLSearchParams({ intent: "facets", version: String(latest.version) });
    bad.append("code", "no_such_property");
    const refused = await desk.editor.request(`/admin/sections/${sofas.id}/`, { method: "POST", body: bad, headers: { accept: "text/html" } });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("нет такого свойства");

    // reset: the usual panel again
    const reset = await desk.editor.post(`/admin/sections/${sofas.id}/`, { intent: "facets", version: String(latest.version), inherit: "1" });
    expect(reset.status).toBe(303);
    expect(filterTitles(await page("/catalog/divany-i-kresla/"))).toEqual(usualParent);
    const audit = await listAudit(desk.app.vitrina.db, { entity: "section" });
    expect(audit.entries.filter((e) => e.action === "section.facets" && e.entityId === String(sofas.id)).length).toBe(3);
  });
});
