import type { Theme } from "@taller/core";
import { Check } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useLatestWrite } from "../../lib/latest-write";
import { trpc } from "../../lib/trpc";
import { Card } from "../../ui/card";
import { THEME_LIST } from "../../ui/themes";
import { useMergeProfile } from "./profile-cache";
import { useOutcome } from "../../ui/snackbar";

/**
 * The six themes, the user's marked. A click shows it at once (the shell applies the theme of the cached profile)
 * and saves it on the user, so it follows them to other devices; a failed save puts the previous one back.
 */
export function ThemesCard({ theme }: { theme: string }) {
  const update = trpc.account.update.useMutation();
  const write = useLatestWrite();
  const mergeProfile = useMergeProfile();
  const outcome = useOutcome();

  function choose(name: Theme) {
    if (name === theme) return;
    const previous = theme;
    mergeProfile({ theme: name });
    // The arrow keys go through several themes at once: saved in order, the last one's answer kept.
    write(() => update.mutateAsync({ theme: name }), {
      onSuccess: (profile) => mergeProfile({ theme: profile.theme }),
      onError: (error) => {
        mergeProfile({ theme: previous });
        outcome.failed(new Error("No se pudo guardar el tema: se mantiene el anterior"));
        console.error("account.update theme failed", error);
      },
    });
  }

  return (
    <Card title="Temas">
      {/* A radio group: one tab stop, arrow keys move between themes. */}
      <RadioGroup.Root
        className="themes"
        value={theme}
        onValueChange={(name) => choose(name as Theme)}
        aria-label="Temas"
      >
        {THEME_LIST.map((t) => (
          <RadioGroup.Item key={t.name} value={t.name} className="theme-option">
            <span className="theme-swatch" style={{ background: t.backgroundColor, color: t.color }} aria-hidden>
              {t.name === theme ? <Check size={18} /> : <span className="theme-swatch-dot" />}
            </span>
            <span>{t.label}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </Card>
  );
}
