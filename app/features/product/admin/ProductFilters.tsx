import type { SectionOption } from "../admin-product-types.ts";
import { PRODUCT_SORTS, PRODUCT_STATUSES, STOCK_FILTERS, type ProductListFilter } from "../product-list-query.ts";
import { AdminFilters, FilterSearch, FilterSelect } from "../../../ui/admin/AdminFilters.tsx";

/** The product list's search, filters and order. */
export function ProductFilters({ filter, sections }: { filter: ProductListFilter; sections: SectionOption[] }) {
  return (
    <AdminFilters label="Поиск товаров" className="product-filters">
      <FilterSearch id="products-q" className="product-filters__search" value={filter.q} placeholder="Название, артикул, адрес или id" />
      <FilterSelect
        id="products-section"
        name="section"
        label="Раздел"
        value={filter.section === null ? null : String(filter.section)}
        anyLabel="Все"
        options={sections.map((s) => [String(s.id), s.label] as const)}
      />
      <FilterSelect id="products-status" name="status" label="Статус" value={filter.status} anyLabel="Любой" options={Object.entries(PRODUCT_STATUSES)} />
      <FilterSelect id="products-stock" name="stock" label="Наличие" value={filter.stock} anyLabel="Любое" options={Object.entries(STOCK_FILTERS)} />
      <FilterSelect id="products-sort" name="sort" label="Порядок" value={filter.sort} options={Object.entries(PRODUCT_SORTS)} />
    </AdminFilters>
  );
}
