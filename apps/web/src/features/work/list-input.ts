/** What the works list asks for, shared by the screen and its route's loader (prefetch.ts): 50 at a time. */
export type WorksTab = "open" | "all";

export const worksListInput = (userId: number | undefined, tab: WorksTab) => ({
  user_id: userId,
  state: tab,
  limit: 50,
});
