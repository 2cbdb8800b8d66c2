// Promo codes (docs/decisions/085-promo-codes.md): the shopper's code is kept in the
// session (so it survives login: the session data moves to the account's new session), checked
// against the cart whenever the cart or checkout is shown, and redeemed inside the order's own
// transaction. Use counts are raised by conditional updates (`uses < limit`), so of two last uses
// at once exactly one wins on both databases. The arithmetic lives in app/lib/promo-discount.ts.
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { shopToday } from "../../lib/shop-calendar.ts";
import { cartPromoDiscount as discountOf, normalizePromoCode, PROMO_MESSAGES, type CartPromo } from "./promo-discount.ts";
import type { PromoCodeRow, PromoInput } from "./promo-form.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import type { CartLineView } from "../cart/index.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";

/** Session key holding the code the shopper applied (upper-cased), until an order uses it. */
export const PROMO_SESSION_KEY = "promoCode";

/** OrderError's field for a refused promo code: checkout then drops the code from the session */
export const PROMO_FIELD = "promo";

export const PROMO_CONFLICT_MESSAGE = "Промокод изменили, пока вы его редактировали. Обновите страницу и внесите правки снова.";
export const PROMO_CODE_TAKEN = "Такой промокод уже есть: придумайте другой.";

type Executor = Kysely<Database> | Transaction<Database>;

const COLUMNS = [
  "id",
  "code",
  "kind",
  "amount",
  "min_sum",
  "section_ids",
  "valid_from",
  "valid_to",
  "total_limit",
  "per_customer_limit",
  "uses",
  "enabled",
  "version",
] as const;

type PromoCode = PromoCodeRow;

type Row = {
  id: number;
  code: string;
  kind: string;
  amount: number | string;
  min_sum: number | string;
  section_ids: string;
  valid_from: string | null;
  valid_to: string | null;
  total_limit: number | null;
  per_customer_limit: number | null;
  uses: number;
  enabled: number;
  version: number;
};

