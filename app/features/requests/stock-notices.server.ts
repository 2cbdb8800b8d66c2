// «Сообщить о поступлении» (decision 084): a visitor leaves an e-mail on a sold-out
// product, confirms it through the e-mailed link (double opt-in), and the first time the product
// is back in stock gets one letter. Every writer that can raise stock (the product form, CSV
// import, bulk actions, an order cancelled or edited in the back office) calls
// notifyBackInStock after its transaction commits. The function looks at the state, not at the
// change: each confirmed subscription of a product in stock is claimed with a conditional update
// (confirmed → notified) before its letter goes, so two writers at once, or a second raise,
// never send a letter twice.
import crypto from "node:crypto";
import type { Db } from "../../db/database.server.ts";
import type { ConsentVersion } from "../../lib/consent.ts";
import type { Mailer, RateLimiter } from "../../lib/ports.ts";

const SUBSCRIBE_WINDOW_MS = 3_600_000;
/** letters asked for from one network address, and sent to one e-mail address, per hour */
const SUBSCRIBE_ADDRESS_LIMIT = 10;
const SUBSCRIBE_EMAIL_LIMIT = 5;

export async function hitStockNoticeLimits(limiter: RateLimiter, email: string, address: string) {
  const [a, b] = await Promise.all([
    limiter.hit(`stock-notice:email:${email}`, SUBSCRIBE_EMAIL_LIMIT, SUBSCRIBE_WINDOW_MS),
    limiter.hit(`stock-notice:address:${address}`, SUBSCRIBE_ADDRESS_LIMIT, SUBSCRIBE_WINDOW_MS),
  ]);
  return a.allowed && b.allowed ? { allowed: true as const } : { allowed: false as const, retryAfter: Math.max(a.retryAfter, b.retryAfter) };
}

const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export interface StockNoticeProduct {
  id: number;
  slug: string;
  title: string;
  /** the variant asked about (decision 108); none: the model's first */
  variantId?: number;
}

/**
 * Asks for a subscription: a new address (or one still unconfirmed, or already told once) gets a
 * fresh link by mail; an address already waiting gets nothing new. The same answer is shown either
 * way, so the form reveals nothing about who subscribed.
 */
export async function requestStockNotice(
  db: Db,
  mailer: Mailer,
  args: { product: StockNoticeProduct; email: string; consentVersion: ConsentVersion; publicUrl: string; now?: number },
): Promise<void> {
  const now = args.now ?? Date.now();
  const token = crypto.randomBytes(32).toString("base64url");
  const variantId =
    args.product.variantId ??
    (
      await db.kysely
        .selectFrom("product_variants")
        .select("id")
        .where("product_id", "=", args.product.id)
        .orderBy("published", "desc")
        .orderBy("position")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst()
    )?.id;
  if (variantId === undefined) return;
  // a subscription is per variant (docs/decisions/108-product-variants.md, section 3)
  const existing = await db.kysely
    .selectFrom("stock_subscriptions")
    .select(["id", "status"])
    .where("variant_id", "=", variantId)
    .where("email", "=", args.email)
    .executeTakeFirst();
  if (existing?.status === "confirmed") return;
  const row = { token_hash: tokenHash(token), status: "pending", consent_version: args.consentVersion, created_at: now, confirmed_at: null, notified_at: null };
  if (existing) await db.kysely.updateTable("stock_subscriptions").set(row).where("id", "=", existing.id).execute();
  else
    await db.kysely
      .insertInto("stock_subscriptions")
      .values({
        ...row,
        product_id: args.product.id,
        variant_id: variantId,
        email: args.email,
      })
      // two requests at once for one address: the other one's link is as good
      .onConflict((oc) => oc.columns(["variant_id", "email"]).doNothing())
      .execute();
  await mailer.send({
    to: args.email,
    subject: `Подтвердите подписку на «${args.product.title}»`,
    text:
      `Здравствуйте!\n\n` +
      `Вы попросили сообщить, когда «${args.product.title}» снова появится в «Витрине». ` +
      `Чтобы подписаться, откройте ссылку:\n${args.publicUrl}/stock-notice/confirm/${token}/\n\n` +
      `Если вы не подписывались, просто удалите это письмо: без подтверждения мы ничего не пришлём.\n\n` +
      `Отписаться: ${args.publicUrl}/stock-notice/unsubscribe/${token}/`,
  });
}

export interface StockNoticeView {
  email: string;
  status: string;
  product: StockNoticeProduct;
}

/** The subscription a link's token belongs to, or null. */
export async function findStockNotice(db: Db, token: string): Promise<StockNoticeView | null> {
  const row = await db.kysely
    .selectFrom("stock_subscriptions")
    .innerJoin("products", "products.id", "stock_subscriptions.product_id")
    .select(["stock_subscriptions.email", "stock_subscriptions.status", "products.id", "products.slug", "products.title"])
    .where("stock_subscriptions.token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  return row ? { email: row.email, status: row.status, product: { id: row.id, slug: row.slug, title: row.title } } : null;
}

/** Confirms a pending subscription (a confirmed one stays as it is); null when the link is unknown. */
export async function confirmStockNotice(db: Db, token: string, now = Date.now()): Promise<StockNoticeView | null> {
  await db.kysely
    .updateTable("stock_subscriptions")
    .set({ status: "confirmed", confirmed_at: now })
    .where("token_hash", "=", tokenHash(token))
    .where("status", "=", "pending")
    .execute();
  return findStockNotice(db, token);
}

/** Deletes the subscription of a link; false when there is none (already unsubscribed). */
export async function cancelStockNotice(db: Db, token: string): Promise<boolean> {
  const res = await db.kysely.deleteFrom("stock_subscriptions").where("token_hash", "=", tokenHash(token)).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Sends one letter to each confirmed subscriber of a published product that is in stock now
 * (only of `productIds` when given) and marks the subscription notified. Returns how many went.
 * A letter that fails to go leaves its subscription confirmed, to be tried at the next raise.
 */
export async function notifyBackInStock(db: Db, mailer: Mailer, publicUrl: string, productIds?: readonly number[]): Promise<number> {
  if (productIds && productIds.length === 0) return 0;
  let query = db.kysely
    .selectFrom("stock_subscriptions")
    .innerJoin("products", "products.id", "stock_subscriptions.product_id")
    .select(["stock_subscriptions.id", "stock_subscriptions.email", "products.slug", "products.title"])
    .where("stock_subscriptions.status", "=", "confirmed")
    .where("products.stock", ">", 0)
    .where("products.published", "=", 1);
  if (productIds) query = query.where("stock_subscriptions.product_id", "in", [...new Set(productIds)]);
  const waiting = await query.orderBy("stock_subscriptions.id").execute();
  let sent = 0;
  for (const sub of waiting) {
    const claimed = await db.kysely
      .updateTable("stock_subscriptions")
      .set({ status: "notified", notified_at: Date.now() })
      .where("id", "=", sub.id)
      .where("status", "=", "confirmed")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await mailer.send({
        to: sub.email,
        subject: `«${sub.title}» снова в наличии`,
        text:
          `Здравствуйте!\n\n` +
          `«${sub.title}», о котором вы просили сообщить, снова в наличии в «Витрине»:\n${publicUrl}/product/${sub.slug}/\n\n` +
          `Это единственное письмо по этой подписке: больше о «${sub.title}» мы не напишем.`,
      });
      sent++;
    } catch (error) {
      await db.kysely.updateTable("stock_subscriptions").set({ status: "confirmed", notified_at: null }).where("id", "=", sub.id).execute();
      throw error;
    }
  }
  return sent;
}
