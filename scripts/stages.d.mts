import type { Stage } from "./stage-table.mjs";

export type StageCommand = {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  buffered?: boolean;
};
export function runStage(stages: Stage[], stage: StageCommand): Promise<boolean>;
export function runChain(stages: Stage[], chain: StageCommand[]): Promise<boolean>;
export function runSideBySide(stages: Stage[], chains: StageCommand[][]): Promise<boolean>;
