import { useState } from "react";
import { useLocation } from "react-router";
import { Icon } from "../../ui/Icon.tsx";
import "./WarningBanner.css";
import { closedBannerCookie } from "../../lib/cookies.ts";

/**
 * A dismissible notice. «Закрыть» sets the cookie named by data-type to `closed` (path /),
 * so the server stops rendering it; without JavaScript the same form posts to /banner/close/.
 */
export function WarningBanner({ type, text }: { type: string; text: string }) {
  const [closed, setClosed] = useState(false);
  const location = useLocation();
  if (closed) return null;
  return (
    <div className="warning-banner" data-type={type} role="region" aria-label="Важное объявление">
      <div className="container warning-banner__inner">
        <Icon name="triangle-alert" className="warning-banner__icon" />
        <p className="warning-banner__text">{text}</p>
        <form
          method="post"
          action="/banner/close/"
          onSubmit={(e) => {
            e.preventDefault();
            document.cookie = closedBannerCookie(type);
            setClosed(true);
          }}
        >
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          <button type="submit" className="icon-button warning-banner__close">
            <Icon name="x" />
            <span className="visually-hidden">Закрыть</span>
          </button>
        </form>
      </div>
    </div>
  );
}
