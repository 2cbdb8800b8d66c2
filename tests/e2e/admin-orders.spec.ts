// The back-office flow at 1280 and 768 px: the owner (from `npm run staff`) adds a manager
// at «Сотрудники»; the manager signs in, finds the customer's order by phone and moves it through
// the workflow to Выполнен; the customer sees the new status on the order page and in the profile;
// the owner's «Журнал» shows every step with who made it.
import { expect, test, type Page } from "@playwright/test";
import { openDatabase, type Db } from "../../app/db/database.server.ts";
import { registerUser } from "../../app/features/accounts/users.server.ts";
import { placeTestOrder } from "../support/orders.ts";
import { cliAddStaff, E2E_STAFF_PASSWORD as PASSWORD } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, staffLogIn, watchConsole } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";

/** signs in at `back` itself, which sends a visitor without a session to the login page first */
async function signIn(page: Page, email: string, back: string) {
  await staffLogIn(page, email, PASSWORD, back, { fromBack: true });
  // arrived in the back office: the login page's own «Меню» (the shop's) must not be mistaken for it
  await expect(page.getByRole("navigation", { name: "Разделы управления" })).toBeVisible();
}

/** an area link, unfolding «Меню» first on a tablet */
async function openArea(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Меню" });
  // below 1024 px the links fold behind «Меню» once scripts run: wait for that, or a click aimed at
  // a link seen before hydration lands after the links folded away
  if (page.viewportSize()!.width < 1024) {
    await expect(menu).toBeVisible();
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  }
  await page.getByRole("navigation", { name: "Разделы управления" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

let db: Db;
test.beforeAll(() => {
  db = openDatabase(E2E_DB);
});
test.afterAll(async () => {
  await db?.close();
});

/** a customer account with one order placed through checkout, phone +7 (9xx) … unique to this run */
async function customerWithOrder(tag: string) {
  const email = `buyer.${tag}@example.ru`;
  const made = await registerUser(db, { name: "Ирина", email, phone: "", password: PASSWORD });
  if (!made.ok) throw new Error("customer not made");
  const product = await db.kysely
    .selectFrom("products")
    .select("id")
    .where("kind", "=", "product")
    .where("stock", ">=", 2)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const ten = `9${String(Date.now()).slice(-9)}`;
  const number = await placeTestOrder(db, {
    productId: product.id,
    owner: `u:${made.user.id}`,
    userId: made.user.id,
    fields: { name: "Ирина Соколова", phone: ten, email, address: "Москва, ул. Арбат, д. 10, кв. 3", floor: "5" },
  });
  return { email, number, typedPhone: `8 (${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6, 8)}-${ten.slice(8)}` };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
]) {
  test(`a manager finds an order by phone and takes it to Выполнен; the customer sees it (${viewport.width} px)`, async ({ page, browser }) => {
    const errors = watchConsole(page);
    await page.setViewportSize(viewport);
    const tag = `${viewport.width}-${Date.now()}`;
    const ownerEmail = `owner.${tag}@vitrina.test`;
    const managerEmail = `manager.${tag}@vitrina.test`;
    cliAddStaff(ownerEmail);
    const order = await customerWithOrder(tag);

    const ownerContext = await browser.newContext({ viewport });
    const owner = await ownerContext.newPage();
    await signIn(owner, ownerEmail, "/admin/");
    await openArea(owner, "Сотрудники");
    const form = owner.locator("form", { has: owner.getByRole("button", { name: "Добавить" }) });
    await form.getByLabel("E-mail").fill(managerEmail);
    await form.getByLabel("Имя").fill("Мария");
    await form.getByRole("combobox", { name: "Роль" }).selectOption({ label: "Менеджер" });
    await form.getByLabel("Временный пароль", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Ваш пароль", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Добавить" }).click();
    await expect(owner.getByText("Сотрудник добавлен.")).toBeVisible();

    await signIn(page, managerEmail, "/admin/orders/");
    await expect(page.getByRole("heading", { level: 1, name: "Заказы" })).toBeVisible();

    await page.getByRole("searchbox", { name: "Поиск" }).fill(order.typedPhone);
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page.getByRole("status")).toHaveText("Найдено: 1\u00A0заказ");
    await expect(page).toHaveURL(/q=/);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: `№\u00A0${order.number}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Заказ № ${order.number}` })).toBeVisible();
    await expect(page.getByText("Москва, ул. Арбат, д. 10, кв. 3")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    for (const status of ["Подтверждён", "Собран", "Передан в доставку", "Выполнен"]) {
      await page.getByRole("combobox", { name: "Статус" }).selectOption({ label: status });
      await page.getByRole("button", { name: "Сохранить", exact: true }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Статус: ${status}` })).toBeVisible();
    }
    await expect(page.getByRole("combobox", { name: "Статус" })).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: "Выполнен" })).toContainText(managerEmail);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);

    const customerContext = await browser.newContext({ viewport });
    const customer = await customerContext.newPage();
    await customer.goto("/login/");
    await customer.getByLabel("E-mail").fill(order.email);
    await customer.getByLabel("Пароль", { exact: true }).fill(PASSWORD);
    await customer.getByRole("button", { name: "Войти" }).click();
    await expect(customer).toHaveURL(/\/profile\/$/);
    await expect(customer.getByText("Выполнен").first()).toBeVisible();
    await customer.goto(`/order/${order.number}/`);
    await expect(customer.getByText("Выполнен").first()).toBeVisible();
    await customerContext.close();

    await openArea(owner, "Журнал");
    const steps = owner.getByRole("row").filter({ hasText: "Статус заказа" }).filter({ hasText: order.number });
    await expect(steps).toHaveCount(4);
    for (const status of ["Подтверждён", "Собран", "Передан в доставку", "Выполнен"]) {
      await expect(steps.filter({ hasText: status }).first()).toContainText(managerEmail);
    }
    await expectNoSeriousA11yViolations(owner);
    await ownerContext.close();
  });
}
