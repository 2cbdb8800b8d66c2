// «Избранное»: a guest's list lives in the session data (product ids, oldest first), an account's
// in the favorites table, so it follows the customer to every device. At login the guest's list
// joins the account's (decision 065). The page's cards are the catalogue's (the route loads them
// for these ids), so the catalogue's cards can carry the heart without a cycle.
import type { Db } from "../../db/database.server.ts";
import type { SessionHandle } from "../../context.ts";

/** the session data key of a guest's list */
export const FAVORITES_KEY = "favorites";

/** a list is bounded: the page shows every product on it, and the session row stays small */
export const MAX_FAVORITES = 200;

export const FAVORITES_FULL_MESSAGE = `В избранном уже ${MAX_FAVORITES} товаров — уберите ненужные, чтобы добавить новые.`;
export const UNKNOWN_PRODUCT_MESSAGE = "Такого товара нет в каталоге.";

type Visitor = Pick<SessionHandle, "userId" | "data">;

/**
 * An account's row names a variant (docs/decisions/108-product-variants.md, 1.4); until the
 * product page offers a choice it is the model's first variant, and the list shows models.
 */
async function firstVariants(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await db.kysely
    .selectFrom("product_variants")
    .select(["product_id", "id"])
    .where("product_id", "in", productIds)
    .orderBy("published", "desc")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) if (!out.has(r.product_id)) out.set(r.product_id, r.id);
  return out;
}

/** The ids in a guest's session data: positive integers, no repeats, at most MAX_FAVORITES. */
export function guestFavoriteIds(data: Readonly<Record<string, unknown>>): number[] {
  const list = data[FAVORITES_KEY];
  if (!Array.isArray(list)) return [];
  const ids = list.filter((v): v is number => Number.isInteger(v) && v > 0);
  return [...new Set(ids)].slice(-MAX_FAVORITES);
}

/** The visitor's favourites, the most recently added first. */
export async function favoriteIds(db: Db, visitor: Visitor): Promise<number[]> {
  if (visitor.userId === null) return guestFavoriteIds(visitor.data).reverse();
  const rows = await db.kysely
    .selectFrom("favorites")
    .select("product_id")
    .where("user_id", "=", visitor.userId)
    .orderBy("created_at", "desc")
    .orderBy("product_id", "desc")
    .limit(MAX_FAVORITES)
    .execute();
  return rows.map((r) => r.product_id);
}

export type FavoriteResult = { ok: true; favorite: boolean; count: number } | { ok: false; status: 404 | 409; message: string };

/**
 * Puts a product on the visitor's list (`on` true), takes it off (false) or flips it (undefined).
 * Adding twice changes nothing; adding past the bound or an unknown product is refused.
 */
export async function setFavorite(db: Db, session: SessionHandle, productId: number, on?: boolean, now = Date.now()): Promise<FavoriteResult> {
  const current = await favoriteIds(db, session);
  const want = on ?? !current.includes(productId);
  if (want === current.includes(productId)) return { ok: true, favorite: want, count: current.length };
  if (want) {
    const exists = await db.kysely.selectFrom("products").select("id").where("id", "=", productId).where("published", "=", 1).executeTakeFirst();
    if (!exists) return { ok: false, status: 404, message: UNKNOWN_PRODUCT_MESSAGE };
    if (current.length >= MAX_FAVORITES) return { ok: false, status: 409, message: FAVORITES_FULL_MESSAGE };
  }
  if (session.userId === null) {
    const guest = guestFavoriteIds(session.data);
    await session.update({ [FAVORITES_KEY]: want ? [...guest, productId] : guest.filter((id) => id !== productId) });
  } else if (want) {
    const variantId = (await firstVariants(db, [productId])).get(productId);
    if (variantId === undefined) return { ok: false, status: 404, message: UNKNOWN_PRODUCT_MESSAGE };
    await db.kysely
      .insertInto("favorites")
      .values({ user_id: session.userId, product_id: productId, variant_id: variantId, created_at: now })
      .onConflict((oc) => oc.columns(["user_id", "variant_id"]).doNothing())
      .execute();
  } else {
    await db.kysely.deleteFrom("favorites").where("user_id", "=", session.userId).where("product_id", "=", productId).execute();
  }
  return { ok: true, favorite: want, count: current.length + (want ? 1 : -1) };
}

/** Empties the visitor's list. */
export async function clearFavorites(db: Db, session: SessionHandle): Promise<void> {
  if (session.userId !== null) await db.kysely.deleteFrom("favorites").where("user_id", "=", session.userId).execute();
  else if (session.id) await session.update({ [FAVORITES_KEY]: [] });
}

/**
 * A guest's list joins the account's at login: products already there keep their place, the
 * others follow in the guest's order while the account has room (its own list is never cut).
 */
export async function mergeGuestFavorites(db: Db, userId: number, guestData: Readonly<Record<string, unknown>>, now = Date.now()): Promise<void> {
  const guest = guestFavoriteIds(guestData);
  if (!guest.length) return;
  const have = await db.kysely.selectFrom("favorites").select("product_id").where("user_id", "=", userId).execute();
  const owned = new Set(have.map((r) => r.product_id));
  const candidates = guest.filter((id) => !owned.has(id));
  if (!candidates.length) return;
  // ids from an old session may name products that are gone since
  const variants = await firstVariants(db, candidates);
  const room = Math.max(0, MAX_FAVORITES - owned.size);
  const fresh = candidates.filter((id) => variants.has(id)).slice(0, room);
  if (!fresh.length) return;
  // the guest's order is kept: later additions get later times
  const base = now - fresh.length;
  await db.kysely
    .insertInto("favorites")
    .values(fresh.map((id, i) => ({ user_id: userId, product_id: id, variant_id: variants.get(id)!, created_at: base + i + 1 })))
    .onConflict((oc) => oc.columns(["user_id", "variant_id"]).doNothing())
    .execute();
}
