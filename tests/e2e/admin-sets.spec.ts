// Sets in the back office at 1280 and 375 px (decision 078): a content manager (made with
// `npm run staff`) starts «Новый комплект», adds two chairs by article, marks one «Необязательный»,
// sets «Скидка, %» and watches the price follow, saves, and the storefront's set page shows that
// price. Nothing scrolls sideways, even on a phone.
import { expect, test } from "@playwright/test";
import { cliAddStaff } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, staffLogIn, watchConsole } from "./support.ts";

const PASSWORD = "комплект магазина 1";

/** «53 990 ₽» → 5399000 kopecks */
const kopecks = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100;

for (const width of [1280, 375]) {
  test(`a content manager builds a set of two items with one optional (${width} px)`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const email = `sets.${width}.${Date.now()}@example.ru`;
    cliAddStaff(email, { role: "content", password: PASSWORD });
    // two plain chairs in stock, by their articles in the product list
    await staffLogIn(page, email, PASSWORD, "/admin/products/?q=%D1%81%D1%82%D1%83%D0%BB&stock=in&sort=title", { fromBack: true });
    const rows = page.locator("tbody tr").filter({ hasNotText: "комплект" });
    await expect(rows.nth(1)).toBeVisible();
    const picked = await Promise.all(
      [0, 1].map(async (i) => ({
        article: (await rows.nth(i).locator("td").nth(1).innerText()).trim(),
        title: (await rows.nth(i).getByRole("link").innerText()).trim(),
      })),
    );

    await page.goto("/admin/products/");
    // a click while the page hydrates can be lost to the router taking over the links
    await hydrated(page);
    await page.getByRole("link", { name: "Новый комплект" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Новый комплект" })).toBeVisible();
    const setTitle = `Комплект Проба ${width} ${Date.now()}`;
    await page.getByRole("textbox", { name: "Название" }).fill(setTitle);
    await page.getByRole("combobox", { name: "Раздел" }).selectOption({ label: "— Стулья" });
    await page.getByLabel("Остаток").fill("3");
    await page.getByLabel("Опубликован").check();
    const composition = page.getByRole("group", { name: "Состав комплекта" });
    for (const item of picked) {
      await composition.getByLabel("Добавить предмет").fill(item.article);
      await composition.getByRole("button", { name: "Добавить", exact: true }).click();
      await expect(composition.getByRole("listitem").filter({ hasText: item.title })).toBeVisible();
    }
    // the title survived the round trips of the list buttons
    await expect(page.getByRole("textbox", { name: "Название" })).toHaveValue(setTitle);
    await composition.getByRole("listitem").filter({ hasText: picked[1]!.title }).getByLabel("Необязательный").check();
    await expect(composition.getByLabel("Старая цена")).toHaveValue("—");

    // with JavaScript the price follows the discount as it is typed
    await composition.getByLabel("Скидка, %").fill("10");
    await expect(composition.getByLabel("Старая цена")).not.toHaveValue("—");
    const sum = kopecks(await composition.getByLabel("Старая цена").inputValue());
    const price = Math.floor((sum * 90) / 10000) * 100;
    await expect(composition.getByLabel("Цена", { exact: true })).toHaveValue(
      new RegExp(`^${new Intl.NumberFormat("ru-RU").format(price / 100).replace(/\s/g, "\\s")}\\s₽$`),
    );
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByRole("status")).toHaveText("Сохранено.");
    await expect(page.getByRole("heading", { level: 1, name: /^Комплект \d{6}$/ })).toBeVisible();
    await expect(composition.getByRole("listitem")).toHaveCount(2);
    await expect(composition.getByRole("listitem").filter({ hasText: picked[1]!.title }).getByLabel("Необязательный")).toBeChecked();
    const shown = await composition.getByLabel("Цена", { exact: true }).inputValue();
    expect(kopecks(shown)).toBe(price);
    await expectNoSidewaysScroll(page);

    await page.getByRole("link", { name: "Открыть на сайте" }).click();
    await expect(page.getByRole("heading", { level: 1, name: setTitle })).toBeVisible();
    await expect(page.getByTestId("set-total")).toHaveText(shown);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
}
