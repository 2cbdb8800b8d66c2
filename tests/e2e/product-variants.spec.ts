// Choosing and buying a variant at 375 and 1280 px (docs/decisions/108-product-variants.md,
// section 3): a choice switches the price, the article and the address (?v=, replaced), the shared
// address shows the same variant, «В корзину» puts that variant in the cart with its value; without
// JavaScript the «Выбрать» form and the buy form do the same.
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "../../app/db/database.server.ts";
import { formatPrice } from "../../app/lib/format.ts";
import { insertVariantModel } from "../support/variants.ts";
import { expectNoSidewaysScroll, hydrated, watchConsole } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";

interface Model {
  slug: string;
  grey: number;
  green: number;
}

/** A two-colour sofa in this worker's database, in the first subsection. */
async function makeModel(tag: string): Promise<Model> {
  const db = openDatabase(E2E_DB);
  try {
    const section = await db.kysely.selectFrom("sections").select("id").where("parent_id", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    const slug = `divan-varianty-${tag}-${Date.now()}`;
    const { variantIds } = await insertVariantModel(
      db.kysely,
      { sectionId: section.id, slug, title: `Диван Варианты ${tag}`, now: Date.now() },
      { code: "e2e_obivka", title: "Цвет обивки" },
      [
        { value: "Серый", price: 4_990_000, stock: 50, article: `VAR-GREY-${tag}-${slug.slice(-6)}` },
        { value: "Зелёный", price: 5_490_000, stock: 50, article: `VAR-GREEN-${tag}-${slug.slice(-6)}` },
      ],
    );
    const [grey, green] = variantIds as [number, number];
    return { slug, grey, green };
  } finally {
    await db.close();
  }
}

const priceBlock = (page: Page) => page.getByRole("region", { name: "Цена и покупка" });
const colourGroup = (page: Page) => priceBlock(page).getByRole("group", { name: /Цвет обивки/ });

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  const w = viewport.width;

  test.describe(`product variants at ${w} px`, () => {
    test.use({ viewport });

    test("with JavaScript: a choice switches price, article and address; the shared address keeps it; the cart line shows it", async ({ page }) => {
      const errors = watchConsole(page);
      const model = await makeModel(`js${w}`);
      await page.goto(`/product/${model.slug}/`);
      await hydrated(page);
      // the first variant in stock: grey
      await expect(colourGroup(page).getByRole("radio", { name: "Серый" })).toBeChecked();
      await expect(priceBlock(page).getByTestId("product-price")).toHaveText(formatPrice(4_990_000));

      await colourGroup(page).locator("label", { hasText: "Зелёный" }).click();
      await expect(page).toHaveURL(new RegExp(`/product/${model.slug}/\\?v=${model.green}$`));
      await expect(colourGroup(page).getByRole("radio", { name: "Зелёный" })).toBeChecked();
      await expect(priceBlock(page).getByTestId("product-price")).toHaveText(formatPrice(5_490_000));
      await expect(priceBlock(page).getByTestId("product-article")).toContainText("VAR-GREEN-");
      // the «Выбрать» button is for pages without JavaScript
      await expect(page.getByRole("form", { name: "Выбор варианта" }).getByRole("button", { name: "Выбрать" })).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      await page.reload();
      await hydrated(page);
      await expect(colourGroup(page).getByRole("radio", { name: "Зелёный" })).toBeChecked();
      await expect(priceBlock(page).getByTestId("product-article")).toContainText("VAR-GREEN-");

      await priceBlock(page).getByRole("button", { name: "В корзину" }).click();
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: /корзин/i })
          .first(),
      ).toBeVisible();
      await page.goto("/cart/");
      await expect(page.getByText("Цвет обивки: Зелёный").first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });

    test("without JavaScript: «Выбрать» opens the variant's address and the buy form adds that variant", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      try {
        const model = await makeModel(`nojs${w}`);
        await page.goto(`/product/${model.slug}/`);
        await colourGroup(page).getByRole("radio", { name: "Зелёный" }).check({ force: true });
        await page.getByRole("form", { name: "Выбор варианта" }).getByRole("button", { name: "Выбрать" }).click();
        await expect(page).toHaveURL(new RegExp(`/product/${model.slug}/\\?v=${model.green}$`));
        await expect(colourGroup(page).getByRole("radio", { name: "Зелёный" })).toBeChecked();
        await expect(priceBlock(page).getByTestId("product-price")).toHaveText(formatPrice(5_490_000));
        await expectNoSidewaysScroll(page);

        await priceBlock(page).getByRole("button", { name: "В корзину" }).click();
        await page.goto("/cart/");
        await expect(page.getByText("Цвет обивки: Зелёный").first()).toBeVisible();
        await expect(page.getByText("Цвет обивки: Серый")).toHaveCount(0);
      } finally {
        await context.close();
      }
    });
  });
}
