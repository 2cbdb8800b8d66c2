// Video-site links (YouTube, Rutube, VK Video) → the provider's player iframe, built from the
// video id with autoplay (docs/behaviour.md «Widgets and timing»).
// Anything else is not embedded: a link we cannot parse stays a link.
export type VideoProvider = "youtube" | "rutube" | "vk";

export interface VideoEmbed {
  provider: VideoProvider;
  id: string;
  /** the player URL for an iframe, with autoplay on */
  embedUrl: string;
  /** the page on the video site, for a plain link */
  pageUrl: string;
}

/** Hosts the Content-Security-Policy must allow in frame-src (server/app.ts). */
export const VIDEO_FRAME_HOSTS = ["https://www.youtube-nocookie.com", "https://rutube.ru", "https://vk.com", "https://vkvideo.ru"] as const;

/** default video-site size 1920×1080 */
export const VIDEO_SITE_SIZE = { width: 1920, height: 1080 } as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const RUTUBE_ID = /^[a-f0-9]{32}$/;
const VK_ID = /^(-?\d{1,12})_(\d{1,12})$/;

export function parseVideoLink(link: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);

  if (host === "youtube.com" || host === "youtube-nocookie.com" || host === "youtu.be") {
    const id =
      host === "youtu.be"
        ? parts[0]
        : parts[0] === "watch"
          ? url.searchParams.get("v")
          : ["embed", "shorts", "live", "v"].includes(parts[0] ?? "")
            ? parts[1]
            : undefined;
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return {
      provider: "youtube",
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
      pageUrl: `https://www.youtube.com/watch?v=${id}`,
    };
  }
  if (host === "rutube.ru") {
    const id = parts[0] === "video" ? parts[1] : parts[0] === "play" && parts[1] === "embed" ? parts[2] : undefined;
    if (!id || !RUTUBE_ID.test(id)) return null;
    return { provider: "rutube", id, embedUrl: `https://rutube.ru/play/embed/${id}/?autoplay=1`, pageUrl: `https://rutube.ru/video/${id}/` };
  }
  if (host === "vk.com" || host === "vkvideo.ru" || host === "vk.ru") {
    let id: string | undefined;
    if (parts[0] === "video_ext.php") {
      const oid = url.searchParams.get("oid");
      const vid = url.searchParams.get("id");
      id = oid && vid ? `${oid}_${vid}` : undefined;
    } else {
      // /video-123_456, /clip-123_456, or ?z=video-123_456 on a wall or catalogue page
      id = /^(?:video|clip)(-?\d+_\d+)$/.exec(parts[0] ?? "")?.[1] ?? /^video(-?\d+_\d+)/.exec(url.searchParams.get("z") ?? "")?.[1];
    }
    const m = id ? VK_ID.exec(id) : null;
    if (!m) return null;
    return {
      provider: "vk",
      id: `${m[1]}_${m[2]}`,
      embedUrl: `https://vkvideo.ru/video_ext.php?oid=${m[1]}&id=${m[2]}&hd=2&autoplay=1`,
      pageUrl: `https://vkvideo.ru/video${m[1]}_${m[2]}`,
    };
  }
  return null;
}

export const VIDEO_PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: "YouTube", rutube: "Rutube", vk: "VK Видео" };
