import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format.ts";
import type { AuditEntry } from "../../audit/index.ts";
import { auditActionTitle, auditChanges, auditObject } from "../audit-view.ts";

/** an entry as the journal reads it (the actor's id is not shown) */
type Entry = Omit<AuditEntry, "actorId">;

/** The audit log, newest first: when, who, what, on which object, and what changed. */
export function AuditTable({ entries }: { entries: readonly Entry[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Действия сотрудников, новые сверху</caption>
        <thead>
          <tr>
            <th scope="col">Когда</th>
            <th scope="col">Кто</th>
            <th scope="col">Действие</th>
            <th scope="col">Объект</th>
            <th scope="col">Было → стало</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => {
            const object = auditObject(e.entity, e.entityId, e.before, e.after);
            return (
              <tr key={e.id}>
                <td>{formatDateTime(e.createdAt)}</td>
                <td>{e.actorEmail}</td>
                <td>{auditActionTitle(e.action)}</td>
                <td>{object.href ? <Link to={object.href}>{object.label}</Link> : object.label}</td>
                <td>
                  <ul className="audit-changes">
                    {auditChanges(e.before, e.after).map((c) => (
                      <li key={c.field}>
                        {c.field}: {c.from === null ? c.to : `${c.from} → ${c.to}`}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
