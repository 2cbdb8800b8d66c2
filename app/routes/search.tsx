import type { Route } from "./+types/search";
import { servicesContext } from "../context.ts";
import { searchListing } from "../features/search/index.server.ts";
import { SearchPage } from "../features/search/components.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return searchListing(context.get(servicesContext).db, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.query.q ? `«${loaderData.query.q}» — поиск по каталогу Витрины` : "Поиск по каталогу — Витрина" },
  { name: "robots", content: "noindex, follow" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage {...loaderData} />;
}
