// Shop-wide facts shown in the header and footer.
export const SITE = {
  name: "Витрина",
  tagline: "Мебель и интерьер",
  city: "Москва",
  hours: "Ежедневно 10:00–21:00",
  phone: "+7 (495) 123-45-67",
  phoneHref: "tel:+74951234567",
  email: "hello@vitrina.example",
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

/** The dismissible warning banner: its data-type names the cookie that hides it. */
export const WARNING_BANNER = {
  type: "notice-holidays",
  text: "С 30 декабря по 8 января доставка работает по особому графику: уточняйте сроки у менеджера.",
} as const;
