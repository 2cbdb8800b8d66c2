// The library-built widgets as a visitor uses them: the quantity field (React Aria NumberField)
// with and without JavaScript, the modal dialog's keyboard and pointer behaviour, the file
// picker's button. The cart, profile and forms specs cover the rest of their behaviour.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { confirmRegistrationFromMail } from "./support.ts";

/** A product page whose «В корзину» works and whose stock is above three («В наличии»). */
async function productInStock(request: APIRequestContext): Promise<string> {
  const xml = await (await request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>https?:\/\/[^/<]+(\/product\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    if (html.includes("В наличии") && !html.includes("Осталось") && !html.includes("Состав комплекта")) return path;
  }
  throw new Error("no product in stock in the demo data");
}

let productPath = "";
test.beforeAll(async ({ request }) => {
  productPath = await productInStock(request);
});

const quantity = (page: Page) => page.getByRole("textbox", { name: "Количество" });

test.describe("quantity with JavaScript", () => {
  test("steps, keys, an emptied box going back to the minimum, and what goes into the cart", async ({ page }) => {
    await page.goto(productPath);
    const qty = quantity(page);
    const minus = page.getByRole("button", { name: "Уменьшить" });
    const plus = page.getByRole("button", { name: "Увеличить" });
    await expect(qty).toHaveAttribute("data-rac", "");
    await expect(qty).toHaveValue("1");
    await expect(minus).toBeDisabled();

    await plus.click();
    await expect(qty).toHaveValue("2");
    await expect(minus).toBeEnabled();
    await qty.press("ArrowUp");
    await expect(qty).toHaveValue("3");
    await qty.press("ArrowDown");
    await expect(qty).toHaveValue("2");

    // emptied: back to the minimum, not to the previous value; Enter settles it without
    // submitting the form (the cart below holds 3, not 3 + 1)
    await qty.fill("");
    await qty.press("Enter");
    await expect(qty).toHaveValue("1");
    // a fraction and letters are refused as they are typed
    await qty.fill("");
    await qty.pressSequentially("2,5x");
    await expect(qty).toHaveValue("25");
    await qty.fill("3");
    await qty.blur();

    await page.getByRole("button", { name: "В корзину" }).first().click();
    await expect(page.getByRole("link", { name: /^Корзина [^,]+, 3 товара/ })).toBeVisible();
    await page.goto("/cart/");
    await expect(quantity(page)).toHaveValue("3");
  });
});

test.describe("quantity without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the typed quantity is what the form posts", async ({ page }) => {
    await page.goto(productPath);
    // the server renders the same box, named, so a plain form post sends what was typed
    await expect(quantity(page)).toHaveAttribute("name", "cnt");
    await quantity(page).fill("3");
    await page.getByRole("button", { name: "В корзину" }).first().click();
    await expect(page.getByRole("link", { name: /^Корзина [^,]+, 3 товара/ })).toBeVisible();
    await page.goto("/cart/");
    await expect(quantity(page)).toHaveValue("3");
  });
});

test.describe("modal dialog", () => {
  test("Escape, «Закрыть» and a click outside close it; focus comes back; the page behind is hidden", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("banner").getByRole("link", { name: "Обратный звонок" });
    await expect(link).toHaveAttribute("data-enhanced", "true");
    const dialog = page.getByRole("dialog", { name: "Обратный звонок" });

    await link.click();
    await expect(dialog).toBeVisible();
    // the rest of the page is inert (out of reach and of the accessibility tree) while it is open
    const inertHeader = page.locator("[inert] header, header[inert]");
    await expect(inertHeader).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();

    await link.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Закрыть" }).click();
    await expect(dialog).toBeHidden();

    await link.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(inertHeader).toHaveCount(0);
  });
});

test.describe("file picker", () => {
  test("«Выбрать файлы» opens the browser's file chooser from the keyboard", async ({ page }) => {
    await page.goto("/register/");
    await page.getByLabel("Имя").fill("Ольга");
    const address = `e2e.widgets.${Date.now()}@example.ru`;
    await page.getByLabel("E-mail").fill(address);
    await page.getByLabel("Телефон").fill("+7 916 765 43 21");
    await page.getByLabel("Пароль", { exact: true }).fill("диван и кресло 2026");
    await page.getByRole("checkbox", { name: /персональных данных/ }).check();
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await confirmRegistrationFromMail(page, address);

    const files = page.getByRole("region", { name: "Мои файлы" });
    const button = files.getByRole("button", { name: "Выбрать файлы" });
    await button.focus();
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
    expect(chooser.isMultiple()).toBe(true);
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: "#2f5d50" } })
      .png()
      .toBuffer();
    await chooser.setFiles({ name: "с-клавиатуры.png", mimeType: "image/png", buffer: png });
    await expect(files.getByRole("link", { name: "с-клавиатуры.png" })).toBeVisible();
  });
});
