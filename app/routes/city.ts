import { redirect } from "react-router";
import type { Route } from "./+types/city";
import { citySetCookie, cityById } from "../features/delivery/index.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";

/** POST /city/ (header «Город»): remember the city in its cookie and go back (303); an unknown city is a 400. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const city = cityById(form.get("city"));
  if (!city) {
    return new Response("Такого города нет в списке: вернитесь назад и выберите город из списка.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const back = safeBackPath(String(form.get("back") ?? "/"));
  return redirect(back, { status: 303, headers: { "Set-Cookie": citySetCookie(city.id, new URL(request.url).protocol === "https:") } });
}

export function loader() {
  return redirect("/", { status: 303 });
}
