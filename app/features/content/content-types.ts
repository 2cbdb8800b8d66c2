// Content shapes shared by loaders and components (components never import *.server modules).
export interface ContactPoint {
  id: number;
  title: string;
  city: string;
  address: string;
  phones: string[];
  emails: string[];
  hours: string;
  lat: number;
  lon: number;
}

export interface GalleryEntry {
  type: "image" | "video" | "embed";
  src: string;
  title: string;
  poster?: string;
}

export interface NewsListItem {
  slug: string;
  title: string;
  summary: string;
  image: string;
  /** the cover's alt text; "" for a decorative picture */
  imageAlt: string;
  publishedAt: number;
}

export interface NewsArticle extends NewsListItem {
  body: string;
  gallery: GalleryEntry[];
}
