import { data } from "react-router";

// Every unknown address ends here and renders the root's Russian 404 page.
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
