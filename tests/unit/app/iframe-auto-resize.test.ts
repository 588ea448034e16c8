// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { startAutoResize } from "../../../src/app/iframe/autoResize";
import { CHILD_INIT_GUARD_MS, RESIZE_MESSAGE } from "../../../src/embed/protocol";

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

function childWindow(): Window {
  const frame = document.createElement("iframe");
  document.body.append(frame);
  return frame.contentWindow!;
}

describe("auto-resize (child side)", () => {
  it("tells the parent its height only after the 128 ms init guard", async () => {
    const child = childWindow();
    const setTimeoutSpy = vi.spyOn(child, "setTimeout");
    const received: MessageEvent[] = [];
    const listener = (event: MessageEvent) => received.push(event);
    window.addEventListener("message", listener);
    // jsdom delivers messages on a later task.
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    const stop = startAutoResize(child);
    expect(CHILD_INIT_GUARD_MS).toBe(128);
    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), 128);
    await flush();
    expect(received).toHaveLength(0);
    const guard = setTimeoutSpy.mock.calls[0]![0] as () => void;
    guard();
    await flush();
    expect(received.map((event) => event.data)).toEqual([
      { type: RESIZE_MESSAGE, height: expect.any(Number) },
    ]);
    // The same height is not sent twice.
    guard();
    await flush();
    expect(received).toHaveLength(1);
    stop();
    window.removeEventListener("message", listener);
  });

  it("does nothing in a top-level window", () => {
    const setTimeoutSpy = vi.spyOn(window, "setTimeout");
    const post = vi.spyOn(window, "postMessage");
    startAutoResize(window)();
    expect(setTimeoutSpy).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });
});
