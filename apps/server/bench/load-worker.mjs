// The load generator of bench/http.ts, in a worker thread so that it does not share the servers' event loop:
// `clients` keep-alive connections, each sending its next request as soon as the previous answer has arrived.
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

const { url, headers, clients, requests } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: clients });
const latencies = new Float64Array(requests);
let issued = 0;
let failed = 0;

const once = () =>
  new Promise((resolve) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => {
        if (res.statusCode !== 200) failed++;
        resolve(performance.now() - started);
      });
    });
    req.on("error", () => {
      failed++;
      resolve(performance.now() - started);
    });
    req.end();
  });

async function client() {
  while (issued < requests) {
    const i = issued++;
    latencies[i] = await once();
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: clients }, client));
const elapsedMs = performance.now() - started;
agent.destroy();
parentPort.postMessage({ latencies, elapsedMs, failed });
