// The order page's status form and a refund by line, in Chromium at the back office's widths
// (1280 and 768 px): after «Сохранить» the «Статус» select starts on «— выберите —» (never on
// «Отменён») with the comment emptied, so the next «Сохранить» cancels nothing; a buyer pays
// online, and the manager returns one piece of it — the sum follows the pieces as they are typed,
// and the refund is made only after a confirmation that spells the sum in words (decision 101).
import { expect, test } from "@playwright/test";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, paidOrder, staffLogIn, watchConsole } from "./support.ts";

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
]) {
  test.describe(`the order page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the status form starts on «— выберите —» after a save, with the comment emptied, and a refund of one piece asks for confirmation", async ({
      page,
      browser,
    }) => {
      // a buyer's checkout and payment, then the manager's whole round: longer than one page's budget
      test.setTimeout(120_000);
      const errors = watchConsole(page);
      const buyer = await browser.newContext({ viewport });
      const number = await paidOrder(await buyer.newPage());
      await buyer.close();

      await staffLogIn(page, await createStaff("owner"), E2E_STAFF_PASSWORD, `/admin/orders/${number}/`);
      await hydrated(page);

      const status = page.getByRole("combobox", { name: "Статус" });
      const comment = page.getByLabel("Комментарий к статусу");
      await expect(status).toHaveValue("");
      await status.selectOption({ label: "Подтверждён" });
      await comment.fill("Позвоним покупателю завтра");
      await page.getByRole("button", { name: "Сохранить", exact: true }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Статус: Подтверждён" })).toBeVisible();
      // nothing preselected (the old page showed «Отменён» here), and the last comment is gone
      await expect(status).toHaveValue("");
      await expect(status.locator("option:checked")).toHaveText("— выберите —");
      await expect(comment).toHaveValue("");
      // the next «Сохранить» without a choice cancels nothing
      await page.getByRole("button", { name: "Сохранить", exact: true }).click();
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 2, name: "Статус: Подтверждён" })).toBeVisible();
      await expect(status).toHaveValue("");
      // the payment is an entry of its own in the timeline
      const history = page.getByRole("region", { name: "История заказа" });
      await expect(history.getByRole("listitem").filter({ hasText: /^Оплачен онлайн/ })).toHaveCount(1);
      await expect(history.getByRole("listitem").filter({ hasText: /^Новый/ })).toHaveCount(1);

      // a refund of one piece: nothing is pre-filled, the sum follows what is typed
      const refund = page.getByRole("form", { name: "Возврат денег" });
      const pieces = refund.getByLabel(/, вернуть шт\.$/);
      await expect(pieces).toHaveValue("0");
      await expect(refund.locator("output")).toHaveText("0\u00A0₽");
      await pieces.fill("1");
      await expect(refund.locator("output")).not.toHaveText("0\u00A0₽");
      const sum = (await refund.locator("output").textContent())!;
      await refund.getByRole("button", { name: "Вернуть деньги…" }).click();
      const confirm = page.getByRole("form", { name: "Подтвердите возврат" });
      await expect(confirm).toContainText(sum);
      await expect(confirm).toContainText(/рубл(ь|я|ей) \d\d копе(йка|йки|ек)\)/);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/admin-refund-confirm-${viewport.width}.png`, fullPage: true });
      await confirm.getByRole("button", { name: `Подтвердить возврат ${sum}` }).click();
      await expect(history.getByRole("listitem").filter({ hasText: `Возврат ${sum}` })).toHaveCount(1);
      await expect(page.getByRole("region", { name: "Оплата" })).toContainText("Возврат");
      await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });
  });
}
