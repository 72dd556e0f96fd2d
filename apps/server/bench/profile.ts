// CPU (and allocation) profiles of one phase of a bench, taken from inside the process: the timed part only, not
// the database setup around it.
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";

/**
 * Runs `work`; with a `prefix`, CPU-profiled into `${prefix}.${name}.cpuprofile` (open it in Chrome DevTools or VS
 * Code) with allocation samples, collected objects included (what feeds the GC), in `${prefix}.${name}.heapprofile`.
 */
export async function profiled<T>(prefix: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (prefix === undefined) return work();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  try {
    return await work();
  } finally {
    const { profile: taken } = await session.post("Profiler.stop");
    const { profile: heap } = await session.post("HeapProfiler.stopSampling");
    await writeFile(`${prefix}.${name}.cpuprofile`, JSON.stringify(taken));
    await writeFile(`${prefix}.${name}.heapprofile`, JSON.stringify(heap));
    session.disconnect();
  }
}
