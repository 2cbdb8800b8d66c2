// The live storefront at 375 and 1280 px: a product staff hid answers «Страница не найдена»
// (404) to a visitor at once, and a cart line whose price staff changed says «Цена изменилась» with
// the old and new price, the total at the new one, and only on that visit. The changes are made as
// the back office makes them (domain functions on the e2e server's database, then catalogChanged).
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "../../app/db/database.server.ts";
import { catalogChanged } from "../../app/features/catalog/catalog-changes.server.ts";
import { setProductPublished } from "../../app/features/product/product-publishing.server.ts";
import { CLI_ACTOR } from "../../app/features/staff/staff.server.ts";
import { formatPrice } from "../../app/lib/format.ts";
import { expectNoSeriousA11yViolations, hydrated } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";
import { setVariantPrice } from "../support/variants.ts";

interface Product {
  id: number;
  slug: string;
  title: string;
  price: number;
}

/** The n-th plain product in stock that is no set's item, so hiding it or pricing it touches nothing else. */
async function product(n: number): Promise<Product> {
  const db = openDatabase(E2E_DB);
  try {
    const row = await db.kysely
      .selectFrom("products")
      .select(["id", "slug", "title", "price"])
      .where("kind", "=", "product")
      .where("stock", ">=", 5)
      .where("published", "=", 1)
      .where("id", "not in", db.kysely.selectFrom("set_items").select("item_id"))
      .orderBy("id", "desc")
      .offset(n)
      .limit(1)
      .executeTakeFirstOrThrow();
    return { ...row, price: Number(row.price) };
  } finally {
    await db.close();
  }
}

async function withCatalogue(change: (db: ReturnType<typeof openDatabase>) => Promise<void>) {
  const db = openDatabase(E2E_DB);
  try {
    await change(db);
  } finally {
    await db.close();
  }
}

const setPrice = (p: Product, price: number) =>
  withCatalogue(async (db) => {
    await setVariantPrice(db.kysely, p.id, price);
    await catalogChanged(db, [p.id]);
  });

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const [i, viewport] of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
].entries()) {
  test.describe(`live storefront at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a product staff hid answers «Страница не найдена» to a visitor", async ({ page }) => {
      const p = await product(i);
      await page.goto(`/product/${p.slug}/`);
      await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();

      await withCatalogue((db) => setProductPublished(db, CLI_ACTOR, p.id, false));
      try {
        const res = await page.goto(`/product/${p.slug}/`);
        expect(res?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Страница не найдена" })).toBeVisible();
        await expect(page.getByText(p.title)).toHaveCount(0);
        expect(await noSidewaysScroll(page)).toBe(true);
        await expectNoSeriousA11yViolations(page);
      } finally {
        await withCatalogue((db) => setProductPublished(db, CLI_ACTOR, p.id, true));
      }
    });

    test("a cart line whose price changed says «Цена изменилась», totals at the new price, once", async ({ page }) => {
      const p = await product(2 + i);
      await page.goto(`/product/${p.slug}/`);
      await hydrated(page);
      await page.getByRole("button", { name: "В корзину" }).first().click();
      await expect(page.getByRole("link", { name: /^Корзина .+, 1 товар/ })).toBeVisible();

      const newPrice = p.price + 150_000;
      await setPrice(p, newPrice);
      try {
        await page.goto("/cart/");
        const line = page.locator(".cart-line").filter({ has: page.getByRole("link", { name: p.title, exact: true }) });
        await expect(line.getByText(`Цена изменилась: было ${formatPrice(p.price)}, стало ${formatPrice(newPrice)}`)).toBeVisible();
        await expect(page.getByTestId("cart-sum")).toHaveText(formatPrice(newPrice));
        expect(await noSidewaysScroll(page)).toBe(true);
        await expectNoSeriousA11yViolations(page);

        // the visit confirmed the new price: the next one no longer mentions it
        await page.reload();
        await expect(page.getByTestId("cart-sum")).toHaveText(formatPrice(newPrice));
        await expect(page.getByText("Цена изменилась")).toHaveCount(0);
      } finally {
        await setPrice(p, p.price);
      }
    });
  });
}
