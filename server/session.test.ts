import { describe, expect, it } from "vitest";
import { unsign } from "./session.ts";
import crypto from "node:crypto";

const secret = "s".repeat(40);
const signed = (id: string) => `${id}.${crypto.createHmac("sha256", secret).update(id).digest("base64url").slice(0, 22)}`;

describe("session cookie signature", () => {
  it("accepts an id signed with our secret", () => {
    expect(unsign(signed("abc123"), secret)).toBe("abc123");
  });
  it("refuses forged, altered or unsigned ids", () => {
    expect(unsign("abc123", secret)).toBeNull();
    expect(unsign(signed("abc123").replace("abc123", "abc124"), secret)).toBeNull();
    expect(unsign(signed("abc123"), "t".repeat(40))).toBeNull();
    expect(unsign(".", secret)).toBeNull();
  });
});
