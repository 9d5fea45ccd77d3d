// `npm test`'s stages: each a command that passes or fails, timed; chains of them may run side by side.
import { spawn } from "node:child_process";

/**
 * Runs one stage and records its name, outcome and seconds in `stages`. With `buffered`, its output is
 * held and printed in one piece when it ends, so two stages running at once do not interleave their logs.
 */
export function runStage(stages, { name, command, args, cwd, env, buffered = false }) {
  console.log(`\n== ${name}${buffered ? " (started; its output follows when it ends)" : ""}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
    let finished = false;
    // A command that cannot start emits "error" and then "close": the stage is counted once.
    const finish = (ok, why = "") => {
      if (finished) return;
      finished = true;
      const seconds = (Date.now() - started) / 1000;
      stages.push({ name, ok, seconds });
      if (buffered) console.log(`\n== ${name}: its output\n${Buffer.concat(output).toString("utf8").trimEnd()}`);
      console.log(`== ${name}: ${ok ? "ok" : `FAILED${why}`} in ${seconds.toFixed(1)} s`);
      resolve(ok);
    };
    child.once("error", (error) => finish(false, ` (${error.message})`));
    child.once("close", (code, signal) => finish(code === 0, code === 0 ? "" : ` (${signal ?? `exit ${code}`})`));
  });
}

/**
 * Runs stages one after another and resolves whether all passed. A failed stage does not stop the ones after
 * it: each still runs and reports, so one run names every failure (a stage that needs an earlier one's
 * output fails on its own, and says why).
 */
export async function runChain(stages, chain) {
  let ok = true;
  for (const stage of chain) {
    // A stage that reads another chain's output starts once that stage has ended (`after`, a promise).
    if (stage.after) await stage.after;
    const passed = await runStage(stages, stage);
    stage.ended?.(passed);
    ok = passed && ok;
  }
  return ok;
}

/**
 * Runs chains side by side (each chain's stages in order, output buffered) and resolves whether every
 * chain passed. A failing chain does not stop the others, so one run names every stage that fails.
 */
export async function runSideBySide(stages, chains) {
  const results = await Promise.all(
    chains.map((chain) =>
      runChain(
        stages,
        chain.map((stage) => ({ ...stage, buffered: chains.length > 1 })),
      ),
    ),
  );
  return results.every(Boolean);
}
