// What other features use of works: features reach into each other through this file only (lint boundary).
export { CurrentWorkPanel } from "./current-work-panel";
export { WorkCard, documentLabel, type WorkView } from "./work-card";
