// ringdiff against the shell's own count of distinct keys (issue 74): on a
// 5,000,000-line access log, `ringdiff … --keys-file LOG --field 7` (every
// distinct path placed under nine placements, both pools) against
// `awk '{print $7}' LOG | sort -u` (the distinct paths, nothing placed), in
// turns in the same run, so the ratio holds on any machine. Peak memory is
// ringdiff's maximum resident set, from GNU time.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeAccessLog } from "./logs.mjs";

export const LOG_LINES = 5_000_000;
export const LOG_PATHS = 600_000;
const TURNS = 3;

/** Wall time of one run, in seconds, and its peak resident set in MB. */
function timed(command, args) {
  const stats = path.join(os.tmpdir(), `ringdiff-bench-time-${process.pid}`);
  const start = performance.now();
  const ran = spawnSync("/usr/bin/time", ["-f", "%M", "-o", stats, command, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 1 << 24,
  });
  const seconds = (performance.now() - start) / 1000;
  if (ran.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${ran.stderr}`);
  return { seconds, megabytes: Number(fs.readFileSync(stats, "utf8").trim().split("\n").pop()) / 1024 };
}

/** The two commands in turns; medians and ringdiff's worst peak memory. */
export function measureRingdiff(root) {
  const dir = path.join(os.tmpdir(), "ringdiff-bench");
  fs.mkdirSync(dir, { recursive: true });
  const log = writeAccessLog(path.join(dir, "access.log"), LOG_LINES, LOG_PATHS, 11);
  const pool = (servers) => {
    const file = path.join(dir, `pool-${servers.length}.conf`);
    const lines = servers.map(([address, weight]) => `    server ${address}${weight > 1 ? ` weight=${weight}` : ""};`);
    fs.writeFileSync(file, ["upstream cache {", "    hash $request_uri consistent;", ...lines, "}", ""].join("\n"));
    return file;
  };
  // The issue's deploy: six servers to seven, one address replaced, one weight 2 → 3.
  const six = [1, 2, 3, 4, 5, 6].map((i) => [`10.1.0.${i}:8080`, i === 2 ? 2 : 1]);
  const seven = six.map(([a, w], i) => [i === 2 ? "10.1.0.33:8080" : a, i === 1 ? 3 : w]).concat([["10.1.0.7:8080", 1]]);
  const before = pool(six);
  const after = pool(seven);
  const ringdiff = path.join(root, "target", "release", "ringdiff");
  const runs = { ringdiff: [], sort: [], memory: [] };
  for (let turn = 0; turn < TURNS; turn++) {
    const ours = timed(ringdiff, [before, after, "--keys-file", log, "--field", "7", "--json"]);
    runs.ringdiff.push(ours.seconds);
    runs.memory.push(ours.megabytes);
    runs.sort.push(timed("bash", ["-c", `awk '{print $7}' '${log}' | sort -u > /dev/null`]).seconds);
  }
  return { ...runs, bytes: fs.statSync(log).size };
}
