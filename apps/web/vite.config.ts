import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type UserConfig } from "vite";

// The API server the dev server proxies to (its PORT, 3000 by default).
const server = `http://localhost:${process.env.PORT || 3000}`;

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

/** Writes .gz and .br next to each text asset: the server (sirv) sends them to browsers that accept them. */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "precompress",
    apply: "build",
    configResolved: (config) => void (outDir = config.build.outDir),
    // zlib's asynchronous calls compress the files side by side on libuv's threads: brotli's best quality is
    // the slowest step after minifying.
    async writeBundle(_options, bundle) {
      const texts = Object.keys(bundle).filter((name) => /\.(?:js|css|html|svg)$/.test(name));
      await Promise.all(
        texts.map(async (name) => {
          const path = join(outDir, name);
          const content = await readFile(path);
          if (content.length < 1024) return;
          const [gzipped, brotli] = await Promise.all([compressGzip(content, { level: 9 }), compressBrotli(content)]);
          await Promise.all([writeFile(`${path}.gz`, gzipped), writeFile(`${path}.br`, brotli)]);
        }),
      );
    },
  };
}

/**
 * The development server stands in for the API server's index.html (apps/server/src/static.ts), which names the
 * running version; a build keeps the placeholder for the server to fill in.
 */
function devVersion(): Plugin {
  const serverPackage = JSON.parse(readFileSync(new URL("../server/package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  const version = process.env.APP_VERSION || serverPackage.version;
  return {
    name: "dev-version",
    apply: "serve",
    transformIndexHtml: (html) => html.replace("__APP_VERSION__", version),
  };
}

/**
 * @trpc/client does not declare itself free of side effects, so the WebSocket client it bundles with the HTTP links
 * (~4 KB gzipped) would stay in every route. Its modules only define things; the socket is loaded with the first
 * subscription (src/lib/api-socket.ts).
 */
function trpcClientWithoutSideEffects(): Plugin {
  return {
    name: "trpc-client-without-side-effects",
    apply: "build",
    transform: (code, id) =>
      id.includes("/node_modules/@trpc/client/") ? { code, map: null, moduleSideEffects: false } : null,
  };
}

/** zod ships comments Rollup cannot place; harmless and not ours to fix. */
const onwarn: NonNullable<NonNullable<UserConfig["build"]>["rollupOptions"]>["onwarn"] = (warning, warn) => {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
  warn(warning);
};

/**
 * The push service worker (src/features/push/service-worker.ts) as /sw.js: a fixed name at the root (its scope is
 * the whole app, and browsers check the same URL for updates), built on its own as one classic script, since it
 * shares modules with the app that the app's build would split into imported chunks. The development server serves
 * the source as a module worker instead (register.ts).
 */
function serviceWorker(): Plugin {
  let outDir = "dist";
  return {
    name: "service-worker",
    apply: "build",
    configResolved: (config) => void (outDir = config.build.outDir),
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: "warn",
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: "es2022",
          rollupOptions: { onwarn },
          lib: {
            entry: fileURLToPath(new URL("./src/features/push/service-worker.ts", import.meta.url)),
            formats: ["iife"],
            name: "sw",
            fileName: () => "sw.js",
          },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), devVersion(), trpcClientWithoutSideEffects(), serviceWorker()],
  server: {
    port: 5173,
    proxy: {
      "/trpc": { target: server, ws: true },
      "/files": server,
      // The budget PDF (apps/server/src/budget-pdf.ts).
      "/budgets": server,
      "/healthz": server,
    },
  },
  build: {
    target: "es2022",
    // The bundler's own minifier (esbuild, native): terser packed about 3 % tighter (login 113.8 KB gzipped against
    // 116.9, shell 141.6 against 145.3) for twice the build's CPU, the longest step of a first `pnpm start`.
    minify: "esbuild",
    // The sizes are `pnpm bench:web`'s to print (per route, gzipped): not every chunk gzipped again for the log.
    reportCompressedSize: false,
    // The bench follows the manifest to add up what each route loads.
    manifest: true,
    // `pnpm bench:web` measures what matters (gzipped JavaScript per route); the raw size of one chunk does not.
    chunkSizeWarningLimit: 1024,
    // No JS preload lists: with one lazy chunk per screen their file table grew to 1.6 KB gzipped in the entry (the
    // login's budget is 120 KB). A screen's shared chunks are then fetched when its chunk is parsed, one round trip
    // later; its CSS is still loaded with it.
    modulePreload: false,
    rollupOptions: { onwarn },
  },
});
