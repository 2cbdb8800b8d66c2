// The lifting tariffs of delivery to a floor, set by staff at /admin/content/ and read by the
// checkout, the order pages and the /delivery/ calculator, which all price through
// app/features/delivery/delivery-pricing.ts with them.
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { DELIVERY_PRICING, type LiftTariffs } from "./delivery-pricing.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";

const ROW = 1;

export async function loadLiftTariffs(executor: Kysely<Database> | Transaction<Database>): Promise<LiftTariffs & { version: number }> {
  const row = await executor.selectFrom("lift_tariffs").selectAll().where("id", "=", ROW).executeTakeFirst();
  // a database from before migration 019 prices as the shop always did
  if (!row) return { ...DELIVERY_PRICING, version: 0 };
  return {
    stairsPerFloorPer50kg: Number(row.stairs_per_floor_per_50kg),
    passengerLiftPer50kg: Number(row.passenger_lift_per_50kg),
    freightLiftPer100kg: Number(row.freight_lift_per_100kg),
    version: Number(row.version),
  };
}

/** Saves new tariffs if nobody saved since `version`; false when someone did. */
export async function saveLiftTariffs(db: Db, actor: StaffActor, tariffs: LiftTariffs, version: number, now = Date.now()): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await loadLiftTariffs(trx);
    const saved = await updateAtVersion(trx, "lift_tariffs", { column: "id", id: ROW }, version, {
      stairs_per_floor_per_50kg: tariffs.stairsPerFloorPer50kg,
      passenger_lift_per_50kg: tariffs.passengerLiftPer50kg,
      freight_lift_per_100kg: tariffs.freightLiftPer100kg,
      updated_at: now,
    });
    if (!saved) return false;
    const { version: _v, ...was } = before;
    await recordAudit(trx, actor, { action: "tariffs.edit", entity: "tariffs", entityId: ROW, before: was, after: tariffs }, now);
    return true;
  });
}
