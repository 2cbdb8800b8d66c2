import { inCities } from "../settings/index.ts";
import { Icon, type IconName } from "../../ui/Icon.tsx";

/** «Почему «Витрина»»; the showroom cities are counted from the contact points, like everywhere else. */
export function Advantages({ showroomCities }: { showroomCities: number }) {
  const items: { icon: IconName; title: string; text: string }[] = [
    { icon: "truck", title: "Доставка и подъём", text: "Привезём в удобный день, поднимем на этаж и соберём." },
    { icon: "shield-check", title: "Гарантия до 5 лет", text: "Работаем напрямую с фабриками и отвечаем за качество." },
    ...(showroomCities > 0
      ? [{ icon: "map-pin" as const, title: `Шоурумы ${inCities(showroomCities)}`, text: "Посидите на диване и потрогайте ткань до покупки." }]
      : []),
    { icon: "package", title: "Возврат 14 дней", text: "Не подошло — заберём и вернём деньги." },
  ];
  return (
    <section className="page-section" aria-labelledby="home-advantages">
      <h2 id="home-advantages">Почему «Витрина»</h2>
      <ul className="advantages">
        {items.map((i) => (
          <li key={i.title} className="advantages__item">
            <Icon name={i.icon} size={28} className="advantages__icon" />
            <h3 className="advantages__title">{i.title}</h3>
            <p className="advantages__text">{i.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
