// Online payment through ЮKassa, end to end in Chromium: the checkout's «Оплата онлайн»,
// the gateway's page (the local stand-in of ЮKassa that the e2e server starts), and back to the
// order page, which tells paid from waiting and offers «Оплатить ещё раз» after a cancel.
import { expect, test } from "@playwright/test";
import { addFirstSofaToCart, checkoutOnline, expectNoSeriousA11yViolations, expectNoSidewaysScroll, watchConsole } from "./support.ts";

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  const w = viewport.width;
  test.describe(`online payment at ${w}px`, () => {
    test.use({ viewport });

    test("pays online through the gateway's page and comes back to a paid order", async ({ page }) => {
      const errors = watchConsole(page);
      await addFirstSofaToCart(page);
      await checkoutOnline(page);
      await page.getByRole("button", { name: "Оплатить" }).click();
      await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Спасибо!");
      await expect(page.getByRole("region", { name: "Оплата" })).toContainText(/^Оплачен онлайн/);
      await expect(page.getByRole("list", { name: "История заказа" })).toContainText("Оплачен онлайн");
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/order-paid-${w}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);
      expect(errors).toEqual([]);
    });
  });

  test.describe(`without JavaScript at ${w}px`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test("after a cancel the order stays unpaid, and «Оплатить ещё раз» pays it", async ({ page }) => {
      await addFirstSofaToCart(page, { js: false });
      await checkoutOnline(page, { js: false });
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
