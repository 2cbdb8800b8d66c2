// Content the shop's staff edit in the back office: the warning banner, the pages and
// the showrooms. Every save carries the version the editor saw (two editors: the second save is
// refused, nothing overwritten unseen) and writes its audit entry in the same transaction.
// Page HTML is cleaned before it is stored, and again when it is shown.
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { shopToday } from "../../lib/shop-calendar.ts";
import { bannerShowsOn, type BannerInput, type PageInput, type ShowroomInput } from "./content-forms.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { cleanRichText } from "./rich-text.server.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";

export const CONTENT_CONFLICT_MESSAGE = "Пока вы редактировали, это уже сохранил кто-то другой. Обновите страницу: вы увидите его версию.";

export type SaveOutcome = { status: "saved" } | { status: "not-found" } | { status: "conflict"; message: string };

export interface Banner {
  cookieKey: string;
  text: string;
  enabled: boolean;
  startsOn: string | null;
  endsOn: string | null;
  version: number;
}

const BANNER_ID = 1;

export async function loadBanner(db: Db): Promise<Banner | null> {
  const row = await db.kysely.selectFrom("site_banner").selectAll().where("id", "=", BANNER_ID).executeTakeFirst();
  if (!row) return null;
  return {
    cookieKey: row.cookie_key,
    text: row.text,
    enabled: Number(row.enabled) === 1,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    version: Number(row.version),
  };
}

/** The banner visitors see now (switched on, today within its days), or null. */
export async function currentBanner(db: Db, now = Date.now()): Promise<{ cookieKey: string; text: string } | null> {
  const banner = await loadBanner(db);
  if (!banner || !bannerShowsOn(banner, shopToday(now))) return null;
  return { cookieKey: banner.cookieKey, text: banner.text };
}

export async function saveBanner(db: Db, actor: StaffActor, input: BannerInput, now = Date.now()): Promise<SaveOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("site_banner").selectAll().where("id", "=", BANNER_ID).executeTakeFirst();
    if (!before) return { status: "not-found" } as const;
    // a new text is new news: a fresh cookie key shows it again to those who closed the old one
    const cookieKey = before.text === input.text ? before.cookie_key : `notice-${Number(before.version) + 1}`;
    const values = {
      cookie_key: cookieKey,
      text: input.text,
      enabled: input.enabled ? 1 : 0,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      updated_at: now,
    };
    if (!(await updateAtVersion(trx, "site_banner", { column: "id", id: BANNER_ID }, input.version, values)))
      return { status: "conflict", message: CONTENT_CONFLICT_MESSAGE } as const;
    await recordAudit(
      trx,
      actor,
      {
        action: "banner.edit",
        entity: "banner",
        entityId: BANNER_ID,
        before: { text: before.text, enabled: Number(before.enabled) === 1, startsOn: before.starts_on, endsOn: before.ends_on },
        after: { text: input.text, enabled: input.enabled, startsOn: input.startsOn, endsOn: input.endsOn },
      },
      now,
    );
    return { status: "saved" } as const;
  });
}

export interface PageListItem {
  slug: string;
  title: string;
  updatedAt: number;
}

export async function listPages(db: Db): Promise<PageListItem[]> {
  const rows = await db.kysely.selectFrom("pages").select(["slug", "title", "updated_at"]).orderBy("sort").orderBy("id").execute();
  return rows.map((r) => ({ slug: r.slug, title: r.title, updatedAt: Number(r.updated_at) }));
}

export interface EditablePage {
  slug: string;
  title: string;
  summary: string;
  /** as stored, its {{shop fact}} tokens unfilled */
  body: string;
  version: number;
}

export async function loadEditablePage(db: Db, slug: string): Promise<EditablePage | null> {
  const row = await db.kysely.selectFrom("pages").select(["slug", "title", "summary", "body", "version"]).where("slug", "=", slug).executeTakeFirst();
  return row ? { ...row, version: Number(row.version) } : null;
}

