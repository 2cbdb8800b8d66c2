import { Form } from "react-router";
import { DELIVERY_TYPES } from "../../../lib/delivery-pricing.ts";
import { ORDER_STATUSES } from "../../../lib/order-status.ts";
import type { OrderListFilter } from "../../../lib/order-workflow.ts";

/** The order list's search and filters: a plain GET form, so everything lives in the URL and works without JavaScript. */
export function OrderFilters({ filter }: { filter: OrderListFilter }) {
  return (
    <Form method="get" className="admin-filters order-filters" role="search" aria-label="Поиск заказов">
      <div className="form-group order-filters__search">
        <label className="form-group__label" htmlFor="orders-q">
          Поиск
        </label>
        <input id="orders-q" className="form-control" type="search" name="q" defaultValue={filter.q} placeholder="Номер, телефон, e-mail или имя" />
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="orders-status">
          Статус
        </label>
        <select id="orders-status" className="form-control" name="status" defaultValue={filter.status ?? ""}>
          <option value="">Все</option>
          {Object.entries(ORDER_STATUSES).map(([code, title]) => (
            <option key={code} value={code}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="orders-delivery">
          Доставка
        </label>
        <select id="orders-delivery" className="form-control" name="delivery" defaultValue={filter.delivery ?? ""}>
          <option value="">Любая</option>
          {Object.entries(DELIVERY_TYPES).map(([code, title]) => (
            <option key={code} value={code}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="orders-from">
          С даты
        </label>
        <input id="orders-from" className="form-control" type="date" name="from" defaultValue={filter.from ?? ""} />
      </div>
      <div className="form-group">
        <label className="form-group__label" htmlFor="orders-to">
          По дату
        </label>
        <input id="orders-to" className="form-control" type="date" name="to" defaultValue={filter.to ?? ""} />
      </div>
      {filter.sort !== "date" ? <input type="hidden" name="sort" value={filter.sort} /> : null}
      {filter.dir !== "desc" ? <input type="hidden" name="dir" value={filter.dir} /> : null}
      <button type="submit" className="button">
        Найти
      </button>
    </Form>
  );
}
