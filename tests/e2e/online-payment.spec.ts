// Issue 15, online payment through ЮKassa, end to end in Chromium: the checkout's «Оплата онлайн»,
// the gateway's page (the local stand-in of ЮKassa that the e2e server starts), and back to the
// order page, which tells paid from waiting and offers «Оплатить ещё раз» after a cancel.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, watchConsole } from "./support.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

async function addToCart(page: Page) {
  await page.goto("/catalog/divany-i-kresla/");
  await hydrated(page);
  const card = page
    .locator(".product-card")
    .filter({ has: page.getByRole("button", { name: "В корзину" }) })
    .first();
  await card.getByRole("button", { name: "В корзину" }).click();
  await expect(page.getByRole("link", { name: /^Корзина .+, [1-9]/ })).toBeVisible();
}

async function checkoutOnline(page: Page, js: boolean) {
  await page.goto("/checkout/");
  if (js) await hydrated(page);
  await page.getByLabel("Имя").fill("Вера");
  await page.getByLabel("Телефон").fill("89161234567");
  await page.getByLabel("Электронная почта (необязательно)").fill("vera@example.ru");
  await page.getByRole("radio", { name: "Самовывоз" }).check();
  await page.getByLabel("Пункт самовывоза").selectOption({ index: 1 });
  await expect(page.getByRole("radio", { name: "Оплата при получении" })).toBeChecked();
  await page.getByRole("radio", { name: /Оплата онлайн/ }).check();
  await page.getByRole("checkbox", { name: /персональных данных/ }).check();
  await page.getByRole("button", { name: "Оформить заказ" }).click();
  // the gateway's page
  await expect(page.getByRole("heading", { name: "Оплата заказа" })).toBeVisible();
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  const w = viewport.width;
  test.describe(`online payment at ${w}px`, () => {
    test.use({ viewport });

    test("pays online through the gateway's page and comes back to a paid order", async ({ page }) => {
      const errors = watchConsole(page);
      await addToCart(page);
      await checkoutOnline(page, true);
      await page.getByRole("button", { name: "Оплатить" }).click();
      await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Спасибо!");
      await expect(page.getByRole("region", { name: "Оплата" })).toContainText(/^Оплачен онлайн/);
      await expect(page.getByRole("list", { name: "История заказа" })).toContainText("Оплачен онлайн");
      const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/screens/order-paid-${w}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);
      expect(errors).toEqual([]);
    });
  });

  test.describe(`without JavaScript at ${w}px`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test("after a cancel the order stays unpaid, and «Оплатить ещё раз» pays it", async ({ page }) => {
      await page.goto("/catalog/divany-i-kresla/");
      await page
        .locator(".product-card")
        .filter({ has: page.getByRole("button", { name: "В корзину" }) })
        .first()
        .getByRole("button", { name: "В корзину" })
        .click();
      await checkoutOnline(page, false);
      await page.getByRole("button", { name: "Отменить" }).click();
      await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
      await expect(page.getByRole("region", { name: "Оплата" })).toContainText("Оплата не прошла");
      await page.screenshot({ path: `test-results/screens/order-payment-canceled-${w}.png`, fullPage: true });
      await page.getByRole("button", { name: "Оплатить ещё раз" }).click();
      await page.getByRole("button", { name: "Оплатить" }).click();
      await expect(page.getByRole("region", { name: "Оплата" })).toContainText(/^Оплачен онлайн/);
      await expect(page.getByRole("button", { name: "Оплатить ещё раз" })).toHaveCount(0);
    });
  });
}
