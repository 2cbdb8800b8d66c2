// Cart lines name the variant (docs/decisions/108-product-variants.md, 1.4 and section 3): two
// fabrics of one sofa are two lines; without a variant a model with one published variant means
// that one, a model with several is refused; another model's variant is not in the catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { CartError, changeCart, loadCart } from "../../../app/features/cart/cart.server.ts";
import { dialects, openTestDb } from "../../support/test-app.ts";
import { insertModel } from "../../support/variants.ts";

const NOW = 1_764_000_000_000;

describe.each(dialects)("cart lines by variant on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let sofa: number;
  let green: number;
  let grey: number;
  let table: number;
  let tableOnly: number;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    const k = db.kysely;
    await k.insertInto("sections").values({ id: 1, slug: "mebel", title: "Мебель", description: "", sort: 0 }).execute();
    const product = (slug: string, title: string) => insertModel(k, { section_id: 1, slug, title, created_at: NOW });
    const variant = async (productId: number, price: number, stock: number, position: number, published = 1) =>
      (
        await k
          .insertInto("product_variants")
          .values({ product_id: productId, price, old_price: null, stock, weight: 40_000, position, published, created_at: NOW, updated_at: NOW })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    sofa = await product("divan-greta", "Диван Грета, велюр");
    green = await variant(sofa, 5_000_000, 3, 0);
    grey = await variant(sofa, 5_200_000, 1, 1);
    table = await product("stol-oslo", "Стол Осло");
    tableOnly = await variant(table, 2_000_000, 4, 0);
    // a variant taken off sale does not count as a choice
    await variant(table, 2_100_000, 4, 1, 0);
  });
  afterAll(async () => {
    await drop?.();
  });

  const refusal = async (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => (e instanceof CartError ? { status: e.status, message: e.message } : e),
    );

  it("keeps two variants of one model as two lines, each priced and stocked as its variant", async () => {
    const owner = `s:variants-${dialect}-1`;
    await changeCart(db, owner, { productId: sofa, variantId: green, type: "product", cnt: 2 });
    const grey2 = await changeCart(db, owner, { productId: sofa, variantId: grey, type: "product", cnt: 2 });
    expect(grey2.notice).toBe("Доступно только 1 шт., столько и положили в корзину.");
    const { lines } = await loadCart(db, owner);
    expect(lines.map((l) => [l.productId, l.variantId, l.qty, l.price, l.inStock])).toEqual([
      [sofa, green, 2, 5_000_000, 3],
      [sofa, grey, 1, 5_200_000, 1],
    ]);
  });

  it("takes the only published variant when none is named, and refuses a model with several", async () => {
    const owner = `s:variants-${dialect}-2`;
    await changeCart(db, owner, { productId: table, type: "product", cnt: 1 });
    expect((await loadCart(db, owner)).lines.map((l) => l.variantId)).toEqual([tableOnly]);
    expect(await refusal(changeCart(db, owner, { productId: sofa, type: "product", cnt: 1 }))).toEqual({
      status: 422,
      message: "Выберите вариант: цвет, размер или другое — и добавьте снова.",
    });
  });

  it("refuses a variant of another model as not in the catalogue", async () => {
    const owner = `s:variants-${dialect}-3`;
    expect(await refusal(changeCart(db, owner, { productId: table, variantId: green, type: "product", cnt: 1 }))).toMatchObject({ status: 404 });
    expect((await loadCart(db, owner)).lines).toEqual([]);
  });
});
