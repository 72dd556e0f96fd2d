/**
 * Typed values in localStorage that components can share and watch.
 *
 *   const chatVisible = storedValue("chat_visible", booleanCodec(false));
 *   chatVisible.get(); chatVisible.set(true);
 *   const [visible, setVisible] = useStoredValue(chatVisible); // re-renders on change, in this tab and others
 *
 * Reads never throw: a missing, unreadable or blocked storage gives the codec's default.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";

export interface Codec<T> {
  parse(raw: string | null): T;
  /** null removes the key. */
  serialize(value: T): string | null;
}

export interface StoredValue<T> {
  readonly key: string;
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  /** The raw stored string: a stable snapshot for useSyncExternalStore. */
  raw(): string | null;
  codec: Codec<T>;
}

const CHANGE_EVENT = "taller:storage";

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storedValue<T>(key: string, codec: Codec<T>): StoredValue<T> {
  return {
    key,
    codec,
    raw: () => readRaw(key),
    get: () => codec.parse(readRaw(key)),
    set(value) {
      const raw = codec.serialize(value);
      try {
        if (raw === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, raw);
      } catch {
        // Storage full or blocked: the choice lasts until reload, which is all we can do.
      }
      window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
    },
    subscribe(listener) {
      const onLocal = (e: Event) => (e as CustomEvent<string>).detail === key && listener();
      // The "storage" event brings changes made in other tabs.
      const onOtherTab = (e: StorageEvent) => e.key === key && listener();
      window.addEventListener(CHANGE_EVENT, onLocal);
      window.addEventListener("storage", onOtherTab);
      return () => {
        window.removeEventListener(CHANGE_EVENT, onLocal);
        window.removeEventListener("storage", onOtherTab);
      };
    },
  };
}

/** The value and its setter; re-renders when it changes anywhere. */
export function useStoredValue<T>(value: StoredValue<T>): [T, (next: T) => void] {
  const raw = useSyncExternalStore(value.subscribe, value.raw);
  const parsed = useMemo(() => value.codec.parse(raw), [value, raw]);
  const set = useCallback((next: T) => value.set(next), [value]);
  return [parsed, set];
}

export const booleanCodec = (fallback: boolean): Codec<boolean> => ({
  parse: (raw) => (raw === "true" ? true : raw === "false" ? false : fallback),
  serialize: (v) => String(v),
});

export const stringCodec = <T extends string>(allowed: readonly T[], fallback: T): Codec<T> => ({
  parse: (raw) => (allowed.includes(raw as T) ? (raw as T) : fallback),
  serialize: (v) => v,
});

/** Comma-separated positive integer ids; null (nothing stored) stays distinct from an empty list. */
export const idListCodec: Codec<number[] | null> = {
  parse: (raw) =>
    raw === null
      ? null
      : raw
          .split(",")
          .map((s) => Number(s))
          .filter((n) => Number.isInteger(n) && n > 0),
  serialize: (ids) => (ids === null ? null : ids.join(",")),
};
