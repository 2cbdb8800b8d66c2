// The back office's products over HTTP on both dialects, as a browser without JavaScript uses
// them: the list's filters, a product created from the form lands with the right kopecks and
// slug, bad input comes back as Russian field errors (4xx, nothing written), a stale version is
// refused with 409, every save and bulk change leaves audit entries, and a bulk price change
// rounds to the kopeck and keeps the old price above the price.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import type { Visitor } from "../../support/accounts-client.ts";
import { setVariantPrice } from "../../support/variants.ts";

describe.each(dialects)("back-office products on %s", (dialect) => {
  let app: TestApp;
  let editor: Visitor;
  let sectionId: number;

  const form = (fields: Record<string, string>) => ({ title: "", sectionId: String(sectionId), price: "", oldPrice: "", stock: "0", version: "0", ...fields });
  const versionOf = (html: string) => /name="version" value="(\d+)"/.exec(html)?.[1];
  const auditOf = (id: number) =>
    app.vitrina.db.kysely.selectFrom("audit_log").selectAll().where("entity", "=", "product").where("entity_id", "=", String(id)).orderBy("id").execute();

  beforeAll(async () => {
    app = await startTestApp(dialect);
    editor = (await staffVisitor(app, "content")).visitor;
    const leaf = await app.vitrina.db.kysely.selectFrom("products").select("section_id").orderBy("id").executeTakeFirstOrThrow();
    sectionId = leaf.section_id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("creates a product with kopecks, a transliterated slug and an audit entry", async () => {
    const res = await editor.post(
      "/admin/products/new/",
      form({ title: "Диван Честер Тест", price: "12 990,50", oldPrice: "15 990", stock: "3", published: "on" }),
    );
    expect(res.status).toBe(303);
    const id = Number(/\/admin\/products\/(\d+)\//.exec(res.headers.get("location") ?? "")?.[1]);
    const row = await app.vitrina.db.kysely.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ slug: "divan-chester-test", title: "Диван Честер Тест", stock: 3, published: 1, section_id: sectionId });
    expect(Number(row.price)).toBe(1_299_050);
    expect(Number(row.old_price)).toBe(1_599_000);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["product.create"]);
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ price: 1_299_050, slug: "divan-chester-test" });

    const html = await (await editor.get(`/admin/products/?q=${encodeURIComponent("честер тест")}`)).text();
    expect(html).toContain(`/admin/products/${id}/`);
    expect(html).toContain("Найдено: 1\u00a0товар");
    const byArticle = await (await editor.get(`/admin/products/?q=${String(id).padStart(6, "0")}`)).text();
    expect(byArticle).toContain(`/admin/products/${id}/`);
  });

  it("answers bad input with Russian field errors, keeps what was typed and writes nothing", async () => {
    const before = await app.vitrina.db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    const taken = await app.vitrina.db.kysely.selectFrom("products").select("slug").orderBy("id").executeTakeFirstOrThrow();
    const cases: [Record<string, string>, string][] = [
      [{ title: "Дубль", slug: taken.slug, price: "100" }, "Такой адрес уже занят другим товаром"],
      [{ title: "Минус", price: "-5" }, "Цена не может быть отрицательной."],
      [{ title: "Остаток", price: "100", stock: "-2" }, "Остаток не может быть отрицательным."],
      [{ title: "Старая", price: "1 000", oldPrice: "900" }, "Старая цена не может быть ниже цены."],
      [{ title: "Раздел", price: "100", sectionId: "999999" }, "Такого раздела нет"],
      [{ title: "Свойство", price: "100", "prop.no_such_property": "x" }, "нет такого свойства"],
    ];
    for (const [fields, message] of cases) {
      const res = await editor.post("/admin/products/new/", form(fields));
      expect(res.status, message).toBe(422);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${fields.title}"`);
    }
    const after = await app.vitrina.db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a save on a stale version with 409 and writes nothing", async () => {
    const p = await app.vitrina.db.kysely
      .selectFrom("products")
      .selectAll()
      .where("kind", "=", "product")
      .orderBy("id")
      .offset(3)
      .limit(1)
      .executeTakeFirstOrThrow();
    const page = await (await editor.get(`/admin/products/${p.id}/`)).text();
    const version = versionOf(page)!;
    const base = { title: p.title, slug: p.slug, sectionId: String(p.section_id), price: "1 000", stock: "5", version };
    expect((await editor.post(`/admin/products/${p.id}/`, base)).status).toBe(303);
    const stale = await editor.post(`/admin/products/${p.id}/`, { ...base, price: "2 000" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Товар изменён другим сотрудником, обновите страницу");
    const row = await app.vitrina.db.kysely.selectFrom("products").select(["price", "version"]).where("id", "=", p.id).executeTakeFirstOrThrow();
    expect(Number(row.price)).toBe(100_000);
    expect(row.version).toBe(Number(version) + 1);
    const audit = await auditOf(p.id);
    expect(audit.map((a) => a.action)).toEqual(["product.edit"]);
    expect(JSON.parse(audit[0]!.before)).toMatchObject({ price: Number(p.price) });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ price: 100_000 });
  });

  it("changes prices of checked rows by a percentage in one audited step", async () => {
    const rows = await app.vitrina.db.kysely.selectFrom("products").select(["id", "price", "old_price"]).orderBy("id").offset(10).limit(3).execute();
    await setVariantPrice(app.vitrina.db.kysely, rows[0]!.id, 333, 350);
    const body = new URLSearchParams([...rows.map((r) => ["ids", String(r.id)]), ["action", "price"], ["percent", "10"]]);
    const res = await editor.request("/admin/products/?stock=in", { method: "POST", body, headers: { accept: "text/html" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/products/?stock=in&done=3");
    const after = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "price", "old_price"])
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("id")
      .execute();
    // 333 × 1.1 = 366.3 → 366 kopecks; the old price 350 × 1.1 = 385 stays above it
    expect(Number(after[0]!.price)).toBe(366);
    expect(Number(after[0]!.old_price)).toBe(385);
    expect(Number(after[1]!.price)).toBe(Math.round(Number(rows[1]!.price) * 1.1));
    for (const r of rows) expect((await auditOf(r.id)).map((a) => a.action)).toContain("product.bulk.price");

    const bad = await editor.request("/admin/products/", {
      method: "POST",
      body: new URLSearchParams([
        ["ids", String(rows[0]!.id)],
        ["action", "price"],
        ["percent", "abc"],
      ]),
      headers: { accept: "text/html" },
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Укажите, на сколько процентов изменить цену");
  });

  it("hides checked rows and the status filter finds them", async () => {
    const row = await app.vitrina.db.kysely.selectFrom("products").select(["id", "title"]).orderBy("id").offset(20).limit(1).executeTakeFirstOrThrow();
    const res = await editor.request("/admin/products/", {
      method: "POST",
      body: new URLSearchParams([
        ["ids", String(row.id)],
        ["action", "hide"],
      ]),
      headers: { accept: "text/html" },
    });
    expect(res.status).toBe(303);
    const hidden = await (await editor.get("/admin/products/?status=hidden")).text();
    expect(hidden).toContain(`/admin/products/${row.id}/`);
    const shown = await (await editor.get("/admin/products/?status=published&sort=title")).text();
    expect(shown).not.toContain(`/admin/products/${row.id}/"`);
    expect((await auditOf(row.id)).map((a) => a.action)).toContain("product.bulk.hide");

    const move = new URLSearchParams([
      ["ids", String(row.id)],
      ["action", "move"],
      ["sectionId", "999999"],
    ]);
    const refused = await editor.request("/admin/products/", { method: "POST", body: move, headers: { accept: "text/html" } });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Такого раздела нет");
  });
});
