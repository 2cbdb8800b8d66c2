import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import type { PromoFormValues } from "../promo-form.ts";
import "./promo.css";

interface Props {
  values: PromoFormValues;
  errors?: FieldErrors;
  sections: { id: number; title: string }[];
  isNew: boolean;
}

/**
 * A promo code: the code, percent or roubles, the minimum cart sum, the sections it covers (none:
 * the whole catalogue; a section covers its subsections), the days it works and its use limits.
 */
export function PromoForm({ values, errors = {}, sections, isNew }: Props) {
  const chosen = new Set(values.sectionIds);
  return (
    <Form method="post" className="promo-admin-form" noValidate>
      <input type="hidden" name="version" value={values.version} />
      <div className="promo-admin-form__grid">
        <FormGroup id="promo-code" label="Код" hint="Без пробелов; регистр не важен" error={errors.code} required>
          {(p) => <input {...p} name="code" maxLength={40} defaultValue={values.code} autoCapitalize="characters" spellCheck={false} />}
        </FormGroup>
        <FormGroup id="promo-kind" label="Вид скидки" error={errors.kind}>
          {(p) => (
            <select {...p} name="kind" defaultValue={values.kind}>
              <option value="percent">Процент</option>
              <option value="fixed">Рубли</option>
            </select>
          )}
        </FormGroup>
        <FormGroup id="promo-amount" label="Размер скидки" hint="Процент (1–100) или рубли" error={errors.amount} required>
          {(p) => <input {...p} name="amount" inputMode="decimal" defaultValue={values.amount} />}
        </FormGroup>
        <FormGroup id="promo-min-sum" label="Минимальная сумма корзины, ₽" hint="Пусто — без минимума" error={errors.minSum}>
          {(p) => <input {...p} name="minSum" inputMode="decimal" defaultValue={values.minSum} />}
        </FormGroup>
        <FormGroup id="promo-valid-from" label="Действует с" error={errors.validFrom}>
          {(p) => <input {...p} type="date" name="validFrom" defaultValue={values.validFrom} />}
        </FormGroup>
        <FormGroup id="promo-valid-to" label="Действует по" hint="Включительно, по московскому времени" error={errors.validTo}>
          {(p) => <input {...p} type="date" name="validTo" defaultValue={values.validTo} />}
        </FormGroup>
        <FormGroup id="promo-total-limit" label="Всего использований" hint="Пусто — без ограничений" error={errors.totalLimit}>
          {(p) => <input {...p} name="totalLimit" inputMode="numeric" defaultValue={values.totalLimit} />}
        </FormGroup>
        <FormGroup id="promo-customer-limit" label="Использований на покупателя" hint="Пусто — без ограничений" error={errors.perCustomerLimit}>
          {(p) => <input {...p} name="perCustomerLimit" inputMode="numeric" defaultValue={values.perCustomerLimit} />}
        </FormGroup>
      </div>
      <FormGroup id="promo-sections" label="Разделы" hint="Ничего не выбрано — весь каталог; раздел включает свои подразделы" error={errors.sectionIds}>
        {(p) => (
          <select {...p} name="sectionIds" multiple size={Math.min(8, Math.max(3, sections.length))} defaultValue={[...chosen]}>
            {sections.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.title}
              </option>
            ))}
          </select>
        )}
      </FormGroup>
      <label className="form-check">
        <input type="checkbox" name="enabled" defaultChecked={values.enabled === "on"} /> Промокод включён
      </label>
      <button type="submit" className="button">
        {isNew ? "Создать промокод" : "Сохранить"}
      </button>
    </Form>
  );
}
