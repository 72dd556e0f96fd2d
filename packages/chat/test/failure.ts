import { TRPCError } from "@taller/trpc";
import { expect } from "vitest";

/** The TRPCError a call is refused with (the test fails when it is not refused). */
export async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}
