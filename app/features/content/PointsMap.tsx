import { lazy } from "react";

/**
 * The Leaflet map of showrooms and pickup points, loaded in the browser only and only once it is
 * asked for: wrap it in Suspense and render it after hydration. The contacts page and the product
 * page's pickup points share it.
 */
export const PointsMap = lazy(() => import("./LeafletMap.client.tsx"));
