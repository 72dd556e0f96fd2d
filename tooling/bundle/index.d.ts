/** Bundles `entry` (an absolute path) into `outfile` (an absolute path), npm packages left outside but `inline`'s. */
export function bundleForNode(options: {
  entry: string;
  outfile: string;
  sourcemap?: boolean;
  /** npm packages bundled in (a name covers its subpaths: "drizzle-orm" covers "drizzle-orm/pg-core"). */
  inline?: string[];
}): Promise<void>;
