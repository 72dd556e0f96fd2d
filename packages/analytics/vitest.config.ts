export { default } from "@taller/vitest-config";
