import type { Transaction } from "@taller/trpc";

/** Tells the company's open shells, after COMMIT, that its setup changed: they refetch company.setup. */
export async function announceSetupChanged(tx: Transaction, companyId: number, what: string): Promise<void> {
  await tx.emit({ type: "company.setup_changed", companyId, payload: { what } });
}
