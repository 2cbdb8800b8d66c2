import { useRef } from "react";
import { Form, Link } from "react-router";
import type { FacetOption } from "../section-facets.ts";
import { SectionMoveButtons } from "./SectionMoveButtons.tsx";
import { useMoveFocus } from "./useMoveFocus.ts";

export type FacetRow = FacetOption & { shown: boolean };

interface Props {
  rows: FacetRow[];
  version: number;
  own: boolean;
  inheritedFrom: { id: number; title: string } | null;
  error?: string;
}

/**
 * The filters the section's storefront listing offers, in their order: a tick per filter and
 * «Выше»/«Ниже». One plain form: a move also saves the ticks as they stand, so nothing set on
 * the page is lost (decision 079).
 */
export function SectionFacetsForm({ rows, version, own, inheritedFrom, error }: Props) {
  const root = useRef<HTMLFormElement>(null);
  useMoveFocus(root);
  return (
    <Form ref={root} method="post" preventScrollReset className="section-form" aria-labelledby="section-facets-heading">
      <h2 id="section-facets-heading">Фильтры на витрине</h2>
      <p className="section-form__note">
        {own ? "У раздела свой набор фильтров; подразделы без своего набора берут его." : null}
        {inheritedFrom ? (
          <>
            Сейчас действует набор раздела <Link to={`/admin/sections/${inheritedFrom.id}/`}>{inheritedFrom.title}</Link>. Сохраните, чтобы задать свой.
          </>
        ) : null}
        {!own && !inheritedFrom ? "Набор не задан: на витрине все фильтры в обычном порядке. Сохраните, чтобы задать свой." : null}
      </p>
      <div className="admin-table-wrap">
        <input type="hidden" name="intent" value="facets" />
        <input type="hidden" name="version" value={version} />
        {/* the first submit button is what Enter presses: saving, not «Выше» of the first row */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Сохранить
        </button>
        <table className="admin-table section-facets">
          <thead>
            <tr>
              <th scope="col">Фильтр</th>
              <th scope="col">Показывать в фильтрах</th>
              <th scope="col">Порядок</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.code}>
                <th scope="row" id={`facet-${r.code}`} className="section-facets__title">
                  <input type="hidden" name="code" value={r.code} />
                  {r.title}
                </th>
                <td>
                  <label className="section-facets__check">
                    <input type="checkbox" name="shown" value={r.code} defaultChecked={r.shown} aria-describedby={`facet-${r.code}`} />
                    Показывать в фильтрах
                  </label>
                </td>
                <td>
                  <SectionMoveButtons
                    id={r.code}
                    first={i === 0}
                    last={i === rows.length - 1}
                    describedBy={`facet-${r.code}`}
                    name="move"
                    value={(d) => `${d}:${r.code}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? (
        <p role="alert" className="section-form__alert">
          {error}
        </p>
      ) : null}
      <div className="section-form__actions">
        <button type="submit" className="button">
          Сохранить
        </button>
        {own ? (
          <button type="submit" name="inherit" value="1" className="button button--ghost">
            Сбросить набор
          </button>
        ) : null}
      </div>
    </Form>
  );
}
