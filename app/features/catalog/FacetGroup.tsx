import { useState } from "react";
import type { FacetView } from "./catalog-types.ts";
import { formatNumber } from "../../lib/format.ts";

/** How many values a group shows before «Показать все». */
export const FACET_VISIBLE_VALUES = 6;

/**
 * A facet as a fieldset of checkboxes named by the property. A long list shows its first values and
 * folds the rest under «Показать все (N)», a <details> that opens without JavaScript; a checked
 * value is always among the shown ones, wherever it sits in the list.
 */
export function FacetGroup({ facet }: { facet: FacetView }) {
  // Checked state follows the listing the server rendered, and the visitor's clicks in between;
  // inputs stay mounted so keyboard focus survives the live update.
  const fromServer = facet.values.filter((v) => v.checked).map((v) => v.value);
  const signature = fromServer.join("\u0000");
  const [seen, setSeen] = useState(signature);
  const [checked, setChecked] = useState(() => new Set(fromServer));
  if (seen !== signature) {
    setSeen(signature);
    setChecked(new Set(fromServer));
  }
  const toggle = (value: string, on: boolean) =>
    setChecked((cur) => {
      const next = new Set(cur);
      if (on) next.add(value);
      else next.delete(value);
      return next;
    });
  // the split follows the server's checked values, so a box ticked inside the fold stays where it is
  const shown = (v: FacetView["values"][number], i: number) => i < FACET_VISIBLE_VALUES || v.checked;
  const visible = facet.values.filter(shown);
  const rest = facet.values.filter((v, i) => !shown(v, i));
  // the checkbox is named by its value alone; the count is its description
  const countId = (v: FacetView["values"][number]) => `facet-${facet.code}-${facet.values.indexOf(v)}-count`;
  const option = (v: FacetView["values"][number]) => (
    <label key={v.value} className={`facet__option${v.disabled ? " facet__option--disabled" : ""}`}>
      <input
        type="checkbox"
        aria-label={v.value}
        aria-describedby={countId(v)}
        name={facet.code}
        value={v.value}
        checked={checked.has(v.value)}
        disabled={v.disabled && !checked.has(v.value)}
        onChange={(e) => toggle(v.value, e.target.checked)}
      />
      <span className="facet__value">{v.value}</span>
      <span className="facet__count" id={countId(v)}>
        {formatNumber(v.count)}
        <span className="visually-hidden"> шт.</span>
      </span>
    </label>
  );
  return (
    <fieldset className="facet">
      <legend className="facet__title">{facet.title}</legend>
      <div className="facet__options">{visible.map(option)}</div>
      {rest.length > 0 ? (
        <details className="facet__more">
          <summary>
            <span className="facet__more-open">Показать все ({facet.values.length})</span>
            <span className="facet__more-close">Свернуть</span>
          </summary>
          <div className="facet__options">{rest.map(option)}</div>
        </details>
      ) : null}
    </fieldset>
  );
}
