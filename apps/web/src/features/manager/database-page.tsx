/**
 * 'Bases de datos' (/manager/main/database, seed 002 section 2.7): the databases, and the companies they connect to.
 */
import { CompaniesPanel } from "./companies-panel";
import { DatabasesPanel } from "./databases-panel";

export function ManagerDatabasePage() {
  return (
    <div className="manager-page">
      <h1>Bases de datos</h1>
      <DatabasesPanel />
      <CompaniesPanel />
    </div>
  );
}
