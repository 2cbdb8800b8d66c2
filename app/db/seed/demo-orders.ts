// Demo order history for the back office (`npm run seed -- --orders 100000`): orders over the past
// year in every status and delivery type, with lines of real catalogue products. They are history,
// so they take no stock. Not part of the default seed, which stays quick.
import type { Insertable } from "kysely";
import type { Db } from "../database.server.ts";
import type { OrderTable } from "../schema.ts";
import { searchableName } from "../../features/orders/index.ts";
import { DELIVERY_PRICING, quoteDelivery, type DeliveryType, type LiftType } from "../../features/delivery/index.ts";
import { formatPhoneDigits } from "../../lib/phone.ts";
import { createRandom } from "./random.ts";

const FIRST = ["Анна", "Мария", "Елена", "Ольга", "Наталья", "Иван", "Алексей", "Сергей", "Дмитрий", "Андрей", "Фёдор", "Юлия", "Татьяна", "Павел"];
const LAST = ["Иванова", "Смирнова", "Кузнецова", "Попова", "Соколова", "Лебедева", "Козлова", "Новикова", "Морозова", "Петрова", "Ёлкина", "Волкова"];
const STREETS = ["ул. Тверская", "Ленинский пр-т", "ул. Арбат", "Профсоюзная ул.", "ул. Гарибальди", "Кутузовский пр-т"];
/** most orders are long done; the newest still move through the workflow */
const OLD_STATUSES = ["done", "done", "done", "done", "done", "done", "cancelled"] as const;
const RECENT_STATUSES = ["new", "confirmed", "assembled", "shipped", "preorder", "done", "cancelled"] as const;
const BATCH = 400;

export async function seedDemoOrders(db: Db, options: { count: number; seed?: number; now?: number; log?: (msg: string) => void }): Promise<number> {
  const rng = createRandom(options.seed ?? 13);
  const now = options.now ?? Date.now();
  const products = await db.kysely
    .selectFrom("products")
    .select(["id", "kind", "slug", "title", "price", "weight"])
    .where("kind", "=", "product")
    .limit(2000)
    .execute();
  if (!products.length) throw new Error("no products to order: seed the catalogue first");
  const taken = new Set((await db.kysely.selectFrom("orders").select("number").execute()).map((r) => r.number));
  let made = 0;
  while (made < options.count) {
    const size = Math.min(BATCH, options.count - made);
    const orders: Insertable<OrderTable>[] = [];
    const linesOf: { product_id: number; kind: string; title: string; slug: string; items: string; qty: number; price: number; weight: number }[][] = [];
    for (let i = 0; i < size; i++) {
      const createdAt = now - Math.floor(rng.next() * 365 * 86_400_000);
      const recent = now - createdAt < 14 * 86_400_000;
      const status = rng.pick(recent ? RECENT_STATUSES : OLD_STATUSES);
      const lines = Array.from({ length: rng.int(1, 3) }, () => {
        const p = rng.pick(products);
        return { product_id: p.id, kind: p.kind, title: p.title, slug: p.slug, items: "[]", qty: rng.int(1, 2), price: Number(p.price), weight: p.weight };
      });
      const itemsTotal = lines.reduce((s, l) => s + l.price * l.qty, 0);
      const weight = lines.reduce((s, l) => s + l.weight * l.qty, 0);
      const type = rng.weighted<DeliveryType>(["courier", "floor", "pickup"], (t) => (t === "pickup" ? 1 : 2));
      const floor = type === "floor" ? rng.int(1, 20) : null;
      const lift: LiftType | null = type === "floor" ? rng.pick(["none", "passenger", "freight"] as const) : null;
      const quote = quoteDelivery({ type, itemsTotal, weightGrams: weight, floor: floor ?? undefined, lift: lift ?? undefined, tariffs: DELIVERY_PRICING });
      let number: string;
      do number = `${new Date(createdAt).getUTCFullYear() % 100}-${rng.int(100000, 999999)}`;
      while (taken.has(number));
      taken.add(number);
      const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
      orders.push({
        number,
        owner: `s:demo-${number}`,
        user_id: null,
        idempotency_key: `demo-order-${number}`,
        status,
        name,
        search_name: searchableName(name),
        phone: formatPhoneDigits(`9${String(rng.int(0, 999_999_999)).padStart(9, "0")}`),
        email: rng.chance(0.7) ? `client${rng.int(1, 50_000)}@example.ru` : "",
        delivery_type: type,
        pickup_point_id: null,
        address: type === "pickup" ? "" : `Москва, ${rng.pick(STREETS)}, д. ${rng.int(1, 120)}, кв. ${rng.int(1, 300)}`,
        floor,
        lift,
        delivery_date: "",
        delivery_time: "",
        comment: "",
        items_total: itemsTotal,
        discount: 0,
        delivery_cost: quote.delivery,
        lifting_cost: quote.lifting,
        total: itemsTotal + quote.total,
        weight,
        consent_version: "2026-10-01",
        consent_at: createdAt,
        created_at: createdAt,
      });
      linesOf.push(lines);
    }
    await db.kysely.transaction().execute(async (trx) => {
      const ids = await trx.insertInto("orders").values(orders).returning(["id", "number"]).execute();
      const idOf = new Map(ids.map((r) => [r.number, r.id]));
      const lines = orders.flatMap((o, i) => linesOf[i]!.map((l) => ({ ...l, order_id: idOf.get(o.number)! })));
      for (let j = 0; j < lines.length; j += BATCH)
        await trx
          .insertInto("order_lines")
          .values(lines.slice(j, j + BATCH))
          .execute();
      await trx
        .insertInto("order_status_history")
        .values(orders.map((o) => ({ order_id: idOf.get(o.number)!, status: o.status ?? "new", note: "", created_at: o.created_at })))
        .execute();
    });
    made += size;
    if (made % 20_000 === 0) options.log?.(`orders: ${made}`);
  }
  return made;
}
