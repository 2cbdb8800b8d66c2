import { Link } from "react-router";
import type { AdminOrderList } from "../admin-order-types.ts";
import { deliveryName } from "../../delivery/index.ts";
import { formatDateTime, formatPrice } from "../../../lib/format.ts";
import { ONE_CLICK_SOURCE, ONE_CLICK_SOURCE_NAME } from "../order-source.ts";
import { orderStatusName } from "../order-status.ts";
import { orderListParams, type OrderListFilter, type OrderSort } from "../order-workflow.ts";

const href = (filter: OrderListFilter, change: Partial<OrderListFilter>) => {
  const query = orderListParams(filter, change).toString();
  return query ? `?${query}` : "?";
};

/** A column header that sorts by it: first click descending (newest, largest), again to flip. */
function SortHeader({ filter, sort, children, numeric }: { filter: OrderListFilter; sort: OrderSort; children: string; numeric?: boolean }) {
  const active = filter.sort === sort;
  const dir = active && filter.dir === "desc" ? "asc" : "desc";
  return (
    <th scope="col" className={numeric ? "admin-table__num" : undefined} aria-sort={active ? (filter.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={href(filter, { sort, dir, page: 1 })}>
        {children}
        {active ? (filter.dir === "asc" ? " ↑" : " ↓") : null}
      </Link>
    </th>
  );
}

export function OrderTable({ list, filter }: { list: AdminOrderList; filter: OrderListFilter }) {
  if (!list.rows.length) return <p>Заказов не найдено. Измените поиск или фильтры.</p>;
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Заказы</caption>
          <thead>
            <tr>
              <SortHeader filter={filter} sort="number">
                Номер
              </SortHeader>
              <SortHeader filter={filter} sort="date">
                Дата
              </SortHeader>
              <th scope="col">Статус</th>
              <th scope="col">Покупатель</th>
              <th scope="col">Телефон</th>
              <th scope="col">Доставка</th>
              <th scope="col">Оплата</th>
              <SortHeader filter={filter} sort="total" numeric>
                Сумма
              </SortHeader>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((o) => (
              <tr key={o.number}>
                <td className="order-table__nowrap">
                  <Link to={`/admin/orders/${o.number}/`}>№&nbsp;{o.number}</Link>
                  {o.source === ONE_CLICK_SOURCE ? <div className="order-table__muted">{ONE_CLICK_SOURCE_NAME}</div> : null}
                </td>
                <td>{formatDateTime(o.createdAt)}</td>
                <td>{orderStatusName(o.status)}</td>
                <td>
                  {o.name}
                  {o.email ? <div className="order-table__muted">{o.email}</div> : null}
                </td>
                <td className="order-table__nowrap">{o.phone}</td>
                <td>{deliveryName(o.deliveryType)}</td>
                <td>{o.paid ? "Оплачен" : "Не оплачен"}</td>
                <td className="admin-table__num">{formatPrice(o.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.pages > 1 ? (
        <nav className="admin-pager" aria-label="Страницы заказов">
          {list.page > 1 ? <Link to={href(filter, { page: list.page - 1 })}>← Предыдущая</Link> : null}
          <span>
            Страница {list.page} из {list.pages}
          </span>
          {list.page < list.pages ? <Link to={href(filter, { page: list.page + 1 })}>Следующая →</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
