// The properties a section's products carry, as the back office's product form offers them and
// the section's filter editor checks them: the section's products decide, not a list of its own.
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import type { PropertyField } from "./catalog-types.ts";

type Executor = Db["kysely"] | Transaction<Database>;

/**
 * The properties a section's products carry (its own and its subsections'), each with the values
 * used anywhere in the catalogue: the form offers exactly what the storefront's filters know.
 */
export async function sectionProperties(k: Executor, sectionId: number): Promise<PropertyField[]> {
  const sections = await k.selectFrom("sections").select(["id", "parent_id"]).execute();
  const ids = [sectionId];
  for (let i = 0; i < ids.length; i++) for (const s of sections) if (s.parent_id === ids[i]) ids.push(s.id);
  const used = await k
    .selectFrom("product_values")
    .innerJoin("products", "products.id", "product_values.product_id")
    .select("product_values.property_id")
    .distinct()
    .where("products.section_id", "in", ids)
    .execute();
  if (!used.length) return [];
  const props = await k
    .selectFrom("properties")
    .selectAll()
    .where(
      "id",
      "in",
      used.map((u) => u.property_id),
    )
    .orderBy("sort")
    .execute();
  const textProps = props.filter((p) => p.kind !== "number").map((p) => p.id);
  const values = textProps.length
    ? await k
        .selectFrom("product_values")
        .select(["property_id", "value_text"])
        .distinct()
        .where("property_id", "in", textProps)
        .where("value_text", "is not", null)
        .execute()
    : [];
  return props.map((p) => ({
    code: p.code,
    title: p.title,
    kind: p.kind,
    unit: p.unit,
    options: values
      .filter((v) => v.property_id === p.id)
      .map((v) => v.value_text!)
      .sort((a, b) => a.localeCompare(b, "ru")),
  }));
}
