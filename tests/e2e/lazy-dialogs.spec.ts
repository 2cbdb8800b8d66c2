// Decision 092: the callback dialog's code (the form, its Zod schema, the phone mask, React Aria's
// modal) is not part of a page; it arrives when the visitor reaches for the header's link.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, watchConsole } from "./support.ts";

const SECTION = "/catalog/divany-i-kresla/";
// only the callback form says this; a script holding it is the dialog's code
const FORM_MARK = "Заказать звонок";

/** Every script the page has downloaded so far, with its text. */
function recordScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push({ url: res.url(), body: res.text().catch(() => "") });
  });
  return async () => Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
}

const headerLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Обратный звонок" });

test.describe("the callback dialog, loaded on demand", () => {
  test("the catalogue does not download the dialog's code until the visitor asks for it", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto(SECTION);
    await expect(headerLink(page)).toHaveAttribute("data-enhanced", "true");
    const atLoad = await scripts();
    expect(atLoad.length).toBeGreaterThan(0);
    expect(atLoad.filter((s) => s.body.includes(FORM_MARK)).map((s) => s.url)).toEqual([]);

    // pointing at the link is the intent: the code comes, and the dialog opens with the form
    await headerLink(page).hover();
    await expect.poll(async () => (await scripts()).some((s) => s.body.includes(FORM_MARK))).toBe(true);
    await headerLink(page).click();
    await expect(page.getByRole("dialog", { name: "Обратный звонок" }).getByRole("button", { name: FORM_MARK })).toBeVisible();
  });

  test("a click without hovering first still opens it; it validates and sends", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(SECTION);
    await expect(headerLink(page)).toHaveAttribute("data-enhanced", "true");
    // a keyboard visitor: focus and Enter, the code loads on the way
    await headerLink(page).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Обратный звонок" });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(SECTION);

    await dialog.getByRole("button", { name: FORM_MARK }).click();
    await expect(dialog.getByText("Укажите имя", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Укажите телефон в формате +7 (XXX) XXX-XX-XX")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Имя" })).toBeFocused();

    await dialog.getByRole("textbox", { name: "Имя" }).fill("Вера");
    // the mask came with the dialog
    await dialog.getByRole("textbox", { name: "Телефон" }).pressSequentially("9031112233");
    await expect(dialog.getByRole("textbox", { name: "Телефон" })).toHaveValue("+7 (903) 111-22-33");
    await dialog.getByRole("checkbox", { name: /персональных данных/ }).check();
    await expectNoSeriousA11yViolations(page);
    const sent = page.waitForResponse((res) => res.url().endsWith("/forms/callback/") && res.request().method() === "POST");
    await dialog.getByRole("button", { name: FORM_MARK }).click();
    expect((await sent).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Спасибо за обращение" })).toBeVisible();
    // and a second opening is as before, with an empty form
    await page.getByRole("dialog", { name: "Спасибо за обращение" }).getByRole("button", { name: "Закрыть" }).click();
    await headerLink(page).click();
    await expect(dialog.getByRole("textbox", { name: "Имя" })).toHaveValue("");
    expect(errors).toEqual([]);
  });
});

test.describe("the callback link without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("leads to the form on the contacts page, which posts as before", async ({ page }) => {
    await page.goto(SECTION);
    await headerLink(page).click();
    await expect(page).toHaveURL(/\/contacts\/#callback$/);
    const form = page.getByRole("form", { name: "Обратный звонок" });
    await form.getByRole("textbox", { name: "Имя" }).fill("Пётр");
    await form.getByRole("textbox", { name: "Телефон" }).fill("+7 (903) 111-22-33");
    await form.getByRole("checkbox", { name: /персональных данных/ }).check();
    await form.getByRole("button", { name: FORM_MARK }).click();
    await expect(page).toHaveURL(/\/contacts\/\?sent=callback#callback$/);
    await expect(page.getByRole("dialog", { name: "Спасибо за обращение" })).toBeVisible();
  });
});
