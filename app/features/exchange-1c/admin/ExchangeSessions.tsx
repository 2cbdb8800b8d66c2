import type { ExchangeSessionListItem } from "../exchange-1c-types.ts";
import { formatDateTime } from "../../../lib/format.ts";
import "../../../ui/admin/admin-table.css";

const STATUS: Record<string, string> = { open: "идёт", done: "завершён", failed: "ошибка" };

/** what a session did, in words: «разделов: 3, создано: 120, обновлено: 5» (the unpacking marks left out) */
function countsText(counts: Record<string, number>): string {
  const words: Record<string, string> = {
    sections: "разделов",
    properties: "свойств",
    created: "создано",
    updated: "обновлено",
    hidden: "скрыто",
    offers: "предложений",
    missing: "не найдено товаров",
    pictures: "картинок",
    errors: "ошибок",
    // records refused and warnings (decision 099); their lines are in «Ошибки»
    refused: "отклонено записей",
    warnings: "предупреждений",
    // the orders exchange (decision 089)
    ordersSent: "заказов отправлено в 1С",
    ordersExported: "отмечено выгруженными",
    statusesApplied: "статусов из 1С применено",
    orderErrors: "ошибок в заказах",
  };
  const parts = Object.entries(counts)
    .filter(([key]) => key in words)
    .map(([key, n]) => `${words[key]}: ${n}`);
  return parts.join(", ") || "—";
}

/** The 1C exchange sessions, newest first: who, when, which files, what changed, what went wrong. */
export function ExchangeSessions({ sessions }: { sessions: ExchangeSessionListItem[] }) {
  return (
    <section aria-labelledby="exchange-sessions-heading">
      <h2 id="exchange-sessions-heading">Сеансы обмена с 1С</h2>
      {sessions.length === 0 ? (
        <p>Сеансов ещё не было. В 1С укажите адрес сайта с путём /exchange/1c/ и логин сотрудника с доступом к обмену.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Начат</th>
                <th scope="col">Сотрудник</th>
                <th scope="col">Состояние</th>
                <th scope="col">Файлы</th>
                <th scope="col">Изменения</th>
                <th scope="col">Ошибки</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td>{formatDateTime(s.startedAt)}</td>
                  <td>{s.staffEmail ?? "—"}</td>
                  <td>{STATUS[s.status] ?? s.status}</td>
                  <td>{s.files.join(", ") || "—"}</td>
                  <td>{countsText(s.counts)}</td>
                  <td>{s.errors.join("; ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
