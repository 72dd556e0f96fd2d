// What other features use of the update feature: features reach into each other through this file only (lint boundary).
export { UpdateDialog } from "./update-dialog";
