// The choice groups of a model with several variants (docs/decisions/108-product-variants.md,
// section 3): a GET form of native radio groups, one fieldset per choice property named by its
// legend, so it is a radio group with arrow keys before hydration as after. Without JavaScript
// «Выбрать» sends the values and the server answers with the variant's address; with it a choice
// replaces the address with `?v=<id>` and the loader shows that variant.
import { useNavigate } from "react-router";
import type { VariantView } from "./product-types.ts";
import { pickVariant, valueInStock, type ChoiceGroup } from "./variant-choice.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";

interface Props {
  /** the page's path: the form's action, so a tab page stays on its tab */
  path: string;
  variants: VariantView[];
  choices: ChoiceGroup[];
  chosen: VariantView;
}

export function VariantPicker({ path, variants, choices, chosen }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <form method="get" action={path} className="variant-picker" aria-label="Выбор варианта">
      {choices.map((group) => (
        <fieldset key={group.code} className="variant-picker__group">
          <legend className="variant-picker__legend">
            {group.title}: <span className="variant-picker__current">{chosen.values[group.code] ?? "—"}</span>
          </legend>
          <div className="variant-picker__values">
            {group.values.map(({ value, color }) => {
              const inStock = valueInStock(variants, choices, chosen, group.code, value);
              return (
                <label key={value} className={`variant-picker__value${inStock ? "" : " variant-picker__value--out"}`}>
                  <input
                    type="radio"
                    name={group.code}
                    value={value}
                    checked={chosen.values[group.code] === value}
                    onChange={() => {
                      const pick = pickVariant(variants, choices, { ...chosen.values, [group.code]: value }, group.code);
                      // replace: switching fabrics should not fill the Back button
                      if (pick) void navigate(`?v=${pick.id}`, { replace: true, preventScrollReset: true });
                    }}
                  />
                  {group.display === "swatch" && color ? <span className="variant-picker__swatch" style={{ background: color }} aria-hidden="true" /> : null}
                  <span className="variant-picker__name">{value}</span>
                  {/* the comma is for the radio's spoken name («Зелёный, нет в наличии»); on screen the note stands apart */}
                  {inStock ? null : (
                    <span className="variant-picker__out">
                      <span className="visually-hidden">, </span>нет в наличии
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {hydrated ? null : (
        <button type="submit" className="button button--ghost variant-picker__submit">
          Выбрать
        </button>
      )}
    </form>
  );
}
