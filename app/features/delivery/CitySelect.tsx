import { useFetcher, useLocation } from "react-router";
import { DELIVERY_CITIES, DEFAULT_CITY } from "./delivery-pricing.ts";
import { useRootData } from "../../root-data.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { Icon } from "../../ui/Icon.tsx";
import "./CitySelect.css";

/**
 * The visitor's city (select «Город»): a plain form that posts to /city/ and comes back (303)
 * without JavaScript, where «Выбрать» sends it; with JavaScript a change sends it in the
 * background and the page's loaders run again (delivery dates and prices follow the city).
 */
export function CitySelect({ id = "city", label = "Город", className = "" }: { id?: string; label?: string; className?: string }) {
  const current = useRootData()?.city ?? DEFAULT_CITY;
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("city");
  return (
    <fetcher.Form method="post" action="/city/" className={`city-select ${className}`}>
      <Icon name="map-pin" size={16} />
      <label htmlFor={id} className="city-select__label">
        {label}
      </label>
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <select
        id={id}
        name="city"
        className="city-select__field"
        value={typeof pending === "string" ? pending : current}
        onChange={(e) => {
          if (hydrated) void fetcher.submit(e.currentTarget.form);
        }}
      >
        {DELIVERY_CITIES.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="city-select__submit">
          Выбрать
        </button>
      )}
    </fetcher.Form>
  );
}
