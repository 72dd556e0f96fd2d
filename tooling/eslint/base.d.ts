// The part of base.js that TypeScript reads (its boundaries test): the configs themselves are read by ESLint only.
/** The domains that may call another domain's write functions, each after every domain it may import. */
export declare const DOMAIN_ORDER: readonly string[];
