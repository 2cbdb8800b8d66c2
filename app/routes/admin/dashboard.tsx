import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { loadDashboard } from "../../features/back-office/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { canAccess } from "../../features/staff/index.ts";
import { shopPeriods, shopToday } from "../../lib/shop-calendar.ts";
import { countOf, formatPrice } from "../../lib/format.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import "../../features/back-office/dashboard.css";

export const meta: Route.MetaFunction = () => adminMeta("Сводка");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "dashboard");
  const now = Date.now();
  const { todayStart, weekStart } = shopPeriods(now);
  return {
    name: staff.name,
    figures: await loadDashboard(args.context.get(servicesContext).db, now),
    today: shopToday(todayStart),
    week: shopToday(weekStart),
    can: {
      orders: canAccess(staff.role, "orders"),
      requests: canAccess(staff.role, "requests"),
      reviews: canAccess(staff.role, "reviews"),
      catalog: canAccess(staff.role, "catalog"),
    },
  };
}

const ORDERS = ["заказ", "заказа", "заказов"] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures: f, can } = loaderData;
  const tiles = [
    can.orders && {
      href: `/admin/orders/?from=${loaderData.today}`,
      title: "Заказы сегодня",
      value: countOf(f.today.count, ORDERS),
      note: formatPrice(f.today.sum),
    },
    can.orders && {
      href: `/admin/orders/?from=${loaderData.week}`,
      title: "Заказы за неделю",
      value: countOf(f.week.count, ORDERS),
      note: formatPrice(f.week.sum),
    },
    can.requests && { href: "/admin/requests/?status=new", title: "Новые заявки", value: String(f.newRequests), note: "ждут ответа" },
    can.reviews && { href: "/admin/reviews/", title: "Отзывы на проверке", value: String(f.waitingReviews), note: "ждут решения" },
    can.catalog && { href: "/admin/products/?stock=low", title: "Заканчиваются", value: String(f.lowStock), note: "товаров с остатком 2 и меньше" },
  ].filter((t) => t !== false);
  return (
    <AdminPage title="Сводка">
      <p className="dashboard__hello">Здравствуйте, {loaderData.name}!</p>
      {tiles.length ? (
        <ul className="dashboard">
          {tiles.map((t) => (
            <li key={t.href}>
              <Link to={t.href} className="dashboard__tile">
                <span className="dashboard__title">{t.title}</span>
                <span className="dashboard__value">{t.value}</span>
                <span className="dashboard__note">{t.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Выберите раздел в меню.</p>
      )}
    </AdminPage>
  );
}
