import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-stylesheets.ts";

const files: Record<string, string> = {
  "/assets/root.css": "body{margin:0}",
  "/assets/page.css": ".page{color:red}",
};
const cssOf = (href: string) => files[href];

describe("inlining the page's stylesheets into the head", () => {
  it("puts known CSS into <style> and keeps each link, disabled, for hydration", () => {
    const head = `<head><meta charSet="utf-8"/><link nonce="n1" rel="stylesheet" href="/assets/root.css"/><link rel="stylesheet" href="/assets/page.css"/>`;
    expect(inlineStylesheets(head, cssOf)).toBe(
      `<head><meta charSet="utf-8"/>` +
        `<style data-href="/assets/root.css">body{margin:0}</style><link nonce="n1" rel="stylesheet" href="/assets/root.css" disabled/>` +
        `<style data-href="/assets/page.css">.page{color:red}</style><link rel="stylesheet" href="/assets/page.css" disabled/>`,
    );
  });

  it("inlines a stylesheet React Router marks with «#» (a lazily loaded chunk carries it too), keeping its link as it was", () => {
    expect(inlineStylesheets(`<link rel="stylesheet" href="/assets/page.css#"/>`, cssOf)).toBe(
      `<style data-href="/assets/page.css#">.page{color:red}</style><link rel="stylesheet" href="/assets/page.css#" disabled/>`,
    );
  });

  it("leaves unknown stylesheets and other links alone", () => {
    const head = `<link rel="preload" href="/assets/font.woff2" as="font"/><link rel="stylesheet" href="https://cdn.example/x.css"/>`;
    expect(inlineStylesheets(head, cssOf)).toBe(head);
  });

  it("stops inlining past the size limit: the rest load as links", () => {
    const head = `<link rel="stylesheet" href="/assets/root.css"/><link rel="stylesheet" href="/assets/page.css"/>`;
    const out = inlineStylesheets(head, cssOf, 20);
    expect(out).toContain(`<style data-href="/assets/root.css">`);
    expect(out).toContain(`<link rel="stylesheet" href="/assets/page.css"/>`);
  });

  it("cannot be closed early by the CSS itself", () => {
    const out = inlineStylesheets(`<link rel="stylesheet" href="/x.css"/>`, () => `a{content:"</style><script>"}`);
    expect(out).not.toContain("</style><script>");
  });
});
