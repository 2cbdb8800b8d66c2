// What the customer is shown of an order, over HTTP on both dialects: the order page (its HTML and
// the data a script asks for, `_.data`) and the profile's order history carry the order, its lines
// and the notes of its timeline, but nothing of the back office's own: the manager's note, the
// staff member who moved the status, the consent record, the version. Only the session that placed
// the order or its account may open it; anyone else gets 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutForm } from "../../support/orders.ts";
import { textOf } from "../../support/page-text.ts";
import { createAccount, signedIn, staffVisitor, type TestAccount } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { CURRENT_CONSENT_VERSION } from "../../../app/lib/consent.ts";

const MANAGER_NOTE = "Покупатель просил не звонить до обеда, скидку не обещать";
const STATUS_NOTE = "Соберём к пятнице";
/** the back office's own fields of an order, as the loader data names them */
const STAFF_KEYS = ["managerNote", "consentVersion", "consentAt", "version", "by"];

describe.each(dialects)("the customer's view of an order on %s", (dialect) => {
  let app: TestApp;
  let manager: { account: TestAccount; visitor: Visitor };
  let productId: number;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    manager = await staffVisitor(app, "manager");
    const p = await app.vitrina.db.kysely
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("stock", ">=", 5)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    productId = p.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** one piece in the visitor's cart, then the checkout form as a browser without JavaScript posts it */
  async function placeAs(v: Visitor, email: string): Promise<string> {
    const added = await v.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: productId, cnt: 1, type: "product" }),
    });
    expect(added.status).toBe(200);
    const res = await v.post(
      "/checkout/",
      checkoutForm({ name: "Вера Скрытная", phone: "+7 (916) 321-54-76", email, delivery: "courier", address: "Москва, ул. Тихая, д. 3, кв. 9" }),
    );
    expect(res.status).toBe(303);
    return /\/order\/([\d-]+)\//.exec(res.headers.get("location") ?? "")![1]!;
  }

  const versionOf = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!;

  /** the manager confirms the order with a note for the customer, then writes a note of their own */
  async function handle(number: string) {
    const page = await (await manager.visitor.get(`/admin/orders/${number}/`)).text();
    const moved = await manager.visitor.post(`/admin/orders/${number}/`, {
      intent: "status",
      version: versionOf(page),
      status: "confirmed",
      note: STATUS_NOTE,
    });
    expect(moved.status).toBe(303);
    const again = await (await manager.visitor.get(`/admin/orders/${number}/`)).text();
    const noted = await manager.visitor.post(`/admin/orders/${number}/`, { intent: "note", version: versionOf(again), managerNote: MANAGER_NOTE });
    expect(noted.status).toBe(303);
    // the back office itself shows all of it: what the customer's answers are checked against is there to leak
    const staffView = textOf(await (await manager.visitor.get(`/admin/orders/${number}/`)).text());
    expect(staffView).toContain(MANAGER_NOTE);
    expect(staffView).toContain(manager.account.email);
    expect(staffView).toContain(`версия ${CURRENT_CONSENT_VERSION}`);
    const staffData = await (await manager.visitor.get(`/admin/orders/${number}/_.data`)).text();
    expect(STAFF_KEYS.filter((k) => !staffData.includes(`"${k}"`))).toEqual([]);
  }

  /** what no answer to the customer may carry; the keys are looked for in the data a script asks for (`_.data`) */
  function expectNothingOfStaff(body: string, { data }: { data: boolean }) {
    const leaks = [MANAGER_NOTE, manager.account.email, ...(data ? STAFF_KEYS.map((k) => `"${k}"`) : [])].filter((s) => body.includes(s));
    expect(leaks).toEqual([]);
  }

  it("shows the guest's order page and its data without the manager's note, the staff e-mail or the consent record", async () => {
    const guest = new Visitor(app.url);
    const number = await placeAs(guest, "vera.guest@example.ru");
    await handle(number);

    const page = await guest.get(`/order/${number}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(STATUS_NOTE);
    expectNothingOfStaff(html, { data: false });

    const data = await guest.get(`/order/${number}/_.data`);
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain(STATUS_NOTE);
    expectNothingOfStaff(body, { data: true });

    // someone else's session: no such order, neither the page nor its data
    const stranger = new Visitor(app.url);
    expect((await stranger.get(`/order/${number}/`)).status).toBe(404);
    const strangerData = await stranger.get(`/order/${number}/_.data`);
    expect(strangerData.status).toBe(404);
    expect(await strangerData.text()).not.toContain(STATUS_NOTE);
  });

  it("shows an account's order in another of its sessions and in its profile, again without the back office's own", async () => {
    const customer = await createAccount(app, null);
    const number = await placeAs(await signedIn(app, customer), customer.email);
    await handle(number);

    const elsewhere = await signedIn(app, customer);
    const page = await elsewhere.get(`/order/${number}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(STATUS_NOTE);
    expectNothingOfStaff(html, { data: false });

    const profile = await (await elsewhere.get("/profile/")).text();
    expect(profile).toContain(number);
    expect(profile).toContain(STATUS_NOTE);
    expectNothingOfStaff(profile, { data: false });
    const profileData = await (await elsewhere.get("/profile/_.data")).text();
    expect(profileData).toContain(number);
    expectNothingOfStaff(profileData, { data: true });

    // another account does not see it
    expect((await (await staffVisitor(app, null)).visitor.get(`/order/${number}/`)).status).toBe(404);
  });
});
