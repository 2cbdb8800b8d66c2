// Shop-wide facts that do not live in the database: the name, the hotline and its hours, the
// founding year and the figures the shop states about itself. Whatever the database knows
// (showrooms, their cities, the catalogue's size) is counted there, see app/lib/shop-facts.ts.
const OPENS = "10:00";
const CLOSES = "21:00";

export const SITE = {
  name: "Витрина",
  tagline: "Мебель и интерьер",
  city: "Москва",
  /** the hotline's and the showrooms' usual hours; a showroom with its own keeps them on its contact point */
  opens: OPENS,
  closes: CLOSES,
  hours: `Ежедневно ${OPENS}–${CLOSES}`,
  phone: "+7 (495) 123-45-67",
  phoneHref: "tel:+74951234567",
  email: "hello@vitrina.example",
  foundedYear: 2014,
  /** stated figures, not counted from our data */
  customers: 185_000,
  deliveryCities: 76,
} as const;

/** Content pages linked from the header and footer. */
export const INFO_LINKS = [
  { href: "/delivery/", title: "Доставка" },
  { href: "/payment/", title: "Оплата" },
  { href: "/faq/", title: "Вопросы и ответы" },
  { href: "/about/", title: "О компании" },
  { href: "/news/", title: "Новости" },
  { href: "/contacts/", title: "Контакты" },
] as const;
