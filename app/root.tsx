import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { servicesContext, sessionContext } from "./context.ts";
import { listSectionTree } from "./features/catalog/index.server.ts";
import { cartOwner, cartSummary } from "./features/cart/index.server.ts";
import { comparedIds } from "./features/compare/index.server.ts";
import { favoriteIds } from "./features/favourites/index.server.ts";
import { currentBanner } from "./features/content/index.server.ts";
import { readCity } from "./features/delivery/index.ts";
import { readCookie } from "./lib/cookies.ts";
import { useNonce } from "./nonce.ts";
import { useRootData } from "./root-data.ts";
import { CartInformer } from "./features/cart/components.ts";
import { SiteHeader, SiteFooter, BottomBar, WarningBanner, PageBehaviours, ErrorPage } from "./features/layout/components.ts";
import { ScrollToTop } from "./ui/ScrollToTop.tsx";
import onestCyrillic from "@fontsource-variable/onest/files/onest-cyrillic-wght-normal.woff2?url";
import onestLatin from "@fontsource-variable/onest/files/onest-latin-wght-normal.woff2?url";
import "./styles/fonts.css";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/forms.css";

export const links: Route.LinksFunction = () => [
  // both subsets are on the first screen: the words are Cyrillic, the prices' digits and «₽» Latin
  { rel: "preload", href: onestCyrillic, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: onestLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const cookies = request.headers.get("cookie") ?? "";
  const banner = await currentBanner(db);
  return {
    sections: await listSectionTree(db),
    cart: await cartSummary(db, cartOwner(session)),
    compared: comparedIds(session.data),
    favorites: await favoriteIds(db, session),
    signedIn: session.userId !== null,
    city: readCity(cookies),
    // the key is made by saveBanner (notice-<word or number>), safe inside the pattern
    banner: banner && readCookie(cookies, banner.cookieKey) !== "closed" ? banner : null,
  };
}

/**
 * A refused checkout is a 4xx, after which React Router keeps loader data as it was; but a 409
 * means the goods ran out behind the cart, so the header's count must be read again.
 */
export function shouldRevalidate({ actionStatus, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409 && formAction?.startsWith("/checkout/")) return true;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const { pathname } = useLocation();
  // marks every page, storefront and back office, as hydrated once the effects below the root have
  // run (a parent's effect runs after its children's): tests and people debugging wait for it
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // the back office draws its own frame (app/routes/admin/layout.tsx): none of the shop's chrome
  if (/^\/admin(\/|$)/.test(pathname)) {
    return (
      <html lang="ru">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <Links />
        </head>
        <body>
          <a className="skip-link" href="#main">
            Перейти к содержимому
          </a>
          {children}
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    );
  }
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2F5D50" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Перейти к содержимому
        </a>
        {data?.banner ? <WarningBanner type={data.banner.cookieKey} text={data.banner.text} /> : null}
        <SiteHeader
          sections={data?.sections ?? []}
          cart={data?.cart ?? { count: 0, sum: 0 }}
          compareCount={data?.compared.length ?? 0}
          favoriteCount={data?.favorites.length ?? 0}
          signedIn={data?.signedIn ?? false}
        />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter sections={data?.sections ?? []} />
        <BottomBar compareCount={data?.compared.length ?? 0} favoriteCount={data?.favorites.length ?? 0} />
        <CartInformer />
        <ScrollToTop />
        <PageBehaviours />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
