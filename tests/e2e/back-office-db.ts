// The browser tests' own door into their server's database (this worker's: tests/e2e/e2e-server-data.ts):
// make a staff account as `npm run staff -- add` would (or by that very command), and read what a
// product's approved reviews add up to.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { openDatabase } from "../../app/db/database.server.ts";
import { addStaff, CLI_ACTOR } from "../../app/features/staff/staff.server.ts";
import type { StaffRole } from "../../app/features/staff/staff-roles.ts";
import { CURRENT_REVIEW_CONSENT } from "../../app/lib/consent.ts";
import { E2E_DB } from "./e2e-server-data.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const E2E_STAFF_PASSWORD = "стол и шкаф 2026";

let seq = 0;

/** A new staff account of `role`; returns its e-mail (password E2E_STAFF_PASSWORD). */
export async function createStaff(role: StaffRole): Promise<string> {
  const email = `${role}.${process.pid}.${Date.now()}.${++seq}@example.ru`;
  const db = openDatabase(E2E_DB);
  try {
    const made = await addStaff(db, CLI_ACTOR, { email, role, name: `Менеджер ${seq}`, password: E2E_STAFF_PASSWORD });
    if (!made.ok) throw new Error(`could not create ${email}: ${made.reason}`);
  } finally {
    await db.close();
  }
  return email;
}

/**
 * A staff account made by `npm run staff -- add` itself (scripts/staff.ts), the way a shop's first
 * owner is made before anyone can sign in to add the others: an owner «Ольга» unless told otherwise.
 */
export function cliAddStaff(
  email: string,
  { role = "owner", name = "Ольга", password = E2E_STAFF_PASSWORD }: { role?: StaffRole; name?: string; password?: string } = {},
) {
  execFileSync(process.execPath, [path.join(root, "scripts/staff.ts"), "add", email, "--role", role, "--name", name], {
    env: { ...process.env, DATABASE_URL: E2E_DB, STAFF_PASSWORD: password },
    cwd: root,
  });
}

/** The product's approved reviews as the storefront counts them: how many and their average to one decimal. */
export async function approvedRating(slug: string): Promise<{ count: number; rating: number }> {
  const db = openDatabase(E2E_DB);
  try {
    const rows = await db.kysely
      .selectFrom("reviews")
      .innerJoin("products", "products.id", "reviews.product_id")
      .select("reviews.rating")
      .where("products.slug", "=", slug)
      .where("reviews.approved", "=", 1)
      .execute();
    const sum = rows.reduce((a, r) => a + Number(r.rating), 0);
    return { count: rows.length, rating: rows.length ? Math.round((sum / rows.length) * 10) / 10 : 0 };
  } finally {
    await db.close();
  }
}

/** A review waiting for moderation on the first product, as the product page's form stores one. */
export async function createWaitingReview(name: string): Promise<void> {
  const db = openDatabase(E2E_DB);
  try {
    const now = Date.now();
    await db.kysely
      .insertInto("reviews")
      .values({
        product_id: 1,
        rating: 2,
        text: "Обивка начала скатываться через месяц.",
        name,
        consent_version: CURRENT_REVIEW_CONSENT,
        consent_at: now,
        approved: 0,
        created_at: now,
      })
      .execute();
  } finally {
    await db.close();
  }
}

/** When the session behind a `vitrina_sid` cookie value (`<id>.<mac>`) expires (epoch ms), or null when it has no row. */
export async function sessionExpiry(cookieValue: string): Promise<number | null> {
  const id = decodeURIComponent(cookieValue).replace(/\.[^.]*$/, "");
  const db = openDatabase(E2E_DB);
  try {
    const row = await db.kysely.selectFrom("sessions").select("expires_at").where("id", "=", id).executeTakeFirst();
    return row ? Number(row.expires_at) : null;
  } finally {
    await db.close();
  }
}

/**
 * A new product in stock without a weight, as 1C sends one without <Вес> (a copy of the first
 * product on sale under its own address and title), so other tests' products keep their weights.
 */
export async function createWeightlessProduct(title: string): Promise<{ id: number; slug: string; title: string }> {
  const db = openDatabase(E2E_DB);
  try {
    const { id: _id, ...source } = await db.kysely
      .selectFrom("products")
      .selectAll()
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("stock", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const slug = `bez-vesa-${process.pid}-${Date.now()}-${++seq}`;
    const row = await db.kysely
      .insertInto("products")
      .values({ ...source, slug, title, weight: 0, stock: 50, external_id: null, article: "" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // what is sold is its one variant (docs/decisions/108-product-variants.md)
    await db.kysely
      .insertInto("product_variants")
      .values({
        product_id: row.id,
        price: source.price,
        old_price: source.old_price,
        stock: 50,
        weight: 0,
        created_at: source.created_at,
        updated_at: source.created_at,
      })
      .execute();
    return { id: row.id, slug, title };
  } finally {
    await db.close();
  }
}
