import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, staffLogIn, watchConsole } from "./support.ts";
import { approvedRating, createStaff, createWaitingReview, E2E_STAFF_PASSWORD } from "./back-office-db.ts";

// The back office is for a desk (1280 px) and a tablet (768 px).
const WIDTHS = [1280, 768] as const;

/** A product from the sitemap that already shows a rating (the seeded reviews). */
async function ratedProductPath(page: Page): Promise<string> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  for (const [, path] of xml.matchAll(/<loc>https?:\/\/[^/<]+(\/product\/[^<]+)<\/loc>/g)) {
    const html = await (await page.request.get(path!)).text();
    if (html.includes("price-block__rating") && html.includes("В наличии")) return path!;
  }
  throw new Error("no rated product in the demo data");
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a visitor's review, published by a manager, shows on the product page with the new rating and count", async ({ page, browser }) => {
      const errors = watchConsole(page);
      const productPath = await ratedProductPath(page);
      const slug = productPath.split("/")[2]!;
      const reviewer = `Аглая ${width}`;

      await page.goto(`${productPath}reviews/`);
      const form = page.locator("#review-form");
      await form.getByRole("radio", { name: "1 звезда из 5" }).check();
      await page.getByRole("textbox", { name: "Отзыв" }).fill(`Ножка шаталась с первого дня, ширина экрана ${width}.`);
      await page.getByRole("textbox", { name: "Имя" }).fill(reviewer);
      await page.getByRole("checkbox", { name: /персональных данных/ }).check();
      await form.getByRole("button", { name: "Отправить отзыв" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Спасибо, отзыв появится после проверки" })).toBeVisible();
      const before = await approvedRating(slug);

      const desk = await browser.newContext({ viewport: { width, height: 900 } });
      const staff = await desk.newPage();
      await staffLogIn(staff, await createStaff("manager"), E2E_STAFF_PASSWORD, "/admin/reviews/");
      await expect(staff.getByRole("heading", { level: 1, name: "Отзывы" })).toBeVisible();
      const card = staff.getByRole("article").filter({ hasText: reviewer });
      await expect(card).toBeVisible();
      await expect(card.getByRole("link")).toHaveAttribute("href", productPath);
      await expectNoSeriousA11yViolations(staff);
      await expectNoSidewaysScroll(staff);
      // «Отклонить» without a reason is refused in Russian and changes nothing
      await card.getByRole("button", { name: "Отклонить" }).click();
      await expect(staff.getByRole("article").filter({ hasText: reviewer }).getByRole("alert")).toHaveText("Укажите причину отклонения");
      await staff.getByRole("article").filter({ hasText: reviewer }).getByRole("button", { name: "Опубликовать" }).click();
      await expect(staff.getByRole("article").filter({ hasText: reviewer })).toHaveCount(0);
      await staff.getByRole("link", { name: /^Опубликованы/ }).click();
      await expect(staff.getByRole("article").filter({ hasText: reviewer }).getByRole("button", { name: "Скрыть" })).toBeVisible();

      const after = await approvedRating(slug);
      expect(after.count).toBe(before.count + 1);
      await page.goto(`${productPath}reviews/`);
      const rating = page.locator(".price-block__rating");
      await expect(rating).toContainText(after.rating.toFixed(1).replace(".", ","));
      await expect(rating.getByRole("link")).toHaveText(new RegExp(`^${after.count}\\s+отзыв`));
      await expect(page.getByRole("tabpanel")).toContainText(reviewer);
      expect(errors).toEqual([]);
      await desk.close();
    });

    test("a callback request is taken «В работе» and closed", async ({ page, browser }) => {
      const digits = `9${String(width).slice(0, 2)}${String(Date.now()).slice(-7)}`;
      await page.goto("/contacts/");
      await expect(page.locator("form[data-enhanced]").first()).toBeAttached();
      const callback = page.getByRole("form", { name: "Обратный звонок" });
      await callback.getByRole("textbox", { name: "Имя" }).fill(`Клиент ${width}`);
      await callback.getByRole("textbox", { name: "Телефон" }).pressSequentially(digits);
      await callback.getByRole("checkbox", { name: /персональных данных/ }).check();
      await callback.getByRole("button", { name: "Заказать звонок" }).click();
      await expect(page.getByRole("dialog", { name: "Спасибо за обращение" })).toBeVisible();

      const desk = await browser.newContext({ viewport: { width, height: 900 } });
      const staff = await desk.newPage();
      const errors = watchConsole(staff);
      await staffLogIn(staff, await createStaff("manager"), E2E_STAFF_PASSWORD, "/admin/requests/");
      // found by the phone typed in another format
      await staff.getByRole("searchbox", { name: "Поиск" }).fill(`8${digits}`);
      await staff.getByRole("button", { name: "Найти" }).click();
      await expect(staff.getByRole("row")).toHaveCount(2);
      await expectNoSeriousA11yViolations(staff);
      await expectNoSidewaysScroll(staff);
      await staff.getByRole("link", { name: /^Заявка № / }).click();
      await expect(staff.getByText(`Клиент ${width}`)).toBeVisible();
      await expect(staff.getByRole("radio", { name: "Новая" })).toBeChecked();
      await expect(staff.getByRole("heading", { name: "Согласие на обработку персональных данных" })).toBeVisible();

      await staff.getByRole("radio", { name: "В работе" }).check();
      await staff.getByRole("combobox", { name: "Ответственный" }).selectOption({ index: 1 });
      await staff.getByRole("textbox", { name: "Заметка" }).fill("Перезвонить после обеда");
      await staff.getByRole("button", { name: "Сохранить" }).click();
      await expect(staff.getByRole("status").filter({ hasText: "Сохранено" })).toBeVisible();
      await expect(staff.getByRole("radio", { name: "В работе" })).toBeChecked();
      await expectNoSeriousA11yViolations(staff);
      await expectNoSidewaysScroll(staff);

      await staff.getByRole("radio", { name: "Закрыта" }).check();
      await staff.getByRole("button", { name: "Сохранить" }).click();
      await expect(staff.getByRole("radio", { name: "Закрыта" })).toBeChecked();
      await expect(staff.getByRole("textbox", { name: "Заметка" })).toHaveValue("Перезвонить после обеда");

      await staff.goto(`/admin/requests/?status=closed&q=${digits}`);
      await expect(staff.getByRole("row").nth(1)).toContainText("Закрыта");
      expect(errors).toEqual([]);
      await desk.close();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("a review is rejected with a reason and a rejected one published after all, by plain posts", async ({ page }) => {
        const reviewer = `Без скриптов ${width} ${Date.now()}`;
        await createWaitingReview(reviewer);
        await staffLogIn(page, await createStaff("manager"), E2E_STAFF_PASSWORD, "/admin/reviews/");
        const card = () => page.getByRole("article").filter({ hasText: reviewer });
        await card().getByRole("button", { name: "Отклонить" }).click();
        await expect(card().getByRole("alert")).toHaveText("Укажите причину отклонения");
        await card().getByRole("textbox", { name: "Причина отклонения" }).fill("Отзыв о другом магазине");
        await card().getByRole("button", { name: "Отклонить" }).click();
        await expect(card()).toHaveCount(0);
        await page.getByRole("link", { name: /^Отклонены/ }).click();
        await expect(card()).toContainText("Причина отклонения: Отзыв о другом магазине");
        await card().getByRole("button", { name: "Опубликовать" }).click();
        await expect(card()).toHaveCount(0);
        await page.getByRole("link", { name: /^Опубликованы/ }).click();
        await expect(card().getByRole("button", { name: "Скрыть" })).toBeVisible();
      });
    });
  });
}
