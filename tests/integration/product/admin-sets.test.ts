// Sets in the back office over HTTP on both dialects, as a browser without JavaScript sends them
// (decision 078): a set created from the form is priced from its items (old price = their sum, price
// less the discount, weight summed) with an audit entry carrying the items before and after; a
// stale save is refused; the list buttons work as plain posts; bad compositions come back as
// Russian errors (422, nothing written); and when an item's price changes through its form, a bulk
// percentage or a CSV import, the set follows in the same step and a cart holding it says
// «Цена изменилась».
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCatalogCsv } from "../../../app/features/catalog-csv/catalog-import.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { textOf } from "../../support/page-text.ts";

interface Item {
  id: number;
  title: string;
  slug: string;
  section_id: number;
  price: number;
  weight: number;
}

const sp = (s: string) => s.replace(/[\u00A0\u202F]/g, " ");
/** the seeded formula: whole roubles, rounded down */
const discounted = (kopecks: number, percent: number) => Math.floor((kopecks * (100 - percent)) / 10000) * 100;

describe.each(dialects)("back-office sets on %s", (dialect) => {
  let app: TestApp;
  let editor: Visitor;
  let items: Item[];
  let seededSetId: number;

  const db = () => app.vitrina.db.kysely;
  const post = (path: string, entries: [string, string][]) =>
    editor.request(path, { method: "POST", body: new URLSearchParams(entries), headers: { accept: "text/html" } });
  const setForm = (title: string, rows: { id: number; qty?: number; optional?: boolean }[], discount: string, extra: [string, string][] = []) =>
    [
      ["kind", "set"],
      ["version", "0"],
      ["title", title],
      ["sectionId", String(items[0]!.section_id)],
      ["stock", "2"],
      ["published", "on"],
      ...rows.flatMap((r): [string, string][] => [
        ["setItem", String(r.id)],
        [`setQty.${r.id}`, String(r.qty ?? 1)],
        ...(r.optional ? [[`setOptional.${r.id}`, "on"] as [string, string]] : []),
      ]),
      ["setDiscount", discount],
      ...extra,
    ] as [string, string][];
  const counts = async () => {
    const p = await db()
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    const s = await db()
      .selectFrom("set_items")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return [Number(p.n), Number(s.n)];
  };
  const setRow = async (id: number) => {
    const r = await db().selectFrom("products").select(["price", "old_price", "weight", "kind", "set_discount"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { ...r, price: Number(r.price), old_price: r.old_price === null ? null : Number(r.old_price) };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    editor = (await staffVisitor(app, "content")).visitor;
    const rows = await db()
      .selectFrom("products")
      .select(["id", "title", "slug", "section_id", "price", "weight"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("stock", ">", 5)
      .orderBy("id")
      .offset(40)
      .limit(6)
      .execute();
    items = rows.map((r) => ({ ...r, price: Number(r.price) }));
    seededSetId = (await db().selectFrom("products").select("id").where("kind", "=", "set").orderBy("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("creates a set priced from its items, shows it on the storefront and audits the items", async () => {
    const [a, b] = items as [Item, Item];
    const res = await post("/admin/products/new/", setForm("Комплект Тест Осло", [{ id: a.id }, { id: b.id, qty: 2, optional: true }], "10"));
    expect(res.status).toBe(303);
    const id = Number(/\/admin\/products\/(\d+)\//.exec(res.headers.get("location") ?? "")?.[1]);
    const sum = a.price + 2 * b.price;
    expect(await setRow(id)).toEqual({ kind: "set", set_discount: 10, price: discounted(sum, 10), old_price: sum, weight: a.weight + 2 * b.weight });
    const stored = await db().selectFrom("set_items").select(["item_id", "qty", "optional", "sort"]).where("set_id", "=", id).orderBy("sort").execute();
    expect(stored).toEqual([
      { item_id: a.id, qty: 1, optional: 0, sort: 0 },
      { item_id: b.id, qty: 2, optional: 1, sort: 1 },
    ]);
    const audit = await db().selectFrom("audit_log").selectAll().where("entity", "=", "product").where("entity_id", "=", String(id)).execute();
    expect(audit.map((e) => e.action)).toEqual(["product.create"]);
    expect(JSON.parse(audit[0]!.after)).toMatchObject({
      price: discounted(sum, 10),
      items: [
        { id: a.id, qty: 1, optional: false },
        { id: b.id, qty: 2, optional: true },
      ],
    });

    // the form shows the counted numbers read-only, under «Состав комплекта»
    const form = textOf(await (await editor.get(`/admin/products/${id}/`)).text());
    expect(form).toContain("Состав комплекта");
    expect(form).toContain(b.title);
    const slug = (await db().selectFrom("products").select("slug").where("id", "=", id).executeTakeFirstOrThrow()).slug;
    const page = await new Visitor(app.url).get(`/product/${slug}/`);
    expect(page.status).toBe(200);
    expect(sp(textOf(await page.text()))).toContain(sp(formatPrice(discounted(sum, 10))));
  });

  it("edits a set's items with the audit showing them before and after, and refuses a stale save", async () => {
    const [a, b, c] = items as [Item, Item, Item];
    const created = await post("/admin/products/new/", setForm("Комплект Правка", [{ id: a.id }, { id: b.id }], "5"));
    const id = Number(/\/admin\/products\/(\d+)\//.exec(created.headers.get("location") ?? "")?.[1]);
    const version = /name="version" value="(\d+)"/.exec(await (await editor.get(`/admin/products/${id}/`)).text())![1]!;
    const slug = (await db().selectFrom("products").select("slug").where("id", "=", id).executeTakeFirstOrThrow()).slug;
    const edit = (rows: { id: number; optional?: boolean }[], discount: string) =>
      setForm("Комплект Правка", rows, discount, [["slug", slug]]).map(([k, v]): [string, string] => (k === "version" ? [k, version] : [k, v]));
    const saved = await post(`/admin/products/${id}/`, edit([{ id: a.id }, { id: c.id, optional: true }], "7"));
    expect(saved.status).toBe(303);
    const audit = await db().selectFrom("audit_log").selectAll().where("entity_id", "=", String(id)).where("action", "=", "product.edit").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before)).toMatchObject({
      set_discount: 5,
      items: [
        { id: a.id, qty: 1, optional: false },
        { id: b.id, qty: 1, optional: false },
      ],
    });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({
      set_discount: 7,
      items: [
        { id: a.id, qty: 1, optional: false },
        { id: c.id, qty: 1, optional: true },
      ],
    });
    const stale = await post(`/admin/products/${id}/`, edit([{ id: a.id }, { id: b.id }], "50"));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Товар изменён другим сотрудником, обновите страницу");
    expect(await setRow(id)).toMatchObject({ set_discount: 7 });
    const stored = await db().selectFrom("set_items").select("item_id").where("set_id", "=", id).orderBy("sort").execute();
    expect(stored.map((r) => r.item_id)).toEqual([a.id, c.id]);
  });

  it("adds, moves and removes items with plain posts, and refuses an unknown article at the field", async () => {
    const [a, b, c] = items as [Item, Item, Item];
    const base = setForm("Комплект Кнопки", [{ id: a.id }, { id: b.id }], "5");
    const added = await post("/admin/products/new/", [...base, ["setAdd", String(c.id).padStart(6, "0")], ["setOp", "add"]]);
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toContain(`name="setItem" value="${c.id}"`);
    expect(html).toContain('value="Комплект Кнопки"');
    const up = await post("/admin/products/new/", [...setForm("Комплект Кнопки", [{ id: a.id }, { id: b.id }], "5"), ["setOp", `up:${b.id}`]]);
    const order = [...(await up.text()).matchAll(/name="setItem" value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(order).toEqual([b.id, a.id]);
    const removed = await post("/admin/products/new/", [...base, ["setOp", `remove:${a.id}`]]);
    expect([...(await removed.text()).matchAll(/name="setItem" value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([b.id]);

    const before = await counts();
    const unknown = await post("/admin/products/new/", [...base, ["setAdd", "999999999"], ["setOp", "add"]]);
    expect(unknown.status).toBe(422);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain("Товара 999999999 нет в каталоге.");
    expect(unknownHtml).toContain('value="999999999"');
    const asItem = await post("/admin/products/new/", [...base, ["setAdd", String(seededSetId)], ["setOp", "add"]]);
    expect(asItem.status).toBe(422);
    expect(await asItem.text()).toContain("это комплект; в комплект входят только обычные товары");
    expect(await counts()).toEqual(before);
  });

  it("answers a bad composition with Russian errors, keeps what was typed and writes nothing", async () => {
    const [a, b] = items as [Item, Item];
    const before = await counts();
    const cases: [[string, string][], string][] = [
      [setForm("Дубль", [{ id: a.id }, { id: b.id }, { id: a.id }], "10"), "добавлен в комплект дважды"],
      [setForm("Комплект в комплекте", [{ id: a.id }, { id: seededSetId }], "10"), "это комплект; в комплект входят только обычные товары"],
      [setForm("Один предмет", [{ id: a.id }], "10"), "В комплекте должно быть не меньше двух предметов."],
      [setForm("Скидка", [{ id: a.id }, { id: b.id }], "120"), "Скидка — целое число от 0 до 90 %."],
      [
        setForm(
          "Все по желанию",
          [
            { id: a.id, optional: true },
            { id: b.id, optional: true },
          ],
          "10",
        ),
        "Хотя бы один предмет комплекта должен быть обязательным.",
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await post("/admin/products/new/", fields);
      expect(res.status, message).toBe(422);
      const html = await res.text();
      expect(textOf(html)).toContain(message);
      expect(html).toContain(`value="${fields.find(([k]) => k === "title")![1]}"`);
    }
    expect(await counts()).toEqual(before);
  });

  it("recounts the set when an item's price changes in its form or by a bulk percentage, and the cart notices", async () => {
    const [, , , d, e] = items as [Item, Item, Item, Item, Item];
    const created = await post("/admin/products/new/", setForm("Комплект Пересчёт", [{ id: d.id }, { id: e.id, optional: true }], "15"));
    expect(created.status).toBe(303);
    const setId = Number(/\/admin\/products\/(\d+)\//.exec(created.headers.get("location") ?? "")?.[1]);
    const shopper = new Visitor(app.url);
    const added = await shopper.request("/cart/set/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: setId, cnt: 1, type: "set" }),
    });
    expect(added.status).toBe(200);
    const wasPrice = (await setRow(setId)).price;

    // the item's own form: price and weight
    const page = await (await editor.get(`/admin/products/${d.id}/`)).text();
    const version = /name="version" value="(\d+)"/.exec(page)![1]!;
    const saved = await editor.post(`/admin/products/${d.id}/`, {
      title: d.title,
      slug: d.slug,
      sectionId: String(d.section_id),
      price: "100 000",
      stock: "9",
      weight: "12,5",
      published: "on",
      version,
    });
    expect(saved.status).toBe(303);
    let sum = 10_000_000 + e.price;
    expect(await setRow(setId)).toMatchObject({ price: discounted(sum, 15), old_price: sum, weight: 12_500 + e.weight });
    const counted = await db()
      .selectFrom("set_items")
      .select(["price", "weight"])
      .where("set_id", "=", setId)
      .where("item_id", "=", d.id)
      .executeTakeFirstOrThrow();
    expect([Number(counted.price), counted.weight]).toEqual([10_000_000, 12_500]);
    const recount = await db().selectFrom("audit_log").selectAll().where("entity_id", "=", String(setId)).where("action", "=", "product.set-recount").execute();
    expect(recount.map((r) => JSON.parse(r.after).price)).toEqual([discounted(sum, 15)]);

    const cart = sp(textOf(await (await shopper.get("/cart/")).text()));
    expect(cart).toContain(sp(`Цена изменилась: было ${formatPrice(wasPrice)}, стало ${formatPrice(discounted(sum, 15))}`));

    // a bulk +10 % on the optional item
    const body = new URLSearchParams([
      ["ids", String(e.id)],
      ["action", "price"],
      ["percent", "10"],
    ]);
    const bulk = await editor.request("/admin/products/", { method: "POST", body, headers: { accept: "text/html" } });
    expect(bulk.status).toBe(303);
    const ePrice = Number((await db().selectFrom("products").select("price").where("id", "=", e.id).executeTakeFirstOrThrow()).price);
    expect(ePrice).toBeGreaterThan(e.price);
    sum = 10_000_000 + ePrice;
    expect(await setRow(setId)).toMatchObject({ price: discounted(sum, 15), old_price: sum });
  });

  it("recounts the sets of items whose price a CSV import changes, and a set's own row cannot price it otherwise", async () => {
    const [a, b] = items as [Item, Item];
    const created = await post("/admin/products/new/", setForm("Комплект Импорт", [{ id: a.id }, { id: b.id }], "20"));
    const setId = Number(/\/admin\/products\/(\d+)\//.exec(created.headers.get("location") ?? "")?.[1]);
    const set = await db().selectFrom("products").select(["slug", "title", "stock"]).where("id", "=", setId).executeTakeFirstOrThrow();
    const section = await db().selectFrom("sections").select("slug").where("id", "=", a.section_id).executeTakeFirstOrThrow();
    const bPrice = Number((await db().selectFrom("products").select("price").where("id", "=", b.id).executeTakeFirstOrThrow()).price);
    const row = (id: number, slug: string, title: string, price: string, stock: number) => [id, slug, title, section.slug, price, "", stock, "да"].join(";");
    const csv = [
      "id;slug;title;section;price;old_price;stock;published",
      row(a.id, a.slug, a.title, "54321", 9),
      // a hand-typed price for the set itself gives way to its items' sum
      row(setId, set.slug, set.title, "1", set.stock),
    ].join("\n");
    const result = await applyCatalogCsv(app.vitrina.db, { id: null, email: "content@vitrina.test" }, csv);
    expect(result).toMatchObject({ ok: true, changed: 2 });
    const sum = 5_432_100 + bPrice;
    expect(await setRow(setId)).toMatchObject({ price: discounted(sum, 20), old_price: sum });
  });
});
