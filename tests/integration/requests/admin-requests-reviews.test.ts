// Back office requests and reviews at the domain level, on both dialects: status changes with
// their audit rows, a stale save refused, the reviews' moderation keeping the product's rating
// and rating_count equal to its approved reviews.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { countNewRequests, getRequest, listRequests, parseRequestFilter, updateRequest } from "../../../app/features/requests/admin-requests.server.ts";
import { countWaitingReviews, listModeration, moderateReview } from "../../../app/features/reviews/admin-reviews.server.ts";
import { CURRENT_CONSENT_VERSION, CURRENT_REVIEW_CONSENT } from "../../../app/lib/consent.ts";

describe.each(dialects)("back office requests and reviews (domain) on %s", (dialect) => {
  let app: TestApp;
  let manager: { id: number; email: string };
  let customerId: number;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const k = app.vitrina.db.kysely;
    const now = Date.now();
    const user = (email: string, role: string | null) =>
      k
        .insertInto("users")
        .values({ email, name: "", phone: "", password_hash: "x", saved_data: "{}", created_at: now, updated_at: now, password_changed_at: now, role })
        .returning("id")
        .executeTakeFirstOrThrow();
    manager = { id: Number((await user("manager@vitrina.test", "manager")).id), email: "manager@vitrina.test" };
    customerId = Number((await user("customer@vitrina.test", null)).id);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const submission = async (over: Record<string, string | number> = {}) => {
    const row = await app.vitrina.db.kysely
      .insertInto("form_submissions")
      .values({
        form: "callback",
        name: "Анна Петрова",
        phone: "+7 (916) 123-45-67",
        email: "",
        message: "",
        fields: JSON.stringify({ time: "12-14" }),
        attachments: "[]",
        consent_version: CURRENT_CONSENT_VERSION,
        consent_at: Date.now(),
        client_address: "203.0.113.7",
        user_agent: "vitest",
        session_id: null,
        mailed_at: null,
        created_at: Date.now(),
        ...over,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  it("takes a request in work and closes it, each save with one audit row, a stale one refused", async () => {
    const id = await submission();
    const newBefore = await countNewRequests(app.vitrina.db);
    const detail = (await getRequest(app.vitrina.db, id))!;
    expect(detail).toMatchObject({ status: "new", assigneeId: null, note: "", version: 1, fields: { time: "12-14" } });
    expect(detail.consent).toMatchObject({ version: CURRENT_CONSENT_VERSION, address: "203.0.113.7" });
    expect(detail.consent.text).toContain("согласие");

    const taken = await updateRequest(app.vitrina.db, manager, id, {
      status: "in_progress",
      assignee: String(manager.id),
      note: "Перезвонить после 14",
      version: "1",
    });
    expect(taken).toEqual({ status: "saved", version: 2 });
    expect(await countNewRequests(app.vitrina.db)).toBe(newBefore - 1);
    // the same form sent again from a page opened before that save
    expect(await updateRequest(app.vitrina.db, manager, id, { status: "closed", assignee: "", note: "", version: "1" })).toMatchObject({ status: "stale" });
    expect(
      await updateRequest(app.vitrina.db, manager, id, { status: "closed", assignee: String(manager.id), note: "Перезвонить после 14", version: "2" }),
    ).toEqual({
      status: "saved",
      version: 3,
    });
    expect(await getRequest(app.vitrina.db, id)).toMatchObject({ status: "closed", assigneeId: manager.id, note: "Перезвонить после 14" });

    const { entries } = await listAudit(app.vitrina.db, { entity: "request", entityId: String(id) });
    expect(entries.map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
      ["request.update", manager.email, { status: "in_progress" }, { status: "closed" }],
      [
        "request.update",
        manager.email,
        { status: "new", assigneeId: null, note: "" },
        { status: "in_progress", assigneeId: manager.id, note: "Перезвонить после 14" },
      ],
    ]);
  });

  it("refuses a bad status, a customer as assignee and an unknown request, and changes nothing", async () => {
    const id = await submission();
    expect(await updateRequest(app.vitrina.db, manager, id, { status: "done", assignee: String(customerId), note: "", version: "1" })).toEqual({
      status: "invalid",
      errors: { status: "Выберите статус заявки", assignee: "Такого сотрудника нет или ему недоступны заявки" },
    });
    expect(await updateRequest(app.vitrina.db, manager, 99_999_999, { status: "closed", assignee: "", note: "", version: "1" })).toEqual({
      status: "not-found",
    });
    expect(await getRequest(app.vitrina.db, id)).toMatchObject({ status: "new", version: 1 });
    expect((await listAudit(app.vitrina.db, { entity: "request", entityId: String(id) })).total).toBe(0);
  });

  it("filters by status, type and assignee and finds by name, e-mail or phone in any format", async () => {
    const feedback = await submission({ form: "feedback", name: "Борис Ковалёв", phone: "", email: "boris@example.ru", message: "Где мой заказ?" });
    const other = await submission({ name: "Вера", phone: "+7 (903) 555-12-34" });
    const ids = async (query: string) => (await listRequests(app.vitrina.db, parseRequestFilter(new URLSearchParams(query)))).items.map((r) => r.id);
    expect(await ids("q=8 903 555 12 34")).toEqual([other]);
    expect(await ids("q=борис")).toEqual([feedback]);
    expect(await ids("q=BORIS@example")).toEqual([feedback]);
    expect(await ids("type=feedback")).toContain(feedback);
    expect(await ids("type=feedback")).not.toContain(other);
    expect(await ids("status=closed")).not.toContain(other);
    expect(await ids("assignee=none&status=new")).toEqual(expect.arrayContaining([feedback, other]));
    expect(await ids(`assignee=${manager.id}`)).not.toContain(other);
  });

  describe("reviews", () => {
    let productId: number;
    const product = () => app.vitrina.db.kysely.selectFrom("products").select(["rating", "rating_count"]).where("id", "=", productId).executeTakeFirstOrThrow();
    const approved = () => app.vitrina.db.kysely.selectFrom("reviews").select("rating").where("product_id", "=", productId).where("approved", "=", 1).execute();
    const review = async (rating: number, name: string) => {
      const now = Date.now();
      const row = await app.vitrina.db.kysely
        .insertInto("reviews")
        .values({
          product_id: productId,
          rating,
          text: "Хороший диван, мягкий.",
          name,
          consent_version: CURRENT_REVIEW_CONSENT,
          consent_at: now,
          approved: 0,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    beforeAll(async () => {
      const p = await app.vitrina.db.kysely
        .selectFrom("products")
        .select("id")
        .where("kind", "=", "product")
        .where("rating_count", ">", 2)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      productId = Number(p.id);
    });

    it("the seeded aggregate is the approved reviews' average and count", async () => {
      const rows = await approved();
      const p = await product();
      expect(Number(p.rating_count)).toBe(rows.length);
      expect(Number(p.rating)).toBe(Math.round((rows.reduce((a, r) => a + Number(r.rating), 0) / rows.length) * 10) / 10);
    });

    it("publishing folds the stars in at once, hiding takes them out again, each audited", async () => {
      const before = await product();
      const rows = await approved();
      const sum = rows.reduce((a, r) => a + Number(r.rating), 0);
      const id = await review(1, "Олег");
      const waiting = await countWaitingReviews(app.vitrina.db);
      expect((await listModeration(app.vitrina.db, { state: "waiting", page: 1 })).items[0]).toMatchObject({
        id,
        state: "waiting",
        product: { id: productId },
      });

      const published = await moderateReview(app.vitrina.db, manager, id, "publish");
      const expected = Math.round(((sum + 1) / (rows.length + 1)) * 10) / 10;
      expect(published).toEqual({ status: "done", state: "published", product: { rating: expected, ratingCount: rows.length + 1 } });
      expect(await product()).toMatchObject({ rating: expected, rating_count: rows.length + 1 });
      expect(await countWaitingReviews(app.vitrina.db)).toBe(waiting - 1);
      expect(await moderateReview(app.vitrina.db, manager, id, "publish")).toMatchObject({ status: "conflict", message: "Этот отзыв уже опубликован" });

      expect(await moderateReview(app.vitrina.db, manager, id, "hide")).toMatchObject({ status: "done", state: "hidden" });
      const after = await product();
      expect([Number(after.rating), Number(after.rating_count)]).toEqual([Number(before.rating), Number(before.rating_count)]);
      expect((await listModeration(app.vitrina.db, { state: "hidden", page: 1 })).items.map((r) => r.id)).toContain(id);

      const { entries } = await listAudit(app.vitrina.db, { entity: "review", entityId: String(id) });
      expect(entries.map((e) => e.action)).toEqual(["review.hide", "review.publish"]);
      expect(entries[1]!.after).toMatchObject({ state: "published", productRating: expected, productRatingCount: rows.length + 1 });
    });

    it("rejecting needs a reason, keeps it, and leaves the rating alone", async () => {
      const before = await product();
      const id = await review(5, "Спамер");
      expect(await moderateReview(app.vitrina.db, manager, id, "reject", "   ")).toEqual({ status: "invalid", message: "Укажите причину отклонения" });
      expect(await moderateReview(app.vitrina.db, manager, id, "hide")).toMatchObject({ status: "conflict" });
      expect(await moderateReview(app.vitrina.db, manager, id, "reject", "Реклама чужого магазина")).toMatchObject({ status: "done", state: "rejected" });
      expect(await product()).toEqual(before);
      const rejected = (await listModeration(app.vitrina.db, { state: "rejected", page: 1 })).items.find((r) => r.id === id);
      expect(rejected).toMatchObject({ rejectedReason: "Реклама чужого магазина" });
      expect(await moderateReview(app.vitrina.db, manager, 99_999_999, "publish")).toEqual({ status: "not-found" });
      const { entries } = await listAudit(app.vitrina.db, { entity: "review", entityId: String(id) });
      expect(entries.map((e) => [e.action, e.after])).toEqual([
        ["review.reject", expect.objectContaining({ state: "rejected", reason: "Реклама чужого магазина" })],
      ]);
    });
  });
});
