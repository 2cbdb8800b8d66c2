import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { confirmationPath, readOutbox } from "../support/outbox.ts";

/** MAIL_OUTBOX_DIR of the server the browser tests talk to (scripts/e2e-server.ts) */
export const E2E_OUTBOX = path.resolve(import.meta.dirname, "../../data/e2e/outbox");

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

/** Signs a staff member in through the login page and waits for the back-office page asked for. */
export async function staffLogIn(page: Page, email: string, password: string, back: string) {
  await page.goto(`/login/?back=${encodeURIComponent(back)}`);
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
