import { variantLabel } from "../../../lib/variant-values.ts";
import { Form } from "react-router";
import type { OrderRecord } from "../order-types.ts";
import { formatPrice } from "../../../lib/format.ts";

export interface FoundProduct {
  id: number;
  title: string;
  price: number;
  stock: number;
}

/** The order's lines; before assembly each quantity can change, a line can go, and a product can be added. */
export function OrderLines({
  order,
  editable,
  found,
  find,
  error,
}: {
  order: OrderRecord;
  editable: boolean;
  found: FoundProduct[];
  find: string;
  error?: { field: string; message: string };
}) {
  return (
    <section className="order-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title">Состав заказа</h2>
      {error && (error.field === "qty" || error.field === "line" || error.field === "product") ? (
        <p className="order-alert" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Товар</th>
              <th scope="col" className="admin-table__num">
                Цена
              </th>
              <th scope="col">Количество</th>
              <th scope="col" className="admin-table__num">
                Сумма
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.title}
                  {l.items.length ? <div className="order-table__muted">В комплекте: {l.items.join(", ")}</div> : null}
                  {l.values.length ? <div className="order-table__muted">{variantLabel(l.values)}</div> : null}
                  {l.article ? <div className="order-table__muted">Артикул: {l.article}</div> : null}
                  {l.weight > 0 ? null : <div className="order-table__muted">Вес не указан</div>}
                </td>
                <td className="admin-table__num">{formatPrice(l.price)}</td>
                <td>
                  {editable ? (
                    <div className="order-line-form">
                      <Form method="post" className="order-line-form">
                        <input type="hidden" name="intent" value="qty" />
                        <input type="hidden" name="version" value={order.version} />
                        <input type="hidden" name="lineId" value={l.id} />
                        <input className="form-control" type="number" name="qty" min={1} max={99} defaultValue={l.qty} aria-label={`Количество: ${l.title}`} />
                        <button type="submit" className="button button--ghost" aria-label={`Изменить количество: ${l.title}`}>
                          Изменить
                        </button>
                      </Form>
                      {order.lines.length > 1 ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="version" value={order.version} />
                          <input type="hidden" name="lineId" value={l.id} />
                          <button type="submit" className="button button--ghost" aria-label={`Убрать из заказа: ${l.title}`}>
                            Убрать
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  ) : (
                    `${l.qty} шт.`
                  )}
                </td>
                <td className="admin-table__num">{formatPrice(l.price * l.qty)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable ? (
        <div className="order-form">
          <Form method="get" className="order-line-form" role="search" aria-label="Товар для заказа">
            <label htmlFor="order-find">Добавить товар (номер, адрес или название)</label>
            <input id="order-find" className="form-control order-find" type="search" name="find" defaultValue={find} />
            <button type="submit" className="button button--ghost">
              Найти товар
            </button>
          </Form>
          {find && !found.length ? <p>Товаров не найдено.</p> : null}
          {found.length ? (
            <ul className="order-found">
              {found.map((p) => (
                <li key={p.id}>
                  <Form method="post" className="order-line-form">
                    <input type="hidden" name="intent" value="add" />
                    <input type="hidden" name="version" value={order.version} />
                    <input type="hidden" name="productId" value={p.id} />
                    <span>
                      {p.title} — {formatPrice(p.price)}, на складе {p.stock}
                    </span>
                    <input className="form-control" type="number" name="qty" min={1} max={99} defaultValue={1} aria-label={`Количество: ${p.title}`} />
                    <button type="submit" className="button button--ghost" aria-label={`Добавить в заказ: ${p.title}`}>
                      Добавить
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
