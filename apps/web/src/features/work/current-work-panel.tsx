/**
 * The current-work panel (seed 002 sections 2.3 and 4.1): the user's own works are those assigned and not completed;
 * the latest is the current one. A bar shows it; it expands to the work's card (start / complete), can be switched
 * to another own work, and can fill the screen. Rendered by the chat (features/chat) above a conversation; nothing
 * shows when the user has no own works.
 */
import { ChevronDown, ChevronUp, Maximize2, Minimize2 } from "lucide-react";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { trpc } from "../../lib/trpc";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { useWorkMoves, useWorksLive } from "./use-work-moves";
import { documentLabel, WorkCard } from "./work-card";

export function CurrentWorkPanel() {
  const own = trpc.workpoint.ownWorks.useQuery();
  const moves = useWorkMoves();
  useWorksLive();
  const [expanded, setExpanded] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  // The work picked by switching; the latest own work until then (or when the picked one is completed).
  const [pickedId, setPickedId] = useState<number | null>(null);
  const terms = useTerms();
  const works = own.data ?? [];
  const current = works.find((w) => w.id === pickedId) ?? works[0];
  if (!current) return null;

  return (
    <section className={`current-work${fullScreen ? " current-work-full" : ""}`} aria-label="Trabajo actual">
      <div className="current-work-bar">
        <p className="current-work-title">
          {current.work.name} · {documentLabel(current, terms)}
        </p>
        <IconButton
          label={expanded || fullScreen ? "Contraer" : "Expandir"}
          aria-expanded={expanded || fullScreen}
          onClick={() => (fullScreen ? setFullScreen(false) : setExpanded(!expanded))}
        >
          {expanded || fullScreen ? <ChevronUp size={18} /> : <ChevronDown size={18} />}
        </IconButton>
        <IconButton
          label={fullScreen ? "Salir de pantalla completa" : "Pantalla completa"}
          onClick={() => setFullScreen(!fullScreen)}
        >
          {fullScreen ? <Minimize2 size={18} /> : <Maximize2 size={18} />}
        </IconButton>
      </div>
      {(expanded || fullScreen) && (
        <>
          {works.length > 1 && (
            <Select
              label="Cambiar trabajo"
              value={String(current.id)}
              onValueChange={(v) => setPickedId(Number(v))}
              options={works.map((w) => ({
                value: String(w.id),
                label: `${w.work.name} · ${documentLabel(w, terms)}`,
              }))}
            />
          )}
          <WorkCard
            work={current}
            terms={terms}
            showUser={false}
            pending={moves.pendingId === current.id}
            onStart={() => moves.start(current.id)}
            onComplete={() => moves.complete(current.id)}
          />
        </>
      )}
    </section>
  );
}
