/**
 * The frame of a list screen (orders, vehicles; later payments, CRM): a bar with the search box, a filter button
 * and the screen's own actions, then the status boxes, then the list filling the remaining height.
 *
 *   <ListPage search={search} onSearch={setSearch} onOpenFilter={() => setFilterOpen(true)}
 *             actions={<ExportButton />} boxes={narrow ? null : <StatusBoxes … />}>
 *     <VirtualList … />
 *   </ListPage>
 */
import { ListFilter } from "lucide-react";
import type { ReactNode } from "react";
import { IconButton } from "./icon-button";
import { SearchBar } from "./search-bar";
import "./lists.css";

export interface ListPageProps {
  search: string;
  onSearch(text: string): void;
  searchLabel?: string;
  onOpenFilter(): void;
  actions?: ReactNode;
  boxes?: ReactNode;
  children: ReactNode;
}

export function ListPage({ search, onSearch, searchLabel, onOpenFilter, actions, boxes, children }: ListPageProps) {
  return (
    <div className="list-page">
      <div className="list-page-bar">
        <SearchBar value={search} onSearch={onSearch} label={searchLabel} />
        <IconButton label="Filtros" onClick={onOpenFilter}>
          <ListFilter size={22} />
        </IconButton>
        {actions}
      </div>
      {boxes}
      {children}
    </div>
  );
}

/** A search whose count stopped at its cap: "más de 10.000 resultados" above the list. Nothing otherwise. */
export function ListTotal({ capped }: { capped: string | null }) {
  return capped === null ? null : (
    <p className="list-total" role="status">
      {capped} resultados
    </p>
  );
}
