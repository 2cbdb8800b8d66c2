// The back office's first steps at 1280 px and on a 768 px tablet: the first owner made with
// `npm run staff`, signs in, adds a manager (asked for their own password again), the journal shows
// it; the manager signs in, sees only their links and gets 403 at «Сотрудники».
import { expect, test, type Page } from "@playwright/test";
import { cliAddStaff } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, staffLogIn, watchConsole } from "./support.ts";

const OWNER_PASSWORD = "владелец магазина 1";
const MANAGER_PASSWORD = "менеджер магазина 1";

/** signs in at /admin/ itself, which sends a visitor without a session to the login page first */
async function signIn(page: Page, email: string, password: string) {
  await staffLogIn(page, email, password, "/admin/", { fromBack: true });
  await expect(page.getByRole("heading", { level: 1, name: "Сводка" })).toBeVisible();
}

/** the area links, unfolding «Меню» first on a tablet */
async function nav(page: Page) {
  const menu = page.getByRole("button", { name: "Меню" });
  // below 1024 px the links fold behind «Меню» once scripts run: wait for it rather than race hydration
  if (page.viewportSize()!.width < 1024) {
    await expect(menu).toBeVisible();
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  return page.getByRole("navigation", { name: "Разделы управления" });
}

for (const width of [1280, 768]) {
  test(`owner adds a manager who sees only his areas (${width} px)`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const stamp = `${width}.${Date.now()}`;
    const owner = `owner.${stamp}@example.ru`;
    const manager = `manager.${stamp}@example.ru`;
    cliAddStaff(owner, { password: OWNER_PASSWORD });

    await signIn(page, owner, OWNER_PASSWORD);
    await expect(page.getByRole("banner")).toContainText("Ольга");
    await expect(page.getByRole("link", { name: "Каталог" })).toHaveCount(0); // no shop header
    if (width < 1024) await expect(page.getByRole("link", { name: "Сотрудники" })).toBeHidden(); // folded behind «Меню»
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await (await nav(page)).getByRole("link", { name: "Сотрудники" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Сотрудники" })).toBeVisible();
    const form = page.locator("form", { has: page.getByRole("button", { name: "Добавить" }) });
    await form.getByLabel("E-mail").fill(manager);
    await form.getByLabel("Имя").fill("Пётр");
    await form.getByRole("combobox", { name: "Роль" }).selectOption({ label: "Менеджер" });
    await form.getByLabel("Временный пароль", { exact: true }).fill(MANAGER_PASSWORD);
    await form.getByLabel("Ваш пароль", { exact: true }).fill("не мой пароль");
    await form.getByRole("button", { name: "Добавить" }).click();
    await expect(page.getByText("Пароль не подошёл")).toBeVisible();
    await expect(page.getByRole("cell", { name: manager })).toHaveCount(0);

    await form.getByLabel("Временный пароль", { exact: true }).fill(MANAGER_PASSWORD);
    await form.getByLabel("Ваш пароль", { exact: true }).fill(OWNER_PASSWORD);
    await form.getByRole("button", { name: "Добавить" }).click();
    await expect(page.getByText("Сотрудник добавлен.")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(manager.replace(/\./g, "\\.")) });
    await expect(row).toContainText("Менеджер");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await (await nav(page)).getByRole("link", { name: "Журнал" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Журнал" })).toBeVisible();
    const entry = page.getByRole("row").filter({ hasText: "Добавлен сотрудник" }).filter({ hasText: manager });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(owner);
    await expect(entry).toContainText("роль: Менеджер");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");

    await signIn(page, manager, MANAGER_PASSWORD);
    const links = await nav(page);
    for (const name of ["Заказы", "Заявки", "Отзывы", "Промокоды"]) await expect(links.getByRole("link", { name })).toBeVisible();
    for (const name of ["Товары", "Разделы", "Импорт", "Контент", "Сотрудники", "Журнал"]) await expect(links.getByRole("link", { name })).toHaveCount(0);
    const refused = await page.goto("/admin/staff/");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText("Недостаточно прав");
    await expectNoSeriousA11yViolations(page);
    // the refused password (400) and the refused page (403) are answers this test asks for
    expect(errors.filter((e) => !/status of (400|403) /.test(e))).toEqual([]);
  });
}
