// Input mask (docs/behaviour.md «Widgets and timing»): pattern characters 0 — a digit, a — a
// letter, * — any character; the rest is fixed text. react-imask does the typing rules; the mask
// stays out of the server render.
import { useMemo, type InputHTMLAttributes } from "react";
import { useIMask } from "react-imask";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
  mask: string;
  onAccept?: (value: string) => void;
};

export function MaskedInput({ mask, onAccept, ...rest }: Props) {
  // imask's pattern mask uses the same three characters; `lazy` hides the placeholder until typing
  const opts = useMemo(() => ({ mask, lazy: true }), [mask]);
  const { ref } = useIMask<HTMLInputElement>(opts, { onAccept: onAccept ? (v: string) => onAccept(v) : undefined });
  return <input {...rest} ref={ref} />;
}
