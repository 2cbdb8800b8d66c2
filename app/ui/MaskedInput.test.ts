import { createElement, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import IMask from "imask";
import { useIMask } from "react-imask";
import type * as ReactIMask from "react-imask";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MaskedInput } from "./MaskedInput.tsx";

// The real hook runs; the spy only records what MaskedInput hands it (the options and callbacks),
// since typing needs a browser and the unit tests run in Node without a DOM.
vi.mock("react-imask", async (importOriginal) => {
  const real = await importOriginal<typeof ReactIMask>();
  return { ...real, useIMask: vi.fn(real.useIMask) };
});

const hook = vi.mocked(useIMask);

/** Server-renders MaskedInput; returns its markup and what it passed to useIMask. */
function render(props: ComponentProps<typeof MaskedInput>) {
  hook.mockClear();
  const html = renderToString(createElement(MaskedInput, props));
  expect(hook).toHaveBeenCalledTimes(1);
  const [opts, handlers] = hook.mock.calls[0]!;
  return { html, opts, handlers };
}

/** The attributes of the one <input> in the markup, names lower-cased. */
function inputAttributes(html: string) {
  const tag = /^<input\b([^>]*?)\/?>$/.exec(html);
  expect(tag, `one <input> element, got: ${html}`).not.toBeNull();
  return Object.fromEntries([...tag![1]!.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value]));
}

/** What the field holds after `text` is typed, with the options MaskedInput gave imask. */
function typed(mask: string, text: string) {
  const { opts } = render({ name: "field", mask });
  const m = IMask.createMask(opts);
  m.resolve(text);
  return m.value;
}

beforeEach(() => {
  hook.mockClear();
});

describe("MaskedInput on the server", () => {
  it("renders a plain input with the attributes it was given, and no mask or callback attributes", () => {
    const { html } = render({
      id: "lift-zip",
      name: "zip",
      mask: "000000",
      inputMode: "numeric",
      className: "form-control",
      placeholder: "123456",
      autoComplete: "postal-code",
      onAccept: () => {},
    });
    expect(inputAttributes(html)).toEqual({
      id: "lift-zip",
      name: "zip",
      inputmode: "numeric",
      class: "form-control",
      placeholder: "123456",
      autocomplete: "postal-code",
    });
  });

  it("prints the value it was given as is; the mask leaves no placeholder characters in the markup", () => {
    expect(inputAttributes(render({ name: "zip", mask: "000000", defaultValue: "1234" }).html)).toEqual({ name: "zip", value: "1234" });
    expect(inputAttributes(render({ name: "code", mask: "aa-00" }).html)).toEqual({ name: "code" });
  });
});

describe("what MaskedInput hands imask", () => {
  it("the pattern as written, shown lazily (no placeholder until typing)", () => {
    expect(render({ name: "code", mask: "aa-00" }).opts).toEqual({ mask: "aa-00", lazy: true });
  });

  it("an accept handler that passes on only the value, or none without onAccept", () => {
    const onAccept = vi.fn();
    const { handlers } = render({ name: "zip", mask: "000000", onAccept });
    expect(handlers?.onAccept).toBeTypeOf("function");
    // imask calls it with the value, the mask and the input event
    handlers!.onAccept!("1234", IMask.createMask({ mask: "000000" }) as never, new Event("input") as InputEvent);
    expect(onAccept.mock.calls).toEqual([["1234"]]);

    expect(render({ name: "zip", mask: "000000" }).handlers?.onAccept).toBeUndefined();
  });
});

// the mask pattern characters (docs/behaviour.md «Widgets and timing»), through the options
// MaskedInput builds
describe("mask pattern characters", () => {
  it("0 takes digits only", () => {
    expect(typed("000000", "12ab34")).toBe("1234");
  });
  it("a takes letters only, Cyrillic too", () => {
    expect(typed("aa-00", "Ж1Зq42")).toBe("ЖЗ-42");
  });
  it("* takes anything", () => {
    expect(typed("**-**", "a1-%$")).toBe("a1-%$");
  });
  it("nothing typed leaves the field empty", () => {
    expect(typed("00-00", "")).toBe("");
  });
});
