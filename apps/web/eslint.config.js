export { default } from "@taller/eslint-config";
