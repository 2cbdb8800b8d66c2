import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import type { FeedShopFormValues } from "../yml-settings-form.ts";
import { COMPANY_MAX } from "../yml-settings-form.ts";
import { YML_SALES_NOTES_MAX, YML_SHOP_NAME_MAX } from "../yml.ts";
import "./FeedSettingsForm.css";

interface Props {
  feedUrl: string;
  sections: { id: number; parentId: number | null; title: string }[];
  /** ids ticked: the saved settings, or what was sent when the save was refused */
  included: readonly number[];
  /** the shop's details: saved, or as typed when the save was refused */
  shop: FeedShopFormValues;
  version: number;
  error: string | null;
  errors: FieldErrors;
}

/**
 * The Yandex Market feed's settings: the shop's name, company, courier option and sales note, and a
 * checkbox per section (subsections indented). One save, one version (decision 090).
 */
export function FeedSettingsForm({ feedUrl, sections, included, shop, version, error, errors }: Props) {
  const ticked = new Set(included);
  return (
    <section className="exchange-card" aria-labelledby="feed-title">
      <h2 id="feed-title">Фид для Яндекс Маркета</h2>
      <p>
        Адрес фида: <a href={feedUrl}>{feedUrl}</a> (сжатый: <a href={`${feedUrl}.gz`}>{`${feedUrl}.gz`}</a>). Фид пересобирается после изменений каталога.
      </p>
      <Form method="post" className="exchange-form" noValidate>
        <input type="hidden" name="version" value={version} />
        {error ? (
          <p role="alert" className="exchange-form__error">
            {error}
          </p>
        ) : null}
        <div className="exchange-form__grid">
          <FormGroup id="feed-shop-name" label="Название магазина" hint={`Короткое, до ${YML_SHOP_NAME_MAX} символов`} error={errors.shopName} required>
            {(p) => <input {...p} name="shopName" maxLength={YML_SHOP_NAME_MAX} defaultValue={shop.shopName} />}
          </FormGroup>
          <FormGroup id="feed-company" label="Компания" hint="Полное наименование, Маркет его не показывает" error={errors.company} required>
            {(p) => <input {...p} name="company" maxLength={COMPANY_MAX} defaultValue={shop.company} />}
          </FormGroup>
          <FormGroup id="feed-delivery-cost" label="Доставка курьером, ₽" hint="Целое число, 0 — бесплатно" error={errors.deliveryCost} required>
            {(p) => <input {...p} name="deliveryCost" inputMode="numeric" defaultValue={shop.deliveryCost} />}
          </FormGroup>
          <FormGroup id="feed-delivery-days" label="Срок доставки, дней" hint="Число или период до 3 дней, например 1-3" error={errors.deliveryDays} required>
            {(p) => <input {...p} name="deliveryDays" defaultValue={shop.deliveryDays} />}
          </FormGroup>
        </div>
        <FormGroup
          id="feed-sales-notes"
          label="Условия продажи"
          hint={`До ${YML_SALES_NOTES_MAX} символов, например «Оплата при получении»; товарам под заказ пишется срок поставки`}
          error={errors.salesNotes}
        >
          {(p) => <input {...p} name="salesNotes" maxLength={YML_SALES_NOTES_MAX} defaultValue={shop.salesNotes} />}
        </FormGroup>
        <fieldset className="exchange-form__sections">
          <legend>Разделы в фиде</legend>
          <p className="exchange-form__hint" id="feed-sections-hint">
            Снятый раздел убирает из фида и свои подразделы.
          </p>
          {sections.map((s) => (
            <label key={s.id} className={s.parentId === null ? "exchange-form__check" : "exchange-form__check exchange-form__check--sub"}>
              <input type="checkbox" name="section" value={s.id} defaultChecked={ticked.has(s.id)} aria-describedby="feed-sections-hint" /> {s.title}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button">
          Сохранить
        </button>
      </Form>
    </section>
  );
}
