import { Link } from "react-router";
import { formatDate } from "../../../lib/format.ts";
import { ROLE_TITLES, type StaffRole } from "../staff-roles.ts";

interface Member {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  since: number;
}

/** Who works in the back office, each with a link to change their role or remove them. */
export function StaffTable({ staff, me }: { staff: readonly Member[]; me: number }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Сотрудники и их роли</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Имя</th>
            <th scope="col">Роль</th>
            <th scope="col">Сотрудник с</th>
            <th scope="col">
              <span className="visually-hidden">Действия</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.map((m) => (
            <tr key={m.id}>
              <td>{m.email}</td>
              <td>
                {m.name}
                {m.id === me ? " (вы)" : ""}
              </td>
              <td>{ROLE_TITLES[m.role]}</td>
              <td>{formatDate(m.since)}</td>
              <td>
                <Link to={`/admin/staff/?edit=${m.id}`} aria-label={`Изменить: ${m.email}`}>
                  Изменить
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
