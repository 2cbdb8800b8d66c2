import { Link } from "react-router";
import type { RangeView } from "./catalog-types.ts";
import { formatNumber } from "../../lib/format.ts";
import { buildListingSearch, type ListingQuery } from "./listing-query.ts";
import { Icon } from "../../ui/Icon.tsx";
import "./ActiveFilters.css";

interface Props {
  basePath: string;
  query: ListingQuery;
  facetTitles: Record<string, string>;
  ranges: RangeView[];
}

/** Each active filter as a real link that removes it; «Сбросить» removes them all. */
export function ActiveFilters({ basePath, query, facetTitles, ranges }: Props) {
  const without = (change: (q: ListingQuery) => void) => {
    const next: ListingQuery = structuredClone({ ...query, page: 1 });
    change(next);
    return basePath + buildListingSearch(next);
  };
  const chips: { key: string; label: string; href: string }[] = [];
  for (const [code, values] of Object.entries(query.facets)) {
    for (const value of values) {
      chips.push({
        key: `${code}=${value}`,
        label: `${facetTitles[code] ?? code}: ${value}`,
        href: without((q) => (q.facets[code] = (q.facets[code] ?? []).filter((v) => v !== value))),
      });
    }
  }
  for (const r of ranges) {
    const chosen = query.ranges[r.code];
    if (!chosen) continue;
    const parts = [chosen.min !== undefined ? `от ${formatNumber(chosen.min)}` : "", chosen.max !== undefined ? `до ${formatNumber(chosen.max)}` : ""].filter(
      Boolean,
    );
    chips.push({
      key: r.code,
      label: `${r.title}: ${parts.join(" ")}${r.unit ? ` ${r.unit}` : ""}`,
      href: without((q) => delete q.ranges[r.code]),
    });
  }
  if (!chips.length) return null;
  return (
    <ul className="active-filters" aria-label="Выбранные фильтры">
      {chips.map((c) => (
        <li key={c.key}>
          <Link to={c.href} className="active-filters__chip" preventScrollReset aria-label={`Убрать фильтр «${c.label}»`}>
            {c.label}
            <Icon name="x" size={14} />
          </Link>
        </li>
      ))}
      <li>
        <Link to={without((q) => ((q.facets = {}), (q.ranges = {})))} className="active-filters__reset" preventScrollReset>
          Сбросить
        </Link>
      </li>
    </ul>
  );
}
