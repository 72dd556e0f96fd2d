/** Bundles `entry` (an absolute path) into `outfile` (an absolute path), npm packages left outside. */
export function bundleForNode(options: { entry: string; outfile: string; sourcemap?: boolean }): Promise<void>;
