/** 'Bases de datos' (/manager/main/database, seed 002 section 2.7): the companies the databases connect to. */
import { CompaniesPanel } from "./companies-panel";

export function ManagerDatabasePage() {
  return (
    <div className="manager-page">
      <h1>Bases de datos</h1>
      <CompaniesPanel />
    </div>
  );
}
