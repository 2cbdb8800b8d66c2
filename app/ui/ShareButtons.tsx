import { useEffect, useState } from "react";
import { collectCounts, SHARE_COUNTS_TIMEOUT_MS, SHARE_NETWORKS, shareUrl, type ShareNetwork } from "../lib/share-links.ts";
import { formatNumber } from "../lib/format.ts";
import { Icon } from "./Icon.tsx";
import { useHydrated } from "./use-hydrated.ts";
import "./ShareButtons.css";

const MARKS: Record<ShareNetwork, string> = { vk: "VK", telegram: "TG", ok: "OK", whatsapp: "WA" };

interface Props {
  /** absolute address of the page */
  url: string;
  title: string;
  /** share counters where a network offers them; none load before the block is shown */
  counts?: Partial<Record<ShareNetwork, () => Promise<number>>>;
}

/**
 * Share links for VK, Telegram, OK and WhatsApp plus «Скопировать ссылку» (docs/behaviour.md
 * «Widgets and timing»). They are plain links to each network's share page: no third-party script
 * loads until a click. The block becomes visible after hydration, then ready once the counters are
 * in or after 1000 ms.
 */
export function ShareButtons({ url, title, counts }: Props) {
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  const [numbers, setNumbers] = useState<Partial<Record<ShareNetwork, number>>>({});
  const [copied, setCopied] = useState<"" | "ok" | "failed">("");

  useEffect(() => {
    let live = true;
    void collectCounts(counts ?? {}, SHARE_COUNTS_TIMEOUT_MS).then((n) => {
      if (!live) return;
      setNumbers(n);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [counts]);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(""), 3000);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("ok");
    } catch {
      setCopied("failed");
    }
  };

  return (
    <div className="share-buttons" data-state={ready ? "ready" : hydrated ? "visible" : "idle"}>
      <p className="share-buttons__title">
        <Icon name="share-2" size={18} /> Поделиться
      </p>
      <ul className="share-buttons__list">
        {SHARE_NETWORKS.map((n) => (
          <li key={n.id}>
            <a className={`share-buttons__link share-buttons__link--${n.id}`} href={shareUrl(n.id, url, title)} target="_blank" rel="noopener noreferrer">
              <span aria-hidden="true" className="share-buttons__mark">
                {MARKS[n.id]}
              </span>
              <span className="visually-hidden">Поделиться: {n.title} (откроется в новой вкладке)</span>
              {numbers[n.id] ? <span className="share-buttons__count">{formatNumber(numbers[n.id]!)}</span> : null}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="share-buttons__link share-buttons__copy" onClick={() => void copy()}>
            <Icon name="copy" size={18} />
            Скопировать ссылку
          </button>
        </li>
      </ul>
      <p className="share-buttons__status" role="status">
        {copied === "ok" ? "Ссылка скопирована" : copied === "failed" ? "Не удалось скопировать: выделите адрес страницы и скопируйте его вручную" : ""}
      </p>
    </div>
  );
}
