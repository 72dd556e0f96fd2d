/**
 * The six themes (seed 000 section 9; default sky) as CSS variables on <html>. Components style themselves only
 * with these variables (var(--primary), var(--surface)...), so switching a theme is one call:
 *
 *   applyTheme("dark");
 *   THEME_LIST // [{ name, label, backgroundColor, color }] for a theme picker (seed 000 section 3, Theme)
 *
 * The last applied theme is remembered on this device so a reload paints in it before the user's profile loads.
 */
import { type Theme, THEMES } from "@taller/core";
import { storedValue, stringCodec } from "../lib/storage";

interface Palette {
  label: string;
  /** Swatch colours shown by a theme picker. */
  backgroundColor: string;
  color: string;
  vars: {
    bg: string;
    surface: string;
    "surface-hover": string;
    text: string;
    "text-muted": string;
    border: string;
    primary: string;
    "primary-contrast": string;
    "primary-soft": string;
    toolbar: string;
    "toolbar-text": string;
    danger: string;
    success: string;
    scrim: string;
  };
}

const light = {
  bg: "#f4f6f8",
  surface: "#ffffff",
  "surface-hover": "#eef1f4",
  text: "#1d2730",
  "text-muted": "#5d6b78",
  border: "#dde3e9",
  danger: "#c62828",
  success: "#2e7d32",
  scrim: "rgb(15 23 30 / 45%)",
  "primary-contrast": "#ffffff",
};

/** A light theme: the shared light surfaces, tinted by one primary colour that also paints the toolbar. */
function lightTheme(label: string, c: { swatch: string; primary: string; bg: string; primarySoft: string }): Palette {
  return {
    label,
    backgroundColor: c.swatch,
    color: c.primary,
    vars: {
      ...light,
      bg: c.bg,
      primary: c.primary,
      "primary-soft": c.primarySoft,
      toolbar: c.primary,
      "toolbar-text": "#ffffff",
    },
  };
}

export const THEME_PALETTES: Record<Theme, Palette> = {
  sky: lightTheme("Cielo", { swatch: "#e1f5fe", primary: "#0277bd", bg: "#f2f7fb", primarySoft: "#e1f1fb" }),
  dark: {
    label: "Oscuro",
    backgroundColor: "#263238",
    color: "#4fc3f7",
    vars: {
      bg: "#121518",
      surface: "#1c2025",
      "surface-hover": "#262b31",
      text: "#e7eaed",
      "text-muted": "#9ba6b1",
      border: "#2f353c",
      primary: "#4fc3f7",
      "primary-contrast": "#0a1b24",
      "primary-soft": "#1d3440",
      toolbar: "#1c2025",
      "toolbar-text": "#e7eaed",
      danger: "#ef5350",
      success: "#66bb6a",
      scrim: "rgb(0 0 0 / 60%)",
    },
  },
  mint: lightTheme("Menta", { swatch: "#e0f2f1", primary: "#00796b", bg: "#f1f8f7", primarySoft: "#dcefec" }),
  dune: lightTheme("Duna", { swatch: "#f5ecdc", primary: "#8d6437", bg: "#faf6ef", primarySoft: "#f1e6d3" }),
  flamingo: lightTheme("Flamenco", { swatch: "#fce4ec", primary: "#c2185b", bg: "#fdf4f7", primarySoft: "#fae1ea" }),
  monstera: lightTheme("Monstera", { swatch: "#e3efe2", primary: "#2e6b30", bg: "#f3f7f2", primarySoft: "#e0ecdf" }),
};

export const THEME_LIST = THEMES.map((name) => {
  const { label, backgroundColor, color } = THEME_PALETTES[name];
  return { name, label, backgroundColor, color };
});

const lastTheme = storedValue("theme", stringCodec(THEMES, "sky"));

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme === "dark" ? "dark" : "light";
  for (const [name, value] of Object.entries(THEME_PALETTES[theme].vars)) root.style.setProperty(`--${name}`, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_PALETTES[theme].vars.toolbar);
  if (lastTheme.get() !== theme) lastTheme.set(theme);
}

/** A stored theme name as a Theme; anything unknown is the default, sky. */
export const asTheme = (name: string | null | undefined): Theme => stringCodec(THEMES, "sky").parse(name ?? null);

/** The theme this device showed last (sky when none). */
export const rememberedTheme = (): Theme => lastTheme.get();
