import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, watchConsole } from "./support.ts";

const callbackForm = (page: Page) => page.getByRole("form", { name: "Обратный звонок" });
const feedbackForm = (page: Page) => page.getByRole("form", { name: "Обратная связь" });

/** Opens a page and waits until React has taken over its forms. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("form[data-enhanced]").first()).toBeAttached();
}

test.describe("forms with JavaScript", () => {
  test("callback: errors under the fields, focus on the first, then the success dialog", async ({ page }) => {
    const errors = watchConsole(page);
    await open(page, "/contacts/");
    const form = callbackForm(page);
    await form.getByRole("button", { name: "Заказать звонок" }).click();
    await expect(form.getByText("Укажите имя", { exact: true })).toBeVisible();
    await expect(form.getByText("Укажите телефон в формате +7 (XXX) XXX-XX-XX")).toBeVisible();
    await expect(form.getByText("Подтвердите согласие на обработку персональных данных")).toBeVisible();
    const name = form.getByRole("textbox", { name: "Имя" });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await name.fill("Анна");
    await form.getByRole("textbox", { name: "Телефон" }).pressSequentially("9161234567");
    await expect(form.getByRole("textbox", { name: "Телефон" })).toHaveValue("+7 (916) 123-45-67");
    await form.getByRole("checkbox", { name: /персональных данных/ }).check();
    await form.getByRole("button", { name: "Заказать звонок" }).click();

    const done = page.getByRole("dialog", { name: "Спасибо за обращение" });
    await expect(done).toBeVisible();
    await expect(done).toContainText("Мы свяжемся с вами в ближайшее время");
    await page.screenshot({ path: "test-results/screens/forms-success-1280.png" });
    // inputs cleared, the checkbox kept
    await expect(name).toHaveValue("");
    await expect(form.getByRole("textbox", { name: "Телефон" })).toHaveValue("");
    await expect(form.getByRole("checkbox", { name: /персональных данных/ })).toBeChecked();
    await done.getByRole("button", { name: "Закрыть" }).click();
    await expect(done).toBeHidden();
    // map tiles cannot load in the test sandbox; anything else is a real error
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
  });

  test("a form cannot be sent twice while it is sending", async ({ page }) => {
    let posts = 0;
    await page.route("**/forms/callback/", async (route) => {
      posts += 1;
      // long enough for the extra clicks below to land while it is still sending, even on a busy machine
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue();
    });
    await open(page, "/contacts/");
    const form = callbackForm(page);
    await form.getByRole("textbox", { name: "Имя" }).fill("Борис");
    await form.getByRole("textbox", { name: "Телефон" }).fill("+7 (495) 765-43-21");
    await form.getByRole("checkbox", { name: /персональных данных/ }).check();
    const button = form.getByRole("button", { name: "Заказать звонок" });
    await button.click();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(button.locator(".form__loader")).toBeVisible();
    await button.click({ force: true });
    await button.press("Enter");
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("dialog", { name: "Спасибо за обращение" })).toBeVisible({ timeout: 10_000 });
    expect(posts).toBe(1);
    await expect(button).not.toHaveAttribute("aria-busy", "true");
  });

  test("a send failure re-enables the button and says so", async ({ page }) => {
    await page.route("**/forms/callback/", (route) => route.abort("failed"));
    await open(page, "/contacts/");
    const form = callbackForm(page);
    await form.getByRole("textbox", { name: "Имя" }).fill("Вера");
    await form.getByRole("textbox", { name: "Телефон" }).fill("9031112233");
    await form.getByRole("checkbox", { name: /персональных данных/ }).check();
    await form.getByRole("button", { name: "Заказать звонок" }).click();
    await expect(form.getByRole("alert")).toContainText("Не удалось отправить форму");
    await expect(form.getByRole("button", { name: "Заказать звонок" })).not.toHaveAttribute("aria-busy", "true");
    await expect(form.getByRole("textbox", { name: "Имя" })).toHaveValue("Вера");
  });

  test("feedback: errors, the message counter, then the success dialog", async ({ page }) => {
    await open(page, "/contacts/");
    const form = feedbackForm(page);
    await form.getByRole("textbox", { name: "Электронная почта" }).fill("oleg@");
    await form.getByRole("button", { name: "Отправить" }).click();
    await expect(form.getByText("Укажите e-mail в формате name@example.ru")).toBeVisible();
    await expect(form.getByText("Напишите сообщение: не меньше 10 символов")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Имя" })).toBeFocused();
    // checked groups without an error are marked success (here: the optional phone and file)
    await expect(form.locator(".form-group--error")).toHaveCount(4);
    await expect(form.locator(".form-group--success")).toHaveCount(2);

    await form.getByRole("textbox", { name: "Имя" }).fill("Олег");
    await form.getByRole("textbox", { name: "Электронная почта" }).fill("oleg@example.ru");
    await form.getByRole("textbox", { name: "Сообщение" }).fill("Спасибо за быструю доставку!");
    await expect(form.locator("[data-counter-for=message]")).toHaveText("28/2000");
    await expect(form.getByLabel("Файл")).toHaveAttribute("type", "file");
    await form.getByRole("checkbox", { name: /персональных данных/ }).check();
    await form.getByRole("button", { name: "Отправить" }).click();
    await expect(page.getByRole("dialog", { name: "Спасибо за обращение" })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Сообщение" })).toHaveValue("");
    await expect(form.locator("[data-counter-for=message]")).toHaveText("0/2000");
  });

  test("the header link opens the callback dialog; success opens the thank-you dialog after it closes", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Обратный звонок" })).toHaveAttribute("data-enhanced", "true");
    await page.getByRole("banner").getByRole("link", { name: "Обратный звонок" }).click();
    const dialog = page.getByRole("dialog", { name: "Обратный звонок" });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
    await dialog.getByRole("textbox", { name: "Имя" }).fill("Галина");
    await dialog.getByRole("textbox", { name: "Телефон" }).fill("8 812 234 56 78");
    await expect(dialog.getByRole("textbox", { name: "Телефон" })).toHaveValue("+7 (812) 234-56-78");
    await dialog.getByRole("checkbox", { name: /персональных данных/ }).check();
    await page.screenshot({ path: "test-results/screens/forms-callback-dialog-1280.png" });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Заказать звонок" }).click();
    await expect(dialog).toBeHidden();
    const done = page.getByRole("dialog", { name: "Спасибо за обращение" });
    await expect(done).toBeVisible();
  });

  test("the phone mask normalises pasted numbers and refuses letters and impossible codes", async ({ page }) => {
    await open(page, "/contacts/");
    const phone = callbackForm(page).getByRole("textbox", { name: "Телефон" });
    await phone.click();
    // a paste arrives as one insertion of the whole text
    await page.keyboard.insertText("8 (916) 555-44-33");
    await expect(phone).toHaveValue("+7 (916) 555-44-33");
    await phone.fill("");
    // letters and an operator code starting with 1 are refused (only the fixed «+7 (» shows)
    await phone.pressSequentially("abc");
    await expect(phone).not.toHaveValue(/[a-z]/);
    await phone.pressSequentially("1");
    await expect(phone).not.toHaveValue(/1/);
    await phone.pressSequentially("4951234567");
    await expect(phone).toHaveValue("+7 (495) 123-45-67");
  });
});

