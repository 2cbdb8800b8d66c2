// The cart and checkout over HTTP, as a browser or a script sends them: strict quantities on
// POST /cart/<type>/, and pickup points that must be one of the showrooms on POST /checkout/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutForm } from "../../support/orders.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";

const QUANTITY_MESSAGE = "Количество должно быть целым числом от 0 до 999.";

describe.each(dialects)("cart and checkout over HTTP on %s", (dialect) => {
  let app: TestApp;
  let productId: number;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const p = await app.vitrina.db.kysely
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "product")
      .where("stock", ">=", 5)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    productId = p.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const cartLines = () => app.vitrina.db.kysely.selectFrom("cart_lines").select(["owner", "product_id", "items", "qty"]).orderBy("id").execute();
  /** a JSON cart call with the body exactly as given (JSON.stringify would turn -0 into 0) */
  const postJson = (v: Visitor, body: string) =>
    v.request("/cart/product/", { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body });

  /** A new visitor with two of the product in the cart, and that cart's lines. */
  async function visitorWithTwo() {
    const v = new Visitor(app.url);
    const res = await postJson(v, JSON.stringify({ id: productId, cnt: 2, type: "product" }));
    expect(res.status).toBe(200);
    expect((await res.json()).qty).toBe(2);
    const owner = (await cartLines()).at(-1)!.owner;
    return { v, lines: async () => (await cartLines()).filter((l) => l.owner === owner) };
  }

  describe("cart quantities", () => {
    it("refuses every quantity that is not a plain integer from a JSON caller with 422, cart unchanged", async () => {
      const { v } = await visitorWithTwo();
      const before = await cartLines();
      const bad = [
        '"0x10"',
        '"1e1"',
        '"1.5"',
        "1.5",
        "true",
        "false",
        "null",
        "[]",
        "[3]",
        "{}",
        '"-0"',
        "-0",
        '""',
        '" "',
        '" 3"',
        '"-1"',
        "-1",
        "1000",
        '"10000"',
        "99999",
      ];
      for (const cnt of bad) {
        const res = await postJson(v, `{"id":${productId},"cnt":${cnt},"type":"product"}`);
        expect(res.status, cnt).toBe(422);
        expect(await res.json(), cnt).toEqual({ error: QUANTITY_MESSAGE });
      }
      // a JSON call must say how many (docs/behaviour.md «Cart API»: {id, cnt, type})
      const missing = await postJson(v, `{"id":${productId},"type":"product"}`);
      expect(missing.status).toBe(422);
      expect(await cartLines()).toEqual(before);
    });

    it("refuses them from a plain form post with a Russian 422 page, cart unchanged", async () => {
      const { v } = await visitorWithTwo();
      const before = await cartLines();
      for (const cnt of ["0x10", "1e1", "1.5", "-0", " ", " 3", "-1", "1000", "abc"]) {
        const res = await v.post("/cart/product/", { id: String(productId), cnt, type: "product", back: "/catalog/" });
        expect(res.status, cnt).toBe(422);
        expect(res.headers.get("content-type"), cnt).toMatch(/^text\/html/);
        const html = await res.text();
        expect(html, cnt).toContain("Не получилось изменить корзину");
        expect(html, cnt).toContain(QUANTITY_MESSAGE);
      }
      expect(await cartLines()).toEqual(before);
    });

    it("still takes integers and digit strings, a form's empty quantity as one piece, and 0 to remove", async () => {
      const { v, lines } = await visitorWithTwo();
      const mine = async () => (await lines()).map((l) => l.qty);
      const json3 = await postJson(v, JSON.stringify({ id: productId, cnt: "3", type: "product" }));
      expect((await json3.json()).qty).toBe(3);
      expect((await v.post("/cart/product/", { id: String(productId), cnt: "", type: "product" })).status).toBe(303);
      expect(await mine()).toEqual([1]);
      expect((await v.post("/cart/product/", { id: String(productId), type: "product", cnt: "4" })).status).toBe(303);
      expect(await mine()).toEqual([4]);
      const removed = await postJson(v, JSON.stringify({ id: productId, cnt: 0, type: "product" }));
      expect((await removed.json()).qty).toBe(0);
      expect(await mine()).toEqual([]);
    });
  });

  describe("pickup points", () => {
    const orders = () => app.vitrina.db.kysely.selectFrom("orders").select(["number", "pickup_point_id"]).execute();
    const checkout = (v: Visitor, pickupPoint: string) =>
      v.post(
        "/checkout/",
        checkoutForm({
          name: "Анна Пикап",
          phone: "+7 (916) 123-45-67",
          email: "anna.pickup@example.ru",
          delivery: "pickup",
          pickupPoint,
          comment: "Позвоните за час",
        }),
      );

    it("refuses a pickup point that is not a showroom: a field error, 422, no order, the form kept", async () => {
      const { v, lines } = await visitorWithTwo();
      const before = await orders();
      for (const point of ["99999", "0x1", "1.0"]) {
        const res = await checkout(v, point);
        expect(res.status, point).toBe(422);
        const html = await res.text();
        const error = /<p id="checkout-pickupPoint-error"[^>]*>([^<]+)<\/p>/.exec(html)?.[1];
        expect(error, point).toBe(point === "99999" ? "Такого пункта самовывоза нет: выберите пункт из списка" : "Выберите пункт самовывоза");
        expect(html).toMatch(/<select[^>]*aria-invalid="true"[^>]*name="pickupPoint"|<select[^>]*name="pickupPoint"[^>]*aria-invalid="true"/);
        expect(html).toContain('value="Анна Пикап"');
        expect(html).toContain("Позвоните за час");
      }
      expect(await orders()).toEqual(before);
      expect((await lines()).map((l) => l.qty)).toEqual([2]); // the cart is still there
    });

    it("places the order for a real showroom", async () => {
      const { v, lines } = await visitorWithTwo();
      const point = await app.vitrina.db.kysely.selectFrom("contact_points").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
      const res = await checkout(v, String(point.id));
      expect(res.status).toBe(303);
      const number = /^\/order\/([^/]+)\/$/.exec(res.headers.get("location") ?? "")?.[1];
      expect((await orders()).find((o) => o.number === number)?.pickup_point_id).toBe(point.id);
      expect(await lines()).toEqual([]);
    });
  });
});
