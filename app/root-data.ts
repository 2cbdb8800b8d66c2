// The root loader's data (sections, header cart, comparison, banner) for any component.
import { useRouteLoaderData } from "react-router";
import type { loader } from "./root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>;
export const useRootData = () => useRouteLoaderData<RootData>("root");
