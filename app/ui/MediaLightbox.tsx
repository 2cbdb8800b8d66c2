// Full-screen viewer for images, video files and video-site links (docs/behaviour.md «Widgets and
// timing»). The library (yet-another-react-lightbox) is loaded only when a gallery first opens, so
// pages that never open one do not pay for it. Call preloadMediaLightbox() on hover/focus to open
// instantly.
import { lazy, Suspense, useState } from "react";

export interface MediaImageSource {
  src: string;
  width: number;
  height: number;
}

export type MediaItem =
  | { type: "image"; src: string; alt: string; width: number; height: number; srcSet?: MediaImageSource[] }
  /** a video file (mp4, webm) */
  | { type: "video"; src: string; title: string; poster?: string; captions?: string }
  /** a video-site link (YouTube, Rutube, VK Video): played in the site's iframe, built from the id */
  | { type: "embed"; src: string; title: string };

export interface MediaLightboxProps {
  items: readonly MediaItem[];
  open: boolean;
  index: number;
  onClose: () => void;
  /** called when the visitor moves to another item */
  onView?: (index: number) => void;
}

const load = () => import("./MediaLightboxView.tsx");
const View = lazy(load);

export function preloadMediaLightbox(): void {
  void load();
}

export function MediaLightbox(props: MediaLightboxProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
