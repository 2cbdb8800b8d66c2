// Map provider: Leaflet (tiles from MAP_TILE_URL, OpenStreetMap by default) unless YANDEX_MAPS_KEY
// is set, then the Yandex Maps JS API 2.1 in Russian, loaded with the key (docs/behaviour.md
// «Widgets and timing»). The page's CSP opens to Yandex only in that case.
/** True for an API key as Yandex issues them (a UUID); anything else is refused at start. */
export function isYandexMapsKey(key: string): boolean {
  return /^[A-Za-z0-9-]{8,64}$/.test(key);
}

export const yandexMapsScriptUrl = (key: string) => `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(key)}&lang=ru_RU`;

/** CSP sources the 2.1 API needs (its script loads modules, tiles and data from these hosts). */
export const YANDEX_MAPS_CSP = {
  script: ["https://api-maps.yandex.ru", "https://yastatic.net", "https://*.maps.yandex.net", "https://yandex.ru"],
  img: ["https://*.maps.yandex.net", "https://api-maps.yandex.ru", "https://yandex.ru"],
  connect: ["https://api-maps.yandex.ru", "https://*.maps.yandex.net", "https://yandex.ru"],
  frame: ["https://api-maps.yandex.ru"],
} as const;
