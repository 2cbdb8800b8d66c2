// «Избранное» over HTTP as a browser without JavaScript sends it (form posts, 303 back), on both
// dialects: a guest's list in the session, an account's in the database, merged at login and at
// the registration confirmation; bad input is a 4xx with a Russian message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, findSession, saveSessionData } from "../../../app/features/accounts/sessions.server.ts";
import { FAVORITES_FULL_MESSAGE, MAX_FAVORITES } from "../../../app/features/favourites/favorites.server.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { confirmFromMail, login, registerVisitor, requestAccount, signedSessionCookie, uniqueEmail, Visitor } from "../../support/accounts-client.ts";

const sidOf = (cookie: string) => decodeURIComponent(cookie.replace(/^vitrina_sid=/, "")).replace(/\.[^.]*$/, "");
// React splits text nodes with comments; numbers and words are joined by no-break spaces
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/\u00a0/g, " ");

describe.each(dialects)("favourites on %s", (dialect) => {
  let app: TestApp;
  let products: { id: number; title: string; slug: string }[];
  beforeAll(async () => {
    app = await startTestApp(dialect);
    products = await app.vitrina.db.kysely.selectFrom("products").select(["id", "title", "slug"]).orderBy("id").execute();
    expect(products.length).toBeGreaterThan(MAX_FAVORITES);
  });
  afterAll(async () => {
    await app?.stop();
  });
  const db = () => app.vitrina.db;
  const visitor = () => new Visitor(app.url);
  const [a, b, c, d] = [0, 1, 2, 3];

  /** «В избранное» pressed in a browser without JavaScript on a listing page */
  const press = (v: Visitor, index: number, on: "1" | "0", back = "/catalog/divany-i-kresla/?page=2") =>
    v.post("/favorites/", { id: String(products[index]!.id), on, back });

  /** the product titles on /favorites/, in page order, and the header's count */
  async function favouritesPage(v: Visitor) {
    const res = await v.get("/favorites/");
    expect(res.status).toBe(200);
    const html = text(await res.text());
    const titles = [...html.matchAll(/<h3 class="product-card__title"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!.replace(/&quot;/g, '"'));
    const header = /aria-label="(Избранное: [^"]+)"/.exec(html)?.[1];
    return { html, titles, header };
  }

  const accountRows = async (email: string) =>
    (
      await db()
        .kysely.selectFrom("favorites")
        .innerJoin("users", "users.id", "favorites.user_id")
        .select("favorites.product_id")
        .where("users.email", "=", email)
        .orderBy("favorites.product_id")
        .execute()
    ).map((r) => r.product_id);

  it("a guest adds and removes with plain form posts that go back (303) to the page they came from", async () => {
    const v = visitor();
    const empty = await favouritesPage(v);
    expect(empty.header).toBe("Избранное: 0 товаров");
    expect(empty.html).toContain("В избранном пока ничего нет");
    expect(empty.html).toContain('href="/catalog/"');
    expect(empty.html).toMatch(/<meta name="robots" content="noindex"/);

    const added = await press(v, a, "1");
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/catalog/divany-i-kresla/?page=2");
    expect(v.cookie).not.toBe("");
    expect((await press(v, b, "1")).status).toBe(303);
    expect((await press(v, b, "1")).status).toBe(303); // twice is still once
    let page = await favouritesPage(v);
    expect(page.titles).toEqual([products[b]!.title, products[a]!.title]); // the latest first
    expect(page.header).toBe("Избранное: 2 товара");
    // each card says it is chosen, and offers the cart
    expect(page.html.match(/aria-pressed="true"[^>]*title="Убрать из избранного"/g)).toHaveLength(2);
    expect(page.html).toContain("В корзину");

    expect((await press(v, a, "0", "/favorites/")).headers.get("location")).toBe("/favorites/");
    page = await favouritesPage(v);
    expect(page.titles).toEqual([products[b]!.title]);
    expect(page.header).toBe("Избранное: 1 товар");
    expect(await db().kysely.selectFrom("favorites").select("user_id").execute()).toEqual([]); // guests use the session only
  });

  it("the heart on a product page says whether the product is chosen", async () => {
    const v = visitor();
    const pressedOn = async () =>
      /aria-pressed="(true|false)"[^>]*title="[^"]*избранно/.exec(await (await v.get(`/product/${products[c]!.slug}/`)).text())?.[1];
    expect(await pressedOn()).toBe("false");
    await press(v, c, "1", `/product/${products[c]!.slug}/`);
    expect(await pressedOn()).toBe("true");
  });

  it("refuses bad input with a 4xx and a Russian message, list unchanged", async () => {
    const v = visitor();
    await press(v, a, "1");
    for (const id of ["abc", "0", "-1", "1e3", "0x10", "", "9".repeat(30)]) {
      const res = await v.post("/favorites/", { id, on: "1", back: "/catalog/" });
      expect(res.status, id).toBe(400);
      expect(text(await res.text())).toContain("Не удалось понять, какой товар вы выбрали");
    }
    const unknown = await v.post("/favorites/", { id: "99999999", on: "1", back: "/catalog/" });
    expect(unknown.status).toBe(404);
    const unknownPage = text(await unknown.text());
    expect(unknownPage).toContain("Такого товара нет в каталоге.");
    expect(unknownPage).toMatch(/<a href="\/catalog\/"[^>]*>Вернуться назад<\/a>/); // the way back
    expect((await v.post("/favorites/", { id: String(products[b]!.id), on: "maybe" })).status).toBe(400);
    const broken = await v.request("/favorites/", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(broken.status).toBe(400);
    // another site is never where «back» leads
    expect((await v.post("/favorites/", { id: String(products[b]!.id), on: "1", back: "https://evil.example/" })).headers.get("location")).toBe("/");
    expect((await favouritesPage(v)).titles).toEqual([products[b]!.title, products[a]!.title]);
  });

  it(`keeps at most ${MAX_FAVORITES} products and says so; taking one off makes room`, async () => {
    const anon = await createSession(db());
    const full = products.slice(0, MAX_FAVORITES).map((p) => p.id);
    await saveSessionData(db(), anon.id, { favorites: full });
    const v = visitor();
    v.cookie = signedSessionCookie(anon.id);
    const refused = await press(v, MAX_FAVORITES, "1");
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain(FAVORITES_FULL_MESSAGE);
    expect((await findSession(db(), anon.id))?.data.favorites).toEqual(full);
    expect((await press(v, 0, "0")).status).toBe(303);
    expect((await press(v, MAX_FAVORITES, "1")).status).toBe(303);
    const page = await favouritesPage(v);
    expect(page.header).toBe(`Избранное: ${MAX_FAVORITES} товаров`);
    expect(page.titles).toHaveLength(MAX_FAVORITES);
  });

  it("products gone from the catalogue drop out of the page quietly", async () => {
    const anon = await createSession(db());
    await saveSessionData(db(), anon.id, { favorites: [products[a]!.id, 99999999, products[b]!.id] });
    const v = visitor();
    v.cookie = signedSessionCookie(anon.id);
    expect((await favouritesPage(v)).titles).toEqual([products[b]!.title, products[a]!.title]);
  });

  it("merges the guest's list into the account's at login, without duplicates, and keeps it for every device", async () => {
    const owner = visitor();
    const email = await registerVisitor(owner);
    await press(owner, a, "1");
    await press(owner, b, "1");
    expect(await accountRows(email)).toEqual([products[a]!.id, products[b]!.id]);
    expect((await owner.post("/logout/", {})).status).toBe(303);

    const guest = visitor();
    await press(guest, b, "1");
    await press(guest, c, "1");
    const res = await login(guest, email);
    expect(res.status).toBe(303);
    expect(await accountRows(email)).toEqual([products[a]!.id, products[b]!.id, products[c]!.id]);
    const page = await favouritesPage(guest);
    expect(page.header).toBe("Избранное: 3 товара");
    expect([...page.titles].sort()).toEqual([products[a]!.title, products[b]!.title, products[c]!.title].sort());
    // the session no longer carries the list: the account's table does
    expect((await findSession(db(), sidOf(guest.cookie)))?.data.favorites).toBeUndefined();

    // another device signs in and sees the same list; a change there is seen here
    const phone = visitor();
    expect((await login(phone, email)).status).toBe(303);
    expect((await favouritesPage(phone)).header).toBe("Избранное: 3 товара");
    await press(phone, a, "0");
    expect((await favouritesPage(guest)).titles).not.toContain(products[a]!.title);
  });

  it("moves the guest's list into the new account when the registration is confirmed", async () => {
    const v = visitor();
    await press(v, d, "1");
    const email = uniqueEmail("fav");
    expect((await requestAccount(v, email)).status).toBe(200);
    expect((await confirmFromMail(v, email)).status).toBe(303);
    expect(await accountRows(email)).toEqual([products[d]!.id]);
    expect((await favouritesPage(v)).header).toBe("Избранное: 1 товар");
  });

  it("an account at the bound is refused too", async () => {
    const v = visitor();
    const email = await registerVisitor(v);
    const user = await db().kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await db()
      .kysely.insertInto("favorites")
      .values(products.slice(0, MAX_FAVORITES).map((p, i) => ({ user_id: user.id, product_id: p.id, variant_id: p.id, created_at: 1_000 + i })))
      .execute();
    const refused = await press(v, MAX_FAVORITES, "1");
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain(FAVORITES_FULL_MESSAGE);
    expect(await accountRows(email)).toHaveLength(MAX_FAVORITES);
  });
});
