// «Состав комплекта» in the product form (decision 078): the set's items with quantity and
// «Необязательный», the discount, and the price, old price and weight that follow from them. Every
// list button is a submit button named setOp, so adding, moving and removing items works as a plain
// form without JavaScript (the server answers with the new list); with JavaScript the totals follow
// what is typed at once and the «Добавить предмет» field suggests products as one types.
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminProductRow } from "../admin-product-types.ts";
import type { SetFormValues } from "../admin-set-types.ts";
import { formatPrice, formatWeight } from "../../../lib/format.ts";
import { articleOf } from "../product-list-query.ts";
import { SET_DISCOUNT_MAX } from "../set-form.ts";
import { setNumbersOf } from "../set-price.ts";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import "./SetItemsEditor.css";

interface Props {
  /** the set's own id (0 when new): it is never offered as its own item */
  setId: number;
  values: SetFormValues;
  errors: Record<string, string>;
}

const wholeOr0 = (raw: string) => (/^\d{1,2}$/.test(raw.trim()) ? Number(raw.trim()) : 0);

export function SetItemsEditor({ setId, values, errors }: Props) {
  const [rows, setRows] = useState(values.items);
  const [discount, setDiscount] = useState(values.discount);
  const addButton = useRef<HTMLButtonElement>(null);
  // reuses the product list's own loader (its search by title, article or id) for the suggestions
  const search = useFetcher<{ list?: { rows: AdminProductRow[] } }>();
  const suggestions = (search.data?.list?.rows ?? []).filter((r) => r.kind === "product" && r.id !== setId && !rows.some((i) => i.id === r.id));

  const totals = setNumbersOf(
    rows.map((r) => ({ id: r.id, price: r.price, weight: r.weight, qty: wholeOr0(r.qty), optional: r.optional })),
    wholeOr0(discount),
  );
  const change = (id: number, patch: Partial<(typeof rows)[number]>) => setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  return (
    <fieldset className="set-editor" aria-describedby={errors.setItems ? "set-items-error" : undefined}>
      <legend>Состав комплекта</legend>
      <input type="hidden" name="kind" value="set" />
      {errors.setItems ? (
        <p id="set-items-error" className="form-group__error">
          {errors.setItems}
        </p>
      ) : null}
      {rows.length ? (
        <ol className="set-editor__list">
          {rows.map((r, i) => {
            const qtyError = errors[`setQty.${r.id}`];
            return (
              <li key={r.id} className="set-editor__row">
                <input type="hidden" name="setItem" value={r.id} />
                <div className="set-editor__item">
                  <span className="set-editor__title">{r.title}</span>
                  <span className="set-editor__meta">
                    Арт. {articleOf(r.id)} · {formatPrice(r.price)} · {formatWeight(r.weight)}
                  </span>
                </div>
                <label className="set-editor__qty">
                  <span>Количество</span>
                  <input
                    className="form-control"
                    name={`setQty.${r.id}`}
                    inputMode="numeric"
                    value={r.qty}
                    aria-invalid={qtyError ? true : undefined}
                    aria-describedby={qtyError ? `set-qty-${r.id}-error` : undefined}
                    onChange={(e) => change(r.id, { qty: e.target.value })}
                  />
                </label>
                <label className="product-form__check set-editor__optional">
                  <input type="checkbox" name={`setOptional.${r.id}`} checked={r.optional} onChange={(e) => change(r.id, { optional: e.target.checked })} />{" "}
                  Необязательный
                </label>
                <span className="set-editor__buttons">
                  <button type="submit" name="setOp" value={`up:${r.id}`} className="icon-button" aria-label={`Выше: ${r.title}`} disabled={i === 0}>
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="setOp"
                    value={`down:${r.id}`}
                    className="icon-button"
                    aria-label={`Ниже: ${r.title}`}
                    disabled={i === rows.length - 1}
                  >
                    ↓
                  </button>
                  <button type="submit" name="setOp" value={`remove:${r.id}`} className="icon-button" aria-label={`Убрать: ${r.title}`}>
                    ✕
                  </button>
                </span>
                {qtyError ? (
                  <p id={`set-qty-${r.id}-error`} className="form-group__error set-editor__row-error">
                    {qtyError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="set-editor__empty">Добавьте предметы: не меньше двух, хотя бы один обязательный.</p>
      )}
      <FormGroup id="set-add" label="Добавить предмет" hint="Артикул или id товара; можно начать вводить название" error={errors.setAdd}>
        {(control) => (
          <div className="set-editor__add">
            <input
              {...control}
              name="setAdd"
              defaultValue={values.add ?? ""}
              list="set-add-suggestions"
              autoComplete="off"
              onChange={(e) => {
                const q = e.target.value.trim();
                if (q.length >= 2) void search.load(`/admin/products/?q=${encodeURIComponent(q)}`);
              }}
              onKeyDown={(e) => {
                // Enter here means «add this item», not «save the set»
                if (e.key !== "Enter") return;
                e.preventDefault();
                addButton.current?.click();
              }}
            />
            <datalist id="set-add-suggestions">
              {suggestions.slice(0, 10).map((s) => (
                <option key={s.id} value={articleOf(s.id)}>
                  {`${s.title} — ${formatPrice(s.price)}`}
                </option>
              ))}
            </datalist>
            <button ref={addButton} type="submit" name="setOp" value="add" className="button button--ghost">
              Добавить
            </button>
          </div>
        )}
      </FormGroup>
      <div className="product-form__grid">
        <FormGroup id="set-discount" label="Скидка, %" error={errors.setDiscount} hint={`От 0 до ${SET_DISCOUNT_MAX}`}>
          {(control) => <input {...control} name="setDiscount" inputMode="numeric" value={discount} onChange={(e) => setDiscount(e.target.value)} />}
        </FormGroup>
        <FormGroup id="set-price" label="Цена" hint="Сумма предметов за вычетом скидки">
          {(control) => <input {...control} readOnly value={formatPrice(totals.price)} />}
        </FormGroup>
        <FormGroup id="set-old-price" label="Старая цена" hint="Сумма предметов; без скидки не показывается">
          {(control) => <input {...control} readOnly value={totals.old_price === null ? "—" : formatPrice(totals.old_price)} />}
        </FormGroup>
        <FormGroup id="set-weight" label="Вес, кг" hint="Сумма весов предметов">
          {(control) => <input {...control} readOnly value={formatWeight(totals.weight)} />}
        </FormGroup>
      </div>
    </fieldset>
  );
}
