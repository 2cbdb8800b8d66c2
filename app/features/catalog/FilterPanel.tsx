import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { FacetView, RangeView } from "./catalog-types.ts";
import { orderFilterGroups, type FilterGroupKey } from "./filter-order.ts";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import { parseListingQuery, type KnownFilters } from "./listing-query.ts";
import { RangeFilter } from "../../ui/RangeFilter.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { FacetGroup } from "./FacetGroup.tsx";
import "./FilterPanel.css";

export const FILTER_FORM_ID = "listing-form";
const DEBOUNCE_MS = 350;

interface Props {
  action: string;
  facets: FacetView[];
  ranges: RangeView[];
  /** the section's chosen order (decision 079); else the usual one */
  order?: FilterGroupKey[];
  total: number;
  /** where «Сбросить» leads: the listing without filters, keeping order and view */
  resetHref: string;
  /** kept as hidden fields: the search text on /search/ */
  hidden?: Record<string, string>;
  open: boolean;
  onClose: () => void;
}

/**
 * The filter panel is a plain GET form (works without JavaScript). With JavaScript every change
 * re-runs the listing after a short pause; the URL is pushed, so back and forward restore it.
 */
export function FilterPanel({ action, facets, ranges, order, total, resetHref, hidden, open, onClose }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => form.current?.requestSubmit(), DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // A box ticked or an order chosen before the page finished loading its script changed the
  // form but sent nothing: once enhanced, send what the form now says.
  const location = useLocation();
  useEffect(() => {
    const f = form.current;
    if (!f) return;
    const known: KnownFilters = { facets: new Set(facets.map((x) => x.code)), ranges: new Set() };
    const fromForm = parseListingQuery(new URLSearchParams([...new FormData(f)].map(([k, v]) => [k, String(v)])), known);
    const fromUrl = parseListingQuery(new URLSearchParams(location.search), known);
    const key = (q: typeof fromForm) =>
      JSON.stringify([
        Object.entries(q.facets)
          .map(([k, v]) => [k, [...v].sort()])
          .sort(),
        q.direction,
        q.num,
        q.view,
      ]);
    if (key(fromForm) !== key(fromUrl)) f.requestSubmit();
    // only once, right after hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Below 992 px the panel lies over the page; the body is marked so it does not scroll under it.
  useEffect(() => {
    document.body.classList.toggle("filters-open", open);
    return () => document.body.classList.remove("filters-open");
  }, [open]);

  // the section's chosen order, else the most used groups first (app/features/catalog/filter-order.ts)
  const groups =
    order ??
    orderFilterGroups(
      ranges.map((r) => r.code),
      facets.map((f) => f.code),
    );
  return (
    <div className={`filter-panel${open ? " filter-panel--open" : ""}`} id="filter-panel">
      <div className="filter-panel__head">
        <h2 className="filter-panel__title">Фильтры</h2>
        <button type="button" className="icon-button filter-panel__close" onClick={onClose}>
          <Icon name="x" />
          <span className="visually-hidden">Закрыть</span>
        </button>
      </div>
      <Form
        ref={form}
        id={FILTER_FORM_ID}
        method="get"
        action={action}
        preventScrollReset
        className="filter-panel__form"
        onChange={(e) => {
          // range boxes re-run the filter themselves when the visitor settles on a value
          if (!(e.target as HTMLElement).closest(".range-filter")) schedule();
        }}
      >
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {groups.map((g) => {
          if (g.kind === "facet") {
            const f = facets.find((x) => x.code === g.code)!;
            return <FacetGroup key={`f-${f.code}`} facet={f} />;
          }
          const r = ranges.find((x) => x.code === g.code)!;
          return (
            <fieldset key={`r-${r.code}`} className="facet">
              <legend className="facet__title">{r.title}</legend>
              <RangeFilter code={r.code} title={r.title} unit={r.unit} min={r.min} max={r.max} step={r.step} from={r.from} to={r.to} onCommit={schedule} />
            </fieldset>
          );
        })}
      </Form>
      {/* outside the scrolling form (so nothing shows beneath it on phones), joined to it by `form` */}
      <div className="filter-panel__actions">
        <button type="submit" form={FILTER_FORM_ID} className="button filter-panel__apply" onClick={onClose}>
          Показать {countOf(total, PRODUCT_FORMS)}
        </button>
        <Link to={resetHref} className="button button--ghost" preventScrollReset>
          Сбросить
        </Link>
      </div>
    </div>
  );
}
