/**
 * Something company.setup answers changed (roles and grants, locations, holidays…), announced on the company's
 * stream as `company.setup_changed`:
 *
 *   useSetupChanged(() => void utils.company.setup.invalidate());
 */
import { trpc } from "./trpc";

export function useSetupChanged(onChange: (what: string) => unknown) {
  trpc.company.onEvent.useSubscription(undefined, {
    onData: ({ data }) => {
      // The stream's payload type is the union of every event's; this type's is { what }.
      if (data.type === "company.setup_changed") void onChange((data.payload as { what: string }).what);
    },
  });
}
