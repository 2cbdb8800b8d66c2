// How the audit log («Журнал») reads to a person: Russian names for actions and objects, a link to
// the object, and before → after as the fields that changed. Unknown actions show their code, so
// an entry written by a newer part of the back office is never hidden.
import { ROLE_TITLES, isStaffRole } from "./staff-roles.ts";
import { orderStatusName } from "../orders/index.ts";

const ACTIONS: Record<string, string> = {
  "staff.add": "Добавлен сотрудник",
  "staff.role": "Изменена роль",
  "staff.remove": "Сотрудник убран",
  "order.status": "Статус заказа",
  "order.edit": "Изменён состав заказа",
  "order.note": "Заметка к заказу",
  "order.lifting": "Стоимость подъёма",
  "review.publish": "Отзыв опубликован",
  "review.reject": "Отзыв отклонён",
  "review.hide": "Отзыв скрыт",
  "request.update": "Заявка изменена",
  "banner.edit": "Изменено объявление",
  "page.edit": "Изменена страница",
  "showroom.edit": "Изменён салон",
  "showroom.add": "Добавлен салон",
  "tariffs.edit": "Изменены тарифы подъёма",
};

export const AUDIT_ENTITIES: Record<string, string> = {
  order: "Заказ",
  request: "Заявка",
  review: "Отзыв",
  user: "Сотрудник",
  product: "Товар",
  banner: "Объявление",
  page: "Страница",
  showroom: "Салон",
  tariffs: "Тарифы подъёма",
};

const FIELDS: Record<string, string> = {
  role: "роль",
  status: "статус",
  email: "e-mail",
  name: "имя",
  note: "комментарий",
  managerNote: "заметка",
  assignee: "исполнитель",
  reason: "причина",
  lines: "строки",
  total: "сумма",
  liftingCost: "подъём, коп.",
  liftingPricing: "подъём считается",
  text: "текст",
  enabled: "показывать",
  startsOn: "с",
  endsOn: "по",
  title: "название",
  summary: "описание",
  body: "текст страницы",
  city: "город",
  address: "адрес",
  phones: "телефоны",
  emails: "e-mail",
  hours: "часы работы",
  kind: "тип",
  lat: "широта",
  lon: "долгота",
  stairsPerFloorPer50kg: "без лифта, коп. за этаж и 50 кг",
  passengerLiftPer50kg: "пассажирский лифт, коп. за 50 кг",
  freightLiftPer100kg: "грузовой лифт, коп. за 100 кг",
};

const CONTENT_PAGES: Record<string, (id: string) => string> = {
  banner: () => "/admin/content/",
  tariffs: () => "/admin/content/",
  page: (id) => `/admin/content/pages/${id}/`,
  showroom: (id) => `/admin/content/showrooms/${id}/`,
};

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function auditActionTitle(action: string): string {
  return ACTIONS[action] ?? action;
}

/** «Заказ 260001-…», with where it lives in the back office (null when there is no page for it) */
export function auditObject(entity: string, entityId: string, before: unknown = null, after: unknown = null): { label: string; href: string | null } {
  // a staff member reads better by e-mail than by account number
  const email = entity === "user" ? (asRecord(after).email ?? asRecord(before).email) : undefined;
  const label = `${AUDIT_ENTITIES[entity] ?? entity} ${typeof email === "string" ? email : entity === "user" ? `№ ${entityId}` : entityId}`;
  const id = encodeURIComponent(entityId);
  const href =
    entity === "order"
      ? `/admin/orders/${id}/`
      : entity === "request"
        ? `/admin/requests/${id}/`
        : entity === "review"
          ? "/admin/reviews/"
          : entity === "user"
            ? `/admin/staff/?edit=${id}`
            : (CONTENT_PAGES[entity]?.(id) ?? null);
  return { label, href };
}

function readable(key: string, value: unknown): string {
  if (key === "role") return isStaffRole(value) ? ROLE_TITLES[value] : "покупатель";
  if (value === null || value === undefined || value === "") return "—";
  if (key === "status" && typeof value === "string") return orderStatusName(value);
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The fields that differ, each as «поле: было → стало» (a created object shows only «стало»). */
export function auditChanges(before: unknown, after: unknown): { field: string; from: string | null; to: string }[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: FIELDS[k] ?? k, from: before === null ? null : readable(k, b[k]), to: after === null ? "удалено" : readable(k, a[k]) }));
}