test.describe("forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("callback posts to the page: errors with what was typed, then the success notice", async ({ page }) => {
    await page.goto("/contacts/");
    const form = callbackForm(page);
    await form.getByRole("textbox", { name: "Имя" }).fill("Дмитрий");
    await form.getByRole("button", { name: "Заказать звонок" }).click();
    await expect(callbackForm(page).getByText("Укажите телефон в формате +7 (XXX) XXX-XX-XX")).toBeVisible();
    await expect(callbackForm(page).getByText("Подтвердите согласие на обработку персональных данных")).toBeVisible();
    await expect(callbackForm(page).getByRole("textbox", { name: "Имя" })).toHaveValue("Дмитрий");

    await callbackForm(page).getByRole("textbox", { name: "Телефон" }).fill("8 916 000 11 22");
    await callbackForm(page)
      .getByRole("checkbox", { name: /персональных данных/ })
      .check();
    await callbackForm(page).getByRole("button", { name: "Заказать звонок" }).click();
    await expect(page).toHaveURL(/\/contacts\/\?sent=callback#callback$/);
    const done = page.getByRole("dialog", { name: "Спасибо за обращение" });
    await expect(done).toBeVisible();
    await expect(done).toContainText("Мы свяжемся с вами в ближайшее время");
    await page.screenshot({ path: "test-results/screens/forms-nojs-sent-1280.png" });
  });

  test("feedback posts to the page with the same errors, then succeeds", async ({ page }) => {
    await page.goto("/contacts/");
    await feedbackForm(page).getByRole("button", { name: "Отправить" }).click();
    await expect(feedbackForm(page).getByText("Укажите e-mail в формате name@example.ru")).toBeVisible();
    await feedbackForm(page).getByRole("textbox", { name: "Имя" }).fill("Елена");
    await feedbackForm(page).getByRole("textbox", { name: "Электронная почта" }).fill("elena@example.ru");
    await feedbackForm(page).getByRole("textbox", { name: "Сообщение" }).fill("Подскажите, есть ли диван Осло в зелёном цвете?");
    await feedbackForm(page)
      .getByRole("checkbox", { name: /персональных данных/ })
      .check();
    await feedbackForm(page).getByRole("button", { name: "Отправить" }).click();
    await expect(page.getByRole("dialog", { name: "Спасибо за обращение" })).toBeVisible();
  });

  test("the header link leads to the callback form on the contacts page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Обратный звонок" }).click();
    await expect(page).toHaveURL(/\/contacts\/#callback$/);
    await expect(callbackForm(page)).toBeVisible();
  });
});
