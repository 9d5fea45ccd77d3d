import type { Stage } from "./stage-table.mjs";

export type StageCommand = {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  buffered?: boolean;
  /** Started only once this settles: the end of a stage in another chain whose output it reads. */
  after?: Promise<unknown>;
  /** Told whether the stage passed, once it has ended. */
  ended?: (ok: boolean) => void;
};
export function runStage(stages: Stage[], stage: StageCommand): Promise<boolean>;
export function runChain(stages: Stage[], chain: StageCommand[]): Promise<boolean>;
export function runSideBySide(stages: Stage[], chains: StageCommand[][]): Promise<boolean>;
