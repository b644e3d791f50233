import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useConfirmDelete } from "./use-confirm-delete";

function setup(remove: () => Promise<unknown>) {
  const onDeleted = vi.fn();
  const hook = renderHook(() =>
    useConfirmDelete({ remove, failureMessage: "Could not delete.", onDeleted, operation: "deleteThing" }),
  );
  return { hook, onDeleted };
}

describe("useConfirmDelete", () => {
  it("asks, deletes on confirm, then calls onDeleted", async () => {
    let finish: () => void = () => {};
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { hook, onDeleted } = setup(remove);
    expect(hook.result.current.confirming).toBe(false);

    act(() => hook.result.current.ask());
    expect(hook.result.current.confirming).toBe(true);
    act(() => hook.result.current.dialogProps.onConfirm());
    expect(hook.result.current.busy).toBe(true);
    expect(hook.result.current.dialogProps).toMatchObject({ busy: true, danger: true, busyLabel: "Deleting..." });
    expect(onDeleted).not.toHaveBeenCalled();

    await act(async () => finish());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(hook.result.current.busy).toBe(false);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it("keeps the dialog open with the failure message when the delete fails, and clears it on the next ask", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { hook, onDeleted } = setup(() => Promise.reject(new Error("down")));
    act(() => hook.result.current.ask());
    await act(async () => hook.result.current.dialogProps.onConfirm());

    expect(hook.result.current.confirming).toBe(true);
    expect(hook.result.current.busy).toBe(false);
    expect(hook.result.current.dialogProps.error).toBe("Could not delete.");
    expect(onDeleted).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("deleteThing failed", expect.any(Error));

    act(() => hook.result.current.dialogProps.onCancel());
    expect(hook.result.current.confirming).toBe(false);
    act(() => hook.result.current.ask());
    expect(hook.result.current.dialogProps.error).toBeNull();
  });
});
