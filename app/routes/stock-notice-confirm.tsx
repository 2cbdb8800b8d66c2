// /stock-notice/confirm/<token>/: the double opt-in link of «Сообщить о поступлении». Opening the
// link (GET) changes nothing — mail scanners prefetch links — the visitor confirms with one button,
// a plain form post. A product already back in stock sends its letter at once.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/stock-notice-confirm";
import { servicesContext } from "../context.ts";
import { confirmStockNotice, findStockNotice, notifyBackInStock } from "../features/requests/index.server.ts";
import { AuthCard, FormNotice } from "../features/accounts/components.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Подписка на поступление — Витрина" },
  { name: "robots", content: "noindex" },
  // the token is in the address: never send it to another site in Referer
  { name: "referrer", content: "same-origin" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const notice = await findStockNotice(context.get(servicesContext).db, params.token);
  return data({ notice }, { status: notice ? 200 : 410 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { db, mailer, logger, publicUrl } = context.get(servicesContext);
  const notice = await confirmStockNotice(db, params.token);
  if (!notice) return data({ confirmed: false }, { status: 410 });
  await notifyBackInStock(db, mailer, publicUrl, [notice.product.id]).catch((err: unknown) => logger.error({ err }, "back-in-stock mail failed"));
  return { confirmed: true };
}

export default function StockNoticeConfirm({ loaderData, actionData, params }: Route.ComponentProps) {
  const notice = loaderData.notice;
  if (!notice || actionData?.confirmed === false) {
    return (
      <AuthCard title="Ссылка устарела">
        <FormNotice tone="error">Эта ссылка больше не действует: подписку отменили или запросили заново. Подпишитесь ещё раз на странице товара.</FormNotice>
      </AuthCard>
    );
  }
  const productLink = <Link to={`/product/${notice.product.slug}/`}>«{notice.product.title}»</Link>;
  if (actionData?.confirmed || notice.status !== "pending") {
    return (
      <AuthCard title="Подписка подтверждена">
        <p role="status">
          Готово: когда {productLink} снова будет в наличии, мы напишем на {notice.email}. Письмо придёт один раз.
        </p>
        <Form method="post" action={`/stock-notice/unsubscribe/${params.token}/`} className="auth-form">
          <button type="submit" className="button button--ghost">
            Отписаться
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Подтвердите подписку">
      <p>
        Сообщить на {notice.email}, когда {productLink} снова будет в наличии? Если вы не подписывались, просто закройте эту страницу.
      </p>
      <Form method="post" action={`/stock-notice/confirm/${params.token}/`} className="auth-form">
        <button type="submit" className="button">
          Подтвердить подписку
        </button>
      </Form>
    </AuthCard>
  );
}
