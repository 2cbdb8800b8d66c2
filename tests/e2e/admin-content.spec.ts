import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, staffLogIn, watchConsole } from "./support.ts";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";

// The back office is for a desk (1280 px) and a tablet (768 px).
const WIDTHS = [1280, 768] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a content manager changes the warning banner and a visitor sees the new text", async ({ page, browser }) => {
      const errors = watchConsole(page);
      const text = `Салоны работают до 22:00 — проверка на ${width} px`;
      await staffLogIn(page, await createStaff("content"), E2E_STAFF_PASSWORD, "/admin/content/");
      await expect(page.getByRole("heading", { level: 1, name: "Контент" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);

      const banner = page.getByRole("region", { name: "Объявление над сайтом" });
      await banner.getByLabel("Текст объявления").fill("");
      await banner.getByRole("button", { name: "Сохранить" }).click();
      await expect(banner.getByText("Напишите текст объявления")).toBeVisible();
      await banner.getByLabel("Текст объявления").fill(text);
      await expect(banner.getByRole("checkbox", { name: "Показывать объявление" })).toBeChecked();
      await banner.getByRole("button", { name: "Сохранить" }).click();
      await expect(page).toHaveURL(/\/admin\/content\/\?saved=banner$/);
      await expect(banner.getByLabel("Текст объявления")).toHaveValue(text);

      const shopper = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await shopper.newPage();
      await visitor.goto("/");
      await expect(visitor.getByRole("region", { name: "Важное объявление" })).toHaveText(new RegExp(text));
      await shopper.close();
      // the empty text was refused on purpose
      expect(errors.filter((e) => !e.includes("status of 422"))).toEqual([]);
    });

    test("a content manager edits a page and a visitor reads the new text, without the script pasted into it", async ({ page, browser }) => {
      const errors = watchConsole(page);
      const line = `Обмен в течение 14 дней, правка на ${width} px.`;
      await staffLogIn(page, await createStaff("content"), E2E_STAFF_PASSWORD, "/admin/content/");
      await page.getByRole("link", { name: "Гарантия и возврат" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Страница «Гарантия и возврат»" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      const body = page.getByLabel("Текст страницы (HTML)");
      const before = await body.inputValue();
      await body.fill(`<p onclick="alert(1)">${line}</p><script>alert(2)</script>${before}`);
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByRole("status")).toHaveText("Сохранено.");
      await expect(body).not.toHaveValue(/script|onclick/);

      const shopper = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await shopper.newPage();
      const dialogs: string[] = [];
      visitor.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await visitor.goto("/warranty/");
      const paragraph = visitor.getByRole("main").getByText(line);
      await expect(paragraph).toBeVisible();
      await paragraph.click();
      await expect(visitor.getByRole("main").locator("script")).toHaveCount(0);
      expect(dialogs).toEqual([]);
      await shopper.close();
      expect(errors).toEqual([]);
    });
  });
}
