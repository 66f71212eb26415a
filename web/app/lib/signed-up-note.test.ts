import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "./memory-storage.ts";
import { noteSignedUp, takeSignedUpNote } from "./signed-up-note.ts";

describe("the note a sign-up leaves for a reloaded sign-up page", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("window", { sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("is shown once", () => {
    noteSignedUp("Account created successfully");
    expect(takeSignedUpNote()).toBe("Account created successfully");
    expect(takeSignedUpNote()).toBeNull();
  });

  it("is not shown a minute later, when the way home went elsewhere", () => {
    noteSignedUp("Account created successfully");
    vi.advanceTimersByTime(61_000);
    expect(takeSignedUpNote()).toBeNull();
  });

  it("ignores what this site did not write", () => {
    window.sessionStorage.setItem("ysp:signed-up", "Account created successfully");
    expect(takeSignedUpNote()).toBeNull();
  });
});
