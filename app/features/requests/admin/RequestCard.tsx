import type { RequestDetail } from "../request-types.ts";
import { CALLBACK_SLOTS } from "../form-schemas.ts";
import { formatBytes, formatDateTime } from "../../../lib/format.ts";
import { requestTypeName } from "../request-status.ts";
import "./RequestCard.css";

/** What the visitor sent, the consent they gave with it and their files (staff-only links). */
export function RequestCard({ request }: { request: RequestDetail }) {
  const time = request.fields.time ? (CALLBACK_SLOTS.find((s) => s.value === request.fields.time)?.label ?? request.fields.time) : null;
  return (
    <section className="request-card" aria-labelledby="request-card-title">
      <h2 id="request-card-title">{requestTypeName(request.type)}</h2>
      <dl className="request-card__facts">
        <dt>Получена</dt>
        <dd>{formatDateTime(request.createdAt)}</dd>
        <dt>Имя</dt>
        <dd>{request.name}</dd>
        {request.phone ? (
          <>
            <dt>Телефон</dt>
            <dd>
              <a href={`tel:${request.phone.replace(/[^\d+]/g, "")}`}>{request.phone}</a>
            </dd>
          </>
        ) : null}
        {request.email ? (
          <>
            <dt>Почта</dt>
            <dd>
              <a href={`mailto:${request.email}`}>{request.email}</a>
            </dd>
          </>
        ) : null}
        {time ? (
          <>
            <dt>Удобное время</dt>
            <dd>{time}</dd>
          </>
        ) : null}
      </dl>
      {request.message ? <p className="request-card__message">{request.message}</p> : null}
      {request.attachments.length > 0 ? (
        <>
          <h3>Файлы</h3>
          <ul className="request-card__files">
            {request.attachments.map((a, i) => (
              <li key={i}>
                <a href={`/admin/requests/${request.id}/files/${i + 1}/`} download>
                  {a.name}
                </a>{" "}
                ({formatBytes(a.size)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Согласие на обработку персональных данных</h3>
      <dl className="request-card__facts">
        <dt>Версия текста</dt>
        <dd>{request.consent.version}</dd>
        <dt>Дано</dt>
        <dd>{formatDateTime(request.consent.at)}</dd>
        {request.consent.address ? (
          <>
            <dt>IP-адрес</dt>
            <dd>{request.consent.address}</dd>
          </>
        ) : null}
        {request.consent.userAgent ? (
          <>
            <dt>Браузер</dt>
            <dd className="request-card__agent">{request.consent.userAgent}</dd>
          </>
        ) : null}
      </dl>
      {request.consent.text ? <blockquote className="request-card__consent">«{request.consent.text}»</blockquote> : null}
    </section>
  );
}
