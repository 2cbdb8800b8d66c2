import { describe, expect, it } from "vitest";
import { reviewState } from "./review-moderation.ts";

describe("reviewState", () => {
  it("tells the four states apart, approved first", () => {
    expect(reviewState({ approved: 0, rejectedReason: null, hiddenAt: null })).toBe("waiting");
    expect(reviewState({ approved: 1, rejectedReason: null, hiddenAt: null })).toBe("published");
    expect(reviewState({ approved: 0, rejectedReason: "Реклама", hiddenAt: null })).toBe("rejected");
    expect(reviewState({ approved: 0, rejectedReason: null, hiddenAt: 1 })).toBe("hidden");
    // published again after being hidden: approved wins over a stale time
    expect(reviewState({ approved: 1, rejectedReason: null, hiddenAt: 1 })).toBe("published");
  });
});
