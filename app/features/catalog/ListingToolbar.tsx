import type { ChangeEvent } from "react";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import { DIRECTIONS, PAGE_SIZES, SEARCH_DIRECTIONS, type ListingQuery } from "./listing-query.ts";
import { Icon } from "../../ui/Icon.tsx";
import { FILTER_FORM_ID } from "./FilterPanel.tsx";
import "./ListingToolbar.css";

// The controls belong to the filter form (form attribute), so order, page size and view keep
// the active filters and post together with them, with or without JavaScript.
const submitOwnForm = (e: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => e.currentTarget.form?.requestSubmit();

export function ListingToolbar({ query, total, onOpenFilters }: { query: ListingQuery; total: number; onOpenFilters: () => void }) {
  return (
    <div className="listing-toolbar">
      <p className="listing-toolbar__count" aria-live="polite">
        {countOf(total, PRODUCT_FORMS)}
      </p>
      <button type="button" className="button button--ghost listing-toolbar__filters" aria-controls="filter-panel" onClick={onOpenFilters}>
        <Icon name="sliders-horizontal" size={18} /> Фильтры
      </button>
      <label className="listing-toolbar__field">
        <span className="visually-hidden">Сортировка</span>
        <select name="direction" form={FILTER_FORM_ID} defaultValue={query.direction} onChange={submitOwnForm} aria-label="Сортировка" key={query.direction}>
          {Object.entries(query.q ? SEARCH_DIRECTIONS : DIRECTIONS).map(([value, title]) => (
            <option key={value} value={value}>
              {title}
            </option>
          ))}
        </select>
      </label>
      <label className="listing-toolbar__field">
        <span className="listing-toolbar__label">Показывать по</span>
        <select name="num" form={FILTER_FORM_ID} defaultValue={String(query.num)} onChange={submitOwnForm} aria-label="Показывать по" key={query.num}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="listing-toolbar__view">
        <legend className="visually-hidden">Вид списка</legend>
        {(["grid", "list"] as const).map((view) => (
          <label key={view} className="listing-toolbar__view-option" title={view === "grid" ? "Плиткой" : "Списком"}>
            <input type="radio" name="view" value={view} form={FILTER_FORM_ID} defaultChecked={query.view === view} onChange={submitOwnForm} key={query.view} />
            <Icon name={view === "grid" ? "layout-grid" : "list"} />
            <span className="visually-hidden">{view === "grid" ? "Плиткой" : "Списком"}</span>
          </label>
        ))}
      </fieldset>
      <noscript>
        <button type="submit" form={FILTER_FORM_ID} className="button button--ghost">
          Применить
        </button>
      </noscript>
    </div>
  );
}