export async function savePage(db: Db, actor: StaffActor, slug: string, input: PageInput, now = Date.now()): Promise<SaveOutcome> {
  const body = cleanRichText(input.body);
  return db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("pages").select(["id", "title", "summary", "body"]).where("slug", "=", slug).executeTakeFirst();
    if (!before) return { status: "not-found" } as const;
    const values = { title: input.title, summary: input.summary, body, updated_at: now };
    if (!(await updateAtVersion(trx, "pages", { column: "id", id: before.id }, input.version, values)))
      return { status: "conflict", message: CONTENT_CONFLICT_MESSAGE } as const;
    await recordAudit(
      trx,
      actor,
      {
        action: "page.edit",
        entity: "page",
        entityId: slug,
        before: { title: before.title, summary: before.summary, body: before.body },
        after: { title: input.title, summary: input.summary, body },
      },
      now,
    );
    return { status: "saved" } as const;
  });
}

export interface EditableShowroom {
  id: number;
  title: string;
  city: string;
  address: string;
  phones: string[];
  emails: string[];
  hours: string;
  kind: "showroom" | "warehouse";
  lat: number;
  lon: number;
  version: number;
}

const jsonList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

async function showroomRows(executor: Db["kysely"] | Transaction<Database>, id?: number) {
  let q = executor
    .selectFrom("contact_points")
    .select(["id", "title", "city", "address", "phones", "emails", "hours", "kind", "lat", "lon", "version"])
    .orderBy("sort")
    .orderBy("id");
  if (id !== undefined) q = q.where("id", "=", id);
  return q.execute();
}

function toShowroom(r: Awaited<ReturnType<typeof showroomRows>>[number]): EditableShowroom {
  return {
    id: Number(r.id),
    title: r.title,
    city: r.city,
    address: r.address,
    phones: jsonList(r.phones),
    emails: jsonList(r.emails),
    hours: r.hours,
    kind: r.kind === "warehouse" ? "warehouse" : "showroom",
    lat: Number(r.lat),
    lon: Number(r.lon),
    version: Number(r.version),
  };
}

export async function listShowrooms(db: Db): Promise<EditableShowroom[]> {
  return (await showroomRows(db.kysely)).map(toShowroom);
}

export async function loadShowroom(db: Db, id: number): Promise<EditableShowroom | null> {
  const [row] = await showroomRows(db.kysely, id);
  return row ? toShowroom(row) : null;
}

function showroomColumns(input: ShowroomInput) {
  return {
    title: input.title,
    city: input.city,
    address: input.address,
    phones: JSON.stringify(input.phones),
    emails: JSON.stringify(input.emails),
    hours: input.hours,
    kind: input.kind,
    lat: input.lat,
    lon: input.lon,
  };
}

const auditedShowroom = ({ version: _version, id: _id, ...rest }: EditableShowroom) => rest;

export async function saveShowroom(db: Db, actor: StaffActor, id: number, input: ShowroomInput, now = Date.now()): Promise<SaveOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const [row] = await showroomRows(trx, id);
    if (!row) return { status: "not-found" } as const;
    if (!(await updateAtVersion(trx, "contact_points", { column: "id", id }, input.version, showroomColumns(input))))
      return { status: "conflict", message: CONTENT_CONFLICT_MESSAGE } as const;
    const before = toShowroom(row);
    const { version: _v, ...after } = input;
    await recordAudit(trx, actor, { action: "showroom.edit", entity: "showroom", entityId: id, before: auditedShowroom(before), after }, now);
    return { status: "saved" } as const;
  });
}

export async function addShowroom(db: Db, actor: StaffActor, input: ShowroomInput, now = Date.now()): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("contact_points")
      .select((eb) => eb.fn.max("sort").as("sort"))
      .executeTakeFirst();
    const made = await trx
      .insertInto("contact_points")
      .values({ ...showroomColumns(input), sort: Number(last?.sort ?? 0) + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { version: _v, ...after } = input;
    await recordAudit(trx, actor, { action: "showroom.add", entity: "showroom", entityId: Number(made.id), before: null, after }, now);
    return Number(made.id);
  });
}
