/**
 * The agenda's server data: the booking range of the month shown (asked 200 ms after the month settles, seed 001),
 * the professionals, the block toggle shown at once and put back silently when the call fails, and the company's
 * realtime events refreshing what they name.
 */
import type { RouterInputs, RouterOutputs } from "@taller/api";
import { BOOKING_RANGE_DELAY_MS, isRestrictedToOwn } from "@taller/core";
import { useCompanySetup } from "../../lib/company-setup";
import { useLocationFilter } from "../../lib/locations";
import { useSettled } from "../../lib/use-settled";
import { trpc } from "../../lib/trpc";
import { monthRange, toggledBlocks, withLocations } from "./agenda-rules";

export type BookingRange = RouterOutputs["booking"]["range"];
export type BookingDay = RouterOutputs["booking"]["day"];
export type AgendaBookingRow = BookingDay["bookings"][number];
export type RangeBlock = BookingRange["blocks"][number];
export type Professional = RouterOutputs["booking"]["professionals"][number];
type RangeInput = RouterInputs["booking"]["range"];

/**
 * React Query's keepPreviousData, written here: importing @tanstack/react-query from a screen would pull the data
 * layer (lib/trpc.tsx) into a shared chunk, and the bundle report reads it as its own lazy chunk.
 */
export const keepPrevious = <T>(previous: T | undefined) => previous;

/** The range of the month shown, for the locations selected in the shell. */
export function useBookingRange(month: string) {
  const settledMonth = useSettled(month, BOOKING_RANGE_DELAY_MS);
  const locationIds = useLocationFilter();
  const input: RangeInput = withLocations(monthRange(settledMonth), locationIds);
  // A failure shows on the agenda with 'Reintentar' (lib/load-state.tsx), not as an empty month.
  const query = trpc.booking.range.useQuery(input, { placeholderData: keepPrevious });
  return { input, query, data: query.data, locationIds };
}

/** Every booking of the day shown in day mode (the month range lists only what its cells draw). */
export function useBookingDay(date: string | undefined, locationIds: number[] | null) {
  const input = withLocations({ date: date ?? "" }, locationIds);
  return trpc.booking.day.useQuery(input, { enabled: !!date, placeholderData: keepPrevious });
}

/** The agenda's professionals; "read restricted to own" on booking shows only the current user (seed 001 section 6). */
export function useProfessionals(enabled: boolean) {
  const setup = useCompanySetup();
  const ownOnly = isRestrictedToOwn(setup.permissions, "read", "booking");
  const query = trpc.booking.professionals.useQuery(undefined, { enabled });
  const all = query.data ?? [];
  return ownOnly ? all.filter((p) => p.id === setup.user.id) : all;
}

let provisionalId = -1;

/**
 * Blocking a day, an hour or a professional's hour: shown at once, reverted silently on failure (seed 001 section 8).
 */
export function useToggleBlock(rangeInput: RangeInput) {
  const utils = trpc.useUtils();
  return trpc.booking.toggleBlock.useMutation({
    onMutate: async ({ date, hour, user_id }) => {
      await utils.booking.range.cancel(rangeInput);
      const before = utils.booking.range.getData(rangeInput);
      utils.booking.range.setData(
        rangeInput,
        (range) =>
          range && {
            ...range,
            blocks: toggledBlocks(range.blocks, date, hour ?? null, user_id ?? "all", (b) => ({
              ...b,
              id: provisionalId--,
            })),
          },
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) utils.booking.range.setData(rangeInput, context.before);
    },
    onSettled: () => utils.booking.range.invalidate(),
  });
}

/** Booking changes, blocks, e-mail bookings and holidays published by any user of the company refresh this screen. */
export function useBookingEvents() {
  const utils = trpc.useUtils();
  trpc.company.onEvent.useSubscription(undefined, {
    onData: ({ data }) => {
      if (data.type === "booking.changed" || data.type === "booking.blocks_changed") {
        void utils.booking.range.invalidate();
        void utils.booking.day.invalidate();
        void utils.booking.search.invalidate();
        void utils.booking.get.invalidate();
      } else if (data.type === "booking.external_mails_changed") {
        void utils.booking.externalMails.list.invalidate();
      } else if (data.type === "company.setup_changed") {
        // A holiday added or removed locks or opens its day.
        void utils.booking.range.invalidate();
        void utils.booking.freeSlots.invalidate();
      }
    },
  });
}
