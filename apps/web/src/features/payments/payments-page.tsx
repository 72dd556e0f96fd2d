/**
 * 'Cobros' (/main/payments, seed 002 section 2.5): the total count, the legend toggles 1 'Pendiente' and 2
 * 'Pagado' (remembered as `payments_filter`, default '1,2'), search, the filter dialog 'Estado', and a virtualized
 * list loading pages as the user scrolls. A row opens the detail dialog (?payment=<id>: Back closes it, a reload
 * reopens it). Any request created or paid anywhere (the client paying, another server) refreshes the list through
 * `payments.onChanged`. Who may bill ticks paid requests (a box on each) and 'Facturar' makes one draft of them
 * (invoicing.createDraft with their ids, at most MAX_BILLED_PAYMENTS, as the server allows).
 */
import { formatNumber, PAYMENT_STATUSES } from "@taller/core";
import { useState } from "react";
import { useCan } from "../../lib/permissions";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { toggleId, useIdFilter } from "../../lib/list-filter";
import { useIsNarrow } from "../../lib/media";
import { reportApiError } from "../../lib/api";
import { useDialogParam, useSearchText } from "../../lib/url-search";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { FilterDialog } from "../../ui/filter-dialog";
import { BillButton } from "../invoicing";
import { ListPage, ListTotal } from "../../ui/list-page";
import { StatusBoxes } from "../../ui/status";
import { VirtualList } from "../../ui/virtual-list";
import { PaymentDialog } from "./payment-detail";
import {
  type BillSelection,
  PaymentCard,
  PaymentHeader,
  PaymentRow,
  PAYMENT_COLUMNS,
  PAYMENT_TABLE_MIN_WIDTH,
} from "./payment-rows";
import { filterStore, paymentsListInput } from "./list-input";
import "./payments.css";

/** The most paid requests one draft takes (invoicing.createDraft's `payment_request_ids`). */
const MAX_BILLED_PAYMENTS = 20;

export function PaymentsPage() {
  const narrow = useIsNarrow();
  const [stored, setStatusIds] = useIdFilter(filterStore, null);
  const [search, setSearch] = useSearchText();
  const [filterOpen, setFilterOpen] = useState(false);
  const [opened, open, close] = useDialogParam("payment");
  const canBill = useCan()("create", "invoice");
  const [billed, setBilled] = useState<ReadonlySet<number>>(new Set());
  const selection: BillSelection | null = canBill
    ? {
        selected: billed,
        toggle: (id, on) =>
          setBilled((all) => {
            const next = new Set(all);
            if (on) next.add(id);
            else next.delete(id);
            return next;
          }),
      }
    : null;
  const input = paymentsListInput(stored, search);
  const selected = input.status_id;
  const list = trpc.payments.list.useInfiniteQuery(input, { getNextPageParam: nextCursor });
  const { cappedTotal, ...rows } = useInfiniteRows(list, (page) => page.payments, "los cobros");
  const totals = list.data?.pages[0]?.totals;
  const total = list.data?.pages[0]?.total;
  const utils = trpc.useUtils();
  // A request paid by its client (or created elsewhere): the list and an open detail refetch.
  trpc.payments.onChanged.useSubscription(undefined, {
    onData: () => {
      void utils.payments.list.invalidate();
      void utils.payments.get.invalidate();
    },
    onError: reportApiError,
  });

  return (
    <ListPage
      search={search}
      onSearch={setSearch}
      onOpenFilter={() => setFilterOpen(true)}
      boxes={
        <>
          <h2 className="payments-title">
            Cobros ({total === undefined ? "…" : (cappedTotal ?? formatNumber(total))})
          </h2>
          <StatusBoxes
            label="Estado"
            boxes={PAYMENT_STATUSES.map((s) => ({
              ...s,
              count: totals && !totals.capped ? totals.by_status.find((t) => t.status_id === s.id)?.count : undefined,
            }))}
            selected={selected}
            onToggle={(id) => setStatusIds(toggleId(selected, id))}
          />
          <ListTotal capped={cappedTotal} />
          {billed.size > 0 && (
            <div className="payments-billing" role="group" aria-label="Cobros seleccionados">
              <span>
                {billed.size === 1 ? "1 cobro seleccionado" : `${formatNumber(billed.size)} cobros seleccionados`}
              </span>
              <BillButton
                source={{ payment_request_ids: [...billed] }}
                disabledReason={
                  billed.size > MAX_BILLED_PAYMENTS
                    ? `Un documento toma como máximo ${MAX_BILLED_PAYMENTS} cobros.`
                    : null
                }
              />
              <Button variant="text" onClick={() => setBilled(new Set())}>
                Quitar selección
              </Button>
            </div>
          )}
        </>
      }
    >
      <VirtualList
        key={narrow ? "cards" : "table"}
        label="Cobros"
        {...rows}
        getKey={(p) => p.id}
        estimateSize={narrow ? 112 : 49}
        header={narrow ? undefined : <PaymentHeader billing={selection !== null} />}
        columns={selection ? `40px ${PAYMENT_COLUMNS}` : PAYMENT_COLUMNS}
        minWidth={narrow ? "0" : PAYMENT_TABLE_MIN_WIDTH}
        onItemClick={(p) => open(p.id)}
        renderItem={(p) =>
          narrow ? <PaymentCard payment={p} selection={selection} /> : <PaymentRow payment={p} selection={selection} />
        }
        loadingText="Cargando cobros"
        emptyText="No se han encontrado cobros"
      />
      <FilterDialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        groups={[{ key: "status", title: "Estado", options: PAYMENT_STATUSES }]}
        value={{ status: selected }}
        onApply={(v) => setStatusIds(v.status)}
      />
      {opened !== undefined && <PaymentDialog paymentId={opened} open onOpenChange={(o) => !o && close()} />}
    </ListPage>
  );
}
