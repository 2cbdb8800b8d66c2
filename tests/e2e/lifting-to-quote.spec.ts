// A product without weight at 375 and 1280 px (decision 099, «Update»): choosing lifting to a
// floor, the checkout says «Стоимость подъёма уточнит менеджер» instead of a price, the total
// leaves it out, and the order page says the same after the order is placed.
import { expect, test } from "@playwright/test";
import { createWeightlessProduct } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from "./support.ts";

const TO_QUOTE = "Стоимость подъёма уточнит менеджер";

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("checkout and the order page say the manager quotes lifting for a product without weight", async ({ page }) => {
      const product = await createWeightlessProduct(`Комод без веса ${width}`);
      await page.goto("/");
      const added = await page.request.post("/cart/product/", {
        headers: { accept: "application/json" },
        data: { id: product.id, cnt: 1, type: "product" },
      });
      expect(added.status()).toBe(200);

      await page.goto("/cart/");
      await expect(page.getByTestId("cart-lifting-to-quote")).toContainText(`${TO_QUOTE}: у «${product.title}» не указан вес.`);

      await page.goto("/checkout/");
      await hydrated(page);
      await page.getByLabel("Имя").fill("Вера");
      await page.getByLabel("Телефон").fill("89161112233");
      await page.getByRole("radio", { name: "Доставка с подъёмом на этаж" }).check();
      await expect(page.getByTestId("lifting-to-quote")).toBeVisible();
      await expect(page.getByTestId("lifting-to-quote")).toContainText(`у товара «${product.title}» не указан вес`);
      await page.getByLabel("Адрес доставки").fill("Москва, ул. Лесная, д. 5, кв. 70");
      await page.getByRole("spinbutton", { name: "Этаж" }).fill("7");
      await page.getByRole("radio", { name: "Нет лифта" }).check();
      const summary = page.getByRole("complementary", { name: "Ваш заказ" });
      await expect(summary.getByTestId("lifting-cost")).toHaveText(TO_QUOTE);
      await expect(summary.getByText("Итого без подъёма")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/e2e/lifting-to-quote-checkout-${width}.png`, fullPage: true });

      await page.getByRole("checkbox", { name: /персональных данных/ }).check();
      await page.getByRole("button", { name: "Оформить заказ" }).click();
      await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
      await expect(page.getByTestId("order-lifting")).toHaveText(TO_QUOTE);
      await expect(page.getByText("Итого без подъёма")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/e2e/lifting-to-quote-order-${width}.png`, fullPage: true });
    });
  });
}
