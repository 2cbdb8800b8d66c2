export * from "./content-forms.ts";
export * from "./content-tabs.ts";
export * from "./faq-form.ts";
export * from "./faq-html.ts";
export * from "./map-tiles.ts";
export * from "./news-form.ts";
export * from "./yandex-maps.ts";
