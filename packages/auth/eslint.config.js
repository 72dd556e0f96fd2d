import base, { boundaries } from "@taller/eslint-config";

export default [...base, ...boundaries.domainOf("auth")];
