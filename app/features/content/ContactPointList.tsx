import type { ContactPoint } from "./content-types.ts";
import { Icon } from "../../ui/Icon.tsx";

export const telHref = (phone: string) => `tel:+${phone.replace(/\D/g, "")}`;

/** Every contact point with its address, phones (tel:) and e-mails (mailto:). */
export function ContactPointDetails({ point, headingLevel = 3 }: { point: ContactPoint; headingLevel?: 3 | 4 }) {
  const H = headingLevel === 3 ? "h3" : "h4";
  return (
    <>
      <H className="contact-point__title">{point.title}</H>
      <p className="contact-point__address">
        <Icon name="map-pin" size={18} /> {point.city}, {point.address}
      </p>
      {point.hours ? (
        <p className="contact-point__hours">
          <Icon name="clock" size={18} /> {point.hours}
        </p>
      ) : null}
      <ul className="contact-point__links">
        {point.phones.map((p) => (
          <li key={p}>
            <Icon name="phone" size={18} /> <a href={telHref(p)}>{p}</a>
          </li>
        ))}
        {point.emails.map((m) => (
          <li key={m}>
            <Icon name="mail" size={18} /> <a href={`mailto:${m}`}>{m}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ContactPointList({ points, selectedId }: { points: ContactPoint[]; selectedId?: number | null }) {
  return (
    <ul className="contact-points" id="contact-points">
      {points.map((p) => (
        <li key={p.id} id={`point-${p.id}`} className={`contact-point${selectedId === p.id ? " contact-point--selected" : ""}`} tabIndex={-1}>
          <ContactPointDetails point={p} />
        </li>
      ))}
    </ul>
  );
}
