// Share buttons (docs/behaviour.md «Widgets and timing»): plain links to each network's own share
// page, so nothing from a third party loads until the visitor clicks.
export type ShareNetwork = "vk" | "telegram" | "ok" | "whatsapp";

export const SHARE_NETWORKS: readonly { id: ShareNetwork; title: string }[] = [
  { id: "vk", title: "ВКонтакте" },
  { id: "telegram", title: "Telegram" },
  { id: "ok", title: "Одноклассники" },
  { id: "whatsapp", title: "WhatsApp" },
];

/** share counters time-out (docs/behaviour.md «Widgets and timing») */
export const SHARE_COUNTS_TIMEOUT_MS = 1000;

export function shareUrl(network: ShareNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (network) {
    case "vk":
      return `https://vk.com/share.php?url=${u}&title=${t}`;
    case "telegram":
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case "ok":
      return `https://connect.ok.ru/offer?url=${u}&title=${t}`;
    case "whatsapp":
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
  }
}

/**
 * Waits for share counts at most `ms`: resolves with whatever arrived by then (the block
 * is ready once all counters have loaded or after the time-out). A failed counter counts as in.
 */
export function collectCounts(
  sources: Partial<Record<ShareNetwork, () => Promise<number>>>,
  ms = SHARE_COUNTS_TIMEOUT_MS,
): Promise<Partial<Record<ShareNetwork, number>>> {
  const counts: Partial<Record<ShareNetwork, number>> = {};
  const jobs = Object.entries(sources).map(async ([network, load]) => {
    try {
      const n = await load!();
      if (Number.isFinite(n) && n >= 0) counts[network as ShareNetwork] = Math.floor(n);
    } catch {
      // a counter that fails is simply not shown
    }
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ...counts }), ms);
    void Promise.all(jobs).then(() => {
      clearTimeout(timer);
      resolve({ ...counts });
    });
  });
}
