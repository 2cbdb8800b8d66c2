import type { Route } from "./+types/search-suggest";
import { servicesContext } from "../context.ts";
import { NO_SUGGESTIONS, suggest } from "../features/search/index.server.ts";
import { MAX_QUERY_LENGTH } from "../features/catalog/index.ts";
import { cleanSearchText } from "../features/catalog/index.ts";

/** Predictive search for the header box: a few sections and products, JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const text = cleanSearchText(new URL(request.url).searchParams.get("q") ?? "", MAX_QUERY_LENGTH);
  const result = text.length >= 2 ? await suggest(context.get(servicesContext).db, text) : NO_SUGGESTIONS;
  return Response.json(result, { headers: { "Cache-Control": "public, max-age=60" } });
}
