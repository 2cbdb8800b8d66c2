import { redirect } from "react-router";
import type { Route } from "./+types/banner-close";
import { WARNING_BANNER } from "../lib/site.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";

const DISMISSIBLE = new Set<string>([WARNING_BANNER.type]);

/** No-JS path for «Закрыть» on a banner: remember it in its cookie and go back (303). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const type = String(form.get("type") ?? "");
  const back = safeBackPath(String(form.get("back") ?? "/"));
  const headers = new Headers();
  if (DISMISSIBLE.has(type)) {
    headers.append("Set-Cookie", `${type}=closed; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  return redirect(back, { status: 303, headers });
}

export function loader() {
  return redirect("/", { status: 303 });
}
