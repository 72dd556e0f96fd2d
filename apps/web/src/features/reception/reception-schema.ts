// The reception form's schema, loaded when the form first validates (useLazyZodForm): it brings zod, which the
// screen's first load leaves out.
export { receptionSchema } from "@taller/core";
