// News edited in the back office: add, change, delete. Every write carries the version
// the editor saw (a second save on one version is refused, nothing overwritten unseen) and writes
// its audit entry in the same transaction. The body is cleaned before it is stored (decision 061)
// and again when shown. The storefront reads news from the database on every request, so a save
// shows at once. Cover pictures are stored by the route (media-images.server.ts) before the save;
// a picture no row points to any more is removed after the transaction commits.
import type { Db } from "../../db/database.server.ts";
import type { NewsInput } from "./news-form.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { CONTENT_CONFLICT_MESSAGE, type SaveOutcome } from "./admin-content.server.ts";
import { cleanRichText } from "./rich-text.server.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";

export const NEWS_SLUG_TAKEN = "Такой адрес уже есть у другой новости: измените его.";

export interface NewsListRow {
  id: number;
  slug: string;
  title: string;
  publishedAt: number;
}

export async function listNewsForStaff(db: Db): Promise<NewsListRow[]> {
  const rows = await db.kysely
    .selectFrom("news")
    .select(["id", "slug", "title", "published_at"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), slug: r.slug, title: r.title, publishedAt: Number(r.published_at) }));
}

export interface EditableNews {
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  /** the cover's web path without width and extension; "" without a cover */
  image: string;
  imageAlt: string;
  publishedAt: number;
  version: number;
}

const NEWS_COLUMNS = ["id", "slug", "title", "summary", "body", "image", "image_alt", "published_at", "version"] as const;

export async function loadNewsItem(db: Db, id: number): Promise<EditableNews | null> {
  const r = await db.kysely.selectFrom("news").select(NEWS_COLUMNS).where("id", "=", id).executeTakeFirst();
  return r
    ? {
        id: Number(r.id),
        slug: r.slug,
        title: r.title,
        summary: r.summary,
        body: r.body,
        image: r.image,
        imageAlt: r.image_alt,
        publishedAt: Number(r.published_at),
        version: Number(r.version),
      }
    : null;
}

/** what the form saves: the fields, the cleaned body and the cover chosen ("" for none) */
export type NewsSave = NewsInput & { image: string };

export type NewsOutcome = SaveOutcome | { status: "slug-taken"; message: string };

const columnsOf = (input: NewsSave, body: string) => ({
  slug: input.slug,
  title: input.title,
  summary: input.summary,
  body,
  image: input.image,
  image_alt: input.imageAlt,
  published_at: input.date,
});

const audited = (n: { slug: string; title: string; summary: string; body: string; image: string; imageAlt: string; publishedAt: number }) => ({
  slug: n.slug,
  title: n.title,
  summary: n.summary,
  body: n.body,
  image: n.image,
  imageAlt: n.imageAlt,
  publishedAt: n.publishedAt,
});

type NewsRow = { slug: string; title: string; summary: string; body: string; image: string; image_alt: string; published_at: number | string };
const auditedRow = (r: NewsRow) => audited({ ...r, imageAlt: r.image_alt, publishedAt: Number(r.published_at) });

export async function addNews(
  db: Db,
  actor: StaffActor,
  input: NewsSave,
  now = Date.now(),
): Promise<{ status: "saved"; id: number } | { status: "slug-taken"; message: string }> {
  const body = cleanRichText(input.body);
  return db.kysely.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("news").select("id").where("slug", "=", input.slug).executeTakeFirst();
    if (taken) return { status: "slug-taken", message: NEWS_SLUG_TAKEN } as const;
    const made = await trx
      .insertInto("news")
      .values({ ...columnsOf(input, body), gallery: "[]", version: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(made.id);
    await recordAudit(
      trx,
      actor,
      { action: "news.add", entity: "news", entityId: id, before: null, after: audited({ ...input, body, publishedAt: input.date }) },
      now,
    );
    return { status: "saved", id } as const;
  });
}

/** Saves a news item; `replacedImage` is the cover it no longer uses (to remove after the commit). */
export async function saveNews(db: Db, actor: StaffActor, id: number, input: NewsSave, now = Date.now()): Promise<NewsOutcome & { replacedImage?: string }> {
  const body = cleanRichText(input.body);
  return db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("news").select(NEWS_COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!before) return { status: "not-found" } as const;
    const taken = await trx.selectFrom("news").select("id").where("slug", "=", input.slug).where("id", "!=", id).executeTakeFirst();
    if (taken) return { status: "slug-taken", message: NEWS_SLUG_TAKEN } as const;
    if (!(await updateAtVersion(trx, "news", { column: "id", id }, input.version, columnsOf(input, body))))
      return { status: "conflict", message: CONTENT_CONFLICT_MESSAGE } as const;
    await recordAudit(
      trx,
      actor,
      {
        action: "news.edit",
        entity: "news",
        entityId: id,
        before: auditedRow(before),
        after: audited({ ...input, body, publishedAt: input.date }),
      },
      now,
    );
    return { status: "saved", ...(before.image && before.image !== input.image ? { replacedImage: before.image } : {}) } as const;
  });
}

/** Deletes a news item seen at `version`; `removedImage` is its cover (to remove after the commit). */
export async function deleteNews(db: Db, actor: StaffActor, id: number, version: number, now = Date.now()): Promise<SaveOutcome & { removedImage?: string }> {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("news").select(NEWS_COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!before) return { status: "not-found" } as const;
    const res = await trx.deleteFrom("news").where("id", "=", id).where("version", "=", version).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) return { status: "conflict", message: CONTENT_CONFLICT_MESSAGE } as const;
    await recordAudit(
      trx,
      actor,
      {
        action: "news.delete",
        entity: "news",
        entityId: id,
        before: auditedRow(before),
        after: null,
      },
      now,
    );
    return { status: "saved", ...(before.image ? { removedImage: before.image } : {}) } as const;
  });
}

/** the news form's body: a 10 MB cover and up to 200 000 characters of text, with room for the rest */
export const NEWS_FORM_MAX_BYTES = 12 * 1024 * 1024;
export const NEWS_FORM_TOO_LARGE = "Файл больше 10 МБ: выберите картинку поменьше";
