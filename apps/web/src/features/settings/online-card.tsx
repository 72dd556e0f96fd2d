import { useEffect, useRef, useState } from "react";
import { useLatestWrite } from "../../lib/latest-write";
import { trpc } from "../../lib/trpc";
import { Card } from "../../ui/card";
import { Switch } from "../../ui/switch";
import { useMergeProfile } from "./profile-cache";
import { useOutcome } from "../../ui/snackbar";

/** Spec: the toggle is sent after 500 ms without further changes. */
const SEND_AFTER_MS = 500;

/**
 * 'En línea': the switch moves at once; the value is sent once the user stops toggling, and the server's answer is
 * what stays shown (a failed call puts back the last value the server confirmed). A pause between toggles can send
 * several values: lib/latest-write.ts keeps them in order and shows the last one's answer only.
 */
export function OnlineCard({ online }: { online: boolean }) {
  const [checked, setChecked] = useState(online);
  const setOnline = trpc.account.setOnline.useMutation();
  const mergeProfile = useMergeProfile();
  const outcome = useOutcome();
  const pending = useRef<{ timer: number; value: boolean } | null>(null);
  const write = useLatestWrite();

  useEffect(() => setChecked(online), [online]);

  function send(value: boolean) {
    pending.current = null;
    write(() => setOnline.mutateAsync({ online: value }), {
      onSuccess: (reply) => {
        setChecked(reply.online);
        mergeProfile({ online: reply.online });
      },
      onError: (error) => {
        setChecked(online);
        outcome.failed(new Error("No se pudo cambiar tu estado En línea"));
        console.error("account.setOnline failed", error);
      },
    });
  }

  function toggle(value: boolean) {
    setChecked(value);
    if (pending.current) window.clearTimeout(pending.current.timer);
    pending.current = { value, timer: window.setTimeout(() => send(value), SEND_AFTER_MS) };
  }

  // Leaving the page within the wait still sends the last choice.
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(
    () => () => {
      if (!pending.current) return;
      window.clearTimeout(pending.current.timer);
      sendRef.current(pending.current.value);
    },
    [],
  );

  return (
    <Card>
      <Switch label="En línea" checked={checked} onCheckedChange={toggle} />
    </Card>
  );
}
