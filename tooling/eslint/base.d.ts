// The part of base.js that TypeScript reads (its boundaries test): the configs themselves are read by ESLint only.
/** The domains that may call another domain's write functions, each after every domain it may import. */
export declare const DOMAIN_ORDER: readonly string[];
/** The domains the operators' package (manager) may import: the owners of the tables it writes. */
export declare const OPERATOR_DOMAINS: readonly string[];
/** The domains a package (by its folder name) may import: those before it in DOMAIN_ORDER, or OPERATOR_DOMAINS. */
export declare function importableDomains(name: string): readonly string[];
