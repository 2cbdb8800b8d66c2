import { Form, Link } from "react-router";
import type { AdminProductList, SectionOption } from "../admin-product-types.ts";
import { formatPrice } from "../../../lib/format.ts";
import { articleOf, BULK_ACTIONS, LOW_STOCK_MAX, productListParams, type ProductListFilter } from "../product-list-query.ts";

const href = (filter: ProductListFilter, page: number) => {
  const query = productListParams(filter, { page }).toString();
  return query ? `?${query}` : "?";
};

export interface BulkError {
  field: string;
  message: string;
}

/**
 * The products found, each with a checkbox; the bulk action form wraps the table, so checked rows
 * post with it as plain form fields (no JavaScript needed) and the answer comes back to this page.
 */
export function ProductTable({
  list,
  filter,
  sections,
  error,
}: {
  list: AdminProductList;
  filter: ProductListFilter;
  sections: SectionOption[];
  error?: BulkError;
}) {
  if (!list.rows.length) return <p>Товаров не найдено. Измените поиск или фильтры.</p>;
  return (
    <Form method="post" className="product-bulk">
      <fieldset className="product-bulk__actions">
        <legend>С отмеченными</legend>
        <div className="form-group">
          <label className="form-group__label" htmlFor="bulk-action">
            Действие
          </label>
          <select id="bulk-action" className="form-control" name="action" defaultValue="publish">
            {Object.entries(BULK_ACTIONS).map(([code, title]) => (
              <option key={code} value={code}>
                {title}
              </option>
            ))}
          </select>
        </div>
        <div className="form-group">
          <label className="form-group__label" htmlFor="bulk-section">
            Новый раздел
          </label>
          <select id="bulk-section" className="form-control" name="sectionId" defaultValue="" aria-invalid={error?.field === "sectionId" || undefined}>
            <option value="">—</option>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-group product-bulk__percent">
          <label className="form-group__label" htmlFor="bulk-percent">
            Процент
          </label>
          <input
            id="bulk-percent"
            className="form-control"
            name="percent"
            inputMode="decimal"
            placeholder="10 или −5"
            aria-invalid={error?.field === "percent" || undefined}
          />
        </div>
        <button type="submit" className="button">
          Применить к отмеченным
        </button>
        {error ? (
          <p className="product-bulk__error" role="alert">
            {error.message}
          </p>
        ) : null}
      </fieldset>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Товары</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Отметить</span>
              </th>
              <th scope="col">Артикул</th>
              <th scope="col">Название</th>
              <th scope="col">Раздел</th>
              <th scope="col" className="admin-table__num">
                Цена
              </th>
              <th scope="col" className="admin-table__num">
                Остаток
              </th>
              <th scope="col">Статус</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((p) => (
              <tr key={p.id}>
                <td>
                  <input type="checkbox" name="ids" value={p.id} aria-label={`Отметить «${p.title}»`} />
                </td>
                <td>{articleOf(p.id, p.article)}</td>
                <td>
                  <Link to={`/admin/products/${p.id}/`}>{p.title}</Link>
                  <div className="product-table__muted">
                    /{p.slug}/{p.kind === "set" ? " · комплект" : ""}
                  </div>
                  {p.noWeight ? <div className="product-table__low">Вес не указан: подъём рассчитает менеджер</div> : null}
                </td>
                <td>{p.sectionTitle}</td>
                <td className="admin-table__num">
                  {formatPrice(p.price)}
                  {p.oldPrice !== null ? <div className="product-table__muted product-table__old">{formatPrice(p.oldPrice)}</div> : null}
                </td>
                <td className={p.stock <= LOW_STOCK_MAX ? "admin-table__num product-table__low" : "admin-table__num"}>{p.stock}</td>
                <td>{p.published ? "Опубликован" : "Скрыт"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.pages > 1 ? (
        <nav className="admin-pager" aria-label="Страницы товаров">
          {list.page > 1 ? <Link to={href(filter, list.page - 1)}>← Предыдущая</Link> : null}
          <span>
            Страница {list.page} из {list.pages}
          </span>
          {list.page < list.pages ? <Link to={href(filter, list.page + 1)}>Следующая →</Link> : null}
        </nav>
      ) : null}
    </Form>
  );
}
