// Promo codes over HTTP on both dialects, as a browser sends them: the cart's «Промокод» field
// (spaces and case do not matter, an unknown code is refused in Russian and the typed text kept),
// the discount in the cart and on the order, the code surviving login, the re-check at checkout
// (an expired code refuses the order, nothing is placed), and exact use counts when two last uses
// come at once. Then the back office form's refusals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePromoCode } from "../../../app/features/promo/promo-codes.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { shopToday } from "../../../app/lib/shop-calendar.ts";
import { PROMO_FORM_MESSAGES, promoSchema, type PromoInput } from "../../../app/features/promo/promo-form.ts";
import { checkoutForm } from "../../support/orders.ts";
import { staffVisitor } from "../../support/staff.ts";
import { readOutbox } from "../../support/outbox.ts";
import { dialects, mailOutboxOf, startTestApp, type TestApp } from "../../support/test-app.ts";
import { login, registerVisitor, Visitor } from "../../support/accounts-client.ts";
import { textOf } from "../../support/page-text.ts";
import { setVariantStock } from "../../support/variants.ts";

const testId = (html: string, id: string, tag = "[a-z]+") => textOf(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? "").trim();
const sp = (s: string) => s.replace(/\u00A0/g, " ");
const DAY = 86_400_000;

describe.each(dialects)("promo codes on %s", (dialect) => {
  let app: TestApp;
  let product: { id: number; price: number };
  const owner = { id: null, email: "promo-test@vitrina.test" };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    const row = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "price"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("price", ">", 100_000)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    product = { id: row.id, price: Number(row.price) };
    await setVariantStock(app.vitrina.db.kysely, product.id, 1000);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const k = () => app.vitrina.db.kysely;
  let seq = 0;
  /** A stored code; `code` gets a unique suffix so every test has its own. */
  async function makePromo(fields: Partial<Record<Exclude<keyof PromoInput, "sectionIds">, string>> & { sectionIds?: string[] }) {
    const code = `${fields.code ?? "TEST"}${++seq}${dialect.slice(0, 2).toUpperCase()}`;
    const parsed = promoSchema.parse({ kind: "percent", amount: "10", version: "1", enabled: "on", ...fields, code });
    const saved = await savePromoCode(app.vitrina.db, owner, null, parsed);
    if (saved.status !== "saved") throw new Error(saved.status);
    return { code, id: saved.id };
  }

  async function visitorWithCart(qty = 1) {
    const v = new Visitor(app.url);
    const res = await v.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: product.id, cnt: qty, type: "product" }),
    });
    expect(res.status).toBe(200);
    return v;
  }
  const apply = (v: Visitor, code: string) => v.post("/cart/", { promo: "apply", code });
  let pickupPoint = "";
  const checkoutAt = async (v: Visitor, phone?: string) => {
    pickupPoint ||= String((await k().selectFrom("contact_points").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
    return v.post(
      "/checkout/",
      checkoutForm({
        name: "Вера Скидкина",
        phone: phone ?? "+7 (916) 555-44-33",
        delivery: "pickup",
        pickupPoint,
      }),
    );
  };

  it("takes a code typed with spaces and in another case, and shows the discount per line and in the total", async () => {
    const { code } = await makePromo({ code: "ZIMA", amount: "10" });
    const v = await visitorWithCart(2);
    const typed = ` ${code.slice(0, 2).toLowerCase()} ${code.slice(2).toLowerCase()} `;
    const res = await apply(v, typed);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/cart/");
    const html = await (await v.get("/cart/")).text();
    const off = Math.round((product.price * 2) / 10);
    expect(sp(testId(html, "promo-applied", "p"))).toBe(`Промокод ${code} применён`);
    expect(sp(testId(html, "line-promo"))).toBe(`−${sp(formatPrice(off))} по промокоду`);
    expect(sp(testId(html, "cart-promo"))).toBe(`−${sp(formatPrice(off))}`);
    expect(sp(testId(html, "cart-sum"))).toBe(sp(formatPrice(product.price * 2 - off)));
  });

  it("limited to a section, takes off only the lines of that section and its subsections", async () => {
    // a published product in a subsection, and one outside that subsection's top section
    const inner = await k()
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.price", "sections.parent_id"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .where("sections.parent_id", "is not", null)
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
    const outer = await k()
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.price"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .where("sections.id", "!=", inner.parent_id!)
      .where((eb) => eb.or([eb("sections.parent_id", "is", null), eb("sections.parent_id", "!=", inner.parent_id!)]))
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
    await setVariantStock(k(), [inner.id, outer.id], 100);
    const { code } = await makePromo({ code: "SOFA", amount: "20", sectionIds: [String(inner.parent_id)] });
    const v = new Visitor(app.url);
    for (const id of [inner.id, outer.id]) {
      const res = await v.request("/cart/product/", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ id, cnt: 1, type: "product" }),
      });
      expect(res.status).toBe(200);
    }
    expect((await apply(v, code)).status).toBe(303);
    const html = await (await v.get("/cart/")).text();
    const off = Math.round(Number(inner.price) / 5);
    expect([...html.matchAll(/data-testid="line-promo"/g)].length).toBe(1);
    expect(sp(testId(html, "cart-promo"))).toBe(`−${sp(formatPrice(off))}`);
    expect(sp(testId(html, "cart-sum"))).toBe(sp(formatPrice(Number(inner.price) + Number(outer.price) - off)));
  });

  it("refuses an unknown code with «Промокод не найден» (422), keeping what was typed", async () => {
    const v = await visitorWithCart();
    const res = await apply(v, "нет-такого");
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(textOf(html)).toContain("Промокод не найден");
    expect(html).toContain('value="нет-такого"');
    const json = await v.request("/cart/promo/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ code: "nope" }),
    });
    expect(json.status).toBe(422);
    expect(await json.json()).toEqual({ error: "Промокод не найден" });
  });

  it("keeps the code through login and records it on the order with the total to pay", async () => {
    const { code } = await makePromo({ code: "LOGIN", kind: "fixed", amount: "500" });
    const account = new Visitor(app.url);
    const email = await registerVisitor(account);
    await account.post("/logout/", {});
    const v = await visitorWithCart();
    expect((await apply(v, code)).status).toBe(303);
    expect((await login(v, email)).status).toBe(303);
    const cart = await (await v.get("/cart/")).text();
    expect(sp(testId(cart, "promo-applied", "p"))).toBe(`Промокод ${code} применён`);
    const placed = await checkoutAt(v);
    expect(placed.status, textOf(await placed.clone().text()).slice(0, 400)).toBe(303);
    const number = placed.headers.get("location")!.split("/")[2]!;
    const order = await k()
      .selectFrom("orders")
      .select(["promo_code", "promo_discount", "items_total", "total"])
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    expect({ code: order.promo_code, discount: Number(order.promo_discount), total: Number(order.total) }).toEqual({
      code,
      discount: 50_000,
      total: Number(order.items_total) - 50_000,
    });
    const page = await (await v.get(`/order/${number}/`)).text();
    expect(sp(testId(page, "order-promo"))).toBe(`−${sp(formatPrice(50_000))}`);
    // the back office's order page and the order mail say it too
    const { visitor: manager } = await staffVisitor(app, "manager");
    const staffPage = await (await manager.get(`/admin/orders/${number}/`)).text();
    expect(sp(testId(staffPage, "order-promo"))).toBe(`−${sp(formatPrice(50_000))}`);
    expect(textOf(staffPage)).toContain(`Промокод ${code}`);
    await expect
      .poll(() => readOutbox(mailOutboxOf(app.url)).find((m) => m.subject === `Новый заказ № ${number}`)?.text ?? "")
      .toContain(`Скидка по промокоду ${code}: −${formatPrice(50_000)}`);
  });

  it("refuses the order when the code expired after it was applied: a Russian message, no order, no use counted", async () => {
    const { code, id } = await makePromo({ code: "OLD" });
    const v = await visitorWithCart();
    expect((await apply(v, code)).status).toBe(303);
    const before = (await k().selectFrom("orders").select("id").execute()).length;
    const yesterday = shopToday(Date.now() - DAY);
    await k().updateTable("promo_codes").set({ valid_from: null, valid_to: yesterday }).where("id", "=", id).execute();
    // the checkout page already says so, and its total is the full price
    const form = await (await v.get("/checkout/")).text();
    expect(sp(testId(form, "promo-note"))).toBe(`Промокод ${code}: Срок действия промокода истёк`);
    expect(form).not.toContain('data-testid="promo-discount"');
    const refused = await checkoutAt(v);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain("Срок действия промокода истёк. Мы убрали промокод: проверьте сумму и оформите заказ снова.");
    expect((await k().selectFrom("orders").select("id").execute()).length).toBe(before);
    expect((await k().selectFrom("promo_codes").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses).toBe(0);
    // the next try is the order without the discount, as the page now shows it
    const placed = await checkoutAt(v);
    expect(placed.status).toBe(303);
    const number = placed.headers.get("location")!.split("/")[2]!;
    const order = await k().selectFrom("orders").select(["promo_code", "promo_discount"]).where("number", "=", number).executeTakeFirstOrThrow();
    expect({ code: order.promo_code, discount: Number(order.promo_discount) }).toEqual({ code: null, discount: 0 });
  });

  it("counts the last use exactly: of two orders at once, one gets the code and the other is refused", async () => {
    const { code, id } = await makePromo({ code: "LAST", totalLimit: "1" });
    const a = await visitorWithCart();
    const b = await visitorWithCart();
    expect((await apply(a, code)).status).toBe(303);
    expect((await apply(b, code)).status).toBe(303);
    const answers = await Promise.all([checkoutAt(a, "+7 (916) 111-11-11"), checkoutAt(b, "+7 (916) 222-22-22")]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(textOf(await loser.text())).toContain("Промокод больше не действует: его уже использовали максимальное число раз");
    const used = await k().selectFrom("orders").select("id").where("promo_code", "=", code).execute();
    expect(used.length).toBe(1);
    expect((await k().selectFrom("promo_codes").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses).toBe(1);
  });

  it("counts one customer's uses exactly: the same phone twice at once gets the code once", async () => {
    const { code } = await makePromo({ code: "ONCE", perCustomerLimit: "1" });
    const a = await visitorWithCart();
    const b = await visitorWithCart();
    expect((await apply(a, code)).status).toBe(303);
    expect((await apply(b, code)).status).toBe(303);
    const answers = await Promise.all([checkoutAt(a, "+7 (916) 333-33-33"), checkoutAt(b, "8 916 333 33 33")]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(textOf(await loser.text())).toContain("Вы уже использовали этот промокод максимальное число раз");
    expect((await k().selectFrom("orders").select("id").where("promo_code", "=", code).execute()).length).toBe(1);
  });

  it("the back office refuses a duplicate code and a percent over 100 in Russian, keeping the typed values", async () => {
    const { visitor: manager } = await staffVisitor(app, "manager");
    const { code } = await makePromo({ code: "TAKEN" });
    const dup = await manager.post("/admin/promo/new/", { code: code.toLowerCase(), kind: "percent", amount: "5" });
    expect(dup.status).toBe(422);
    expect(textOf(await dup.text())).toContain("Такой промокод уже есть: придумайте другой.");
    const wide = await manager.post("/admin/promo/new/", { code: "NEW-ONE", kind: "percent", amount: "150" });
    expect(wide.status).toBe(422);
    const html = await wide.text();
    expect(textOf(html)).toContain(PROMO_FORM_MESSAGES.percent);
    expect(html).toContain('value="NEW-ONE"');
    const made = await manager.post("/admin/promo/new/", {
      code: "new one",
      kind: "fixed",
      amount: "300",
      enabled: "on",
      validFrom: "2026-12-01",
      validTo: "2026-12-31",
    });
    expect(made.status).toBe(303);
    const list = textOf(await (await manager.get("/admin/promo/")).text());
    expect(list).toContain("NEWONE");
    expect(list).toContain("с 01.12.2026 по 31.12.2026");
  });
});
