import { Form } from "react-router";
import type { SectionOption } from "../../../domain/admin-product-types.ts";
import { PRODUCT_SORTS, PRODUCT_STATUSES, STOCK_FILTERS, type ProductListFilter } from "../../../lib/product-list-query.ts";

/** The product list's search and filters: a plain GET form, so everything lives in the URL and works without JavaScript. */
export function ProductFilters({ filter, sections }: { filter: ProductListFilter; sections: SectionOption[] }) {
  return (
    <Form method="get" className="admin-filters product-filters" role="search" aria-label="Поиск товаров">
      <div className="form-group product-filters__search">
        <label className="form-group__label" htmlFor="products-q">
          Поиск
        </label>
        <input id="products-q" className="form-control" type="search" name="q" defaultValue={filter.q} placeholder="Название, артикул, адрес или id" />
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="products-section">
          Раздел
        </label>
        <select id="products-section" className="form-control" name="section" defaultValue={filter.section ?? ""}>
          <option value="">Все</option>
          {sections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="products-status">
          Статус
        </label>
        <select id="products-status" className="form-control" name="status" defaultValue={filter.status ?? ""}>
          <option value="">Любой</option>
          {Object.entries(PRODUCT_STATUSES).map(([code, title]) => (
            <option key={code} value={code}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="products-stock">
          Наличие
        </label>
        <select id="products-stock" className="form-control" name="stock" defaultValue={filter.stock ?? ""}>
          <option value="">Любое</option>
          {Object.entries(STOCK_FILTERS).map(([code, title]) => (
            <option key={code} value={code}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="products-sort">
          Порядок
        </label>
        <select id="products-sort" className="form-control" name="sort" defaultValue={filter.sort}>
          {Object.entries(PRODUCT_SORTS).map(([code, title]) => (
            <option key={code} value={code}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Найти
      </button>
    </Form>
  );
}
