export { managerRouter } from "./router";
export { authenticateManager, MANAGER_COOKIE } from "./session";
export { configureDatabaseFiles, stageWorkbook, type DatabaseFileStore } from "./databases/files";
export { startDatabaseImports } from "./databases/runner";
