import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { confirmationPath, readOutbox } from "../support/outbox.ts";
import { E2E_OUTBOX } from "./e2e-server-data.ts";

/**
 * After «Зарегистрироваться»: the «we sent a letter» page, then the link from the mail and the
 * confirmation button, which signs the visitor in and lands on the profile.
 */
export async function confirmRegistrationFromMail(page: Page, address: string) {
  await expect(page.getByText(`Мы отправили письмо на ${address}`)).toBeVisible();
  await expect.poll(() => readOutbox(E2E_OUTBOX, address).length).toBeGreaterThan(0);
  const link = confirmationPath(readOutbox(E2E_OUTBOX, address).at(-1)!);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Подтверждение регистрации" })).toBeVisible();
  await page.getByRole("button", { name: "Подтвердить регистрацию" }).click();
  await expect(page).toHaveURL(/\/profile\/$/);
}

export interface NewAccount {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** Fills the registration form at /register/ (consent ticked) and presses «Зарегистрироваться». */
export async function submitRegistration(page: Page, account: NewAccount) {
  await page.goto("/register/");
  await page.getByLabel("Имя").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Телефон").fill(account.phone);
  await page.getByLabel("Пароль", { exact: true }).fill(account.password);
  await page.getByRole("checkbox", { name: /персональных данных/ }).check();
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
}

/** A new account registered and confirmed from the mail: the visitor ends signed in on the profile. */
export async function registerAccount(page: Page, account: NewAccount) {
  await submitRegistration(page, account);
  await confirmRegistrationFromMail(page, account.email);
}

/** Fails on any serious or critical accessibility violation of the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/** Collects console errors and page crashes so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Signs a staff member in through the login page and waits for the back-office page asked for.
 * `fromBack`: open `back` itself first, which must send a visitor without a session to the login
 * page with `back` remembered, as a bookmark or a typed address does.
 */
export async function staffLogIn(page: Page, email: string, password: string, back: string, { fromBack = false } = {}) {
  if (fromBack) {
    await page.goto(back);
    await expect(page).toHaveURL((url) => url.pathname === "/login/" && url.searchParams.get("back") === back);
  } else await page.goto(`/login/?back=${encodeURIComponent(back)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === back);
}

/** Nothing on the page is wider than the window (no sideways scroll, e.g. at 375 px). */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/**
 * Waits until React has hydrated the page (root.tsx sets `data-hydrated` on <html>): a control
 * changed before that is reset by hydration and the change is lost.
 */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Puts the first sofa that can be bought into the cart from the listing's «В корзину»; with
 * JavaScript (`js`) it waits for the header's count to say so, without it the button's form post
 * brings the page back.
 */
export async function addFirstSofaToCart(page: Page, { js = true } = {}) {
  await page.goto("/catalog/divany-i-kresla/");
  if (js) await hydrated(page);
  const card = page
    .locator(".product-card")
    .filter({ has: page.getByRole("button", { name: "В корзину" }) })
    .first();
  await card.getByRole("button", { name: "В корзину" }).click();
  if (js) await expect(page.getByRole("link", { name: /^Корзина .+, [1-9]/ })).toBeVisible();
}

/**
 * The checkout of what is in the cart, for pickup with «Оплата онлайн» (the form starts on
 * «Оплата при получении»), up to the gateway's page: the local ЮKassa stand-in the e2e server starts.
 */
export async function checkoutOnline(page: Page, { js = true } = {}) {
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
  await expect(page.getByRole("heading", { name: "Оплата заказа" })).toBeVisible();
}

/** A buyer orders the first sofa for pickup and pays online on the stand-in's page; returns the order number. */
export async function paidOrder(page: Page): Promise<string> {
  await addFirstSofaToCart(page);
  await checkoutOnline(page);
  await page.getByRole("button", { name: "Оплатить" }).click();
  await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
  await expect(page.getByRole("region", { name: "Оплата" })).toContainText(/^Оплачен онлайн/);
  return /\/order\/(\d{2}-\d{6})\//.exec(page.url())![1]!;
}
