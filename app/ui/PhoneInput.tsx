// Phone field with the «+7 (XXX) XXX-XX-XX» mask (react-imask). A pasted 8…, 7… or +7… number
// becomes the same ten digits; operator codes that cannot exist are refused while typing, from
// the list in /phone-codes.json (fetched once per page with a cache-busting query).
import { useEffect, useMemo, useState, type InputHTMLAttributes } from "react";
import { useIMask } from "react-imask";
import { pastedPhoneDigits, PHONE_PLACEHOLDER, type PhoneCodes } from "../lib/phone.ts";

let codesRequest: Promise<PhoneCodes | null> | null = null;

/**
 * GET the phone codes JSON with a timestamp query; a failure is only logged
 * (docs/behaviour.md «Widgets and timing»).
 */
export function loadPhoneCodes(): Promise<PhoneCodes | null> {
  codesRequest ??= fetch(`/phone-codes.json?v=${Date.now()}`)
    .then((r) => (r.ok ? (r.json() as Promise<PhoneCodes>) : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((c) => (Array.isArray(c.prefixes) && c.prefixes.every((p) => /^\d+$/.test(p)) ? c : null))
    .catch((err: unknown) => {
      console.warn("phone codes did not load", err);
      return null;
    });
  return codesRequest;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange">;

export function PhoneInput({ defaultValue, ...rest }: Props) {
  const [codes, setCodes] = useState<PhoneCodes | null>(null);
  useEffect(() => {
    let live = true;
    void loadPhoneCodes().then((c) => live && setCodes(c));
    return () => {
      live = false;
    };
  }, []);
  // The first digit of the operator code («#») is limited to the loaded prefixes.
  const opts = useMemo(() => {
    const first = codes ? [...new Set(codes.prefixes.map((p) => p[0]))].join("") : "0-9";
    return {
      mask: "+{7} (#00) 000-00-00",
      definitions: { "#": new RegExp(`[${first}]`) },
      lazy: true,
      // A whole number arriving at once (paste, autofill, fill) in any spelling — 8…, 7…, +7… —
      // becomes its ten subscriber digits; the mask adds «+7 (» itself. Typed characters pass.
      prepare: (str: string) => pastedPhoneDigits(str),
    };
  }, [codes]);
  const { ref } = useIMask<HTMLInputElement>(opts);

  return <input {...rest} ref={ref} type="tel" inputMode="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} defaultValue={defaultValue} />;
}
