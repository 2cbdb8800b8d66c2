import { Link } from "react-router";
import type { PromoCodeRow } from "../promo-form.ts";
import { describePromo } from "../promo-form.ts";
import "../../../ui/admin/admin-table.css";

/** The promo codes: code, what it gives, when, how many uses of how many, on or off. */
export function PromoTable({ rows }: { rows: PromoCodeRow[] }) {
  if (!rows.length) return <p>Промокодов пока нет.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Код</th>
            <th scope="col">Скидка</th>
            <th scope="col">Действует</th>
            <th scope="col" className="admin-table__num">
              Использован
            </th>
            <th scope="col">Состояние</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => {
            const d = describePromo(p);
            return (
              <tr key={p.id}>
                <td>
                  <Link to={`/admin/promo/${p.id}/`}>{p.code}</Link>
                </td>
                <td>{d.discount}</td>
                <td>{d.period}</td>
                <td className="admin-table__num">{d.uses}</td>
                <td>{p.enabled ? "Включён" : "Выключен"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
