// The Yandex Market feed's settings at /admin/exchange/ at 375 and 1280 px: an owner sees the
// shop's details and the sections, nothing scrolls sideways; a wrong delivery period is answered in
// Russian next to its field; a good save shows «сохранены» and the feed carries the new company and
// courier option.
import { expect, test } from "@playwright/test";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, staffLogIn, watchConsole } from "./support.ts";

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("feed settings: a wrong period is named next to its field, a good save reaches the feed", async ({ page, request }) => {
      const errors = watchConsole(page);
      const email = await createStaff("owner");
      await staffLogIn(page, email, E2E_STAFF_PASSWORD, "/admin/exchange/");
      await expect(page.getByRole("heading", { name: "Фид для Яндекс Маркета" })).toBeVisible();
      await expect(page.getByRole("group", { name: "Разделы в фиде" }).getByRole("checkbox").first()).toBeChecked();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/e2e/exchange-feed-${width}.png`, fullPage: true });

      const company = `ООО «Витрина ${width}»`;
      await page.getByLabel("Компания").fill(company);
      await page.getByLabel("Доставка курьером, ₽").fill("1 290");
      await page.getByLabel("Срок доставки, дней").fill("1-9");
      await page.getByRole("button", { name: "Сохранить" }).click();
      const days = page.getByLabel("Срок доставки, дней");
      await expect(days).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#feed-delivery-days-error")).toContainText("период не длиннее 3 дней");
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/e2e/exchange-feed-error-${width}.png`, fullPage: true });

      await days.fill("2-3");
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByRole("status")).toContainText("Настройки фида сохранены");
      await expect(page.getByLabel("Компания")).toHaveValue(company);
      await expectNoSeriousA11yViolations(page);

      const feed = await (await request.get("/yml.xml")).text();
      expect(feed).toContain(`<company>ООО «Витрина ${width}»</company>`);
      expect(feed).toContain('<option cost="1290" days="2-3"/>');
      // the refused save (400) is an answer this test asks for
      expect(errors.filter((e) => !/status of 400 /.test(e))).toEqual([]);
    });
  });
}
