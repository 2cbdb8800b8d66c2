// Yandex Maps JS API 2.1 in Russian, used instead of Leaflet when YANDEX_MAPS_KEY is set. The API
// script is added to the page only here, in the browser, when the map is first shown; if it cannot
// load (blocked, offline, bad key) the Leaflet map takes its place.
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ContactPoint } from "./content-types.ts";
import { yandexMapsScriptUrl } from "./yandex-maps.ts";
import { MAP_ZOOM, POPUP_MIN_WIDTH_PX, POPUP_SIZE } from "./map-constants.ts";

interface YPlacemark {
  options: { set(key: string, value: unknown): void };
  events: { add(type: string, fn: () => void): void };
}
interface YMap {
  geoObjects: { add(o: YPlacemark): void };
  destroy(): void;
}
interface YMaps {
  ready(fn: () => void, onError?: (e: unknown) => void): void;
  Map: new (el: HTMLElement, state: { center: [number, number]; zoom: number; controls: string[] }) => YMap;
  Placemark: new (coords: [number, number], props: Record<string, string>, options: Record<string, unknown>) => YPlacemark;
}

declare global {
  interface Window {
    ymaps?: YMaps;
  }
}

let api: Promise<YMaps> | null = null;

function loadYandexMaps(key: string): Promise<YMaps> {
  api ??= new Promise<YMaps>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = yandexMapsScriptUrl(key);
    script.async = true;
    script.onload = () => (window.ymaps ? window.ymaps.ready(() => resolve(window.ymaps!), reject) : reject(new Error("ymaps missing")));
    script.onerror = () => reject(new Error("Yandex Maps script failed to load"));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    api = null; // a later visit may try again
    throw err;
  });
  return api;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function balloonBody(p: ContactPoint): string {
  const lines = [`${escapeHtml(p.city)}, ${escapeHtml(p.address)}`, p.hours ? escapeHtml(p.hours) : ""];
  for (const phone of p.phones) lines.push(`<a href="tel:+${phone.replace(/\D/g, "")}">${escapeHtml(phone)}</a>`);
  for (const mail of p.emails) lines.push(`<a href="mailto:${escapeHtml(mail)}">${escapeHtml(mail)}</a>`);
  return lines.filter(Boolean).join("<br>");
}

interface Props {
  apiKey: string;
  points: ContactPoint[];
  onSelect: (id: number) => void;
  fallback: ReactNode;
}

export default function YandexMap({ apiKey, points, onSelect, fallback }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    let map: YMap | null = null;
    let cancelled = false;
    loadYandexMaps(apiKey)
      .then((ymaps) => {
        if (cancelled || !box.current) return;
        const wide = window.matchMedia(`(min-width: ${POPUP_MIN_WIDTH_PX}px)`).matches;
        const first = points[0];
        map = new ymaps.Map(box.current, { center: first ? [first.lat, first.lon] : [55.75, 37.62], zoom: MAP_ZOOM, controls: ["zoomControl"] });
        for (const p of points) {
          const mark = new ymaps.Placemark(
            [p.lat, p.lon],
            { hintContent: escapeHtml(p.title), balloonContentHeader: escapeHtml(p.title), balloonContentBody: balloonBody(p) },
            { preset: "islands#darkGreenDotIcon", balloonMinWidth: POPUP_SIZE, balloonMaxWidth: POPUP_SIZE, balloonMaxHeight: POPUP_SIZE, hasBalloon: wide },
          );
          if (!wide) mark.events.add("click", () => select.current(p.id));
          map.geoObjects.add(mark);
        }
      })
      .catch((err: unknown) => {
        console.warn("Яндекс Карты не загрузились, показываем карту OpenStreetMap", err);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [apiKey, points]);

  if (failed) return <>{fallback}</>;
  return <div ref={box} className="contacts-map__map" role="region" aria-label="Карта шоурумов и пунктов выдачи" />;
}
