import { DELIVERY_TYPES } from "../../delivery/index.ts";
import { ORDER_STATUSES } from "../order-status.ts";
import { ORDER_PAYMENT_FILTERS, type OrderListFilter } from "../order-workflow.ts";
import { AdminFilters, FilterDate, FilterSearch, FilterSelect } from "../../../ui/admin/AdminFilters.tsx";

/** The order list's search and filters; a sort chosen in the table's headers is kept. */
export function OrderFilters({ filter }: { filter: OrderListFilter }) {
  return (
    <AdminFilters
      label="Поиск заказов"
      className="order-filters"
      keep={{ sort: filter.sort !== "date" ? filter.sort : null, dir: filter.dir !== "desc" ? filter.dir : null }}
    >
      <FilterSearch id="orders-q" className="order-filters__search" value={filter.q} placeholder="Номер, телефон, e-mail или имя" />
      <FilterSelect id="orders-status" name="status" label="Статус" value={filter.status} anyLabel="Все" options={Object.entries(ORDER_STATUSES)} />
      <FilterSelect id="orders-delivery" name="delivery" label="Доставка" value={filter.delivery} anyLabel="Любая" options={Object.entries(DELIVERY_TYPES)} />
      <FilterSelect id="orders-payment" name="payment" label="Оплата" value={filter.payment} anyLabel="Любая" options={Object.entries(ORDER_PAYMENT_FILTERS)} />
      <FilterDate id="orders-from" name="from" label="С даты" value={filter.from} />
      <FilterDate id="orders-to" name="to" label="По дату" value={filter.to} />
    </AdminFilters>
  );
}
