// /stock-notice/unsubscribe/<token>/: the unsubscribe link of «Сообщить о поступлении» (in the
// confirmation letter and on the confirmed page). GET asks, the button's post deletes the
// subscription: a prefetching mail scanner unsubscribes nobody.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/stock-notice-unsubscribe";
import { servicesContext } from "../context.ts";
import { cancelStockNotice, findStockNotice } from "../features/requests/index.server.ts";
import { AuthCard } from "../features/accounts/components.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Отписка — Витрина" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const notice = await findStockNotice(context.get(servicesContext).db, params.token);
  return { notice };
}

export async function action({ params, context }: Route.ActionArgs) {
  await cancelStockNotice(context.get(servicesContext).db, params.token);
  // already gone is the same outcome for the visitor: no more letters
  return data({ done: true });
}

export default function StockNoticeUnsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  const notice = loaderData.notice;
  if (actionData?.done || !notice) {
    return (
      <AuthCard title="Вы отписались">
        <p role="status">Писем о поступлении этого товара больше не будет.</p>
        <p>
          <Link to="/catalog/">Перейти в каталог</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Отписаться от уведомления">
      <p>
        Больше не сообщать на {notice.email} о поступлении «{notice.product.title}»?
      </p>
      <Form method="post" action={`/stock-notice/unsubscribe/${params.token}/`} className="auth-form">
        <button type="submit" className="button">
          Отписаться
        </button>
      </Form>
    </AuthCard>
  );
}
