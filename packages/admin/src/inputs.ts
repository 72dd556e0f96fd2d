import { idSchema as id } from "@taller/core";

/** A row id as a client sends it (core's one definition). */
export { id };
