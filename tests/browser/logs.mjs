// Generated access logs for the "your keys" tests and benchmark: the same
// bytes for the same arguments, so no test depends on chance.
import fs from "node:fs";

/** A deterministic stream of numbers. */
export function* lcg(seed) {
  let state = BigInt(seed);
  for (;;) {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    yield Number(state >> 33n);
  }
}

/**
 * The lines of an nginx combined log of `lines` requests over `paths`
 * images, a few hot: path j is asked for about in proportion to 1/(j+1), as
 * in a real cache. The request path is field 7.
 */
function* logLines(lines, paths, seed) {
  const random = lcg(seed);
  for (let i = 0; i < lines; i++) {
    // Roughly 1/(j+1): j = paths^u − 1 for u uniform in [0, 1).
    const u = random.next().value / 2 ** 31;
    const j = Math.floor(paths ** u) - 1;
    const second = String(i % 60).padStart(2, "0");
    yield `10.1.${i % 250}.${(i * 7) % 250} - - [02/Dec/2026:10:00:${second} +0000] "GET /img/${j}.jpg HTTP/1.1" 200 ${512 + (i % 900)} "-" "Mozilla/5.0 (X11; Linux x86_64)"`;
  }
}

/** The log of `logLines` as one string. */
export function accessLog(lines, paths, seed = 7) {
  return [...logLines(lines, paths, seed)].join("\n") + "\n";
}

/**
 * The same log written to `file` a piece at a time (5,000,000 lines are
 * about 600 MB, more than one string holds), once: kept while its size is
 * what was written.
 */
export function writeAccessLog(file, lines, paths, seed = 7) {
  const done = `${file}.bytes`;
  if (fs.existsSync(file) && fs.existsSync(done) && Number(fs.readFileSync(done, "utf8")) === fs.statSync(file).size) {
    return file;
  }
  const fd = fs.openSync(file, "w");
  let piece = [];
  for (const line of logLines(lines, paths, seed)) {
    piece.push(line);
    if (piece.length === 100_000) {
      fs.writeSync(fd, piece.join("\n") + "\n");
      piece = [];
    }
  }
  if (piece.length) fs.writeSync(fd, piece.join("\n") + "\n");
  fs.closeSync(fd);
  fs.writeFileSync(done, String(fs.statSync(file).size));
  return file;
}

/** The 1,000,000-line log (about 120 MB) at `file`, written once. */
export function millionLineLog(file) {
  if (!fs.existsSync(file) || fs.statSync(file).size < 100_000_000) {
    fs.writeFileSync(file, accessLog(1_000_000, 150_000, 3));
  }
  return file;
}
