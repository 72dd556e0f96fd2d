/** 'Bases de datos': choose an existing database or 'Crear nueva base de datos' (seed 002 section 2.7). */
import { useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Select } from "../../ui/select";
import { CreateDatabaseForm } from "./create-database-form";
import { DatabaseView } from "./database-view";

const NEW = "new";

export function DatabasesPanel() {
  const databases = trpc.manager.databases.list.useQuery();
  const [chosen, setChosen] = useState<string>(NEW);
  return (
    <>
      <div className="manager-card">
        <Select
          label="Base de datos"
          value={chosen}
          onValueChange={setChosen}
          options={[
            { value: NEW, label: "Crear nueva base de datos" },
            ...(databases.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
          ]}
        />
        {databases.isError && <QueryFailed query={databases} what="las bases de datos" inline />}
      </div>
      {chosen === NEW ? (
        <CreateDatabaseForm onCreated={(id) => setChosen(String(id))} />
      ) : (
        <DatabaseView id={Number(chosen)} onDeleted={() => setChosen(NEW)} />
      )}
    </>
  );
}
