// «Наши шоурумы» on /about/: a tab per city with its addresses and a photo slider (the slider
// re-measures when its tab is shown, see CommonSlider).
import type { ContactPoint } from "./content-types.ts";
import { CommonSlider } from "../../ui/CommonSlider.tsx";
import { Tabs } from "../../ui/Tabs.tsx";
import { ContactPointDetails } from "./ContactPointList.tsx";
import { NewsPicture } from "./NewsPicture.tsx";
import "./ContactsMap.css";

export interface ShowroomPhoto {
  src: string;
  alt: string;
}

export interface ShowroomCity {
  city: string;
  points: ContactPoint[];
}

/** Contact points grouped by city, in their list order. */
export function groupByCity(points: ContactPoint[]): ShowroomCity[] {
  const cities = new Map<string, ContactPoint[]>();
  for (const p of points) cities.set(p.city, [...(cities.get(p.city) ?? []), p]);
  return [...cities].map(([city, list]) => ({ city, points: list }));
}

export function AboutShowrooms({ cities, photos, initial }: { cities: ShowroomCity[]; photos: ShowroomPhoto[]; initial: number }) {
  if (!cities.length) return null;
  return (
    <section className="page-section about-showrooms" id="showrooms" aria-labelledby="about-showrooms">
      <h2 id="about-showrooms">Наши шоурумы</h2>
      <Tabs
        label="Города"
        idPrefix="showrooms"
        initial={String(initial)}
        items={cities.map((c, i) => ({
          id: String(i),
          title: c.city,
          href: `/about/?showroom=${i}#showrooms`,
          panel: (
            <div className="about-showrooms__panel">
              <CommonSlider label={`Фотографии: ${c.city}`}>
                {rotate(photos, i).map((p) => (
                  <figure key={p.src} className="about-showrooms__photo">
                    <NewsPicture src={p.src} alt={p.alt} sizes="(min-width: 992px) 640px, 100vw" />
                  </figure>
                ))}
              </CommonSlider>
              <ul className="about-showrooms__points">
                {c.points.map((p) => (
                  <li key={p.id} className="contact-point">
                    <ContactPointDetails point={p} />
                  </li>
                ))}
              </ul>
            </div>
          ),
        }))}
      />
    </section>
  );
}

// each city opens on a different photo
const rotate = <T,>(list: T[], by: number) => list.map((_, i) => list[(i + by) % list.length]!);