function parseIds(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

const fromRow = (r: Row): PromoCode => ({
  id: Number(r.id),
  code: r.code,
  kind: r.kind === "fixed" ? "fixed" : "percent",
  amount: Number(r.amount),
  minSum: Number(r.min_sum),
  sectionIds: parseIds(r.section_ids),
  validFrom: r.valid_from,
  validTo: r.valid_to,
  totalLimit: r.total_limit,
  perCustomerLimit: r.per_customer_limit,
  uses: Number(r.uses),
  enabled: Number(r.enabled) === 1,
  version: Number(r.version),
});

async function findByCode(db: Executor, code: string): Promise<PromoCode | null> {
  const row = await db.selectFrom("promo_codes").select(COLUMNS).where("code", "=", code).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Why a code cannot be used today regardless of the cart, or null when it can. */
function refusalOf(promo: PromoCode, now: number): string | null {
  const today = shopToday(now);
  if (!promo.enabled) return PROMO_MESSAGES.off;
  if (promo.validFrom && today < promo.validFrom) return PROMO_MESSAGES.notYet(promo.validFrom.split("-").reverse().join("."));
  if (promo.validTo && today > promo.validTo) return PROMO_MESSAGES.expired;
  if (promo.totalLimit !== null && promo.uses >= promo.totalLimit) return PROMO_MESSAGES.usedUp;
  return null;
}

/** The ids of these sections and of every section under them. */
async function withSubsections(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set(ids);
  if (!ids.length) return out;
  const all = await db.selectFrom("sections").select(["id", "parent_id"]).execute();
  for (let grew = true; grew;) {
    grew = false;
    for (const s of all) {
      if (s.parent_id !== null && out.has(s.parent_id) && !out.has(s.id)) {
        out.add(s.id);
        grew = true;
      }
    }
  }
  return out;
}

/** The cart lines (ids) a code covers: all of them, or those whose product lies in its sections. */
async function eligibleLineIds(db: Executor, promo: PromoCode, lines: readonly CartLineView[]): Promise<number[]> {
  if (!promo.sectionIds.length) return lines.map((l) => l.id);
  if (!lines.length) return [];
  const sections = await withSubsections(db, promo.sectionIds);
  const products = await db
    .selectFrom("products")
    .select(["id", "section_id"])
    .where(
      "id",
      "in",
      lines.map((l) => l.productId),
    )
    .execute();
  const inside = new Set(products.filter((p) => sections.has(p.section_id)).map((p) => p.id));
  return lines.filter((l) => inside.has(l.productId)).map((l) => l.id);
}

/** The code as it stands for this cart now (null when none was applied). */
export async function cartPromo(db: Db, code: string | null, lines: readonly CartLineView[], now = Date.now()): Promise<CartPromo | null> {
  if (!code) return null;
  const promo = await findByCode(db.kysely, code);
  if (!promo) return { code, error: PROMO_MESSAGES.notFound };
  const refusal = refusalOf(promo, now);
  if (refusal) return { code, error: refusal };
  return { code, rule: { kind: promo.kind, amount: promo.amount, minSum: promo.minSum }, eligible: await eligibleLineIds(db.kysely, promo, lines) };
}

/**
 * A code the shopper typed, checked before it goes into the session: the stored code, or the
 * Russian reason it cannot be used (unknown, switched off, expired, used up, not for this cart).
 */
export async function checkPromoForCart(
  db: Db,
  typed: string,
  lines: readonly CartLineView[],
  now = Date.now(),
): Promise<{ ok: true; code: string } | { ok: false; message: string }> {
  const code = normalizePromoCode(typed);
  if (!code) return { ok: false, message: PROMO_MESSAGES.empty };
  if (code.length > 40) return { ok: false, message: PROMO_MESSAGES.notFound };
  const checked = await cartPromo(db, code, lines, now);
  if (!checked) return { ok: false, message: PROMO_MESSAGES.notFound };
  if ("error" in checked) return { ok: false, message: checked.error };
  const outcome = discountOf(checked, lines);
  if (outcome && !outcome.ok) return { ok: false, message: outcome.message };
  return { ok: true, code };
}

/** Who placed an order, as the per-customer limit counts them: the account, the phone, the e-mail. */
export function customerKeys(who: { userId: number | null; phone: string; email: string }): string[] {
  const keys: string[] = [];
  if (who.userId !== null) keys.push(`u:${who.userId}`);
  const digits = who.phone.replace(/\D/g, "");
  if (digits) keys.push(`p:${digits}`);
  const email = who.email.trim().toLowerCase();
  if (email) keys.push(`e:${email}`);
  return keys;
}

/**
 * Redeems a code inside the order's transaction: checks it again against the lines being
 * ordered and counts one use, overall and per customer. Returns the discount, or the reason
 * it cannot be used now; the caller then rolls the whole order back.
 */
export async function redeemPromo(
  trx: Transaction<Database>,
  args: { code: string; lines: readonly CartLineView[]; customers: readonly string[]; now: number },
): Promise<{ ok: true; code: string; discount: number } | { ok: false; message: string }> {
  const promo = await findByCode(trx, args.code);
  if (!promo) return { ok: false, message: PROMO_MESSAGES.notFound };
  const refusal = refusalOf(promo, args.now);
  if (refusal) return { ok: false, message: refusal };
  const eligible = await eligibleLineIds(trx, promo, args.lines);
  const outcome = discountOf({ code: promo.code, rule: { kind: promo.kind, amount: promo.amount, minSum: promo.minSum }, eligible }, args.lines);
  if (!outcome?.ok) return { ok: false, message: outcome?.message ?? PROMO_MESSAGES.notFound };
  // the count decides, not what was read above: another order may have taken the last use meanwhile
  const taken = await trx
    .updateTable("promo_codes")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", promo.id)
    .where("enabled", "=", 1)
    .where((eb) => eb.or([eb("total_limit", "is", null), eb("uses", "<", eb.ref("total_limit"))]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return { ok: false, message: PROMO_MESSAGES.usedUp };
  for (const customer of args.customers) {
    await trx
      .insertInto("promo_uses")
      .values({ promo_id: promo.id, customer, uses: 0 })
      .onConflict((oc) => oc.columns(["promo_id", "customer"]).doNothing())
      .execute();
    let mine = trx
      .updateTable("promo_uses")
      .set((eb) => ({ uses: eb("uses", "+", 1) }))
      .where("promo_id", "=", promo.id)
      .where("customer", "=", customer);
    if (promo.perCustomerLimit !== null) mine = mine.where("uses", "<", promo.perCustomerLimit);
    const counted = await mine.executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) return { ok: false, message: PROMO_MESSAGES.usedByYou };
  }
  return { ok: true, code: promo.code, discount: outcome.total };
}

// ---- the back office ----

export async function listPromoCodes(db: Db): Promise<PromoCode[]> {
  const rows = await db.kysely.selectFrom("promo_codes").select(COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc").limit(500).execute();
  return rows.map(fromRow);
}

export async function loadPromoCode(db: Db, id: number): Promise<PromoCode | null> {
  const row = await db.kysely.selectFrom("promo_codes").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

const columnsOf = (input: PromoInput) => ({
  code: input.code,
  kind: input.kind,
  amount: input.amount,
  min_sum: input.minSum,
  section_ids: JSON.stringify(input.sectionIds),
  valid_from: input.validFrom,
  valid_to: input.validTo,
  total_limit: input.totalLimit,
  per_customer_limit: input.perCustomerLimit,
  enabled: input.enabled ? 1 : 0,
});

const audited = (p: Omit<PromoInput, "version">) => ({
  code: p.code,
  kind: p.kind,
  amount: p.amount,
  minSum: p.minSum,
  sectionIds: p.sectionIds,
  validFrom: p.validFrom,
  validTo: p.validTo,
  totalLimit: p.totalLimit,
  perCustomerLimit: p.perCustomerLimit,
  enabled: p.enabled,
});

export type PromoSaveOutcome =
  { status: "saved"; id: number } | { status: "not-found" } | { status: "code-taken"; message: string } | { status: "conflict"; message: string };

/** Adds a code (id null) or saves one seen at `input.version`; audited in the same transaction. */
export async function savePromoCode(db: Db, actor: StaffActor, id: number | null, input: PromoInput, now = Date.now()): Promise<PromoSaveOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    let taken = trx.selectFrom("promo_codes").select("id").where("code", "=", input.code);
    if (id !== null) taken = taken.where("id", "!=", id);
    if (await taken.executeTakeFirst()) return { status: "code-taken", message: PROMO_CODE_TAKEN } as const;
    if (id === null) {
      const made = await trx
        .insertInto("promo_codes")
        .values({ ...columnsOf(input), created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "promo.add", entity: "promo", entityId: made.id, before: null, after: audited(input) }, now);
      return { status: "saved", id: Number(made.id) } as const;
    }
    const before = await trx.selectFrom("promo_codes").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!before) return { status: "not-found" } as const;
    if (!(await updateAtVersion(trx, "promo_codes", { column: "id", id }, input.version, columnsOf(input))))
      return { status: "conflict", message: PROMO_CONFLICT_MESSAGE } as const;
    await recordAudit(trx, actor, { action: "promo.edit", entity: "promo", entityId: id, before: audited(fromRow(before)), after: audited(input) }, now);
    return { status: "saved", id } as const;
  });
}

/** The sections a code can be limited to, as «Родитель / Раздел» for the form's list. */
export async function promoSectionChoices(db: Db): Promise<{ id: number; title: string }[]> {
  const rows = await db.kysely.selectFrom("sections").select(["id", "parent_id", "title", "sort"]).orderBy("sort").orderBy("id").execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: number): string => {
    const s = byId.get(id)!;
    return s.parent_id !== null && byId.has(s.parent_id) ? `${pathOf(s.parent_id)} / ${s.title}` : s.title;
  };
  return rows.map((r) => ({ id: r.id, title: pathOf(r.id) })).sort((a, b) => a.title.localeCompare(b.title, "ru"));
}

/** The code kept in the session data, if any. */
export function sessionPromoCode(data: Readonly<Record<string, unknown>>): string | null {
  const v = data[PROMO_SESSION_KEY];
  return typeof v === "string" && v ? v : null;
}
